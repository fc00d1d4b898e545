"""Invariants of 焼き鳥 (other_variants.md §9), run after every step by ``--check``."""

from __future__ import annotations

from variants.yakitori import _nagashi_wins, marked_at_end
from variants.yakitori import options as opt
from variants.yakitori.marks import hand_winners, marks_after


def paid_by_the_marked(game) -> str | None:
    """The yakitori settlement: payers are exactly the marked seats, payees never are; a seat that won and
    kept its mark cleared (no 焼き鳥返し: any seat that ever won) never pays."""
    paid = [t for t in game.ledger if t.reason == "yakitori"]
    if not paid:
        return None
    marked = marked_at_end(game)
    payers, payees = {t.payer for t in paid}, {t.payee for t in paid}
    if payers != marked or payees & marked:
        return f"yakitori paid by {sorted(payers)} to {sorted(payees)}, marked {sorted(marked)}"
    if not game.rules[opt.GAESHI]:
        nagashi = _nagashi_wins(game.rules)
        won = {s for h in game.history for s in hand_winners(h, nagashi)}
        if won & marked:
            return f"seats {sorted(won & marked)} won a hand but pay yakitori"
    return None


def someone_marked(game) -> str | None:
    """With 焼き鳥返し at least one seat carries the mark after every hand; three right after a restoring win."""
    rules = game.rules
    if not rules[opt.GAESHI]:
        return None
    trail = marks_after(game.history, _nagashi_wins(rules), True)
    for index, (before, after) in enumerate(zip([frozenset(range(4)), *trail], trail, strict=False)):
        if not after:
            return f"after hand {index} nobody carries the yakitori mark"
        winners = hand_winners(game.history[index], _nagashi_wins(rules))
        restoring = before and before <= winners
        if restoring and len(after) != 4 - len(winners):
            return f"hand {index} restored {sorted(after)}, expected every seat but the winners {sorted(winners)}"
    return None


INVARIANTS = [
    ("yakitori paid by the marked to the cleared", paid_by_the_marked),
    ("yakitori-gaeshi keeps a mark", someone_marked),
]
