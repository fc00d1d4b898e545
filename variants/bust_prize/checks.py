"""Invariants of トビ賞 (other_variants.md §10), run after every step by ``--check``."""

from __future__ import annotations

from variants.bust_prize.prize import busted_seats
from variants.riichi.api import options as riichi_opt


def only_at_a_bust(game) -> str | None:
    """Bust prizes are paid only once the game is over with someone under the threshold, by such seats."""
    paid = [t for t in game.ledger if t.reason == "bust prize"]
    if not paid:
        return None
    busted = busted_seats(game.scores, game.rules[riichi_opt.BUST])
    if not game.over or not busted:
        return f"bust prize paid without a bust ending the game: {paid[:3]}"
    if not {t.payer for t in paid} <= set(busted) or {t.payee for t in paid} & set(busted):
        return f"bust prize {paid} does not go from the busted {busted} to the others"
    return None


INVARIANTS = [("bust prize only at a bust", only_at_a_bust)]
