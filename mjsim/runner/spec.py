"""What a run plays: a resolved rule set, four agents and a root seed, small enough to send to any worker."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from mjsim.errors import MjsimError
from mjsim.rules import RuleSet
from mjsim.runner.fingerprint import fingerprint_of, fingerprint_parts
from mjsim.runner.seeding import game_seed

_COMPILED: dict[str, Any] = {}  # per process: a worker compiles each rule set once


@dataclass(frozen=True)
class RunSpec:
    """A resolved rule set, four agents and a root seed (workers compile the rule set; they read no preset)."""

    ruleset: RuleSet
    agents: tuple[str, str, str, str] = ("efficiency",) * 4
    root_seed: int = 0
    name: str = field(default="", compare=False)
    rotate: bool = False  # play each seed four times with the agents rotated through the seats

    def game(self, index: int) -> tuple[int, tuple[str, ...], int]:
        """(seed, agents by seat, rotation) of game ``index``."""
        if not self.rotate:
            return game_seed(self.root_seed, index), self.agents, 0
        rotation = index % 4
        agents = tuple(self.agents[(seat - rotation) % 4] for seat in range(4))
        return game_seed(self.root_seed, index // 4), agents, rotation

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
        return fingerprint_parts(self.rules(), self.agents, self.root_seed, self.rotate)

    def fingerprint(self) -> str:
        """A hash of ``fingerprint_parts`` (what the store checks on resume)."""
        return fingerprint_of(self.fingerprint_parts())

    def check(self) -> None:
        """Compile now so that a bad preset or option fails before any work starts."""
        if len(self.agents) != 4:
            raise MjsimError(f"a run needs four agents, got {len(self.agents)}")
        if self.rules().flow is None:
            raise MjsimError(f"rule set {self.ruleset.name} cannot play games")
