"""Which tile to discard: speed times value when nobody threatens, expected points against danger when someone does."""

from __future__ import annotations

from mjsim.engine.actions import Action
from mjsim.hand.tiles import kind_of
from variants.riichi.human import plans, ready
from variants.riichi.human.context import Context, action_tile, discard_facts, kind_set
from variants.riichi.human.danger import discard_risk

_SAFETY_TIE = 1e-6  # between equal scores, the less dangerous tile
DRAW_SHARE_LATE = 0.5  # late in the wall (under 16 tiles), about half the hands still in play end in a draw [H]
PLAN_SLACK = 1  # under yaku risks, discards this many shanten behind the fastest compete (a plan's way)


def choose_discard(ctx: Context, options: list[Action]) -> Action:
    """The discard with the best expected points: win chance x hand value, minus the danger it runs."""
    if len(kind_set(options)) == 1:  # one kind offered (a declared hand's draw): nothing to weigh
        return pick_tile(ctx, options)
    scores = discard_scores(ctx, options)
    best = max(scores, key=lambda k: scores[k])
    return pick_tile(ctx, [a for a in options if kind_of(action_tile(a)) == best])


def discard_scores(ctx: Context, options: list[Action]) -> dict[int, float]:
    """Per discarded kind, the score the player ranks it by (higher is better)."""
    if ctx.hints.yaku_risk:
        return _plan_scores(ctx, options)
    threats = ctx.threats
    # Without a threat only the fastest discards compete; against one, a step back may be the safe way.
    facts = discard_facts(ctx, kind_set(options), 1 if threats else 0)
    out = {}
    late = ctx.obs.wall_left < 16
    stakes = ctx.stakes
    # A win against a threat also takes the sticks on the table and stops the threat's own win.
    swing = stakes.stick * ctx.obs.sticks + ctx.profile.deny_share * sum(t.ready * t.value for t in threats)
    for k, (sh, live) in facts.items():
        worth = ctx.value_after(k)
        if sh == 0 and late and ctx.table.noten_payments:
            worth += ctx.profile.tenpai_draw_value * stakes.noten_scale
        if stakes.aware and worth > 0:
            # what the win is worth here, at the typical win's rate: a win that passes a rival counts for more
            worth = (stakes.win_value(worth) + win_side(ctx, worth)) / max(stakes.gain, 0.05)
        if not threats:
            out[k] = -1000.0 * sh + live * max(worth, 300.0) ** ctx.profile.value_exponent
            continue
        gain = ctx.win_chance(sh, live) * (worth + swing) * stakes.gain if worth > 0 else 0.0
        if stakes.aware and sh == 0 and late and stakes.noten_scale != 1.0:
            # noten payments other than the fitted 3,000: a ready hand takes the difference at the draw
            gain += DRAW_SHARE_LATE * (stakes.noten_scale - 1.0) * ctx.profile.tenpai_draw_value * stakes.gain
        risk = _risk(ctx, k, threats)
        risk *= 1.0 + ctx.profile.future_risk_per_shanten * max(sh, 0)
        out[k] = gain - ctx.fold_weight * risk - _SAFETY_TIE * risk
    return out


def _risk(ctx: Context, kind: int, threats: list) -> float:
    """Expected points lost by the discard; payoff-aware, each threat's loss at its rate (and a bust's prize)."""
    if not ctx.stakes.aware:
        return discard_risk(kind, threats, ctx.seen, ctx.doras, ctx.profile)
    stakes, own = ctx.stakes, ctx.obs.scores[ctx.obs.seat]
    total = 0.0
    for t in threats:
        lost = discard_risk(kind, [t], ctx.seen, ctx.doras, ctx.profile)
        busted = stakes.bust * lost / t.value if t.value > own and t.value > 0 else 0.0
        total += lost * stakes.loss_to(t.seat) + busted
    return total


def win_side(ctx: Context, worth: float) -> float:
    """What a win of ``worth`` points brings beside them, in points of settlement: a first win (焼き鳥), a bust's
    prize (トビ賞)."""
    stakes = ctx.stakes
    extra = stakes.first_win
    if stakes.bust:
        obs = ctx.obs
        others = [s for s in range(len(obs.scores)) if s != obs.seat]
        extra += stakes.bust * sum(1 for s in others if obs.scores[s] < worth) / len(others)
    return extra  # side payoffs are settlement already: not scaled by the gain


def _plan_scores(ctx: Context, options: list[Action]) -> dict[int, float]:
    """Under yaku risks (地雷): per discard, the best yaku plan's chance to win times its worth (``plans.py``).

    A step back competes, since a plan's shanten is not the hand's: the way to a yaku that pays may give up
    speed (two steps back were never chosen in 60 games at seven forbidden).
    Against a threat the gain is weighed against the danger as in the plain play, and the ways only share out
    the hand's own chance to win (``plans.push_chance``): summed, they made a cheap hand push like a big one."""
    threats = ctx.threats
    facts = discard_facts(ctx, kind_set(options), PLAN_SLACK)
    closed = not ctx.opened
    followed = plans.candidate_plans(ctx.counts, ctx.obs.melds[ctx.obs.seat], closed)
    swing = 1000.0 * ctx.obs.sticks + ctx.profile.deny_share * sum(t.ready * t.value for t in threats)
    counts = ctx.counts
    worths: dict = {}
    out = {}
    for k, (sh, live) in facts.items():
        counts[k] -= 1
        try:
            tiles = ready.tiles_without(ctx.obs.tiles, k, ctx.table.red_ids)
            ways = plans.routes(ctx, counts, None, tiles, closed, followed, sh, live, worths)
        finally:
            counts[k] += 1
        if not threats:
            # why the floor: a hand worth nothing still goes for ready (noten payments, a yaku that may come)
            out[k] = plans.best_route(ctx, ways, floor=300.0)
            continue
        risk = discard_risk(k, threats, ctx.seen, ctx.doras, ctx.profile)
        risk *= 1.0 + ctx.profile.future_risk_per_shanten * max(sh, 0)
        chances = plans.way_chances(ctx, ways)
        # why once: the cap and the gain count the same chances, only the swing differs
        cap = plans.push_chance(ctx, ways, sh, live, chances)
        gain = plans.best_route(ctx, ways, swing, cap=cap, chances=chances)
        out[k] = gain - ctx.fold_weight * risk - _SAFETY_TIE * risk
    return out


def pick_tile(ctx: Context, same_kind: list[Action]) -> Action:
    """Of actions discarding one kind, the one that keeps a red five (it is a dora)."""
    return min(same_kind, key=lambda a: a.tile in ctx.table.red_ids)
