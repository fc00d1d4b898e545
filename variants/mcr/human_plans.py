"""Which fans a 国标麻将 hand can still reach: the plans the MCR human player steers by (docs/mcr.md §3).

A plan is one of the big fans a player aims at from the start (a flush, all pungs, a straight or a chow
pattern across the suits, all types, seven pairs) with the tiles it still misses; on top of it come the
small fans the hand shows already (dragon and wind pungs, 门前清, 断幺). A hand reaches the minimum through a
plan when the plan's fans and the shown ones add up to it; its distance to such a win is at least its
shanten and at least the tiles the plan misses (each must be drawn or called).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations

from mjsim.scoring import Meld
from variants.common.minimum_player import FAR, Hand

SUITS = (0, 1, 2)
DRAGON_KINDS = (31, 32, 33)
WIND_KINDS = (27, 28, 29, 30)


@dataclass(frozen=True)
class Plan:
    """A fan the hand aims at and how many tiles it still misses."""

    name: str
    fans: int
    missing: int


def _suit_tiles(full: Sequence[int], suit: int) -> int:
    return sum(full[suit * 9 : suit * 9 + 9])


def _meld_suit(m: Meld) -> int:
    return m.kind // 9  # 3 = honours


def flush_plans(h: Hand) -> list[Plan]:
    """清一色 (24) and 混一色 (6) in each suit: the tiles outside it (and, for 清一色, the honours) are missing."""
    out = []
    honours = sum(h.full[27:34])
    for s in SUITS:
        melds_in = all(_meld_suit(m) in (s, 3) for m in h.melds)
        pure_melds = all(_meld_suit(m) == s for m in h.melds)
        other = sum(h.full[:27]) - _suit_tiles(h.full, s)
        out.append(Plan(f"清一色 {s}", 24, other + honours if pure_melds else FAR))
        out.append(Plan(f"混一色 {s}", 6, other + (0 if honours else 1) if melds_in else FAR))
    return out


def pungs_plan(h: Hand) -> Plan:
    """碰碰和 (6): four pungs and a pair from the kinds held most; a chow meld makes it impossible."""
    if any(m.type == "chi" for m in h.melds):
        return Plan("碰碰和", 6, FAR)
    best = sorted(h.full, reverse=True)[:5]
    missing = sum(max(0, 3 - n) for n in best[:4]) + max(0, 2 - best[4])
    return Plan("碰碰和", 6, missing)


def chow_plans(h: Hand) -> list[Plan]:
    """清龙 (16), 花龙 (8), 三色三同顺 (8), 三色三步高 (6): the ranks of their chows not held are missing."""
    f = h.full
    miss = [[(f[s * 9 + r] == 0) + (f[s * 9 + r + 1] == 0) + (f[s * 9 + r + 2] == 0) for r in range(7)] for s in SUITS]
    out = [Plan(f"清龙 {s}", 16, miss[s][0] + miss[s][3] + miss[s][6]) for s in SUITS]
    for a, b, c in permutations(SUITS):
        out.append(Plan("花龙", 8, miss[a][0] + miss[b][3] + miss[c][6]))
        out.extend(Plan("三色三步高", 6, miss[a][r] + miss[b][r + 1] + miss[c][r + 2]) for r in range(5))
    out.extend(Plan("三色三同顺", 8, miss[0][r] + miss[1][r] + miss[2][r]) for r in range(7))
    return out


def other_plans(h: Hand) -> list[Plan]:
    """五门齐 (6: a pair or set of each suit, winds and dragons) and, concealed, 七对 (24)."""
    f = h.full
    types = [f[0:9], f[9:18], f[18:27], f[27:31], f[31:34]]
    out = [Plan("五门齐", 6, sum(max(0, 2 - sum(t)) for t in types))]
    pairs = sum(min(n, 3) // 2 for n in h.concealed)  # a pung holds one pair (four of a kind: not two here)
    out.append(Plan("七对", 24, FAR if h.melds else max(0, 7 - pairs)))
    return out


def shown_fans(h: Hand) -> float:
    """The small fans the hand shows now: dragon, seat- and round-wind pungs (2 each), 门前清 (2), 断幺 (2)."""
    fans = 0.0
    for kind in (*DRAGON_KINDS, h.seat_wind, h.round_wind):
        fans += 2.0 if h.full[kind] >= 3 else 0.0
    if not h.opened:
        fans += 2.0
    if not any(h.full[k] for k in (0, 8, 9, 17, 18, 26, *range(27, 34))):
        fans += 2.0
    return fans


def plans(h: Hand) -> list[Plan]:
    """Every plan with its fans and missing tiles (FAR when the melds forbid it)."""
    return [*flush_plans(h), pungs_plan(h), *chow_plans(h), *other_plans(h)]


def distance(h: Hand, shanten: int, minimum: int) -> tuple[int, float]:
    """(draws at least to a win of ``minimum`` fans, the fans of that win) over the plans; no plan: (FAR, shown)."""
    shown = shown_fans(h)
    if shown >= minimum:
        return max(shanten, 0), shown
    best = (FAR, shown)
    for p in plans(h):
        if p.missing >= FAR or p.fans + shown < minimum:
            continue
        d = max(shanten, p.missing)
        if (d, -(p.fans + shown)) < (best[0], -best[1]):
            best = (d, p.fans + shown)
    return best
