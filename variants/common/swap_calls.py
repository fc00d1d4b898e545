"""喰い替え (swap-calling): the discards a seat may not make right after its own chi or pon."""

from __future__ import annotations

from mjsim.engine.actions import CHI, DISCARD, PON, Action
from mjsim.engine.state import Game
from mjsim.hand.tiles import kind_of


def without_swap_calls(game: Game, seat: int, actions: list[Action]) -> list[Action]:
    """喰い替え forbidden: right after its chi or pon a seat may not discard the called kind, nor the tile at the
    other end of its chi (suji swap). Families that forbid swap-calling share this filter."""
    last = game.log[-1] if game.log else None
    if last is None or last.kind not in (CHI, PON) or last.seat != seat:
        return actions
    called, used, _ = last.data
    banned = {kind_of(called)}
    if last.kind == CHI:
        low, high = sorted(kind_of(t) for t in used)
        k = kind_of(called)
        if high - low == 1 and k < low and high % 9 < 8:
            banned.add(high + 1)
        if high - low == 1 and k > high and low % 9 > 0:
            banned.add(low - 1)
    kept = [a for a in actions if a.kind != DISCARD or kind_of(a.tile) not in banned]
    return kept if any(a.kind == DISCARD for a in kept) else actions  # never leave a seat without a discard
