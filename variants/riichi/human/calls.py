"""Whether to call a discard: yakuhai, tanyao (when open tanyao scores), one suit, toitoi; never into no yaku."""

from __future__ import annotations

from collections.abc import Sequence

from mjsim.engine.actions import CHI, KAN, PON, Action
from mjsim.hand.shanten import shanten
from mjsim.hand.tiles import kind_of
from mjsim.scoring import Meld
from variants.riichi.human.context import Context, action_tile, after_discards

_MELD_TYPE = {CHI: "chi", PON: "pon", KAN: "kan"}
OPEN_GAIN = 2.0  # a guess: an open hand this many times the closed hand's worth is a reason to open it


def choose_call(ctx: Context, calls: Sequence[Action], pass_action: Action) -> Action:
    """The call that brings a hand with a yaku closer (or a value pon), else pass."""
    if ctx.obs.declared[ctx.obs.seat]:
        return pass_action
    now = shanten(ctx.counts)
    if _folding(ctx, now):
        return pass_action
    best, best_key = pass_action, None
    for a in calls:
        judged = _judge(ctx, a, now)
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
    late = obs.wall_left <= p.formal_tenpai_wall
    if points <= 0 and not (late and after == 0):
        return None  # a call into no yaku (formal tenpai in the last draws excepted)
    value_pon = action.kind == PON and kind_of(claimed) in ctx.facts(counts, melds, tiles).value_kinds
    if after > now or (after == now and not value_pon and not _opens_into_value(ctx, points)):
        return None
    if after > p.call_max_shanten and not value_pon:
        return None
    if points < p.call_min_points * (1.5 if ctx.dealer else 1.0) and after > p.cheap_call_shanten and not late:
        return None  # a cheap hand opens only when the call brings it close (people keep cheap hands closed)
    if not ctx.opened and not value_pon and _keeps_closed(ctx, now, after, points):
        return None
    return after, -points


def _opens_into_value(ctx: Context, open_points: int) -> bool:
    """Under yaku risks (地雷): a call that keeps the shanten is still worth it when it makes a hand that could
    not win cleanly closed into one that can (the clean yaku of an open hand: toitoi, ittsu, sanshoku, chanta)."""
    if not ctx.hints.yaku_risk or ctx.opened:
        return False
    return open_points > OPEN_GAIN * max(ctx.hand_points(ctx.counts, closed=True), 1)


def _keeps_closed(ctx: Context, now: int, after: int, open_points: int) -> bool:
    """A closed hand near ready keeps its riichi unless the call readies a hand worth a share of it."""
    if now > ctx.profile.closed_keep_shanten:
        return False
    closed_points = ctx.hand_points(ctx.counts, closed=True)
    return after > 0 or open_points < ctx.profile.closed_keep_ratio * closed_points


def _judge_kan(ctx: Context, counts, melds, tiles, now: int) -> tuple[int, int] | None:
    """An open kan pays only for an open hand with a yaku, nobody threatening, the hand no slower."""
    if not ctx.opened or ctx.threats:
        return None
    if ctx.hand_points(counts, melds, tiles, closed=False) <= 0:
        return None
    after = shanten(counts)
    return (after, 0) if after <= now else None
