"""The mistakes a seat can make now, and the seed's ruling on each (riichi_base.md §19).

A mistake is a declaration the engine did not offer: a win the hand does not make (``false_win``), a riichi
on a noten hand (``noten_riichi``), a pon the hand cannot make (``miscall``: 空ポン), a hand found a tile long
or short (``taahai``/``shouhai``: the simulator keeps every hand's size, so these are declared as the facts found).
"""

from __future__ import annotations

from mjsim.engine.actions import DISCARD, PASS, Action
from mjsim.engine.outcomes import Refusal
from variants.common.mistakes import (
    TAAHAI,
    another_wins,
    common_mistakes,
    in_claim_window,
    kind_of_mistake,
    logged,
    make_dead,
)
from variants.penalties import options as opt
from variants.penalties import payments
from variants.riichi.vocabulary import RIICHI

VOID_REASON = "chombo"  # the draw reason of a hand ended by a chombo (replayed)
AT_DRAW = "penalties.at_draw"  # hand stash: seats whose chombo is due at the exhaustive draw


def mistakes(game, seat: int, legal: list[Action]) -> dict[str, list[Action]]:
    """The mistakes ``seat`` could declare now instead of one of its ``legal`` actions."""
    out = common_mistakes(game, seat, legal)
    if out and not in_claim_window(game) and _may_declare(game, seat, legal):
        offered = {a.tile for a in legal if a.kind == RIICHI}
        out["noten_riichi"] = [Action(RIICHI, a.tile) for a in legal if a.kind == DISCARD and a.tile not in offered]
    return out


def _may_declare(game, seat: int, legal: list[Action]) -> bool:
    """A riichi could be declared but for the hand: closed, not yet declared, 1000 points, four tiles left."""
    me, setup = game.hand.seats[seat], game.rules.flow.setup
    if me.declared_turn is not None or any(m.opened for m in me.melds):
        return False
    walls_left = len(game.hand.wall) - setup.reserve
    return game.scores[seat] >= setup.declaration_deposit and walls_left >= 4 and any(a.kind == DISCARD for a in legal)


def judge(game, seat: int, action: Action, chosen: dict[int, Action]) -> Refusal | None:
    """The ruling on ``seat``'s declaration of ``action``, which the engine did not offer (None: not a mistake)."""
    kind = kind_of_mistake(mistakes(game, seat, list((game.offered or {}).get(seat, ()))), action)
    if kind is None:
        return None
    claim = in_claim_window(game)
    if another_wins(game, seat, chosen):
        # S001 4play: "和了りとチョンボの同時発生は、和了り優先。" The win stands and the mistake is let go.
        return logged(game, seat, kind, "win_first", Refusal(instead=Action(PASS)))
    if kind == "noten_riichi":  # it stands; the exhaustive draw judges it
        return logged(game, seat, kind, "stands", Refusal(instead=action))
    ruling = _ruling(game, kind, action)
    if ruling == "chombo":
        paid = payments.chombo(game, seat, game.rules[opt.CHOMBO_PAYMENT]) + payments.sticks_back(game)
        return logged(game, seat, kind, ruling, Refusal(transfers=paid, end_hand=VOID_REASON))
    if ruling in ("dead_hand", "chombo_at_draw"):
        make_dead(game, seat)
        if ruling == "chombo_at_draw":
            game.hand.stash.setdefault(AT_DRAW, set()).add(seat)
    fined = payments.fine(seat, ruling) if isinstance(ruling, int) else []
    return logged(game, seat, kind, ruling, Refusal(transfers=fined, instead=Action(PASS) if claim else None))


def _ruling(game, kind: str, action: Action):
    """The option that rules on this kind of mistake, and its value."""
    if kind == "hand_size":
        return game.rules[opt.TAAHAI if action.kind == TAAHAI else opt.SHOUHAI]
    return game.rules[opt.FALSE_WIN if kind == "false_win" else opt.MISCALL]
