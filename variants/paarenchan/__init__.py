"""八連荘 (paarenchan): the eighth win in a row by one player is a yakuman (other_variants.md §4).

Off by default (``paarenchan.mode``): the dealer's streak (the standard form) or any player's (4play). The streak
is read off the game's finished hands (``game.history``), so it needs no state of its own; the qualifying win must
still be legal, and a yakuman hand adds the paarenchan as a composite yakuman.
"""

from __future__ import annotations

from dataclasses import replace

from mjsim.hookspecs import hookimpl
from mjsim.scoring import Pattern
from variants.paarenchan import checks
from variants.paarenchan.streak import declare, given_streak, opt, qualifies, streak
from variants.riichi.play import win_context
from variants.riichi.scorer import score_win

NAME = "paarenchan"
DESCRIPTION = "八連荘: the eighth win in a row by the dealer (or by any player) is a yakuman; off by default"
CONFLICTS = {"boo": "boo scores wins in its own units, and the award re-scores the win with the riichi scorer"}
SITUATION = "paarenchan"  # the circumstance that makes the pattern apply, added once a streak qualifies


def _paarenchan(ctx) -> bool:
    """八連荘 (paarenchan): a legal win after seven straight wins by the same player."""
    return True  # the pattern's circumstance (``when``) carries the whole condition


@hookimpl
def mjsim_add_options(registry):
    """Declare the paarenchan options."""
    declare(registry)


@hookimpl
def mjsim_register_yaku(rules):
    """The yakuman, applying only under its circumstance."""
    return [
        Pattern("paarenchan", "八連荘", _paarenchan, yakuman=1, when=SITUATION, doc=_paarenchan.__doc__, per_hand=True)
    ]


def _awarded(ctx, pattern_index):
    """The win scored again with the paarenchan circumstance."""
    return score_win(replace(ctx, situation=ctx.situation | {SITUATION}), pattern_index)


@hookimpl(wrapper=True)
def mjsim_score_win(ctx, rules):
    """Standalone scoring: ``--extra paarenchan.streak=N`` names the wins in a row before this legal one."""
    score = yield
    count = given_streak(ctx.extra)
    if count is None or not qualifies(count, rules.values, ctx.dealer):
        return score
    return _awarded(ctx, rules.pattern_index)


@hookimpl(wrapper=True)
def mjsim_win(game, seat, tile, how, detail):
    """A legal win completing a qualifying streak is rescored with the yakuman; a win that stands is recorded."""
    score = yield
    if not score:
        return score
    values = game.rules.values
    awarded = opt(values, "mode") != "off" and qualifies(
        streak(game.history, seat, values), values, seat == game.hand.dealer
    )
    if awarded:
        score = _awarded(win_context(game, seat, tile, how), game.rules.pattern_index)
    if detail:
        checks.record(game, seat, awarded)
    return score


@hookimpl
def mjsim_record_hand(game, outcome):
    """How many of the hand's wins were a paarenchan."""
    wins = [w for w in game.stash.get(checks.WINS, []) if w["hand"] == game.hand.index]
    return {"paarenchan.awards": sum(1 for w in wins if w["awarded"])}


@hookimpl
def mjsim_register_invariants(rules):
    """The award follows the streak."""
    return list(checks.INVARIANTS)
