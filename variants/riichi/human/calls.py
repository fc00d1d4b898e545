"""Whether to call a discard: yakuhai, tanyao (when open tanyao scores), one suit, toitoi; never into no yaku."""

from __future__ import annotations

from collections.abc import Sequence

from mjsim.engine.actions import CHI, KAN, PON, Action
from mjsim.hand import discard_kernel as kernel
from mjsim.hand.shanten import improving_kinds, shanten
from mjsim.hand.tiles import kind_of
from mjsim.scoring import Meld
from variants.riichi.human import plans, ready
from variants.riichi.human.context import Context, action_tile, after_discards

_MELD_TYPE = {CHI: "chi", PON: "pon", KAN: "kan"}
# Above this chance of 役牌 being forbidden, a value pon is not made under yaku risks (it reverses the win).
FORBIDDEN_YAKUHAI = 0.5


def choose_call(ctx: Context, calls: Sequence[Action], pass_action: Action) -> Action:
    """The call that brings a hand with a yaku closer (or a value pon), else pass."""
    if ctx.obs.declared[ctx.obs.seat]:
        return pass_action
    now = shanten(ctx.counts)
    if _folding(ctx, now):
        return pass_action
    best, best_key = pass_action, None
    # under yaku risks every call is measured against the plans of the hand as it is (worked out once)
    bar = _plan_value_now(ctx) if ctx.hints.yaku_risk else 0.0
    for a in calls:
        judged = _judge_by_plans(ctx, a, bar) if ctx.hints.yaku_risk else _judge(ctx, a, now)
        if judged is not None and (best_key is None or judged < best_key):
            best, best_key = a, judged
    return best


def _folding(ctx: Context, now: int) -> bool:
    """Against a riichi a far hand folds: it calls nothing."""
    return now >= 2 and any(t.ready >= 1.0 for t in ctx.threats)


def _judge(ctx: Context, action: Action, now: int) -> tuple[int, int] | None:
    """(shanten after, -points) of a call worth taking, or None."""
    obs, p = ctx.obs, ctx.profile
    counts = list(ctx.counts)
    for t in action.tiles:
        counts[kind_of(t)] -= 1
    claimed = action_tile(action)
    melds = obs.melds[obs.seat] + (Meld(_MELD_TYPE[action.kind], tuple(sorted(action.tiles + (claimed,)))),)
    tiles = [t for t in obs.tiles if t not in action.tiles]
    if action.kind == KAN:
        return _judge_kan(ctx, counts, melds, tiles, now)
    after = min(after_discards(counts))
    points = ctx.hand_points(counts, melds, tiles, closed=False)
    stakes = ctx.stakes
    # dearer noten payments make formal tenpai worth calling earlier (the window grows with them, up to 3x)
    late = obs.wall_left <= p.formal_tenpai_wall * min(max(stakes.noten_scale, 1.0), 3.0)
    if points <= 0 and not (late and after == 0):
        return None  # a call into no yaku (formal tenpai in the last draws excepted)
    if stakes.aware and points > 0:  # what the win is worth here: its points at their rate, and a first win saved
        points = int(stakes.win_worth(points))
    value_pon = action.kind == PON and kind_of(claimed) in ctx.facts(counts, melds, tiles).value_kinds
    if after > now or (after == now and not value_pon):
        return None
    if after > p.call_max_shanten and not value_pon:
        return None
    if points < p.call_min_points * (1.5 if ctx.dealer else 1.0) and after > p.cheap_call_shanten and not late:
        return None  # a cheap hand opens only when the call brings it close (people keep cheap hands closed)
    if not ctx.opened and not value_pon and _keeps_closed(ctx, now, after, points):
        return None
    return after, -points


def _judge_by_plans(ctx: Context, action: Action, bar: float) -> tuple[int, int] | None:
    """Under yaku risks (地雷): a call is worth it when the hand after it (and its best discard) has a better
    plan, by chance to win times worth (``plans.py``), than the hand has now: a pon toward toitoi, a chi toward
    ittsu, sanshoku or chanta. A pon of a value kind whose 役牌 the hints call forbidden more likely than not is
    never made (its triplet reverses every win it is part of). ``bar``: the value without the call.
    (0, -plan value), or None."""
    obs = ctx.obs
    claimed = action_tile(action)
    if action.kind == KAN:
        return None  # an open kan only adds a dora to every seat's hand and takes a draw: no plan needs it
    if action.kind == PON and kind_of(claimed) in ctx.value_kinds:
        if ctx.hints.yaku_risk.get("yakuhai", 0.0) > FORBIDDEN_YAKUHAI:
            return None
    counts = list(ctx.counts)
    for t in action.tiles:
        counts[kind_of(t)] -= 1
    melds = obs.melds[obs.seat] + (Meld(_MELD_TYPE[action.kind], tuple(sorted(action.tiles + (claimed,)))),)
    tiles = [t for t in obs.tiles if t not in action.tiles]
    after = _plan_value_after(ctx, counts, melds, tiles)
    if after <= bar:
        return None
    return 0, -round(after)


def _plan_value_now(ctx: Context) -> float:
    """The best plan's value of the hand as it is (3n+1: no call, nothing to discard)."""
    closed = not ctx.opened
    melds = ctx.obs.melds[ctx.obs.seat]
    sh, improving = improving_kinds(ctx.counts)
    live = sum(max(0, 4 - ctx.seen[k]) for k in improving)
    followed = plans.candidate_plans(ctx.counts, melds, closed)
    return plans.best_route(ctx, plans.routes(ctx, ctx.counts, None, None, closed, followed, sh, live, {}))


def _plan_value_after(ctx: Context, counts: list[int], melds: tuple, tiles: list[int]) -> float:
    """The best plan's value after a call (the 3n+2 concealed ``counts``) and its best discard."""
    followed = plans.candidate_plans(counts, melds, False)
    worths: dict = {}
    best = 0.0
    for k, sh, live in kernel.discard_facts(counts, ctx.seen, [k for k, n in enumerate(counts) if n], 1):
        counts[k] -= 1
        try:
            rest = ready.tiles_without(tiles, k, ctx.table.red_ids)
            ways = plans.routes(ctx, counts, melds, rest, False, followed, sh, live, worths)
            best = max(best, plans.best_route(ctx, ways))
        finally:
            counts[k] += 1
    return best


def _keeps_closed(ctx: Context, now: int, after: int, open_points: int) -> bool:
    """A closed hand near ready keeps its riichi unless the call readies a hand worth a share of it."""
    if now > ctx.profile.closed_keep_shanten:
        return False
    closed_points = ctx.hand_points(ctx.counts, closed=True)
    if ctx.stakes.aware:  # valued as the open hand was
        closed_points = int(ctx.stakes.win_worth(closed_points))
    return after > 0 or open_points < ctx.profile.closed_keep_ratio * closed_points


def _judge_kan(ctx: Context, counts, melds, tiles, now: int) -> tuple[int, int] | None:
    """An open kan pays only for an open hand with a yaku, nobody threatening, the hand no slower."""
    if not ctx.opened or ctx.threats:
        return None
    if ctx.hand_points(counts, melds, tiles, closed=False) <= 0:
        return None
    after = shanten(counts)
    return (after, 0) if after <= now else None
