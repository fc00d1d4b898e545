"""Agents: the policies that choose among the legal actions the engine offers."""

from __future__ import annotations

from mjsim.agents.base import Agent
from mjsim.agents.registry import agent_names, default_agents, make_agent

__all__ = ["Agent", "agent_names", "default_agents", "make_agent"]
