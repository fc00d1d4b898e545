"""Test helper for constructed positions: a hand and the rivers as physical tiles, no tile twice."""

from __future__ import annotations

from typing import Any

from mjsim.agents.observation import Observation
from mjsim.hand.notation import parse_tiles
from mjsim.hand.tiles import kind_of


def dealt(
    hand: str, rivers: tuple[str, ...], used: set[int]
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """(the hand's tiles, each river's tiles, the hand's counts by kind) of ``mpsz`` strings; ``used`` collects
    the physical tiles taken, so that a later parse (indicators, a last discard) takes others."""
    tiles = tuple(parse_tiles(hand, used=used))
    river_tiles = tuple(tuple(parse_tiles(r, used=used)) for r in rivers)
    counts = [0] * 34
    for t in tiles:
        counts[kind_of(t)] += 1
    return tiles, river_tiles, tuple(counts)


def table_view(tiles: tuple[int, ...], **fields: Any) -> Observation:
    """An observation holding ``tiles`` at a four-seat table early in a hand: seat 1 of dealer 0 in the East
    round, 25,000 each, nothing called, discarded or declared, 50 tiles to draw; ``fields`` replace these."""
    defaults: dict[str, Any] = {
        "seat": 1,
        "dealer": 0,
        "round_wind": 27,
        "honba": 0,
        "sticks": 0,
        "scores": (25000,) * 4,
        "counts": (),
        "melds": ((),) * 4,
        "rivers": ((),) * 4,
        "declared": (False,) * 4,
        "indicators": (),
        "wall_left": 50,
        "last_discard": None,
    }
    return Observation(tiles=tiles, **{**defaults, **fields})
