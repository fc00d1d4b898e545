"""Busting (chengdu.md §5.4, option ``bust``): a seat that runs out of points during a hand leaves it at once.

"Runs out" reads as Mahjong Soul's 被飞: a score below zero (a seat at exactly 0 plays on) [proposal]; the payment
that busts it is paid in full, so points stay conserved. With ``start_points`` 0 the first seat to pay in a hand is
out. The others play on until at most one seat is left in the hand. Then, by option: ``eliminate`` ends the match
with that hand [proposal: a seat without points cannot stake the next hand]; ``sit_out`` ([MA]: "a player who runs
out of chips is eliminated at once and the others go on") keeps the busted seat out of every later hand while the
others play on, until at most one seat is left playing or ``match_hands`` have been played.
"""

from __future__ import annotations

from variants.chengdu import options as opt


def eliminating(game) -> bool:
    """A seat that busts leaves the hand (``bust`` is eliminate or sit_out)."""
    return game.rules[opt.BUST] != "off"


def busted(game) -> list[int]:
    """Seats still in the hand whose score is below zero (they must leave it now)."""
    if not eliminating(game):
        return []
    return [s for s in range(4) if game.scores[s] < 0 and not game.hand.seats[s].left]


def out_of_match(game) -> set[int]:
    """``sit_out``: the seats out of the match: busted in an earlier hand, or below zero after one (an end-of-wall
    check can put a seat below zero without it leaving), even if a 退税 refund lifted it back."""
    if game.rules[opt.BUST] != "sit_out":
        return set()
    out = {s for s in range(4) if game.scores[s] < 0}
    for record in game.history:
        out.update(record.get("left", ()))
    return out


def sitting_out(game) -> list[int] | None:
    """The seats that sit the new hand out (None: everyone plays)."""
    return sorted(out_of_match(game)) or None


def ends_match(game, outcome: dict) -> bool:
    """``eliminate``: a seat busted in the hand or ended it below zero; ``sit_out``: at most one seat still plays."""
    if game.rules[opt.BUST] == "sit_out":
        return len(out_of_match(game)) >= 3
    return eliminating(game) and (bool(outcome.get("left")) or min(game.scores) < 0)


def playing_dealer(game, dealer: int) -> int:
    """``dealer``, or under ``sit_out`` the first seat from it in turn order that still plays."""
    out = out_of_match(game)
    return next((s % 4 for s in range(dealer, dealer + 4) if s % 4 not in out), dealer)
