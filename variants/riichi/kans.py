"""Which kans a seat may declare: after riichi, with a tenpai hand, and a fifth kan (riichi_base.md §3, §4, §12)."""

from __future__ import annotations

from mjsim.engine.actions import ABORT, ANKAN, KAKAN, KAN, Action
from mjsim.engine.offers import kan_candidates
from mjsim.engine.state import CLAIM, TURN
from mjsim.hand.decompose import TRIPLET, Group, readings
from mjsim.hand.tiles import kind_of
from variants.riichi import options as opt
from variants.riichi.waits import counts_without, seat_waits, waits_of

KAN_KINDS = (ANKAN, KAKAN, KAN)
_TAKEN = {ANKAN: 4, KAKAN: 1, KAN: 3}  # tiles of the kan's kind a kan takes out of the concealed hand


def waits_around_kan(game, me, action: Action) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The waits before a kan (own turn: without the drawn tile) and of the concealed tiles it leaves."""
    assert action.tile is not None  # a kan names its tile (narrowed for mypyc)
    kind = kind_of(action.tile)
    before = seat_waits(me) if action.kind == KAN else seat_waits(me, without=game.hand.last_draw)
    return before, waits_of(bytes(counts_without(me.counts, {kind: _TAKEN[action.kind]})))


def riichi_kan_allowed(game, me, action: Action) -> bool:
    """After riichi: a concealed kan of the drawn tile that keeps the waits (and, by option, the sets)."""
    mode = game.rules[opt.RIICHI_ANKAN]
    drawn = game.hand.last_draw
    if mode == "off" or action.kind != ANKAN or drawn is None:
        return False
    assert action.tile is not None  # a concealed kan names its tile
    if kind_of(drawn) != kind_of(action.tile):
        return False
    before, after = waits_around_kan(game, me, action)
    if before != after:
        return False
    return mode != "wait_and_decomposition_unchanged" or _triplet_in_every_reading(me, kind_of(drawn), before)


def _triplet_in_every_reading(me, kind: int, waits: tuple[int, ...]) -> bool:
    """The kan's three held tiles are a triplet however the hand completes (面子構成が変わらない)."""
    ready = counts_without(me.counts, {kind: 1})
    for wait in waits:
        complete = list(ready)
        complete[wait] += 1
        if any(Group(TRIPLET, kind) not in reading.sets for reading in readings(complete)):
            return False
    return True


def keeps_tenpai_waits(game, seat: int, actions: list[Action]) -> list[Action]:
    """kan_must_not_change_wait_even_without_riichi: a tenpai seat's kan must leave its waits as they were."""
    if not game.rules[opt.KAN_MUST_NOT_CHANGE_WAIT_EVEN_WITHOUT_RIICHI]:
        return actions
    me = game.hand.seats[seat]
    return [a for a in actions if a.kind not in KAN_KINDS or _same_waits(game, me, a)]


def _same_waits(game, me, action: Action) -> bool:
    """The kan leaves a ready hand's waits as they were (a hand not ready may kan freely)."""
    if action.kind != KAN and game.hand.last_draw is None:
        return True  # no drawn tile to tell the hand before the turn from the hand now
    before, after = waits_around_kan(game, me, action)
    return not before or before == after


FIFTH_KAN_ABORTS = ("abort_on_5th", "abort_4th_multi_player_or_5th")  # suukaikan modes where a 5th kan aborts
MULTI_PLAYER_ABORTS = ("abort_4th_multi_player", "abort_4th_multi_player_or_5th")  # ... where 4 by several do


def fifth_kans(game, seat: int) -> list[Action]:
    """suukaikan abort_on_5th (and, once one player holds four, abort_4th_multi_player_or_5th): the kans the engine
    stops offering after four (no replacement tile is left), offered as the abort they are."""
    hand = game.hand
    if hand.kans != 4 or game.rules[opt.SUUKAIKAN] not in FIFTH_KAN_ABORTS:
        return []
    if len(hand.wall) <= game.rules.flow.setup.reserve:
        return []  # no kan on the last tile or its discard
    me = hand.seats[seat]
    if hand.phase == TURN:
        return kan_candidates(me) if hand.last_draw is not None else []
    if hand.phase != CLAIM or _declares_riichi(hand):
        return []  # a call on a riichi declaration would skip the engine's deposit: not offered
    same = [t for t in me.tiles if kind_of(t) == kind_of(hand.discard[1])]
    return [Action(KAN, hand.discard[1], tuple(same[:3]))] if len(same) >= 3 else []


def _declares_riichi(hand) -> bool:
    """The open discard is its discarder's riichi declaration."""
    giver = hand.seats[hand.discard[0]]
    return giver.declared_turn == len(giver.river) - 1


def fifth_kan_aborts(game, actions: list[Action]) -> list[Action]:
    """With four kans made, any kan left on offer is a fifth one: declaring it aborts the hand."""
    if game.hand.kans < 4:
        return actions
    return [Action(ABORT, a.tile, a.tiles) if a.kind in KAN_KINDS else a for a in actions]
