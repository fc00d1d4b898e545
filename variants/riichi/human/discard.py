"""Which tile to discard: speed times value when nobody threatens, expected points against danger when someone does."""

from __future__ import annotations

from mjsim.engine.actions import Action
from mjsim.hand.tiles import kind_of
from variants.riichi.human import hinted
from variants.riichi.human.context import Context, action_tile, discard_facts, kind_set
from variants.riichi.human.danger import discard_risk

_SAFETY_TIE = 1e-6  # between equal scores, the less dangerous tile


def choose_discard(ctx: Context, options: list[Action]) -> Action:
    """The discard with the best expected points: win chance x hand value, minus the danger it runs."""
    if len(kind_set(options)) == 1:  # one kind offered (a declared hand's draw): nothing to weigh
        return pick_tile(ctx, options)
    scores = discard_scores(ctx, options)
    best = max(scores, key=lambda k: scores[k])
    return pick_tile(ctx, [a for a in options if kind_of(action_tile(a)) == best])


def discard_scores(ctx: Context, options: list[Action]) -> dict[int, float]:
    """Per discarded kind, the score the player ranks it by (higher is better)."""
    threats = ctx.threats
    # Without a threat only the fastest discards compete; against one, a step back may be the safe way, and
    # when a variant puts yaku at risk a step back may be the way to a yaku that pays.
    facts = discard_facts(ctx, kind_set(options), 1 if threats or ctx.hints.yaku_risk else 0)
    out = {}
    late = ctx.obs.wall_left < 16
    # A win against a threat also takes the sticks on the table and stops the threat's own win.
    swing = 1000.0 * ctx.obs.sticks + ctx.profile.deny_share * sum(t.ready * t.value for t in threats)
    for k, (sh, live) in facts.items():
        worth = ctx.value_after(k)
        if sh == 0 and late and ctx.table.noten_payments:
            worth += ctx.profile.tenpai_draw_value
        if ctx.hints.yaku_risk:
            sh, live = _plan_speed(ctx, k, sh, live)
        if not threats and ctx.hints.yaku_risk:  # a step back competes: rank by the chance to win times the worth
            out[k] = ctx.win_chance(sh, live) * max(worth, 300.0)
            continue
        if not threats:
            out[k] = -1000.0 * sh + live * max(worth, 300.0) ** ctx.profile.value_exponent
            continue
        gain = ctx.win_chance(sh, live) * (worth + swing) if worth > 0 else 0.0
        risk = discard_risk(k, threats, ctx.seen, ctx.doras, ctx.profile)
        risk *= 1.0 + ctx.profile.future_risk_per_shanten * max(sh, 0)
        out[k] = gain - ctx.fold_weight * risk - _SAFETY_TIE * risk
    return out


def _plan_speed(ctx: Context, kind: int, sh: int, live: int) -> tuple[int, int]:
    """Under yaku risks, an open hand of pons goes for toitoi: its speed counts pairs (``hinted.toitoi_speed``)."""
    counts = ctx.counts
    counts[kind] -= 1
    try:
        toitoi = hinted.toitoi_speed(counts, ctx.obs.melds[ctx.obs.seat], ctx.seen)
    finally:
        counts[kind] += 1
    return (sh, live) if toitoi is None or toitoi[0] > sh + 1 else toitoi


def pick_tile(ctx: Context, same_kind: list[Action]) -> Action:
    """Of actions discarding one kind, the one that keeps a red five (it is a dora)."""
    return min(same_kind, key=lambda a: a.tile in ctx.table.red_ids)
