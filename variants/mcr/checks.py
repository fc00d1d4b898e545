"""MCR invariants (docs/mcr.md §4, §7): flowers, the deal passing every hand, every win at the minimum and paid."""

from __future__ import annotations

from mjsim.hand.tiles import FIRST_FLOWER_ID
from variants.mcr import options as opt

WINS = "mcr.wins"  # game stash: (fans without flowers, fans, self-drawn, the winner's gain) per settled win


def flowers_in_place(game) -> str | None:
    """No flower in a concealed hand; the 8 flowers (when in play) each once, shown or still in the wall."""
    hand = game.hand
    if hand is None:
        return None
    kept = [t for s in hand.seats for t in s.tiles if t >= FIRST_FLOWER_ID]
    if kept:
        return f"flowers {kept} kept in a concealed hand"
    out = [t for s in hand.seats for t in s.flowers] + [t for t in hand.wall if t >= FIRST_FLOWER_ID]
    expected = 8 if game.rules[opt.FLOWERS] else 0
    if len(out) != len(set(out)) or len(out) != expected:
        return f"flowers out of place: {sorted(out)} (expected {expected})"
    return None


def deal_passes(game) -> str | None:
    """Hand i is dealt by seat i mod 4 in round i div 4: the deal passes every hand, won or drawn."""
    hand = game.hand
    if hand is None:
        return None
    want = (hand.index % 4, 27 + hand.index // 4)
    got = (hand.dealer, hand.round_wind)
    return None if got == want else f"hand {hand.index} dealt by seat {got[0]} in round {got[1]}, expected {want}"


def wins_at_the_minimum_and_paid(game) -> str | None:
    """Every settled win has the minimum of fans without flowers and took base + fans (x3 self-drawn)."""
    base, minimum = game.rules[opt.BASE], game.rules[opt.MINIMUM]
    for fans, total, tsumo, gain in game.stash.get(WINS, ()):
        if fans < minimum:
            return f"a win of {fans} fan below the minimum {minimum}"
        want = 3 * (base + total) if tsumo else 3 * base + total
        if gain != want:
            return f"a win of {total} fan ({'tsumo' if tsumo else 'ron'}) took {gain}, expected {want}"
    return None


INVARIANTS = [
    ("mcr flowers", flowers_in_place),
    ("mcr deal passes", deal_passes),
    ("mcr wins at the minimum and paid", wins_at_the_minimum_and_paid),
]
