"""The ``mpsz`` tile notation, both ways: ``123m406p789s1122z``, ``0`` = red five, ``1-8f`` flowers."""

from __future__ import annotations

from collections.abc import Iterable

from mjsim.errors import NotationError
from mjsim.hand.tiles import (
    FIRST_FLOWER_ID,
    FLOWER,
    NUM_KINDS_WITH_FLOWERS,
    RED_FIVE_IDS,
    kind_of,
)

_SUITS = {"m": 0, "p": 9, "s": 18, "z": 27, "f": FLOWER}
_MAX_RANK = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}


def _groups(text: str) -> Iterable[tuple[str, int, str]]:
    """Yield (digit, position, suit letter) for each tile of ``text``, checking every character."""
    pending: list[tuple[str, int]] = []
    for pos, ch in enumerate(text):
        if ch.isdigit() and ch.isascii():
            pending.append((ch, pos))
        elif ch in _SUITS:
            if not pending:
                raise NotationError(f"suit letter {ch!r} at position {pos} has no digits before it in {text!r}")
            for digit, dpos in pending:
                yield digit, dpos, ch
            pending = []
        elif ch.isspace():
            continue
        else:
            raise NotationError(f"bad character {ch!r} at position {pos} in {text!r} (expected digits and m/p/s/z/f)")
    if pending:
        raise NotationError(f"digits at position {pending[0][1]} in {text!r} have no suit letter after them")


def parse_kinds(text: str) -> list[int]:
    """Kinds (0..41) of the tiles of ``text``, in order; red fives become plain fives."""
    return [kind for kind, _red in _parse(text)]


def _parse(text: str) -> list[tuple[int, bool]]:
    """(kind, is_red) for each tile of ``text``."""
    if not isinstance(text, str):
        raise NotationError(f"expected a tile string, got {type(text).__name__}")
    tiles = []
    for digit, pos, suit in _groups(text):
        rank = int(digit)
        red = rank == 0
        if red:
            if suit not in "mps":
                raise NotationError(f"red five '0{suit}' at position {pos} in {text!r}: only m, p and s have red fives")
            rank = 5
        if rank > _MAX_RANK[suit]:
            raise NotationError(f"no tile '{digit}{suit}' (position {pos} in {text!r})")
        tiles.append((_SUITS[suit] + rank - 1, red))
    return tiles


def parse_tiles(text: str, red_fives: int = 3, used: set[int] | None = None) -> list[int]:
    """Physical tile ids of ``text``: each tile takes the next free copy; ``0`` takes a red copy.

    ``used`` carries the copies already taken by other strings (hand, melds, indicators).
    """
    reds = set(RED_FIVE_IDS.get(red_fives, RED_FIVE_IDS[3]))
    used = set() if used is None else used
    ids = []
    for kind, red in _parse(text):
        ids.append(_take_copy(kind, red, reds, used, text))
    return ids


def _take_copy(kind: int, red: bool, reds: set[int], used: set[int], text: str) -> int:
    """The first unused physical copy of ``kind`` that is (or is not) red."""
    if kind >= FLOWER:
        candidates = [FIRST_FLOWER_ID + kind - FLOWER]
    else:
        # Plain copies are taken from the top so that id 53 (red only in a 4-red set) comes last.
        candidates = [i for i in range(kind * 4 + 3, kind * 4 - 1, -1) if (i in reds) == red]
    for tile_id in candidates:
        if tile_id not in used:
            used.add(tile_id)
            return tile_id
    what = "red five" if red else "copy"
    raise NotationError(f"too many of {format_kinds([kind])} in {text!r}: no {what} left")


def parse_counts(text: str) -> list[int]:
    """A 34-count list of the (non-flower) tiles of ``text``, checking four copies at most."""
    counts = [0] * NUM_KINDS_WITH_FLOWERS
    for kind in parse_kinds(text):
        counts[kind] += 1
        limit = 1 if kind >= FLOWER else 4
        if counts[kind] > limit:
            what = "one" if limit == 1 else "four"
            raise NotationError(f"more than {what} of {format_kinds([kind])} in {text!r}")
    return counts[:34]


def format_kinds(kinds: Iterable[int]) -> str:
    """``mpsz`` text for kinds (sorted within each suit, suits in m p s z f order)."""
    return _format((k, False) for k in kinds)


def format_tiles(tile_ids: Iterable[int], red_fives: int = 3) -> str:
    """``mpsz`` text for physical ids, writing red fives as ``0``."""
    reds = set(RED_FIVE_IDS.get(red_fives, RED_FIVE_IDS[3]))
    return _format((kind_of(t), t in reds) for t in tile_ids)


def format_counts(counts: Iterable[int]) -> str:
    """``mpsz`` text for a count list."""
    return format_kinds(k for k, n in enumerate(counts) for _ in range(n))


def _format(tiles: Iterable[tuple[int, bool]]) -> str:
    """Group (kind, red) pairs by suit; a red five sorts with the fives and prints as 0."""
    by_suit: dict[str, list[tuple[int, bool]]] = {s: [] for s in _SUITS}
    for kind, red in tiles:
        if not 0 <= kind < NUM_KINDS_WITH_FLOWERS:
            raise NotationError(f"no tile kind {kind}")
        suit = next(s for s, base in reversed(_SUITS.items()) if kind >= base)
        by_suit[suit].append((kind - _SUITS[suit] + 1, red))
    parts = []
    for suit, ranks in by_suit.items():
        if ranks:
            parts.append("".join("0" if red else str(r) for r, red in sorted(ranks)) + suit)
    return "".join(parts)
