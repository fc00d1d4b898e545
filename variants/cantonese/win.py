"""A Cantonese win scored and paid: the faan of the best reading, then who pays what (docs/cantonese.md)."""

from __future__ import annotations

from mjsim.scoring import Score, WinContext
from variants.cantonese.adapter import to_score
from variants.cantonese.points import payments
from variants.cantonese.scoring import score_faan

LIABLE = "cantonese.liable"  # ctx.extra: the wind index of a seat liable for the whole win (包自摸)


def score_win(ctx: WinContext, rules) -> Score:
    """The score of a win (NoWin under the minimum): its faan and every seat's payment, by wind index.

    A robbed kong is paid as a self-draw by the kong's owner ("搶槓當自摸 開槓的一家包" [A]).
    """
    values = rules.values
    result = score_faan(ctx, values)
    liable = ctx.extra.get(LIABLE)
    if ctx.has("chankan") and ctx.discarder is not None:
        liable = ctx.discarder
    discarder = None if ctx.tsumo or liable is not None else ctx.discarder
    pays = payments(result.faan, ctx.seat, values, discarder=discarder, liable=liable)
    return to_score(result, pays, ctx.seat)
