"""The mistakes any family's seat can declare (the error model's ``extra["mistakes"]``) and the hand's record of
them: a win the hand does not make (``false_win``), a pon it cannot make (``miscall``: 空ポン), a hand found a tile
long or short (``hand_size``: 多牌/少牌, declared as the fact found, since the simulator keeps every hand's size).

The riichi family's penalties (``variants.penalties``) and 台湾's (``variants.taiwan.penalties``) list these and
rule on them each by its own seed; a family adds its own kinds (the riichi family's noten riichi).
"""

from __future__ import annotations

from mjsim.engine.actions import PON, RON, TSUMO, Action
from mjsim.engine.state import ROB

TAAHAI, SHOUHAI = "penalties.taahai", "penalties.shouhai"  # the kinds of a hand-size mistake's declaration
DEAD = "penalties.dead"  # hand stash: seats whose hand is dead (和了り放棄: no call, no win)
LOG = "penalties.log"  # hand stash: (seat, mistake, ruling) of every mistake judged
LEDGER_FROM = "penalties.ledger_from"  # hand stash: the ledger's length at the hand's first mistake


def in_claim_window(game) -> bool:
    """A discard or a kan being robbed is open to claims."""
    return game.hand.discard is not None or game.hand.phase == ROB


def common_mistakes(game, seat: int, legal: list[Action]) -> dict[str, list[Action]]:
    """The false wins, mis-calls and wrong hand sizes ``seat`` could declare now instead of its ``legal`` actions."""
    hand, me = game.hand, game.hand.seats[seat]
    if seat in hand.stash.get(DEAD, ()):
        return {}
    if in_claim_window(game):
        tile = (hand.discard or hand.robbed)[1]
        out = {} if any(a.kind == RON for a in legal) else {"false_win": [Action(RON, tile)]}
        if me.declared_turn is None and hand.phase != ROB and not any(a.kind == PON for a in legal):
            out["miscall"] = [Action(PON, tile)]
        return out
    out = {"hand_size": [Action(TAAHAI), Action(SHOUHAI)]}
    if hand.last_draw is not None and not any(a.kind == TSUMO for a in legal):
        out["false_win"] = [Action(TSUMO, hand.last_draw)]
    return out


def kind_of_mistake(listed: dict[str, list[Action]], action: Action) -> str | None:
    """The kind under which ``action`` is listed (None: not a mistake the rules know)."""
    return next((kind for kind, actions in listed.items() if action in actions), None)


def another_wins(game, seat: int, chosen: dict[int, Action]) -> bool:
    """Another seat takes an offered ron on the same tile (4play: "和了りとチョンボの同時発生は、和了り優先")."""
    offered = game.offered or {}
    return in_claim_window(game) and any(
        a.kind == RON and a in offered.get(s, ()) for s, a in chosen.items() if s != seat
    )


def logged(game, seat: int, kind: str, ruling, refusal):
    """``refusal``, after keeping the mistake in the hand's log (and where its penalties start in the ledger)."""
    game.hand.stash.setdefault(LEDGER_FROM, len(game.ledger))  # before the engine pays the refusal's transfers
    game.hand.stash.setdefault(LOG, []).append((seat, kind, str(ruling)))
    return refusal


def make_dead(game, seat: int) -> None:
    """``seat``'s hand is dead for the rest of the hand: it neither calls nor wins."""
    game.hand.stash.setdefault(DEAD, set()).add(seat)
