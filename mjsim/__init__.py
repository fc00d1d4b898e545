"""mjsim: simulate mahjong rule variants and check their properties."""

from functools import cache

from mjsim.native import activate

activate()  # before the first import of a compiled module: the compiled build when it matches the sources

from mjsim.errors import MjsimError, NotationError
from mjsim.hand.decompose import readings, waits
from mjsim.hand.notation import format_kinds, format_tiles, parse_counts, parse_kinds, parse_tiles
from mjsim.hand.shanten import Form, shanten
from mjsim.hookspecs import hookimpl
from mjsim.rules import Rules, RuleSet
from mjsim.scoring import Meld, Pattern, Score, WinContext
from mjsim.win_input import refuse_impossible, win_context

__version__ = "0.1.0"

__all__ = [
    "Form",
    "Meld",
    "MjsimError",
    "NotationError",
    "Pattern",
    "Rules",
    "RuleSet",
    "Score",
    "WinContext",
    "format_kinds",
    "format_tiles",
    "hookimpl",
    "parse_counts",
    "parse_kinds",
    "parse_tiles",
    "readings",
    "refuse_impossible",
    "score",
    "shanten",
    "waits",
    "win_context",
]


def score(ctx: WinContext, rules: Rules | None = None) -> Score:
    """Score a win under ``rules`` (default: the ``tenhou`` preset); raises MjsimError if it does not win or
    cannot happen in a game (``ippatsu needs riichi``)."""
    rules = rules or _tenhou()
    refuse_impossible(ctx, rules)
    return rules.score_win(ctx=ctx, rules=rules)


@cache
def _tenhou() -> Rules:
    """The default rules of :func:`score`, compiled once."""
    return RuleSet.resolve("tenhou").compile()
