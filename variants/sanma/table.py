"""The sanma table: 108 tiles (2m-8m removed), three seats, the family's 14-tile dead wall and sticks."""

from __future__ import annotations

from dataclasses import replace

from mjsim.engine.setup import TableSetup
from mjsim.hand.tiles import kind_of
from variants.riichi.api import play

SEATS = 3
REMOVED_KINDS = frozenset(range(1, 8))  # 2m-8m
TILES = tuple(t for t in range(136) if kind_of(t) not in REMOVED_KINDS)


def table_setup(rules) -> TableSetup:
    """The family's table with 108 tiles and three seats; red fives only where their tiles exist (5p, 5s)."""
    family = play.table_setup(rules)
    tiles = frozenset(TILES)
    reds = frozenset(t for t in family.red_ids if t in tiles)
    # Norths set aside draw replacement tiles too (up to 4 kans and 4 Norths): the dead wall is refilled.
    return replace(family, tiles=TILES, seats=SEATS, red_ids=reds, refill_replacements=True)
