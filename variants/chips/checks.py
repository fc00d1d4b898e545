"""Invariants of 祝儀 (other_variants.md §11), run after every step by ``--check``."""

from __future__ import annotations

from variants.chips.currency import hand_events


def only_winners_collect(game) -> str | None:
    """In the hand in play, every chip for an event (ippatsu, ura, red, yakuman) goes to a winner of it."""
    winners = set(hand_events(game, ("win",)))
    wrong = [
        t for t in hand_events(game, ("side_transfer",)) if t.reason.startswith("chips:") and t.payee not in winners
    ]
    return f"chips paid to a seat that did not win: {wrong[:3]}" if wrong else None


INVARIANTS = [("chips only for winners", only_winners_collect)]
