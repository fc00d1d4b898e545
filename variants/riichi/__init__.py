"""The riichi family: yaku, fu, limits and payments of Japanese riichi mahjong, as a plugin."""

from __future__ import annotations

from mjsim.hookspecs import hookimpl
from variants.riichi import options as _options
from variants.riichi.scorer import configured_patterns, score_win

NAME = "riichi"
DESCRIPTION = "Japanese riichi mahjong: 136 tiles, yaku, fu and limits, Tenhou-style game flow"


@hookimpl
def mjsim_add_options(registry):
    """Declare the scoring options."""
    _options.declare(registry)


@hookimpl
def mjsim_register_yaku(rules):
    """The yaku, yakuman and dora patterns, configured for the rules."""
    return configured_patterns(rules.values)


@hookimpl
def mjsim_score_win(ctx, rules):
    """Score a riichi win (raises NoWin when the hand does not win)."""
    return score_win(ctx, rules.pattern_index)
