"""Flower wins: 七搶一 (seven robbing one) and 八仙過海 (all eight flowers) (taiwan.md §9).

Seed: "1人で7枚の花牌を抜いた状態の特殊あがり ... いずれも花牌1枚を抜いたプレーヤーの放銃扱いとなる": the win stands the
moment the seven and the one are out (at the deal, or when the seventh or the eighth is set aside). A player who
draws the eighth flower while another holds seven chooses, with hiding allowed, to hide it (藏花: it pays nothing
and cannot win this hand) or to show it (the holder of seven wins at once and it pays).
"""

from __future__ import annotations

from typing import NamedTuple

from mjsim.engine.actions import Action
from variants.taiwan import options as opt

HIDER = "taiwan.hider"  # hand stash: the seat that hid the eighth flower (it cannot win this hand)
HIDE, SHOW = "hide_flower", "show_flower"  # the choices about the eighth flower (mjsim_after_bonus)


class FlowerWin(NamedTuple):
    """A flower win open to ``seat``: its kind and, for 七搶一, the seat holding the single flower."""

    kind: str  # "qiqiangyi" or "baxian"
    single: int | None


def _counts(game) -> list[int]:
    return [len(s.flowers) for s in game.hand.seats]


def flower_win(game, seat: int) -> FlowerWin | None:
    """The flower win ``seat`` may declare now, if any."""
    counts = _counts(game)
    if counts[seat] == 8:
        return FlowerWin("baxian", None)
    mode = game.rules[opt.QIQIANGYI]
    if counts[seat] != 7 or mode == "off" or 1 not in counts:
        return None  # the eighth flower is still in the wall
    single = counts.index(1)
    if hidden_by(game) == single:
        return None
    return FlowerWin("qiqiangyi", single)


def hidden_by(game) -> int | None:
    """The seat that chose to hide the eighth flower in this hand (None: nobody)."""
    return game.hand.stash.get(HIDER)


def eighth_flower_choices(game, seat: int, tile: int) -> list[Action] | None:
    """With hiding allowed, the seat that just set aside the eighth flower while another holds seven chooses to
    hide it or show it (藏花: "藏花のルールを認める場合は、7枚の花牌を抜いているプレイヤーがいると、
    放銃を避けるために残った1枚の花牌を引いても抜かなくてよい（もちろん、これによってあがれなくなってしまう）");
    hiding is offered first."""
    counts = _counts(game)
    if game.rules[opt.QIQIANGYI] != "hiding_allowed" or counts[seat] != 1 or sorted(counts) != [0, 0, 1, 7]:
        return None
    return [Action(HIDE, tile), Action(SHOW, tile)]


def record_choice(game, seat: int, action: Action) -> None:
    """Remember a seat that hid its flower (read by :func:`hidden_by`)."""
    if action.kind == HIDE:
        game.hand.stash[HIDER] = seat


def bonus_wins(game, seat: int, tile: int) -> list[tuple[int, int]] | None:
    """七搶一 at once, when ``seat``'s flower completes seven against one: the holder of seven wins and the holder
    of one pays (cases (a) at the deal and (c) when another player shows the eighth).

    Case (b), the drawer's own seventh, is declared by the drawer on its turn after its replacement draw, which
    the seed requires ("七搶一であがっても、必ず補花しなければならない") and which may complete its hand too.
    """
    counts = _counts(game)
    if game.rules[opt.QIQIANGYI] == "off" or sorted(counts) != [0, 0, 1, 7]:
        return None
    seven, single = counts.index(7), counts.index(1)
    if hidden_by(game) == single or (seven == seat and _drawn_in_play(game, tile)):
        return None
    return [(seven, single)]


def _drawn_in_play(game, tile: int) -> bool:
    """The flower was drawn during play (a "bonus" event), not set aside from the deal."""
    for event in reversed(game.log):
        if event.kind == "bonus" and event.data == tile:
            return True
        if event.kind == "hand_start":
            return False
    return False
