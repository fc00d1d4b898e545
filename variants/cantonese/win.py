"""A Cantonese win scored and paid: the faan of the best reading, then who pays what (docs/cantonese.md)."""

from __future__ import annotations

from mjsim.errors import MjsimError
from mjsim.scoring import Score, WinContext
from variants.cantonese.adapter import to_score
from variants.cantonese.points import payments
from variants.cantonese.scoring import score_faan

LIABLE = "cantonese.liable"  # ctx.extra: the seat liable for the whole win (包自摸): a wind index or E/S/W/N
WIND_LETTERS = "ESWN"


def score_win(ctx: WinContext, rules) -> Score:
    """The score of a win (NoWin under the minimum): its faan and every seat's payment, by wind index.

    A robbed kong is paid as a self-draw by the kong's owner ("搶槓當自摸 開槓的一家包" [A]).
    """
    result = score_faan(ctx, rules)
    liable = liable_seat(ctx.extra.get(LIABLE))
    if ctx.has("chankan") and ctx.discarder is not None:
        liable = ctx.discarder
    discarder = None if ctx.tsumo or liable is not None else ctx.discarder
    pays = payments(result.faan, ctx.seat, rules, discarder=discarder, liable=liable)
    return to_score(result, pays, ctx.seat)


def liable_seat(value) -> int | None:
    """The liable seat's wind index from ``ctx.extra`` (an int, or ``--extra cantonese.liable=W`` as a 1-tuple)."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4):
        return value
    text = value[0] if isinstance(value, tuple) and len(value) == 1 else value
    if isinstance(text, str) and text.upper() in WIND_LETTERS and len(text) == 1:
        return WIND_LETTERS.index(text.upper())
    if isinstance(text, str) and text in ("0", "1", "2", "3"):
        return int(text)
    raise MjsimError(f"{LIABLE} = {value!r}: the liable seat is one wind, E, S, W or N (or 0-3)")
