"""A minimal three-seat family, for tests only: it proves that the engine needs no fourth seat.

It is no real game and not riichi: 72 tiles (man and pin, four copies of each kind), 7-tile hands, any complete
hand wins (two sets and a pair, read by :func:`mjsim.hand.shanten.standard_shanten`), a ron and a tsumo pay fixed
amounts, a drawn hand pays nothing, the deal passes to the next seat after every hand, and the game ends after
``HANDS`` hands, ranked by points. No entry point names it: load it by module path, as in
``RuleSet("three-seat", ("mjsim.checking.testing",)).compile()`` or a preset with
``variants = ["mjsim.checking.testing"]``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from mjsim.engine.actions import RON, Transfer
from mjsim.engine.outcomes import DrawSettlement, NextHand
from mjsim.engine.setup import TableSetup
from mjsim.engine.state import ROB
from mjsim.hand.shanten import standard_shanten
from mjsim.hand.tiles import kind_of
from mjsim.hookspecs import hookimpl
from mjsim.scoring import Score, WinContext

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
        start_points=START_POINTS,
        seats=SEATS,
        hand_size=HAND_SIZE,
    )


@hookimpl
def mjsim_win_context(game: Any, seat: int, tile: int, how: str) -> WinContext | None:
    """Any complete hand may win, on a discard or on a draw (never by robbing a kan)."""
    hand = game.hand
    if hand.phase == ROB:
        return None
    me = hand.seats[seat]
    counts = list(me.counts)
    if how == RON:
        counts[kind_of(tile)] += 1
    if standard_shanten(counts) != -1:
        return None
    concealed = tuple(me.tiles) if how != RON else (*me.tiles, tile)
    return WinContext(concealed=concealed, win_tile=tile, tsumo=how != RON, seat_wind=hand.wind_of(seat))


@hookimpl
def mjsim_score_win(ctx: WinContext, rules: Any) -> Score:
    """A fixed value: a ron is worth RON_PAYMENT, a tsumo TSUMO_PAYMENT from each other seat."""
    value = TSUMO_PAYMENT * (SEATS - 1) if ctx.tsumo else RON_PAYMENT
    return Score(hits=(), value=value, payments=(), reading=None, detail=FlatDetail())


class FlatDetail(NamedTuple):
    """This family's facts of a win: none (a win is worth a fixed amount)."""

    def rank_key(self) -> tuple[()]:
        """No tie-break: every reading is worth the same."""
        return ()

    def record(self) -> dict[str, Any]:
        """Nothing beyond the seat, the source and the value goes into the hand record."""
        return {}

    def report(self) -> dict[str, Any]:
        """Nothing beyond the value for ``mjsim score``."""
        return {}

    def lines(self, unit: str) -> list[str]:
        """No breakdown lines."""
        return []

    def label(self) -> str | None:
        """No limit name."""
        return None


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
