"""Every reading of a complete hand as sets and one pair, and the waits of a ready hand.

Readings are enumerated per suit and memoised by the suit's counts, so a
winning hand costs a few dictionary lookups and a small product.
"""

from __future__ import annotations

from functools import cache
from itertools import product
from typing import NamedTuple

from mjsim.hand.shanten import orphans_shanten, seven_pairs_shanten, standard_shanten
from mjsim.hand.tiles import HONOR, NUM_KINDS

SEQUENCE, TRIPLET = "sequence", "triplet"


class Group(NamedTuple):
    """A concealed set: a sequence starting at ``kind`` or a triplet of ``kind``."""

    shape: str
    kind: int

    def kinds(self) -> tuple[int, int, int]:
        """The three kinds the set holds."""
        k = self.kind
        return (k, k + 1, k + 2) if self.shape == SEQUENCE else (k, k, k)


class Reading(NamedTuple):
    """One way to read complete concealed tiles: a pair (or None) and sets."""

    pair: int | None
    sets: tuple[Group, ...]


@cache
def suit_readings(counts: bytes, base: int, sequences: bool) -> tuple[tuple[int | None, tuple[Group, ...]], ...]:
    """All (pair, sets) splits of one suit's counts (kinds from ``base``), using every tile."""
    first = next((i for i, c in enumerate(counts) if c), None)
    if first is None:
        return ((None, ()),)
    out = []
    c = bytearray(counts)
    if c[first] >= 3:
        c[first] -= 3
        out += [(p, (Group(TRIPLET, base + first), *g)) for p, g in suit_readings(bytes(c), base, sequences)]
        c[first] += 3
    if sequences and first + 2 < len(c) and c[first + 1] and c[first + 2]:
        for i in (first, first + 1, first + 2):
            c[i] -= 1
        out += [(p, (Group(SEQUENCE, base + first), *g)) for p, g in suit_readings(bytes(c), base, sequences)]
        for i in (first, first + 1, first + 2):
            c[i] += 1
    if c[first] >= 2:
        c[first] -= 2
        out += [(base + first, g) for p, g in suit_readings(bytes(c), base, sequences) if p is None]
    # The pair can be split off at several depths and reach the same reading: keep each once.
    return tuple(dict.fromkeys((p, tuple(sorted(g))) for p, g in out))


SUITS = ((0, 9, True), (9, 18, True), (18, 27, True), (HONOR, NUM_KINDS, False))
"""(first kind, end kind, whether sequences exist) of the three suits and the honours."""


def readings(counts) -> list[Reading]:
    """Every reading of complete concealed tiles (3n+2 of them) as n sets and one pair."""
    key = bytes(counts[:NUM_KINDS])
    per_suit = [suit_readings(key[lo:hi], lo, seq) for lo, hi, seq in SUITS]
    out = []
    for combo in product(*per_suit):
        pairs = [p for p, _ in combo if p is not None]
        if len(pairs) == 1:
            out.append(Reading(pairs[0], tuple(g for _, groups in combo for g in groups)))
    return out


def is_complete(counts, sets: int | None = None) -> bool:
    """True when the concealed tiles form sets and a pair (standard form only)."""
    return standard_shanten(bytes(counts[:NUM_KINDS]), sets) == -1


def waits(counts, seven_pairs: bool = True, orphans: bool = True) -> list[int]:
    """Kinds that complete a ready hand of 3n+1 concealed tiles, in any allowed form."""
    key = bytearray(counts[:NUM_KINDS])
    sets = sum(key) // 3
    full = sum(key) == 13
    out = []
    for kind in range(NUM_KINDS):
        if key[kind] >= 4 or not _may_help(key, kind):
            continue
        key[kind] += 1
        done = bytes(key)
        if standard_shanten(done, sets) == -1 or (
            full and ((seven_pairs and seven_pairs_shanten(done) == -1) or (orphans and orphans_shanten(done) == -1))
        ):
            out.append(kind)
        key[kind] -= 1
    return out


def _may_help(key: bytearray, kind: int) -> bool:
    """A tile can only complete a hand if a held tile lies within two ranks of it (or it is an orphan)."""
    if kind >= HONOR:
        return True
    lo, hi = kind - kind % 9, kind - kind % 9 + 9
    return any(key[i] for i in range(max(lo, kind - 2), min(hi, kind + 3))) or kind % 9 in (0, 8)
