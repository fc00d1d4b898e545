"""What a family calls the facts of play mjsim counts (``mjsim_play_terms``), and reference figures of real play.

The core counts what every family has (wins, deal-ins, open calls, draws, the turn of a win); a family names the
rest: which event is a declaration (the riichi family: a riichi), how its wins group (han, fu; fan; tai), what its
scoring patterns are called (yaku), and which figures of real play its games compare with.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mjsim.errors import MjsimError

WinFacts = Mapping[str, Any]
"""A win's facts as its hand record keeps them: ``value`` and the family's detail (``han``, ``fu``, ...)."""


@dataclass(frozen=True)
class Reference:
    """Figures of real play to compare a run with: a play object's shape (rates, ``han`` shares...), each sourced."""

    name: str
    about: str
    figures: Mapping[str, Any]
    sources: Mapping[str, str]
    seats: int | None = None  # the players at the tables it was measured at (None: any game compares with it)


@dataclass(frozen=True)
class PlayTerms:
    """A family's names for its play facts.

    ``declaration``: (statistic name, event kind) of a declaration counted per player-hand (riichi: ("riichi",
    RIICHI)), None when the family has none. ``groups``: statistic name -> the bucket of a win (a text, None to
    leave the win out), e.g. "han" -> "1".."12", "13+". ``patterns``: the name under which the share of wins
    holding each scoring pattern is counted ("yaku"), None to count none. ``reference``: figures of real play.
    """

    declaration: tuple[str, str] | None = None
    groups: Mapping[str, Callable[[WinFacts], str | None]] = field(default_factory=dict)
    patterns: str | None = None
    reference: Callable[[], Reference] | None = None


NO_TERMS = PlayTerms()
"""A family that names nothing: only the core's statistics are counted."""


def play_terms(rules: Any) -> PlayTerms:
    """The terms of the rule set's latest variant that names them (a delta may override its family's)."""
    found = rules.ask.play_terms(rules)
    return found if found is not None else NO_TERMS


def play_reference(rules: Any) -> Reference | None:
    """The reference figures the rule set's variants offer, or None; also None when the reference was measured at
    tables of another number of seats (every rate per player-hand moves with it: the gap would be only the rules)."""
    terms = play_terms(rules)
    if terms.reference is None:
        return None
    reference = terms.reference()
    flow = getattr(rules, "flow", None)
    if reference.seats is not None and flow is not None and flow.setup.seats != reference.seats:
        return None
    return reference


def load_reference(path: Path | Any) -> Reference:
    """A reference file: ``name``, ``about``, ``seats`` (optional: the players at its tables), a ``[figures]`` table
    (numbers, or tables of shares) and a ``[sources]`` table naming the source of every figure."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise MjsimError(f"reference file {path}: {exc}") from None
    figures, sources = data.get("figures"), data.get("sources")
    if not isinstance(figures, dict) or not isinstance(sources, dict):
        raise MjsimError(f"reference file {path}: needs a [figures] and a [sources] table")
    unsourced = sorted(set(figures) - set(sources))
    if unsourced:
        raise MjsimError(f"reference file {path}: figures without a source: {', '.join(unsourced)}")
    for key, value in figures.items():
        shares = value.values() if isinstance(value, dict) else [value]
        if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in shares):
            raise MjsimError(f"reference file {path}: figure {key!r} must be a number or a table of numbers")
    seats = data.get("seats")
    if seats is not None and (not isinstance(seats, int) or isinstance(seats, bool) or seats < 2):
        raise MjsimError(f"reference file {path}: seats must be a whole number of players, 2 or more")
    return Reference(str(data.get("name", path)), str(data.get("about", "")), figures, sources, seats)
