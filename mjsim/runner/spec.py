"""What a run plays: a rule set, one agent per seat and a root seed, small enough to send to any worker."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from mjsim.engine.setup import check_agent_count
from mjsim.errors import MjsimError
from mjsim.rules import RuleSet
from mjsim.runner.seeding import game_seed

_COMPILED: dict[str, Any] = {}  # per process: a worker compiles each rule set once


@dataclass(frozen=True)
class RunSpec:
    """A rule set (preset, overrides, extra plugin modules), one agent per seat of its table and a root seed."""

    preset: str
    overrides: tuple[tuple[str, Any], ...] = ()
    agents: tuple[str, ...] = ()  # one per seat of the table (check() holds them to that); () = efficiency bots
    root_seed: int = 0
    plugins: tuple[str, ...] = ()
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
        """The agents by seat before any rotation: ``agents``, or an efficiency bot in every seat of the table."""
        return self.agents or ("efficiency",) * self.rules().flow.setup.seats

    def ruleset(self) -> RuleSet:
        """The uncompiled rule set."""
        base = RuleSet.from_preset(self.preset, dict(self.overrides))
        return RuleSet(base.name, base.variants + self.plugins, base.options, base.description)

    def rules(self):
        """The compiled rules, compiled once per process."""
        key = self.key()
        if key not in _COMPILED:
            _COMPILED[key] = self.ruleset().compile()
        return _COMPILED[key]

    def key(self) -> str:
        """A stable text naming everything that changes the games."""
        data = {
            "preset": self.preset,
            "overrides": [list(kv) for kv in self.overrides],
            "agents": list(self.agents),
            "root_seed": self.root_seed,
            "plugins": list(self.plugins),
        }
        return json.dumps(data, sort_keys=True, default=str)

    def fingerprint(self) -> str:
        """A hash of the compiled option values, variants and agents (what the store checks on resume)."""
        rules = self.rules()
        data = {
            "variants": list(rules.ruleset.variants),
            "agents": list(self.agents),
            "root_seed": self.root_seed,
            "values": {k: sorted(v) if isinstance(v, frozenset) else v for k, v in sorted(rules.values.items())},
        }
        return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]

    def check(self) -> None:
        """Compile now so that a bad preset or option fails before any work starts."""
        if self.rules().flow is None:
            raise MjsimError(f"rule set {self.preset} cannot play games")
        check_agent_count(self.rules(), self.line_up())
