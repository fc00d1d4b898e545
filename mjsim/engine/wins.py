"""The one door from a game to a win: the family's context, the scorer, then the rules that need the game.

:func:`may_win` answers a win offer cheaply (context and acceptance, no scoring unless the family's
acceptance asks for it); :func:`win_score` scores a win being made through ``mjsim_score_win``, the same
hook ``mjsim score`` and case files use, so a delta that changes a win's value wraps that hook alone.
"""

from __future__ import annotations

from mjsim.engine.state import Game
from mjsim.scoring import NoWin, Score


def may_win(game: Game, seat: int, tile: int, how: str) -> bool:
    """Whether ``seat`` may win on ``tile`` now (``how``: "tsumo" or "ron"); called for every win offer."""
    flow = game.rules.flow
    ctx = flow.win_context(game, seat, tile, how)
    if not ctx:
        return False
    return flow.accept_win(game, seat, ctx, None)


def win_score(game: Game, seat: int, tile: int, how: str) -> Score | None:
    """The Score of ``seat`` winning on ``tile`` now, or None when it may not win."""
    rules = game.rules
    flow = rules.flow
    ctx = flow.win_context(game, seat, tile, how)
    if not ctx:
        return None
    try:
        score = rules.score_win(ctx, rules)
    except NoWin:
        return None
    if not flow.accept_win(game, seat, ctx, score):
        return None
    return score
