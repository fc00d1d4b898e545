"""错和 (a false win) and 换位 (the players change seats every round) in 国标麻将 (docs/mcr.md §7).

A false win is a win declared that the hand does not make, a complete hand below the minimum among them: the
engine did not offer it, so it is a player's mistake (``mjsim_refused_action``, the error model's
``efficiency~RATE~false_win``). The offender pays each other player ``mcr.false_win_penalty`` points (10: "a
penalty of 30 points, 10 points to each player" [GUIDE]; the score sheet of ChineseOfficialMahjongHelper books
-30 and +10 each [CMH]); the claim is let go and the hand plays on, the offender's hand too [CMH: a false win
and a win can be booked in one hand].
"""

from __future__ import annotations

from mjsim.engine.actions import PASS, Action, Transfer
from mjsim.engine.outcomes import NextHand, Refusal
from variants.common.mistakes import common_mistakes, in_claim_window, kind_of_mistake, logged
from variants.mcr import options as opt

FALSE_WIN = "false_win"
REASON = "false win"

# 换位: the players at the East, South, West and North seats at each round's first hand, by their seats in the
# East round (A B C D): B A D C, then C D B A, then D C A B [CMH ScoreSheetScene: 东南北西, 南东西北, 西北东南,
# 北西南东 for the players who start East, South, West, North; the Appendix 4 swaps as reported on the forum].
ROUND_SEATING = ((0, 1, 2, 3), (1, 0, 3, 2), (2, 3, 1, 0), (3, 2, 0, 1))


def mistakes(game, seat: int, legal: list[Action]) -> dict[str, list[Action]]:
    """The false wins ``seat`` could declare now instead of its ``legal`` actions (the rules judge no other)."""
    found = common_mistakes(game, seat, legal).get(FALSE_WIN)
    return {FALSE_WIN: found} if found else {}


def judge(game, seat: int, action: Action, chosen: dict[int, Action]) -> Refusal | None:
    """A false win: the offender pays each other player the penalty; the claim is let go, the hand goes on."""
    offered = list((game.offered or {}).get(seat, ()))
    if kind_of_mistake(mistakes(game, seat, offered), action) is None:
        return None
    amount = game.rules[opt.FALSE_WIN_PENALTY]
    paid = [Transfer(seat, other, amount, REASON) for other in range(game.seat_count) if other != seat and amount]
    instead = Action(PASS) if in_claim_window(game) else None  # None: the offender decides its turn again
    return logged(game, seat, FALSE_WIN, amount, Refusal(transfers=paid, instead=instead))


def seating(game, next_hand: NextHand) -> tuple[int, ...] | None:
    """Who sits where for the next hand: the round's seating, once the players change seats (``mcr.seat_changes``)."""
    if next_hand.over or not game.rules[opt.SEAT_CHANGES]:
        return None
    return ROUND_SEATING[next_hand.round % len(ROUND_SEATING)]
