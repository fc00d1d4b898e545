"""Busting (chengdu.md §5.4, option ``bust``): a seat that runs out of points during a hand leaves it at once.

"Runs out" reads as Mahjong Soul's 被飞: a score below zero (a seat at exactly 0 plays on) [proposal]; the payment
that busts it is paid in full, so points stay conserved. With ``start_points`` 0 the first seat to pay in a hand is
out. The others play on until at most one seat is left in the hand; the match ends with that hand [proposal: the
spec is silent; a seat without points cannot stake the next hand].
"""

from __future__ import annotations

from variants.chengdu import options as opt


def eliminating(game) -> bool:
    """The ``bust = eliminate`` option is on."""
    return game.rules[opt.BUST] == "eliminate"


def busted(game) -> list[int]:
    """Seats still in the hand whose score is below zero (they must leave it now)."""
    if not eliminating(game):
        return []
    return [s for s in range(4) if game.scores[s] < 0 and not game.hand.seats[s].left]


def ends_match(game, outcome: dict) -> bool:
    """A seat busted in the hand (even if a 退税 refund lifted it back) or ended it below zero: the match is over."""
    return eliminating(game) and (bool(outcome.get("left")) or min(game.scores) < 0)
