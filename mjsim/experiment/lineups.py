"""An experiment's line-ups: the players every rule set is played with (``agents``, or several ``lineups``).

A line-up is one bot per seat. An experiment with several line-ups plays
every rule set once per line-up on the same seeds, and the store keeps each
pair as its own run, named ``RULESET @ LINEUP`` (one line-up: the rule set's
name alone, as before line-ups existed). Line-ups are given as lists of bots,
named after their bots (``efficiency`` for four efficiency bots,
``human+efficiency+human+efficiency`` for a mixed table), or as tables with a
name of one's own (``[[lineups]] name = "people" agents = [...]``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from mjsim.errors import MjsimError
from mjsim.files import check_keys

SEPARATOR = " @ "  # between the rule set and the line-up in a run's name; line-up names hold no space
_NAME = re.compile(r"[A-Za-z0-9_.+-]{1,100}")


@dataclass(frozen=True)
class LineUp:
    """One bot per seat, and the name the report and the store give them ("" for an experiment's only line-up)."""

    name: str
    agents: tuple[str, ...]


def run_name(ruleset: str, line_up: LineUp) -> str:
    """The store's name of a rule set played by a line-up: the rule set alone for an unnamed (only) line-up."""
    return f"{ruleset}{SEPARATOR}{line_up.name}" if line_up.name else ruleset


def parse_lineups(where: str, raw: Any, known: list[str]) -> tuple[LineUp, ...]:
    """The ``lineups`` key: at least one line-up, each a list of known bots or a table {name, agents}."""
    if not isinstance(raw, list) or not raw:
        raise MjsimError(
            f"{where}: 'lineups' must be a non-empty list of line-ups (lists of bots, one per seat), got {raw!r}"
        )
    line_ups = tuple(_line_up(where, i, entry, known) for i, entry in enumerate(raw))
    names = [u.name for u in line_ups]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise MjsimError(
            f"{where}: lineups named {', '.join(map(repr, repeated))} more than once; "
            'give each a name of its own ([[lineups]] name = "..." agents = [...])'
        )
    return line_ups


def _line_up(where: str, index: int, entry: Any, known: list[str]) -> LineUp:
    key = f"lineups[{index}]"
    if isinstance(entry, dict):
        check_keys(where, f"{key}.", entry, {"name", "agents"})
        if "agents" not in entry:
            raise MjsimError(f"{where}: {key} needs 'agents' (a list of bots, one per seat)")
        agents = _agents(where, f"{key}.agents", entry["agents"], known)
        return LineUp(_name(where, f"{key}.name", entry.get("name", _derived(agents))), agents)
    agents = _agents(where, key, entry, known)
    return LineUp(_derived(agents), agents)


def _agents(where: str, key: str, raw: Any, known: list[str]) -> tuple[str, ...]:
    if not isinstance(raw, list) or not raw:
        raise MjsimError(f"{where}: {key} must be a non-empty list of bots, one per seat, got {raw!r}")
    from mjsim.agents.registry import base_name

    for name in raw:
        if (base_name(name) if isinstance(name, str) else name) not in known:
            raise MjsimError(f"{where}: {key} = {name!r} is not one of: {', '.join(map(str, known))}")
    return tuple(raw)


def _derived(agents: tuple[str, ...]) -> str:
    """A line-up's name from its bots: the bot when one kind fills the table, else every seat's joined by '+'."""
    return agents[0] if len(set(agents)) == 1 else "+".join(agents)


def _name(where: str, key: str, name: Any) -> str:
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise MjsimError(f"{where}: {key} must be 1 to 100 letters, digits, '-', '_', '.', '+', got {name!r}")
    return name
