"""Which seat is the wareme (割れ目) of a hand, and how its transfers are multiplied (other_variants.md §8)."""

from __future__ import annotations

import random

from mjsim.engine.actions import POINTS, TABLE, Transfer
from mjsim.engine.wall import derive_seed

NOTEN = "noten"
PENALTY_PREFIX = (
    "penalty:"  # penalties (chombo, mis-call fines) are never multiplied (S001 4play: "罰符は、倍にならない")
)


def dice(game_seed: int, hand_index: int) -> tuple[int, int]:
    """The two dice thrown to break the wall of a hand, drawn from the game's seed (reproducible)."""
    rng = random.Random(derive_seed(game_seed, "wareme", hand_index))
    return rng.randint(1, 6), rng.randint(1, 6)


def wareme_seat(dealer: int, total: int) -> int:
    """The seat in front of the wall break: counting the dealer as 1 counter-clockwise, ``(dealer + s - 1) mod 4``."""
    return (dealer + total - 1) % 4


def seat_of_hand(game) -> int:
    """The wareme seat of the hand in play (thrown once per hand, kept in the hand's stash)."""
    hand = game.hand
    seat = hand.stash.get("wareme.seat")
    if seat is None:
        seat = hand.stash["wareme.seat"] = wareme_seat(hand.dealer, sum(dice(game.seed, hand.index)))
    return seat


def multiplied(t: Transfer, seat: int, factor: int, doubles_noten: bool) -> bool:
    """Whether the wareme multiplies ``t``: a points payment between the wareme seat and another seat.

    Riichi deposits and sticks (the table's account), side currencies (chips) and penalties never are; noten
    payments only with ``wareme.doubles_noten``.
    """
    if t.currency != POINTS or TABLE in (t.payer, t.payee) or seat not in (t.payer, t.payee):
        return False
    if t.reason.startswith(PENALTY_PREFIX):
        return False
    return factor != 1 and (doubles_noten or t.reason != NOTEN)


def apply(transfers: list[Transfer], seat: int, factor: int, doubles_noten: bool) -> list[Transfer]:
    """The transfers with every one the wareme seat takes part in multiplied by ``factor``."""
    return [
        t._replace(amount=t.amount * factor) if multiplied(t, seat, factor, doubles_noten) else t for t in transfers
    ]
