"""The waits of a seat's concealed hand, shared by the play, kan and draw rules."""

from __future__ import annotations

from functools import lru_cache

from mjsim.hand.decompose import readings
from mjsim.hand.decompose import waits as hand_waits
from mjsim.hand.shanten import orphans_shanten, seven_pairs_shanten, standard_shanten
from mjsim.hand.tiles import NUM_KINDS, kind_of


# small: hits are repeats within a turn (256 entries hit as often as 65,536), and a full 65,536 held ~20 MB a worker
@lru_cache(maxsize=1 << 12)
def shanten_and_waits(key: bytes) -> tuple[int, tuple[int, ...]]:
    """The shanten and the waits of a concealed hand of 3n+1 tiles given as count bytes (cached: hands repeat
    across turns, and the seats' waits are asked at every discard, so the shanten comes with them for free)."""
    counts = list(key)
    tiles = sum(counts)
    best = standard_shanten(key, tiles // 3)
    if tiles == 13 and best > 0:  # a ready standard form already makes the hand ready
        best = min(best, seven_pairs_shanten(key), orphans_shanten(key))
    return best, (tuple(hand_waits(counts)) if best == 0 else ())


def waits_of(key: bytes) -> tuple[int, ...]:
    """Waits of a concealed hand given as count bytes."""
    return shanten_and_waits(key)[1]


def seat_waits(seat_state, without: int | None = None) -> tuple[int, ...]:
    """The kinds that complete a seat's concealed hand (minus ``without`` when it holds a drawn tile)."""
    if without is None:
        if seat_state.waits is None:
            seat_state.waits = waits_of(bytes(seat_state.counts))
        return seat_state.waits
    return waits_of(bytes(counts_without(seat_state.counts, {kind_of(without): 1})))


def counts_without(counts, removed: dict[int, int]) -> list[int]:
    """A copy of 34 counts with ``removed`` (kind -> how many) taken out."""
    out = list(counts)
    for kind, n in removed.items():
        out[kind] -= n
    return out


def fifth_tile_waits(counts) -> list[int]:
    """Kinds held four times whose (physically impossible) fifth tile would complete the hand."""
    out = []
    for kind in range(NUM_KINDS):
        if counts[kind] == 4:
            plus = list(counts)
            plus[kind] += 1
            if readings(plus):
                out.append(kind)
    return out


def visible_counts(game, seat: int) -> list[int]:
    """Tiles of each kind ``seat`` can see: its own hand, every river and meld, the dora indicators."""
    hand = game.hand
    counts = list(hand.seats[seat].counts)
    shown = list(hand.indicators_shown)
    for other in hand.seats:
        shown += [t for i, t in enumerate(other.river) if i not in other.called_from_river]
        shown += [t for m in other.melds for t in m.tiles]
    for tile in shown:
        counts[kind_of(tile)] += 1
    return counts
