"""Tile kinds and physical tiles as small integers.

Kinds: 0-8 man 1-9, 9-17 pin, 18-26 sou, 27-33 honours (East, South, West,
North, White, Green, Red), 34-41 flowers.  Physical ids: ``id // 4`` is the
kind for 0..135 (Tenhou numbering); 136..143 are the eight flowers.  Red
fives are physical ids (16, 52, 88 by default; a second red 5p is 53).
"""

from __future__ import annotations

from typing import Final

# Constants are Final: the compiled build (mjsim/native.py) then reads them without a module lookup.
MAN: Final = 0
PIN: Final = 9
SOU: Final = 18
HONOR: Final = 27
FLOWER: Final = 34
NUM_KINDS: Final = 34
NUM_KINDS_WITH_FLOWERS: Final = 42
EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
WHITE: Final = 31
GREEN: Final = 32
RED: Final = 33
WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (WHITE, GREEN, RED)
FIRST_FLOWER_ID: Final = 136
NUM_PHYSICAL: Final = 144

TERMINALS: Final = frozenset({0, 8, 9, 17, 18, 26})
YAOCHU: Final = tuple(sorted(TERMINALS | set(range(HONOR, FLOWER))))
YAOCHU_SET: Final = frozenset(YAOCHU)
GREENS: Final = frozenset({19, 20, 21, 23, 25, GREEN})  # 2 3 4 6 8 sou and 發

RED_FIVE_IDS: Final = {3: (16, 52, 88), 4: (16, 52, 53, 88), 5: (16, 52, 53, 88, 89), 0: ()}
"""Physical ids of the red fives for each red-five count the rules allow."""

SUIT_LETTERS = "mpsz"
HONOR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")
HONOR_KANJI = ("東", "南", "西", "北", "白", "發", "中")


def kind_of(tile_id: int) -> int:
    """The kind of a physical tile id."""
    if tile_id >= FIRST_FLOWER_ID:
        return FLOWER + tile_id - FIRST_FLOWER_ID
    return tile_id >> 2


def suit_of(kind: int) -> int:
    """0 man, 1 pin, 2 sou, 3 honour, 4 flower."""
    return min(kind // 9, 3) if kind < FLOWER else 4


def is_honor(kind: int) -> bool:
    """True for winds and dragons."""
    return HONOR <= kind < FLOWER


def is_terminal(kind: int) -> bool:
    """True for the ones and nines of the three suits."""
    return kind in TERMINALS


def is_yaochu(kind: int) -> bool:
    """True for terminals and honours."""
    return kind in YAOCHU_SET


def rank_of(kind: int) -> int:
    """The number 1-9 of a suited kind (1-7 for honours, 1-8 for flowers)."""
    if kind >= FLOWER:
        return kind - FLOWER + 1
    return kind - HONOR + 1 if kind >= HONOR else kind % 9 + 1


def next_in_cycle(kind: int) -> int:
    """The kind after ``kind`` in its cycle (9→1, N→E, 中→白): what an indicator tile of ``kind`` points to."""
    if kind < HONOR:
        return kind - 8 if kind % 9 == 8 else kind + 1
    if kind <= NORTH:
        return EAST if kind == NORTH else kind + 1
    return WHITE if kind == RED else kind + 1


def counts_of(kinds) -> list[int]:
    """A 34-count list from an iterable of kinds (flowers are not counted)."""
    counts = [0] * NUM_KINDS
    for k in kinds:
        if k < NUM_KINDS:
            counts[k] += 1
    return counts
