"""Test helper for constructed positions: a hand and the rivers as physical tiles, no tile twice."""

from __future__ import annotations

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
