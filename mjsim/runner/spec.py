"""What a run plays: a resolved rule set, one agent per seat and a root seed, small enough to send to any worker."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from mjsim.engine.setup import check_agent_count
from mjsim.rules import RuleSet
from mjsim.runner.fingerprint import fingerprint_of, fingerprint_parts
from mjsim.runner.seeding import game_seed

MAX_COUNT = 10_000_000  # games, shard size or max_games of one run at most (more would not fit in memory or a lifetime)
_COMPILED: dict[str, Any] = {}  # per process: a worker compiles each rule set once


@dataclass(frozen=True)
class RunSpec:
    """A resolved rule set, one agent per seat of its table and a root seed (workers read no preset)."""

    ruleset: RuleSet
    agents: tuple[str, ...] = ()  # one per seat of the table (check() holds them to that); () = the family's default
    root_seed: int = 0
    name: str = field(default="", compare=False)
    rotate: bool = False  # play each seed once per seat with the agents rotated through the seats

    def game(self, index: int) -> tuple[int, tuple[str, ...], int]:
        """(seed, agents by seat, rotation) of game ``index``."""
        line_up = self.line_up()
        if not self.rotate:
            return game_seed(self.root_seed, index), line_up, 0
        seats = len(line_up)
        rotation = index % seats
        agents = tuple(line_up[(seat - rotation) % seats] for seat in range(seats))
        return game_seed(self.root_seed, index // seats), agents, rotation

    def line_up(self) -> tuple[str, ...]:
        """The agents by seat before any rotation: ``agents``, or the family's default bot in every seat of the table
        (``mjsim.agents.registry.default_agents``)."""
        if self.agents:
            return self.agents
        from mjsim.agents.registry import default_agents

        return default_agents(self.rules())

    def rules(self):
        """The compiled rules, compiled once per process."""
        key = self.key()
        if key not in _COMPILED:
            _COMPILED[key] = self.ruleset.compile()
        return _COMPILED[key]

    def key(self) -> str:
        """A stable text naming everything that changes the games."""
        data = {
            "ruleset": [self.ruleset.name, list(self.ruleset.variants), sorted(self.ruleset.options.items())],
            "agents": list(self.agents),
            "root_seed": self.root_seed,
            "rotate": self.rotate,
        }
        return json.dumps(data, sort_keys=True, default=str)

    def fingerprint_parts(self) -> dict[str, str]:
        """What the games depend on, part by part: code, versions, variants, option values, agents, seeds."""
        return fingerprint_parts(self.rules(), self.line_up(), self.root_seed, self.rotate)

    def fingerprint(self) -> str:
        """A hash of ``fingerprint_parts`` (what the store checks on resume)."""
        return fingerprint_of(self.fingerprint_parts())

    def check(self) -> None:
        """Compile now so that a bad preset or option fails before any work starts."""
        self.rules().require_play()
        check_agent_count(self.rules(), self.line_up())
