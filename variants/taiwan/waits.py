"""The waits of a 16-tile hand: five sets and a pair, and 嚦咕嚦咕 (seven pairs and a pung) when it is on."""

from __future__ import annotations

from functools import lru_cache

from mjsim.hand.decompose import waits as standard_waits
from mjsim.hand.shanten import standard_shanten
from mjsim.hand.tiles import NUM_KINDS, kind_of
from variants.taiwan import options as opt


def is_lilikuli(counts) -> bool:
    """嚦咕嚦咕: 17 concealed tiles as seven pairs and one pung (a four counts as two pairs)."""
    held = [n for n in counts[:NUM_KINDS] if n]
    if sum(held) != 17 or held.count(3) != 1 or any(n == 1 for n in held):
        return False
    return held.count(2) + 2 * held.count(4) == 7


# small: hits are repeats within a turn (256 entries hit as often as 65,536), and a full 65,536 held ~20 MB a worker
@lru_cache(maxsize=1 << 12)
def waits_of(key: bytes, lilikuli: bool = False) -> tuple[int, ...]:
    """Kinds completing a concealed hand of 3n+1 tiles given as 34 count bytes (cached: hands repeat)."""
    counts = list(key)
    out: set[int] = set()
    if standard_shanten(key, sum(counts) // 3) == 0:
        out.update(standard_waits(counts, seven_pairs=False, orphans=False))
    if lilikuli and sum(counts) == 16:
        for kind in range(NUM_KINDS):
            if counts[kind] < 4:
                counts[kind] += 1
                if is_lilikuli(counts):
                    out.add(kind)
                counts[kind] -= 1
    return tuple(sorted(out))


def seat_waits(game, seat: int, without: int | None = None) -> tuple[int, ...]:
    """The waits of a seat's concealed hand (minus ``without``, a drawn tile, during its turn)."""
    me = game.hand.seats[seat]
    lilikuli = game.rules[opt.LILIKULI]
    if without is None:
        if me.waits is None:
            me.waits = waits_of(bytes(me.counts), lilikuli)
        return me.waits
    counts = bytearray(me.counts)
    counts[kind_of(without)] -= 1
    return waits_of(bytes(counts), lilikuli)
