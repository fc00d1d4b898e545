"""Flower wins: 七搶一 (seven robbing one) and 八仙過海 (all eight flowers) (taiwan.md §9)."""

from __future__ import annotations

from typing import NamedTuple

from variants.taiwan import options as opt

HIDER = "taiwan.hider"  # hand stash: the seat that hid the eighth flower (it cannot win this hand)


class FlowerWin(NamedTuple):
    """A flower win open to ``seat``: its kind and, for 七搶一, the seat holding the single flower."""

    kind: str  # "qiqiangyi" or "baxian"
    single: int | None


def _arrivals(game) -> list[int]:
    """For each seat, the log index at which it got its latest flower (-1: at the deal)."""
    latest = [-1] * 4
    for index, event in enumerate(game.log[_hand_start(game) :]):
        if event.kind == "bonus":
            latest[event.seat] = index
    return latest


def _hand_start(game) -> int:
    for index in range(len(game.log) - 1, -1, -1):
        if game.log[index].kind == "hand_start":
            return index
    return 0


def flower_win(game, seat: int) -> FlowerWin | None:
    """The flower win ``seat`` may declare now, if any."""
    counts = [len(s.flowers) for s in game.hand.seats]
    if counts[seat] == 8:
        return FlowerWin("baxian", None)
    mode = game.rules[opt.QIQIANGYI]
    if counts[seat] != 7 or mode == "off" or 1 not in counts:
        return None  # the eighth flower is still in the wall
    single = counts.index(1)
    if mode == "hiding_allowed" and hidden_by(game) == single:
        return None
    return FlowerWin("qiqiangyi", single)


def hidden_by(game) -> int | None:
    """With hiding allowed, the seat that drew the eighth flower after another held seven hides it (藏花).

    Hiding saves it from paying 七搶一 and costs it the right to win this hand; the simulated players always
    hide (the option's point is exactly that escape).
    """
    hand = game.hand
    if HIDER in hand.stash:
        return hand.stash[HIDER]
    counts = [len(s.flowers) for s in hand.seats]
    if sorted(counts) != [0, 0, 1, 7] or game.rules[opt.QIQIANGYI] != "hiding_allowed":
        return None
    seven, single = counts.index(7), counts.index(1)
    arrivals = _arrivals(game)
    hider = single if arrivals[single] > arrivals[seven] else None
    hand.stash[HIDER] = hider
    return hider
