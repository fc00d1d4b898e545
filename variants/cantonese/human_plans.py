"""Which faan a 広東 hand can still reach: the plans the Cantonese human player steers by (docs/cantonese.md).

A plan is one of the hand patterns a player aims at (清一色, 混一色, 對對糊, 平糊, 小三元, 大三元) with the tiles
it still misses; on top of it come the faan the hand shows already (pungs of dragons and of its own and the
round's wind, 門前清 or 自摸 for a concealed hand, its flowers where they count) and pairs of those honours, each
one tile from a faan. A hand reaches the minimum when a plan, the shown faan and the honour pairs it turns into
pungs add up to it; its distance to such a win is at least its shanten and at least the tiles it misses.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjsim.hand.tiles import FLOWER
from variants.common.minimum_player import FAR, Hand

SUITS = (0, 1, 2)
DRAGON_KINDS = (31, 32, 33)


@dataclass(frozen=True)
class Plan:
    """A pattern the hand aims at, its faan, how many tiles it misses, and whether honour pungs go with it."""

    name: str
    faan: int
    missing: int
    honours: bool = True


def value_honours(h: Hand) -> tuple[int, ...]:
    """The honour kinds whose pung scores a faan: the dragons, the seat's wind, the round's wind."""
    return (*DRAGON_KINDS, h.seat_wind, h.round_wind)


def flush_plans(h: Hand) -> list[Plan]:
    """清一色 (7) and 混一色 (3) in each suit: the tiles outside it (and, for 清一色, the honours) are missing."""
    out = []
    honours = sum(h.full[27:34])
    for s in SUITS:
        other = sum(h.full[:27]) - sum(h.full[s * 9 : s * 9 + 9])
        melds_in = all(m.kind // 9 in (s, 3) for m in h.melds)
        pure = all(m.kind // 9 == s for m in h.melds)
        out.append(Plan(f"清一色 {s}", 7, other + honours if pure else FAR, honours=False))
        out.append(Plan(f"混一色 {s}", 3, other if melds_in else FAR))
    return out


def pungs_plan(h: Hand) -> Plan:
    """對對糊 (3): four pungs and a pair from the kinds held most; a chow meld makes it impossible."""
    if any(m.type == "chi" for m in h.melds):
        return Plan("對對糊", 3, FAR)
    best = sorted(h.full, reverse=True)[:5]
    return Plan("對對糊", 3, sum(max(0, 3 - n) for n in best[:4]) + max(0, 2 - best[4]))


def common_plan(h: Hand) -> Plan:
    """平糊 (1): every set a chow; honours beyond one pair are missing, a pung meld makes it impossible."""
    if any(m.type != "chi" for m in h.melds):
        return Plan("平糊", 1, FAR, honours=False)
    return Plan("平糊", 1, max(0, sum(h.full[27:34]) - 2), honours=False)


def dragon_plans(h: Hand) -> list[Plan]:
    """大三元 (8) and 小三元 (5), which replace the dragon pungs' own faan: the dragons still missing."""
    held = sorted((h.full[k] for k in DRAGON_KINDS), reverse=True)
    pungs = sum(1 for n in held if n >= 3)  # already among the shown faan
    great = sum(max(0, 3 - n) for n in held)
    small = max(0, 3 - held[0]) + max(0, 3 - held[1]) + max(0, 2 - held[2])
    return [Plan("大三元", 8 - pungs, great, honours=False), Plan("小三元", 5 - min(pungs, 2), small, honours=False)]


def plans(h: Hand) -> list[Plan]:
    """Every plan with its faan and missing tiles (FAR when the melds forbid it), and the bare hand."""
    return [Plan("bare", 0, 0), *flush_plans(h), pungs_plan(h), common_plan(h), *dragon_plans(h)]


def shown_faan(h: Hand, flowers_count: bool) -> int:
    """The faan the hand shows now: value-honour pungs, a concealed hand's 門前清 or 自摸, flowers if they count."""
    faan = sum(1 for k in value_honours(h) if h.full[k] >= 3)
    faan += 0 if h.opened else 1  # won on a discard: 門前清; self-drawn: 自摸
    if flowers_count:
        seat = h.seat_wind - 27
        faan += sum(1 for k in h.flowers if (k - FLOWER) % 4 == seat) if h.flowers else 1  # 正花, or 無花
    return faan


def honour_pairs(h: Hand) -> int:
    """Pairs of value honours: each is one tile from a pung worth a faan."""
    return sum(1 for k in value_honours(h) if h.full[k] == 2)


def distance(h: Hand, shanten: int, minimum: int, flowers_count: bool = False) -> tuple[int, float]:
    """(draws at least to a win of ``minimum`` faan, that win's faan) over the plans; none: (FAR, shown)."""
    shown = shown_faan(h, flowers_count)
    if shown >= minimum:
        return max(shanten, 0), float(shown)
    pairs = honour_pairs(h)
    best: tuple[int, float] = (FAR, float(shown))
    for p in plans(h):
        if p.missing >= FAR:
            continue
        upgrades = pairs if p.honours else 0
        need = max(0, minimum - shown - p.faan)
        if need > upgrades:
            continue
        d = max(shanten, p.missing + need)
        faan = shown + p.faan + need
        if (d, -faan) < (best[0], -best[1]):
            best = (d, float(faan))
    return best
