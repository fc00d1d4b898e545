"""Test helper for settlement rules that return (payer, payee, amount) moves."""

from __future__ import annotations

from collections import Counter


def net(moves) -> dict[int, int]:
    """Each seat's change from (payer, payee, amount) moves."""
    out = Counter()
    for payer, payee, amount in moves:
        out[payer] -= amount
        out[payee] += amount
    return {s: out[s] for s in range(4)}
