"""Sanma payments at the end of a hand and of the game: the family's, for three seats."""

from __future__ import annotations

from dataclasses import replace

from mjsim.engine.actions import Transfer
from variants.riichi.api import draws, rank_bonuses, round_up, tsumo_shares
from variants.riichi.api import settlement as family
from variants.sanma import options as opt
from variants.sanma.payments import SEATS, family_deltas, three_seat_deltas

NAGASHI = "nagashi mangan"  # the reason the family's nagashi payments carry


def win_deltas(game, score, ctx) -> list[int]:
    """One win's score changes by wind index (three): the lost or split North share, sanma honba, sticks."""
    rules = game.rules
    return three_seat_deltas(family_deltas(score, ctx, rules), ctx, rules)


def settle_win(game, wins):
    """The family's win settlement (order, sticks to the first winner) with sanma's payments."""
    return family.settle_win(game, wins, deltas_of=win_deltas)


def settle_draw(game, reason: str):
    """The family's draw settlement; under ``sanma.tsumo`` = split a nagashi's absent North share is split too.

    Nagashi mangan is paid as a mangan tsumo (Tenhou: with tsumo loss), so the split rule splits it as it
    splits a tsumo win: each of the two payers adds half the North seat's share, rounded up to 100."""
    settled = family.settle_draw(game, reason)
    if game.rules[opt.TSUMO] != "split":
        return settled
    winners = sorted({t.payee for t in settled.transfers if t.reason == NAGASHI})
    extra = [t for seat in winners for t in _north_share_split(game, seat)]
    return replace(settled, transfers=[*settled.transfers, *extra])


def _north_share_split(game, seat: int) -> list[Transfer]:
    """What each other seat adds to a nagashi of ``seat``: half the absent North's mangan-tsumo share."""
    wind = (seat - game.hand.dealer) % SEATS
    absent = tsumo_shares(draws.nagashi_base(game), wind)[SEATS]
    half = round_up(-(-absent // (SEATS - 1)))
    return [Transfer(other, seat, half, NAGASHI) for other in range(SEATS) if other != seat]


def final_settlement(game) -> dict:
    """The family's ranks, oka and rounding, with the three-player uma (``sanma.uma``)."""
    return family.final_settlement(game, uma=rank_bonuses(game.rules[opt.UMA], opt.UMA_TABLE))
