"""Suits, the missing suit and the waits of a 108-tile hand (seven pairs may hold four of a kind as two pairs)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from mjsim.hand.decompose import waits as standard_waits
from mjsim.hand.tiles import kind_of

SUITS = "mps"  # suit index 0 man, 1 pin, 2 sou
TILES = tuple(range(108))  # physical ids 0..107: man, pin and sou 1-9, four copies each; no honours, no flowers


def suit_of_tile(tile: int) -> int:
    """The suit index of a physical tile."""
    return kind_of(tile) // 9


def suit_tile(suit: int) -> int:
    """The physical id standing for a suit in a declaration: its first 1 (1m, 1p, 1s)."""
    return 36 * suit


def suits_in(counts: Iterable[int]) -> frozenset[int]:
    """The suits present in 34 (or 27) counts."""
    return frozenset(kind // 9 for kind, n in enumerate(counts) if n and kind < 27)


def hand_counts(seat) -> list[int]:
    """34 counts of a seat's concealed tiles and melds together."""
    counts = list(seat.counts)
    for meld in seat.melds:
        for t in meld.tiles:
            counts[kind_of(t)] += 1
    return counts


def suit_allowed(suits: frozenset[int], void: int | None) -> bool:
    """A winning hand lacks a suit: the declared void suit, or (implicit) any one of the three."""
    return void not in suits if void is not None else len(suits) <= 2


# small: hits are repeats within a turn (256 entries hit as often as 65,536), and a full 65,536 held ~20 MB a worker
@lru_cache(maxsize=1 << 12)
def waits_of(key: bytes) -> tuple[int, ...]:
    """Kinds completing concealed counts of 3n+1 tiles: sets and a pair, or (13 tiles) seven pairs.

    In Sichuan seven pairs four of a kind counts as two pairs (龍七対), which the generic seven-pairs test
    does not allow, so that form is tested here.
    """
    counts = list(key)
    found = set(standard_waits(counts, seven_pairs=False, orphans=False))
    if sum(counts) == 13:
        odd = [k for k, n in enumerate(counts) if n % 2]
        if len(odd) == 1:
            found.add(odd[0])
    return tuple(sorted(k for k in found if counts[k] < 4))


def is_seven_pairs(counts: Iterable[int]) -> bool:
    """14 concealed tiles in pairs (four of a kind as two pairs)."""
    counts = list(counts)
    return sum(counts) == 14 and all(n % 2 == 0 for n in counts)
