"""ラド麻雀 (rado, "reverse dora"): the dora indicators point at rado, each subtracting one han (§1).

Spec: /work/shared/rules/other_variants.md §1. Listed after the riichi family (``variants = ["riichi", "rado"]``):
it takes the dora and ura dora patterns out of every variant's list, adds the rado, turns 1-3 indicators at the
start, and values a win at 0 han or less by ``rado.low_han``.
"""

from __future__ import annotations

from dataclasses import replace

from mjsim.hookspecs import hookimpl
from variants.rado import checks, scoring
from variants.rado import options as _options
from variants.rado import options as opt

NAME = "rado"
DESCRIPTION = "ラド麻雀: the dora indicators point at rado, each -1 han (kan rado, no ura); wins may go below 1 han"
NEEDS = {"riichi": "rado changes the riichi scoring"}
CONFLICTS = {
    "boo": "boo pays dora add-ons and ura chips, which rado takes away",
    "jirai": "both rewrite a win's value: rado's below 1 han would overwrite jirai's reversed payments",
}


@hookimpl
def mjsim_add_options(registry):
    """Declare the rado options."""
    registry.add_all(_options.OPTIONS)


@hookimpl(wrapper=True)
def mjsim_register_patterns(rules):
    """Every variant's patterns with dora and ura dora replaced by rado."""
    batches = yield
    return scoring.replace_dora(batches, rules)


@hookimpl(wrapper=True)
def mjsim_table_setup(rules):
    """The family's table with 1, 2 or 3 rado indicators turned at the start."""
    setup = yield
    if setup is None:
        return None
    return replace(setup, indicators_at_start=rules[opt.INITIAL_INDICATORS])


@hookimpl(wrapper=True)
def mjsim_score_win(ctx, rules):
    """A win at 0 han or less is valued by ``rado.low_han``."""
    score = yield
    return scoring.low_han_score(score, ctx, rules)


@hookimpl(wrapper=True)
def mjsim_accept_win(game, seat, ctx, score):
    """A win that stands is recorded for the invariants."""
    accepted = yield
    if accepted is not False and score is not None:
        checks.record(game, ctx, score, game.rules)
    return accepted


@hookimpl
def mjsim_record_hand(game, outcome):
    """The hand's rado facts: rado tiles in its winning hands, and wins at 0 han or less."""
    wins = [w for w in game.stash.get(checks.WINS, []) if w["hand"] == game.hand.index]
    low = sum(1 for w in wins if scoring.at_low_han(w["score"]))
    return {"rado.count": sum(w["rado"] for w in wins), "rado.low_han_wins": low}


@hookimpl
def mjsim_value_hints(rules, obs):
    """Each rado kind is worth -1 han per copy and indicator (in place of dora's +1)."""
    return scoring.value_hints(obs)


@hookimpl
def mjsim_register_invariants(rules):
    """Net han, the yaku kept, no ura, payments of at least 100."""
    return list(checks.INVARIANTS)
