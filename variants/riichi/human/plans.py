"""Yaku plans under a variant's yaku risks (地雷): each plan's own speed and worth, so a discard is ranked by
the plan it serves.

A person whose common yaku are forbidden builds the hand around one yaku that is not: 一気通貫 in one suit,
三色同順 of one rank, 一盃口 of one sequence, 対々和, 混全帯幺九, 混一色 or 清一色 of one suit, or any shape for
the yaku that come with every hand (riichi, menzen tsumo, pinfu, tanyao, yakuhai). Each plan has its own
shanten and its own improving tiles:

* a plan of fixed sets (ittsu, sanshoku, iipeikou) counts the tiles of its sets still missing plus the
  ordinary standard shanten of the rest of the hand to the sets left (the plan's sets are then like called
  melds); its improving tiles are the missing kinds and the kinds that lower the rest's shanten;
* a plan that restricts the kinds (one suit, chanta: no 4-6) is the standard shanten of the tiles it can use;
* toitoi counts the triplets and the pair still to make (``hinted.toitoi_speed``).

A plan's worth is the hinted estimate of the finished hand holding the plan's yaku and the yaku its shape
brings anyway (a value triplet held, all simples): ``(1 - p)`` x the clean points minus ``p`` x the plain ones
(``hinted.expected_points``), a closed hand's tsumo counted only when it is worth anything (a forbidden menzen
tsumo: the plan wins by ron only). Used only when the hints put yaku at risk; no other play changes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from mjsim.hand.shanten import improving_kinds
from mjsim.hand.tiles import YAOCHU_SET
from variants.riichi.human import hinted, ready
from variants.riichi.human.value import HandFacts

if TYPE_CHECKING:  # for the annotations only (context.py imports ready, which this module imports)
    from variants.riichi.human.context import Context

MAX_MISSING = 3  # a plan of fixed sets is followed with at most this many of its tiles still to draw
ROUTE_SLACK = 2  # a plan this many shanten slower than the hand still competes (a slower one hardly ever wins)
MAX_OFF_SUIT = 6  # a one-suit plan is followed with at most this many tiles outside it (a guess)
PUSH_WORTH = 8000.0  # a mangan, non-dealer: the hand value from which a one-shanten pushes against a riichi [P]


class Plan:
    """One yaku a person can build toward: its name as the scorer gives it, its han, what it is made of."""

    def __init__(
        self,
        name: str,
        han: tuple[int, int],  # (closed, open)
        sets: tuple[int, ...] = (),  # lowest kinds of the sequences it needs (fixed-sets plans)
        allowed: frozenset[int] | None = None,  # the kinds it can use (restricted plans)
        closed_only: bool = False,
        simples: bool = False,  # its finished hand may be all simples (so tanyao may come with it)
    ) -> None:
        self.name, self.han, self.sets, self.allowed = name, han, sets, allowed
        self.closed_only, self.simples = closed_only, simples
        self.mask = [allowed is None or k in allowed for k in range(34)]


def _sequence_plans() -> list[Plan]:
    """Ittsu per suit, sanshoku per rank, iipeikou per sequence."""
    out = [Plan("ittsu", (2, 1), (9 * s, 9 * s + 3, 9 * s + 6)) for s in range(3)]
    out += [Plan("sanshoku", (2, 1), (r, 9 + r, 18 + r), simples=0 < r < 6) for r in range(7)]
    out += [
        Plan("iipeikou", (1, 0), (9 * s + r, 9 * s + r), closed_only=True, simples=0 < r < 6)
        for s in range(3)
        for r in range(7)
    ]
    return out


def _restricted_plans() -> list[Plan]:
    """Chanta (no rank 4-6), honitsu and chinitsu per suit."""
    honours = frozenset(range(27, 34))
    chanta = frozenset(k for k in range(34) if k >= 27 or k % 9 not in (3, 4, 5))
    out = [Plan("chanta", (2, 1), allowed=chanta)]
    for s in range(3):
        suit = frozenset(range(9 * s, 9 * s + 9))
        out.append(Plan("honitsu", (3, 2), allowed=suit | honours))
        out.append(Plan("chinitsu", (6, 5), allowed=suit, simples=True))
    return out


SEQUENCE_PLANS = _sequence_plans()
RESTRICTED_PLANS = _restricted_plans()
TOITOI = Plan("toitoi", (2, 2))
ANY_SHAPE = Plan("", (0, 0), simples=True)


@lru_cache(maxsize=1 << 14)
def rest_facts(key: bytes, sets: int) -> tuple[int, tuple[int, ...]]:
    """(standard shanten of the counts ``key`` to ``sets`` sets and a pair, kinds whose one more tile lowers it).

    The counts may hold more tiles than the sets need (the extra ones are let go as the plan's tiles come):
    the tables' need value is the fewest tiles to draw over every way to use the tiles held."""
    now, kinds = improving_kinds(key, sets=sets)
    return now, tuple(kinds)


def plan_speed(plan: Plan, counts: list[int], melds: tuple, seen: list[int], left: list[int]) -> tuple[int, int] | None:
    """(shanten, live tiles that lower it) of the 3n+1 hand ``counts`` + ``melds`` built toward ``plan``;
    None when the melds or the tiles out of sight rule the plan out. ``seen``: copies of each kind in sight,
    ``left``: those out of sight."""
    if plan.closed_only and any(m.opened for m in melds):
        return None
    if plan.sets:
        return _fixed_speed(plan, counts, melds, left)
    if plan is TOITOI:
        return hinted.toitoi_speed(counts, melds, seen, closed_ok=True)
    mask = plan.mask
    for m in melds:
        if not mask[m.kind] or (plan.name == "chanta" and not _holds_yaochu(m)):
            return None
    key = bytes(c if mask[k] else 0 for k, c in enumerate(counts))
    sh, improving = rest_facts(key, 4 - len(melds))
    return sh, sum(left[k] for k in improving if mask[k])


def _holds_yaochu(meld) -> bool:
    """A meld with a terminal or an honour (what every set of a chanta hand holds)."""
    return meld.kind in YAOCHU_SET or (meld.type == "chi" and meld.kind % 9 == 6)


def _fixed_speed(plan: Plan, counts: list[int], melds: tuple, left: list[int]) -> tuple[int, int] | None:
    """A fixed-sets plan: its missing tiles plus the rest's standard shanten to the sets still free."""
    rest, needed, built = _without_sets(plan, counts, melds)
    free = 4 - len(melds) - built
    if free < 0 or any(left[k] < n for k, n in needed.items()):
        return None
    sh, improving = rest_facts(bytes(rest), free)
    live = sum(left[k] for k in needed) + sum(left[k] for k in improving if k not in needed)
    return sum(needed.values()) + sh, live


def _without_sets(plan: Plan, counts: list[int], melds: tuple) -> tuple[list[int], dict[int, int], int]:
    """The counts with the plan's sets taken out, the copies of each kind the sets still miss, and how many of
    the sets the hand builds itself (a called sequence of the plan is one of its sets)."""
    rest = list(counts)
    chis = [m.kind for m in melds if m.type == "chi"]
    needed: dict[int, int] = {}
    built = 0
    for start in plan.sets:
        if start in chis:
            chis.remove(start)
            continue
        built += 1
        for k in range(start, start + 3):
            if rest[k]:
                rest[k] -= 1
            else:
                needed[k] = needed.get(k, 0) + 1
    return rest, needed, built


def candidate_plans(counts: list[int], melds: tuple, closed: bool) -> list[Plan]:
    """The plans worth following from the hand ``counts`` (a 3n+2 hand about to discard, or 3n+1): fixed-sets
    plans with at most ``MAX_MISSING`` tiles to draw, one-suit plans with few tiles outside, chanta, toitoi
    without a called sequence. Worked out once per decision; each discard is then judged against these."""
    out = []
    for plan in SEQUENCE_PLANS:
        if plan.closed_only and not closed:
            continue
        if sum(_without_sets(plan, counts, melds)[1].values()) <= MAX_MISSING:
            out.append(plan)
    total = sum(counts)
    for plan in RESTRICTED_PLANS:
        inside = sum(c for k, c in enumerate(counts) if plan.mask[k])
        if plan.name == "chanta" or total - inside <= MAX_OFF_SUIT:
            out.append(plan)
    if not any(m.type == "chi" for m in melds):
        out.append(TOITOI)
    return out


def plan_worth(
    plan: Plan, facts: HandFacts, closed: bool, dealer: bool, hints, shape: list[tuple[str, int]], bonus: float
) -> float:
    """Expected points of a win of ``plan`` (the hinted estimate with the plan's yaku and the shape's; ``bonus``:
    ``hinted.bonus_han`` of the hand)."""
    opened = not closed or plan is TOITOI  # a closed hand builds toitoi by pons
    yaku = list(shape) if plan.simples else [y for y in shape if y[0] != "tanyao"]
    if plan.name:
        yaku.append((plan.name, plan.han[1 if opened else 0]))
    pinfu_ok = not plan.name or bool(plan.sets)
    return hinted.plan_points(facts, not opened, dealer, hints, yaku, pinfu_ok, bonus)


def best_plans(
    ctx: Context,
    counts: list[int],
    melds: tuple,
    facts: HandFacts,
    closed: bool,
    plans: list[Plan],
    limit: int,
    worths: dict,
) -> list[tuple[Plan, int, int, float]]:
    """(plan, shanten, live tiles, worth) of each plan in ``plans`` the 3n+1 hand ``counts`` can still follow
    within ``limit`` shanten and win with something. ``worths``: the decision's memo of plan worths."""
    seen = ctx.seen
    left = [max(0, 4 - n) for n in seen]
    kept = ready.seat_table(ctx)  # plan worths by what they read, kept between decisions
    shape: list[tuple[str, int]] | None = None
    bonus, pinfu = 0.0, False
    out = []
    for plan in plans:
        speed = plan_speed(plan, counts, melds, seen, left)
        if speed is None or speed[0] > limit:
            continue
        if shape is None:  # the facts a worth reads, worked out once the first plan is in reach
            shape = hinted.shape_yaku(facts, closed)
            bonus = hinted.bonus_han(facts, ctx.hints)
            pinfu = hinted.pinfu_shaped(facts)
        # why: a worth depends on the hand only through these, and plans of one yaku (sanshoku of each rank)
        # share it, as do the discards of one decision that leave the same facts
        key = (plan.name, plan.simples, closed, bonus, pinfu, tuple(shape))
        worth = worths.get(key)
        if worth is None:
            # the seat's table keys by the seat's scoring facts (the dealer and the hints among them)
            worth = kept.get(key)
            if worth is None:
                worth = plan_worth(plan, facts, closed, ctx.dealer, ctx.hints, shape, bonus)
                kept[key] = worth
            worths[key] = worth
        if worth > 0.0:
            out.append((plan, speed[0], speed[1], worth))
    return out


def routes(
    ctx: Context,
    counts: list[int],
    melds: tuple | None,
    tiles: list[int] | None,
    closed: bool,
    followed: list[Plan],
    sh: int,
    live: int,
    worths: dict,
) -> list[tuple[int, int, float, str]]:
    """(shanten, live tiles, worth, yaku name) of each way the 3n+1 hand ``counts`` can win, the any-shape way
    (plain shanten ``sh`` and ``live``, name "") last. Its worth is exact once the hand is ready or one tile from
    it (every wait scored, ``ready.py``); a plan no slower than the hand is then counted one step slower than it
    is (the exact figure has its near waits; the plan's estimate is for the waits it may change to). ``worths``: the
    decision's memo of plan worths (a new dict per decision)."""
    exact = ready.exact_points(ctx, counts, melds, tiles, closed)
    own = ctx.obs.melds[ctx.obs.seat] if melds is None else melds
    hand = ctx.facts(counts, melds, tiles)
    limit = sh + ROUTE_SLACK
    out = []
    for plan, p_sh, p_live, worth in best_plans(ctx, counts, own, hand, closed, followed, limit, worths):
        # why: the exact figure looks one draw ahead only; a plan as fast as the hand whose near waits are
        # worthless (a pinfu wait under a forbidden pinfu) still wins once the wait is changed, a step later
        out.append((p_sh if exact is None or p_sh > sh else p_sh + 1, p_live, worth, plan.name))
    if exact is None:
        shape = hinted.shape_yaku(hand, closed)
        exact = plan_worth(ANY_SHAPE, hand, closed, ctx.dealer, ctx.hints, shape, hinted.bonus_han(hand, ctx.hints))
    out.append((sh, live, exact, ""))
    return out


def push_chance(
    ctx: Context,
    ways: list[tuple[int, int, float, str]],
    sh: int,
    live: int,
    chances: list[tuple[float, float, str]] | None = None,
) -> float:
    """The chance to win the hand (plain shanten ``sh``, ``live`` tiles) that its ways may reach against a threat:
    the plain play's, with which the fold weight was fitted, unless a win of the hand is worth a mangan on
    average, which then keeps the one-step chance summed over its draws. The plain one-shanten chance is 0 from
    mid-wall, so it folds every one-shanten hand there; push/fold tables push a mangan one-shanten [P]
    (``profile.py``). ``chances``: the ways' ``way_chances``, when the caller has them already."""
    total, reach = _union(way_chances(ctx, ways) if chances is None else chances, 0.0)
    bar = PUSH_WORTH * (ctx.profile.dealer_factor if ctx.dealer else 1.0)
    return ctx.win_chance(sh, live, reach > 0.0 and total >= bar * reach)


def best_route(
    ctx: Context,
    ways: list[tuple[int, int, float, str]],
    swing: float = 0.0,
    floor: float = 0.0,
    cap: float = 1.0,
    chances: list[tuple[float, float, str]] | None = None,
) -> float:
    """Expected points of the hand's ways to win (plus ``swing``, what a win also takes or stops): the best way's
    chance times its worth, and each further yaku's for the chance that the better ones fail, so a discard that
    keeps two yaku alive beats one that keeps one. Of the ways to one yaku (sanshoku of each rank) only the best
    counts: they are alternatives for the same sets, not a second chance. ``floor``: the least the any-shape way
    (the last) is worth; a ready hand late also counts the noten payments. ``cap``: the most the ways' chances
    may reach together (``push_chance``); above it the total is scaled down to it. ``chances``: the ways'
    ``way_chances`` with this ``floor``, when the caller has them already.

    A one-shanten way's chance is summed over the draw that readies it (``hazards.one_away_chance``): the
    default's mean wait makes a late plan with few tiles worthless beside a ready hand that cannot win.
    The yaku still share tiles, so their chances are not independent: the sum counts flexibility generously
    (a discount of a quarter or a half on the further yaku cost about a tenth of the wins at seven forbidden:
    docs/players.md, 地雷)."""
    if chances is None:
        chances = way_chances(ctx, ways, floor)
    total, reach = _union(chances, swing)
    return total * cap / reach if reach > cap else total


def way_chances(
    ctx: Context, ways: list[tuple[int, int, float, str]], floor: float = 0.0
) -> list[tuple[float, float, str]]:
    """(worth, chance to win, yaku name) of each way worth something, as ``best_route`` counts them: the
    any-shape way (the last) worth at least ``floor``, a ready hand late also the noten payments."""
    late = ctx.obs.wall_left < 16 and ctx.table.noten_payments
    last = len(ways) - 1
    out = []
    for i, (sh, live, worth, name) in enumerate(ways):
        if i == last:
            worth = max(worth, floor)
        if sh == 0 and late:
            worth += ctx.profile.tenpai_draw_value
        if worth > 0.0:
            out.append((worth, ctx.win_chance(sh, live, True), name))
    return out


def _union(chances: list[tuple[float, float, str]], swing: float) -> tuple[float, float]:
    """(expected points, chance that some way wins) of the ways' ``chances``, each won with ``swing`` more."""
    best_of: dict[str, tuple[float, float]] = {}  # per yaku, its best way: (expected points, chance)
    for worth, chance, name in chances:
        expected = chance * (worth + swing)
        if name not in best_of or best_of[name][0] < expected:
            best_of[name] = (expected, chance)
    ordered = sorted(best_of.values(), reverse=True)
    total, all_failed = 0.0, 1.0
    for expected, chance in ordered:
        total += all_failed * expected
        all_failed *= 1.0 - chance
    return total, 1.0 - all_failed
