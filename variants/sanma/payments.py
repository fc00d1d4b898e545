"""Who pays what for a sanma win: the family's payments with the absent North's share lost or split.

The family's payments are worked out for four wind indices; the fourth (North) is nobody in sanma.  Its
share of a tsumo is dropped (ツモ損, Tenhou) or split between the two payers (``sanma.tsumo`` = split),
then the honba (``sanma.honba_ron`` on a ron, ``sanma.honba_tsumo_each`` from each payer) and the sticks
are added.
"""

from __future__ import annotations

from mjsim.scoring import Score, WinContext
from variants.riichi.api import STICK, pao_base_of, payments, round_up
from variants.riichi.api import options as riichi_opt
from variants.riichi.api import table_facts as tf
from variants.sanma import options as opt

SEATS = 3
_ABSENT = 3  # the wind index of the missing North seat


def three_seat_deltas(deltas4, ctx: WinContext, rules) -> list[int]:
    """Score changes of the three wind indices from the family's four (no honba, no sticks in ``deltas4``)."""
    deltas = list(deltas4[:SEATS])
    absent = -deltas4[_ABSENT]
    winner = ctx.seat
    if absent and rules[opt.TSUMO] == "split":
        payers = [i for i in range(SEATS) if i != winner and deltas[i] < 0]
        for i in payers:
            deltas[i] -= round_up(-(-absent // len(payers)))
    deltas[winner] = -sum(d for i, d in enumerate(deltas) if i != winner)
    _add_honba(deltas, ctx, rules)
    deltas[winner] += STICK * tf.sticks(ctx)
    return deltas


def _add_honba(deltas: list[int], ctx: WinContext, rules) -> None:
    """Honba: the discarder (or the liable seat, by pao option) on a ron, each payer on a tsumo."""
    if not tf.honba(ctx):
        return
    winner = ctx.seat
    if ctx.tsumo and tf.pao(ctx) is None:
        amounts = {i: rules[opt.HONBA_TSUMO_EACH] * tf.honba(ctx) for i in range(SEATS) if i != winner}
    else:  # a ron, or a tsumo the liable seat pays whole
        liable = tf.pao(ctx) is not None and (ctx.tsumo or rules[riichi_opt.PAO_HONBA_PAYER] == "responsible")
        amounts = {tf.pao(ctx) if liable else ctx.discarder: rules[opt.HONBA_RON] * tf.honba(ctx)}
    for payer, amount in amounts.items():
        deltas[payer] -= amount
        deltas[winner] += amount


def family_deltas(score: Score, ctx: WinContext, rules) -> tuple[int, ...]:
    """The family's four-index payments of a scored win without its honba and sticks (pao included)."""
    detail = score.detail
    bare = tf.with_table(ctx, honba=0, sticks=0)
    pao_base = pao_base_of(score.hits, detail.base, detail.yakuman, rules) if tf.pao(ctx) is not None else 0
    if pao_base:
        return payments(detail.base, bare, pao_base, rules[riichi_opt.PAO_HONBA_PAYER])
    return payments(detail.base, bare)


def three_seat_score(score: Score, ctx: WinContext, rules) -> Score:
    """A family score with its payments for three seats and its value without the lost share."""
    family = family_deltas(score, ctx, rules)
    bare = three_seat_deltas(family, tf.with_table(ctx, honba=0, sticks=0), rules)
    pays = three_seat_deltas(family, ctx, rules)
    return score._replace(value=bare[ctx.seat], payments=tuple(pays))
