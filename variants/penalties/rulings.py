"""The mistakes a seat can make now, and the seed's ruling on each (riichi_base.md §19).

A mistake is a declaration the engine did not offer: a win the hand does not make (``false_win``), a riichi
on a noten hand (``noten_riichi``), a pon the hand cannot make (``miscall``: 空ポン), a hand found a tile long
or short (``taahai``/``shouhai``: the simulator keeps every hand's size, so these are declared as the facts found).
With their options on: a chi or kan the hand cannot make (``miscall_chi``, ``miscall_kan``: 誤チー, 誤カン, ruled
by ``penalties.miscall``), a win called and not shown (``voice_win``: 空ロン, 発声だけの誤ロン・誤ツモ), a call
shown with the wrong tiles (``wrong_meld``: さらし間違い; the call is made and the hand is dead) and a kan that
changes a ready hand's waits (``wait_changing_kan``).
"""

from __future__ import annotations

from mjsim.engine.actions import CHI, DISCARD, KAN, PASS, PON, RON, TSUMO, Action
from mjsim.engine.offers import kan_candidates
from mjsim.engine.outcomes import Refusal
from mjsim.engine.state import ROB
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
from variants.riichi.api import RIICHI, waits_around_kan

VOID_REASON = "chombo"  # the draw reason of a hand ended by a chombo (replayed)
AT_DRAW = "penalties.at_draw"  # hand stash: seats whose chombo is due at the exhaustive draw


VOICE_WIN = "penalties.voice_win"  # the kind of a win called aloud and not shown (空ロン / 発声だけの誤ツモ)
WRONG_MELD = "penalties.wrong_meld"  # the kind of a call shown with the wrong tiles (さらし間違い)
# Kinds listed only when their own option is on, so a rule set without them lists what it listed before.
_OPTIONAL_KINDS = {
    "miscall_chi": opt.MISCALL,
    "miscall_kan": opt.MISCALL,
    "voice_win": opt.VOICE_WIN,
    "wrong_meld": opt.WRONG_MELD,
    "wait_changing_kan": opt.WAIT_CHANGING_KAN,
}


def mistakes(game, seat: int, legal: list[Action]) -> dict[str, list[Action]]:
    """The mistakes ``seat`` could declare now instead of one of its ``legal`` actions."""
    out = common_mistakes(game, seat, legal)
    if not out:
        return out  # a dead hand makes no more mistakes
    if in_claim_window(game):
        more = _claim_mistakes(game, seat, legal)
    else:
        more = _turn_mistakes(game, seat, legal)
        if _may_declare(game, seat, legal):
            offered = {a.tile for a in legal if a.kind == RIICHI}
            more["noten_riichi"] = [
                Action(RIICHI, a.tile) for a in legal if a.kind == DISCARD and a.tile not in offered
            ]
    out.update(
        {k: v for k, v in more.items() if v and (k not in _OPTIONAL_KINDS or game.rules[_OPTIONAL_KINDS[k]] != "off")}
    )
    return out


def _claim_mistakes(game, seat: int, legal: list[Action]) -> dict[str, list[Action]]:
    """On a discard: a chi or kan the hand cannot make, a ron called and not shown, a call shown wrong."""
    hand = game.hand
    if hand.phase == ROB or hand.seats[seat].declared_turn is not None:
        return {}
    giver, tile = hand.discard
    kinds = {a.kind for a in legal}
    next_seat = seat == (giver + 1) % game.seat_count
    return {
        "miscall_chi": [Action(CHI, tile)] if next_seat and CHI not in kinds else [],
        "miscall_kan": [Action(KAN, tile)] if KAN not in kinds else [],
        "voice_win": [Action(VOICE_WIN, tile)] if RON not in kinds else [],
        "wrong_meld": [Action(WRONG_MELD, tile)] if kinds & {CHI, PON} else [],
    }


def _turn_mistakes(game, seat: int, legal: list[Action]) -> dict[str, list[Action]]:
    """On one's turn: a win called and not shown, a kan that changes a ready hand's waits."""
    hand = game.hand
    if hand.last_draw is None:
        return {}
    me = hand.seats[seat]
    voice = [Action(VOICE_WIN, hand.last_draw)] if not any(a.kind == TSUMO for a in legal) else []
    if game.rules[opt.WAIT_CHANGING_KAN] == "off":
        return {"voice_win": voice}
    kans = [a for a in kan_candidates(me) if a not in legal and _changes_waits(game, me, a)]
    return {"voice_win": voice, "wait_changing_kan": kans}


def _changes_waits(game, me, action: Action) -> bool:
    """A ready hand's kan leaves it other waits (4play: "聴牌形の変わるカン")."""
    before, after = waits_around_kan(game, me, action)
    return bool(before) and before != after


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
    if kind == "wrong_meld" and ruling == "dead_hand":  # the call is made with the tiles shown, and the hand is dead
        make_dead(game, seat)
        call = next(a for a in (game.offered or {}).get(seat, ()) if a.kind in (CHI, PON))
        return logged(game, seat, kind, ruling, Refusal(instead=call))
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
    if kind in _OPTIONAL_KINDS:
        return game.rules[_OPTIONAL_KINDS[kind]]
    return game.rules[opt.FALSE_WIN if kind == "false_win" else opt.MISCALL]
