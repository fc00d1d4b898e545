"""Invariants of sanma, run after every step by ``--check`` and ``mjsim check``."""

from __future__ import annotations

from mjsim.engine.actions import CHI
from mjsim.engine.offers import claim_candidates, claimants
from mjsim.engine.state import CLAIM
from mjsim.hand.tiles import NORTH, kind_of
from variants.sanma.table import REMOVED_KINDS, SEATS


def the_108_tiles(game) -> str | None:
    """The set is 108 tiles without 2m-8m, at three seats; only Norths are set aside, at most four."""
    setup = game.rules.flow.setup
    if len(setup.tiles) != 108 or any(kind_of(t) in REMOVED_KINDS for t in setup.tiles) or setup.seats != SEATS:
        return f"not the sanma table: {len(setup.tiles)} tiles, {setup.seats} seats"
    hand = game.hand
    if hand is None:
        return None
    aside = [t for seat in hand.seats for t in seat.flowers]
    if any(kind_of(t) != NORTH for t in aside) or len(aside) > 4:
        return f"set aside {aside}: only the four Norths may be"
    return None


def three_seat_points(game) -> str | None:
    """Three scores plus the sticks on the table sum to three starting scores."""
    start = game.rules.flow.setup.start_points
    if len(game.scores) != SEATS or sum(game.scores) + game.table != SEATS * start:
        return f"points of three seats not conserved: {game.scores} + table {game.table}"
    return None


def no_chi(game) -> str | None:
    """No chi is offered on an open discard and none is made."""
    hand = game.hand
    if hand is None or game.over:
        return None
    if any(m.type == "chi" for seat in hand.seats for m in seat.melds):
        return "a chi was made"
    if hand.phase != CLAIM or hand.discard is None:
        return None
    # The offers pending() would make (the same calls, so asking again changes nothing).
    for seat in claimants(hand):
        offered = game.rules.flow.legal_actions(game, seat, claim_candidates(game, hand, seat))
        if any(a.kind == CHI for a in offered):
            return f"chi offered to seat {seat}: {offered}"
    return None


INVARIANTS = [
    ("sanma: 108 tiles, only Norths set aside", the_108_tiles),
    ("sanma: points of three seats conserved", three_seat_points),
    ("sanma: no chi", no_chi),
]
