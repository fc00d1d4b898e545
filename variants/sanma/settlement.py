"""Sanma payments at the end of a hand and of the game: the family's, for three seats."""

from __future__ import annotations

from variants.riichi import settlement as family
from variants.sanma import options as opt
from variants.sanma.payments import family_deltas, three_seat_deltas


def win_deltas(game, score, ctx) -> list[int]:
    """One win's score changes by wind index (three): the lost or split North share, sanma honba, sticks."""
    values = game.rules.values
    return three_seat_deltas(family_deltas(score, ctx, values), ctx, values)


def settle_win(game, wins):
    """The family's win settlement (order, sticks to the first winner) with sanma's payments."""
    return family.settle_win(game, wins, deltas_of=win_deltas)


def final_settlement(game) -> dict:
    """The family's ranks, oka and rounding, with the three-player uma (``sanma.uma``)."""
    return family.final_settlement(game, uma=opt.UMA_TABLE[game.rules[opt.UMA]])
