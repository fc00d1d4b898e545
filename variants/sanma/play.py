"""Sanma play: no chi, the North set aside (抜きドラ) as a self action, and what a win knows of the Norths."""

from __future__ import annotations

from dataclasses import replace

from mjsim.engine.actions import ABORT, CHI, DECLARE_DISCARD, SET_ASIDE, Action
from mjsim.engine.offers import drawable
from mjsim.engine.state import ROB, TURN
from mjsim.hand.shanten import orphans_shanten
from mjsim.hand.tiles import NORTH, counts_of, kind_of
from mjsim.scoring import WinContext
from variants.riichi.api import FIFTH_KAN_ABORTS, KAN_KINDS
from variants.riichi.api import options as riichi_opt
from variants.sanma import options as opt
from variants.sanma.dora import NUKI


def legal_actions(game, seat: int, actions: list[Action]) -> list[Action]:
    """The family's actions without chi and without a fifth kan, and setting a North aside where allowed."""
    out = [a for a in actions if a.kind != CHI and not _fifth_kan(game, a)]
    north = north_to_set_aside(game, seat)
    if north is not None:
        out.append(Action(SET_ASIDE, north))
    return out


def _fifth_kan(game, action: Action) -> bool:
    """A kan after four: the refilled dead wall always has a replacement tile, so the family's "no replacement
    left" never stops it; only a ``riichi.suukaikan`` whose 5th kan aborts offers it (as the abort it is)."""
    if game.hand.kans < 4 or game.rules[riichi_opt.SUUKAIKAN] in FIFTH_KAN_ABORTS:
        return False
    return action.kind in KAN_KINDS or (action.kind == ABORT and bool(action.tiles))


def north_to_set_aside(game, seat: int) -> int | None:
    """The North ``seat`` may set aside now, or None.

    On its own turn after a draw, with a replacement tile to come; after riichi only the North just drawn
    (the waiting hand must not change).
    """
    hand = game.hand
    if game.rules[opt.KITA] != "nuki" or hand.phase != TURN or hand.current != seat or hand.last_draw is None:
        return None
    if drawable(game, hand) <= 0:
        return None
    me = hand.seats[seat]
    if me.declared_turn is not None:
        return hand.last_draw if kind_of(hand.last_draw) == NORTH else None
    if kind_of(hand.last_draw) == NORTH:
        return hand.last_draw
    return next((t for t in me.tiles if kind_of(t) == NORTH), None)


def nuki_of(seat) -> int:
    """Norths the seat has set aside this hand."""
    return sum(1 for t in seat.flowers if kind_of(t) == NORTH)


def with_nuki(game, seat: int, ctx: WinContext) -> WinContext | None:
    """A win's context with the seat's Norths set aside; a North robbed is no 槍槓.

    A North set aside interrupts like a call: after the winner's riichi it ends ippatsu (by option), before
    it no double riichi, and no 天和 / 地和 after one. None when the rules let nobody (or only kokushi) rob a
    North being set aside.
    """
    hand = game.hand
    situation = set(ctx.situation)
    if hand.phase == ROB and hand.rob_kind == SET_ASIDE:
        rob = game.rules[opt.NUKI_ROB]
        if rob == "none" or (rob == "kokushi" and not _orphans(ctx)):
            return None
        situation.discard("chankan")
    if situation & _FIRST_TURN:
        after, before = _nuki_around_riichi(game, seat)
        if after and game.rules[opt.NUKI_CANCELS_IPPATSU]:
            situation.discard("ippatsu")
        if before and "double_riichi" in situation:
            situation.symmetric_difference_update({"double_riichi", "riichi"})
        if before or after:
            situation -= {"tenhou", "chiihou"}
    return replace(ctx, situation=frozenset(situation), extra={**ctx.extra, NUKI: nuki_of(hand.seats[seat])})


_FIRST_TURN = frozenset({"ippatsu", "double_riichi", "tenhou", "chiihou"})


def _orphans(ctx: WinContext) -> bool:
    """The concealed tiles make thirteen orphans (国士無双)."""
    counts = counts_of(kind_of(t) for t in ctx.concealed)
    return sum(counts) == 14 and orphans_shanten(bytes(counts)) == -1


def _nuki_around_riichi(game, seat: int) -> tuple[bool, bool]:
    """Whether a North was set aside (by anyone) this hand after ``seat``'s riichi, and before it.

    Without a riichi every North set aside this hand counts as after.
    """
    after = before = False
    declared = False
    for event in reversed(game.log):
        if event.kind == "hand_start":
            break
        if event.kind == DECLARE_DISCARD and event.seat == seat:
            declared = True
        elif event.kind == SET_ASIDE:
            before, after = (True, after) if declared else (before, True)
    return after, before
