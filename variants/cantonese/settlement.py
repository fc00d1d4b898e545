"""Payments, the dealer's turn, the end of the game and the hand facts experiments read (docs/cantonese.md)."""

from __future__ import annotations

from mjsim.engine.actions import Transfer
from mjsim.engine.outcomes import DrawSettlement, NextHand
from variants.cantonese import options as opt
from variants.cantonese.adapter import faan_of
from variants.common.settlement import net_settlement, win_facts

ROUNDS = 4  # "最普遍為打四圈,共十六局(若有人連莊則不只)" [A]


def settle_win(game, wins) -> list[Transfer]:
    """Each win's payments, seat by seat (the score's payments are by wind index)."""
    hand = game.hand
    out = []
    for seat, _tile, source, score in wins:
        reason = "tsumo" if source is None else "ron"
        for payer in range(len(hand.seats)):
            amount = -score.payments[hand.wind_of(payer) - 27]
            if payer != seat and amount > 0:
                out.append(Transfer(payer, seat, amount, reason))
    return out


def settle_draw(game, reason: str) -> DrawSettlement:
    """A drawn hand pays nothing (the sources name no payment for a draw)."""
    return DrawSettlement()


def next_hand(game, outcome: dict) -> NextHand:
    """The dealer repeats on its win and on a draw [proposal]; four rounds of four dealers at least [A]."""
    wins = outcome.get("wins") or []
    repeat = not wins or any(w["seat"] == game.dealer for w in wins)
    dealer, round_index = game.dealer, game.round_index
    if not repeat:
        dealer = (dealer + 1) % 4
        round_index += dealer == 0
    honba = game.honba + 1 if repeat else 0
    return NextHand(dealer, round_index, honba, repeat=repeat, over=round_index >= ROUNDS)


def final_settlement(game) -> dict:
    """Points, ranks (ties by seat order) and results: the net winnings."""
    return net_settlement(game.scores, game.rules[opt.START_POINTS])


def record_hand(game, outcome: dict) -> dict:
    """Per hand: win, self-draw, deal-in, the winner's faan and whether it was a chicken hand."""
    wins = outcome.get("wins", [])
    facts: dict = win_facts("cantonese", wins)
    if wins:
        facts["cantonese.faan"] = sum(faan_of(w) for w in wins) / len(wins)
        facts["cantonese.chicken"] = sum(w.get("cantonese.chicken", 0) for w in wins) / len(wins)
    return facts
