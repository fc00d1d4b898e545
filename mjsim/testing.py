"""A minimal three-seat family, for tests only: it proves that the engine needs no fourth seat.

It is no real game and not riichi: 72 tiles (man and pin, four copies of each kind), 7-tile hands, any complete
hand wins (two sets and a pair, read by :func:`mjsim.hand.shanten.standard_shanten`), a ron and a tsumo pay fixed
amounts, a drawn hand pays nothing, the deal passes to the next seat after every hand, and the game ends after
``HANDS`` hands, ranked by points. No entry point names it: load it by module path, as in
``RuleSet("three-seat", ("mjsim.testing",)).compile()`` or a preset with ``variants = ["mjsim.testing"]``.
"""

from __future__ import annotations

from typing import Any

from mjsim.engine.actions import RON, Transfer
from mjsim.engine.outcomes import DrawSettlement, NextHand
from mjsim.engine.setup import TableSetup
from mjsim.engine.state import ROB
from mjsim.hand.shanten import standard_shanten
from mjsim.hand.tiles import kind_of
from mjsim.hookspecs import hookimpl
from mjsim.scoring import Score

NAME = "testing"
DESCRIPTION = "three seats, 72 tiles, 7-tile hands, any complete hand wins (tests only)"

SEATS = 3
KINDS = 18  # man 1-9 and pin 1-9
TILES = tuple(range(4 * KINDS))  # physical ids 0..71: four copies of each kind (id // 4 is the kind)
HAND_SIZE = 7
START_POINTS = 1000
RON_PAYMENT = 60  # the discarder pays it
TSUMO_PAYMENT = 30  # every other seat pays it
HANDS = 2 * SEATS  # every seat deals twice


@hookimpl
def mjsim_table_setup(rules: Any) -> TableSetup:
    """Three seats, no dead wall (replacements from the wall's end), no indicators, no deposits."""
    return TableSetup(
        tiles=TILES,
        seats=SEATS,
        hand_size=HAND_SIZE,
        replacement_tiles=0,
        indicator_tiles=0,
        indicators_at_start=0,
        kan_dora_timing="none",
        start_points=START_POINTS,
        riichi_deposit=0,
    )


@hookimpl
def mjsim_win(game: Any, seat: int, tile: int, how: str, detail: bool) -> Score | bool:
    """Any complete hand wins, on a discard or on a draw (never by robbing a kan)."""
    hand = game.hand
    if hand.phase == ROB:
        return False
    counts = list(hand.seats[seat].counts)
    if how == RON:
        counts[kind_of(tile)] += 1
    if standard_shanten(counts) != -1:
        return False
    return _score(RON_PAYMENT if how == RON else TSUMO_PAYMENT * (game.seat_count - 1)) if detail else True


def _score(value: int) -> Score:
    """A win worth ``value``: no patterns, no limits, no reading (this family scores nothing else)."""
    return Score(
        hits=(), han=0, fu=0, fu_parts=(), limit=None, yakuman=0, base=value, value=value, payments=(), reading=None
    )


@hookimpl
def mjsim_settle_win(game: Any, wins: list) -> list[Transfer]:
    """A ron: the discarder pays each winner; a tsumo: every other seat pays the winner."""
    transfers = []
    for seat, _, source, _ in wins:
        if source is not None:
            transfers.append(Transfer(source, seat, RON_PAYMENT, "ron"))
            continue
        payers = [other for other in range(game.seat_count) if other != seat]
        transfers += [Transfer(payer, seat, TSUMO_PAYMENT, "tsumo") for payer in payers]
    return transfers


@hookimpl
def mjsim_settle_draw(game: Any, reason: str) -> DrawSettlement:
    """A hand without a win pays nothing."""
    return DrawSettlement([], None)


@hookimpl
def mjsim_next_hand(game: Any, outcome: dict) -> NextHand:
    """The next seat deals; a round is one deal per seat; the game ends after ``HANDS`` hands."""
    played = len(game.history)
    dealer = (game.dealer + 1) % game.seat_count
    return NextHand(dealer=dealer, round=played // game.seat_count, honba=0, over=played >= HANDS)


@hookimpl
def mjsim_final_settlement(game: Any) -> dict:
    """Final points, ranks by points (ties: the lower seat first) and the results against the start."""
    points = list(game.scores)
    order = sorted(range(len(points)), key=lambda seat: (-points[seat], seat))
    ranks = [order.index(seat) + 1 for seat in range(len(points))]
    return {"points": points, "ranks": ranks, "results": [p - START_POINTS for p in points]}
