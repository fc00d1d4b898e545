"""A deliberately broken variant for ``mjsim check``: every tsumo win loses 100 points into nowhere.

Every point the engine moves goes through a two-sided ``Transfer``, so no list of transfers can make points
vanish; this plugin breaks the rule that hooks only return decisions and takes the points off the score itself.
"""

from __future__ import annotations

from mjsim.hookspecs import hookimpl

NAME = "skim_tsumo"
SKIM = 100


@hookimpl(wrapper=True)
def mjsim_settle_win(game, wins):
    """Let the inner settlement pay as usual, then skim ``SKIM`` points from each tsumo winner."""
    transfers = yield  # a new-style wrapper receives the inner (firstresult) value here
    for seat, _tile, from_seat, _score in wins:
        if from_seat is None:
            game.scores[seat] -= SKIM
    return transfers
