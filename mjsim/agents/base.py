"""The agent protocol and the registry of bots by name."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from mjsim.engine.actions import Action
from mjsim.errors import MjsimError
from mjsim.observation import Observation


class Agent(Protocol):
    """Chooses one of ``actions`` given what its seat sees."""

    def act(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """The chosen action (must be one of ``actions``)."""


_REGISTRY: dict[str, Callable[[random.Random], Agent]] = {}


def register(name: str):
    """Make a bot class available to ``make_agent`` by name."""

    def wrap(cls):
        _REGISTRY[name] = cls
        return cls

    return wrap


def agent_names() -> list[str]:
    """Names of the registered bots (every module of ``mjsim.agents`` registers its own)."""
    import importlib
    import pkgutil

    import mjsim.agents as package

    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"mjsim.agents.{module.name}")
    return sorted(_REGISTRY)


def make_agent(name: str, rng: random.Random) -> Agent:
    """A bot by name, with its own random stream."""
    names = agent_names()
    if name not in _REGISTRY:
        raise MjsimError(f"unknown agent {name!r}; known agents: {', '.join(names)}")
    return _REGISTRY[name](rng)
