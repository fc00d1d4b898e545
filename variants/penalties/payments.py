"""What a penalty pays: a chombo's mangan, a mis-call's fine, the riichi sticks a voided hand gives back.

Every reason starts with ``penalty:`` (割れ目 never multiplies a penalty: S001 4play "縛棒、罰符（チョンボ料、
誤発声料）は、倍にならない").
"""

from __future__ import annotations

from mjsim.engine.actions import TABLE, Transfer

PREFIX = "penalty:"
CHOMBO = PREFIX + "chombo"
MISCALL = PREFIX + "miscall"
STICK_BACK = PREFIX + "stick_back"
MANGAN_BASE = 2000  # a mangan's base points: 8000 from a non-dealer, 12000 from the dealer


def chombo(game, seat: int, payment: str) -> list[Transfer]:
    """``seat``'s chombo: a mangan tsumo in reverse (``mangan``), or a mangan ron to each other seat."""
    dealer = game.hand.dealer
    others = [s for s in range(game.seat_count) if s != seat]
    if payment == "mangan_each":
        return [Transfer(seat, s, MANGAN_BASE * (6 if s == dealer else 4), CHOMBO) for s in others]
    return [Transfer(seat, s, MANGAN_BASE * (2 if dealer in (s, seat) else 1), CHOMBO) for s in others]


def sticks_back(game) -> list[Transfer]:
    """The riichi deposits put down in this hand, back to their owners (the hand does not count)."""
    hand, deposit = game.hand, game.rules.flow.setup.declaration_deposit
    out = []
    for seat, me in enumerate(hand.seats):
        waiting = hand.discard is not None and hand.discard[0] == seat and me.declared_turn == len(me.river) - 1
        if me.declared_turn is not None and not waiting and deposit:  # a riichi discard still open: not yet paid
            out.append(Transfer(TABLE, seat, deposit, STICK_BACK))
    return out


def fine(seat: int, amount: int) -> list[Transfer]:
    """A mis-call's fine, put on the table (the next winner takes it with the riichi sticks)."""
    return [Transfer(seat, TABLE, amount, MISCALL)]
