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
from variants.paarenchan import options as opt
from variants.paarenchan.streak import STREAK_EXTRA, given_streak, qualifies, streak
from variants.riichi.api import score_win

NAME = "paarenchan"
DESCRIPTION = "八連荘: the eighth win in a row by the dealer (or by any player) is a yakuman; off by default"
NEEDS = {"riichi": "八連荘 re-scores the win with the riichi scorer"}
CONFLICTS = {"boo": "boo scores wins in its own units, and the award re-scores the win with the riichi scorer"}
SITUATION = "paarenchan"  # the circumstance that makes the pattern apply, added once a streak qualifies


def _paarenchan(ctx) -> bool:
    """八連荘 (paarenchan): a legal win after seven straight wins by the same player."""
    return True  # the pattern's circumstance (``when``) carries the whole condition


@hookimpl
def mjsim_add_options(registry):
    """Declare the paarenchan options."""
    registry.add_all(opt.OPTIONS)


@hookimpl
def mjsim_register_patterns(rules):
    """The yakuman, applying only under its circumstance."""
    return [
        Pattern("paarenchan", "八連荘", _paarenchan, multiple=1, when=SITUATION, doc=_paarenchan.__doc__, per_hand=True)
    ]


def _awarded(ctx, rules) -> bool:
    """Whether the context names a streak (the game's, or ``--extra``) that makes this legal win a paarenchan."""
    count = given_streak(ctx.extra)
    return count is not None and qualifies(count, rules, ctx.dealer)


@hookimpl(wrapper=True)
def mjsim_win_context(game, seat, tile, how):
    """The family's context, carrying the winner's streak of wins for the scorer (``paarenchan.streak``)."""
    ctx = yield
    rules = game.rules
    if not ctx or rules[opt.MODE] == "off":
        return ctx
    return replace(ctx, extra={**ctx.extra, STREAK_EXTRA: streak(game.history, seat, rules)})


@hookimpl(wrapper=True)
def mjsim_score_win(ctx, rules):
    """A legal win completing a qualifying streak (``--extra paarenchan.streak=N`` standalone) is rescored with
    the yakuman."""
    score = yield
    if not _awarded(ctx, rules):
        return score
    return score_win(replace(ctx, situation=ctx.situation | {SITUATION}), rules.pattern_index, rules)


@hookimpl(wrapper=True)
def mjsim_accept_win(game, seat, ctx, score):
    """A win that stands is recorded (awarded or not) for the invariant."""
    accepted = yield
    if accepted is not False and score is not None:
        checks.record(game, seat, _awarded(ctx, game.rules))
    return accepted


@hookimpl
def mjsim_record_hand(game, outcome):
    """How many of the hand's wins were a paarenchan."""
    wins = [w for w in game.stash.get(checks.WINS, []) if w["hand"] == game.hand.index]
    return {"paarenchan.awards": sum(1 for w in wins if w["awarded"])}


@hookimpl
def mjsim_register_invariants(rules):
    """The award follows the streak."""
    return list(checks.INVARIANTS)
