"""Facts of a seat's view as numbers: what a variant adds to the observation of learning agents (``mjsim.env``).

A variant returns :class:`ObservationField` from ``mjsim_observation_fields(rules)``; the environment gives each
as a named array beside the engine's own fields (docs/env.md). Per-seat facts are ordered from the observing
seat (index 0 is the seat itself, 1 the next seat to its right ...), as every per-seat field of the environment.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mjsim.agents.observation import Observation

MAX_SEATS = 4
"""Per-seat fields have this many rows (or the table's seats, when more): one shape for three and four seats."""


@dataclass(frozen=True)
class ObservationField:
    """One named fact: its shape, its bounds (whole numbers) and how to read it from a seat's :class:`Observation`."""

    name: str  # "<variant>.<fact>"
    shape: tuple[int, ...]
    low: int
    high: int
    encode: Callable[[Observation], Any]  # -> whole numbers in [low, high], as many as the shape holds (flat or not)
    description: str = ""  # one line for docs/env.md


def seat_rows(obs: Observation) -> int:
    """How many rows a per-seat field has at the observing seat's table."""
    return max(MAX_SEATS, len(obs.scores))


def by_seat(obs: Observation, values: Mapping[int, Any] | Sequence[Any], missing: Any = -1) -> list[Any]:
    """Per-seat values (a sequence by seat, or a mapping seat -> value) in the observing seat's order, padded with
    ``missing`` to :func:`seat_rows` (and where a mapping lacks a seat)."""
    seats = len(obs.scores)
    lookup = values if isinstance(values, Mapping) else dict(enumerate(values))
    ordered = [lookup.get((obs.seat + i) % seats, missing) for i in range(seats)]
    return ordered + [missing] * (seat_rows(obs) - seats)


def relative_seat(obs: Observation, seat: int | None) -> int:
    """A seat as seen from the observing seat (0 itself, 1 the next to its right ...); -1 for none."""
    return -1 if seat is None else (seat - obs.seat) % len(obs.scores)
