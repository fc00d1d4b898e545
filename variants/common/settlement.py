"""What the money families (成都 aside) settle alike: the final standings of net points, and a hand's win facts."""

from __future__ import annotations

from collections.abc import Sequence


def net_settlement(points: Sequence[int], start: int = 0) -> dict:
    """Points, ranks (ties by seat order) and results: each seat's points less the ``start`` it began with."""
    order = sorted(range(len(points)), key=lambda seat: (-points[seat], seat))
    return {
        "points": list(points),
        "ranks": [order.index(seat) + 1 for seat in range(len(points))],
        "results": [p - start for p in points],
    }


def win_facts(family: str, wins: Sequence[dict]) -> dict[str, int]:
    """A hand's "<family>.win", ".tsumo" and ".dealin" (1 when the hand was won, self-drawn, won on a discard)."""
    return {
        f"{family}.win": int(bool(wins)),
        f"{family}.tsumo": int(any(w["from"] is None for w in wins)),
        f"{family}.dealin": int(any(w["from"] is not None for w in wins)),
    }
