"""Who is 焼き鳥 (yakitori) after each hand, and what the yakitori pay at the end (other_variants.md §9)."""

from __future__ import annotations

from collections.abc import Iterable

ALL = frozenset(range(4))
LITERAL = {1: 15, 2: 10, 3: 10}  # fl8's listed losses per yakitori player, by how many are yakitori


def hand_winners(record: dict, nagashi_wins: bool) -> set[int]:
    """The seats that won this hand (nagashi mangan only when it counts as a win)."""
    winners = {w["seat"] for w in record.get("wins") or ()}
    return winners | (set(record.get("nagashi") or ()) if nagashi_wins else set())


def marks_after(hands: Iterable[dict], nagashi_wins: bool, gaeshi: bool) -> list[frozenset[int]]:
    """The marked seats after each hand: all four at the start; a win clears the winner's mark.

    焼き鳥返し (``gaeshi``): when the win clears the last marks, every other seat is marked again.
    """
    marked, out = ALL, []
    for record in hands:
        winners = hand_winners(record, nagashi_wins)
        if winners:
            cleared = marked - winners
            marked = ALL - winners if gaeshi and not cleared and marked & winners else cleared
        out.append(marked)
    return out


def final_marks(hands: list[dict], nagashi_wins: bool, gaeshi: bool) -> frozenset[int]:
    """The seats still yakitori when the game ends."""
    trail = marks_after(hands, nagashi_wins, gaeshi)
    return trail[-1] if trail else ALL


def payments(marked: frozenset[int], per_pair: int, literal: bool) -> list[tuple[int, int, int]]:
    """(payer, payee, amount): each yakitori pays each seat without the mark; nobody pays when all are marked.

    ``literal``: fl8's listed losses (one yakitori -15, two or three -10 each), spread evenly over the payees.
    """
    clear = sorted(ALL - marked)
    if not clear or not marked:
        return []
    each = LITERAL[len(marked)] // len(clear) if literal else per_pair
    return [(payer, payee, each) for payer in sorted(marked) for payee in clear]


def first_win_change(marked: frozenset[int], seat: int, per_pair: int, literal: bool, gaeshi: bool) -> int:
    """How ``seat``'s end-of-game balance changes if it wins now, the other marks as they stand (by ``payments``
    itself: with every seat marked a first win is paid by the other three, not saved from nobody)."""
    after = marked - {seat}
    if gaeshi and not after:  # 焼き鳥返し: the last mark cleared marks the other three again
        after = ALL - {seat}
    return _balance(after, seat, per_pair, literal) - _balance(marked, seat, per_pair, literal)


def _balance(marked: frozenset[int], seat: int, per_pair: int, literal: bool) -> int:
    """What ``seat`` receives less what it pays when the game ends with ``marked``."""
    return sum(
        amount if payee == seat else -amount
        for payer, payee, amount in payments(marked, per_pair, literal)
        if seat in (payer, payee)
    )
