"""Why the human-like player would choose otherwise than a logged player (``mjsim view --advise human``): the
values it compared, in a line."""

from __future__ import annotations

import math
from collections.abc import Sequence

from mjsim.engine.actions import CHI, DECLARE_DISCARD, DISCARD, KAN, PASS, PON, Action
from mjsim.hand.shanten import shanten
from mjsim.hand.tiles import kind_of
from mjsim.view.tiles import tile_code
from variants.riichi.human.calls import _judge
from variants.riichi.human.context import Context, discard_facts, kind_set
from variants.riichi.human.discard import discard_scores

SHOWN = 3  # the best discards a reason lists
DISCARDS = (DISCARD, DECLARE_DISCARD)
CALLS = (PON, CHI, KAN)


def judge(ctx: Context, actions: Sequence[Action], chosen: Action, logged: Action) -> tuple[bool, str]:
    """Whether the player prefers ``chosen`` to ``logged`` by the values it ranks actions by (False: the logged
    choice is worth as much to it, a tie it broke otherwise), and its reason."""
    if chosen.kind in DISCARDS and logged.kind in DISCARDS:
        return _discards(ctx, [a for a in actions if a.kind == DISCARD], chosen, logged)
    if chosen.kind in CALLS + (PASS,) and logged.kind in CALLS + (PASS,):
        return True, _calls(ctx, chosen, logged)
    return True, f"it prefers {chosen.kind} to {logged.kind} here" + (" (a riichi threatens)" if ctx.threats else "")


def _discards(ctx: Context, discards: list[Action], chosen: Action, logged: Action) -> tuple[bool, str]:
    """Its discard scores (speed times value without a threat; win chance times value minus danger against one)."""
    declare = ""
    if chosen.kind != logged.kind:
        declare = "declares riichi; " if chosen.kind == DECLARE_DISCARD else "stays dama (no riichi); "
    if not discards:
        return True, declare.rstrip("; ")
    scores = discard_scores(ctx, discards)
    facts = discard_facts(ctx, kind_set(discards), 13)
    how = (
        f"against {len(ctx.threats)} threat(s), win chance x value - danger"
        if ctx.threats
        else "no threat, speed x value"
    )
    ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
    listed = ", ".join(f"{tile_code(k)} {v:,.0f}" for k, v in ranked[:SHOWN])
    mine, theirs = kind_of(chosen.tile), kind_of(logged.tile)
    text = f"{declare}ranks discards by {how}: {listed}"
    if mine == theirs:
        return True, text
    if theirs in scores:
        tie = not declare and math.isclose(scores[theirs], scores.get(mine, scores[theirs]), rel_tol=1e-9, abs_tol=1e-6)
        return not tie, text + f"; logged {tile_code(theirs)} {scores[theirs]:,.0f}"
    sh_mine, sh_theirs = facts.get(mine, (None, None))[0], facts.get(theirs, (None, None))[0]
    return True, text + f"; logged {tile_code(theirs)} leaves {sh_theirs} shanten against {sh_mine} (not considered)"


def _calls(ctx: Context, chosen: Action, logged: Action) -> str:
    """A call against a pass: the shanten and points the call gives, or why it is not worth it."""
    now = shanten(ctx.counts)
    call = chosen if chosen.kind != PASS else logged
    judged = _judge(ctx, call, now)
    tile = tile_code(kind_of(call.tile)) if call.tile is not None else ""
    if ctx.obs.declared[ctx.obs.seat]:
        return "its hand is in riichi: no call"
    if now >= 2 and any(t.ready >= 1.0 for t in ctx.threats):
        return f"folds against a riichi at {now} shanten: no call"
    if judged is None:
        return f"{call.kind} {tile} is not worth it: no yaku after it, or not faster ({now} shanten now)"
    after, points = judged
    return f"{call.kind} {tile}: {now} -> {after} shanten, about {-points:,} points"
