"""Invariants of 割れ目 (other_variants.md §8), run after every step by ``--check``."""

from __future__ import annotations

from collections import Counter

from mjsim.engine.actions import POINTS, TABLE
from variants.wareme import options as opt
from variants.wareme.seat import PENALTY_PREFIX


def exactly_multiplied(game) -> str | None:
    """The latest settlement: others' transfers unchanged, the wareme seat's exactly multiplied, deposits never."""
    last = game.stash.get("wareme.last")
    if last is None:
        return None
    seat, start, before, after = last
    factor = game.rules[opt.MULTIPLIER]
    if len(before) != len(after):
        return f"the wareme settlement has {len(after)} transfers for {len(before)}"
    for old, new in zip(before, after, strict=True):
        if old._replace(amount=new.amount) != new:
            return f"{old} became {new}"
        involved = seat in (old.payer, old.payee) and TABLE not in (old.payer, old.payee)
        if not involved or old.currency != POINTS or old.reason.startswith(PENALTY_PREFIX):
            if new.amount != old.amount:
                return f"{old} does not involve the wareme seat {seat} (or is not points) but became {new.amount}"
        else:
            plain_noten = old.reason == "noten" and not game.rules[opt.DOUBLES_NOTEN]
            want = old.amount if plain_noten else old.amount * factor
            if new.amount != want:
                return f"{old} involves the wareme seat {seat} but became {new.amount}, not {want}"
    return _unpaid(game, start, after)


def _unpaid(game, start: int, after) -> str | None:
    """Every transfer of the wareme settlement is in the ledger, as the wareme left it."""
    paid = Counter(game.ledger[start:])
    missing = [t for t in after if paid[t] <= 0]
    return f"wareme transfers never paid: {missing[:3]}" if missing else None


def deposits_plain(game) -> str | None:
    """Riichi deposits are never multiplied: each is exactly the table's deposit."""
    setup = game.rules.flow.setup
    wrong = [t for t in game.ledger if t.reason == setup.deposit_reason and t.amount != setup.declaration_deposit]
    return f"riichi deposits of the wrong size: {wrong}" if wrong else None


INVARIANTS = [
    ("wareme transfers exactly multiplied", exactly_multiplied),
    ("wareme never multiplies deposits", deposits_plain),
]
