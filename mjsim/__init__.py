"""mjsim: simulate mahjong rule variants and check their properties."""

import os as _os
import sys as _sys


def _drop_current_directory() -> None:
    """Under ``python -m mjsim`` Python puts the current directory first on the path: take it off before
    anything else is imported, so that a file there (``json.py``, a module named like a plugin) never runs."""
    argv = getattr(_sys, "orig_argv", [])
    target = argv[argv.index("-m") + 1] if "-m" in argv[:-1] else ""  # the interpreter's -m comes first
    as_module = target.split(".")[0] == "mjsim"
    if as_module and _sys.path and _sys.path[0] in ("", _os.getcwd()):
        del _sys.path[0]


_drop_current_directory()

from functools import cache  # noqa: E402 - after the path is safe

from mjsim.native import activate

activate()  # before the first import of a compiled module: the compiled build when it matches the sources

from mjsim.api import Result, load, run, simulate  # the Python API (docs/python.md)
from mjsim.errors import MjsimError, NotationError
from mjsim.hand.decompose import readings, waits
from mjsim.hand.notation import format_kinds, format_tiles, parse_counts, parse_kinds, parse_tiles
from mjsim.hand.shanten import Form, shanten
from mjsim.hookspecs import hookimpl
from mjsim.rules import Rules, RuleSet
from mjsim.rules.presets import default_preset
from mjsim.scoring import Meld, Pattern, Score, WinContext
from mjsim.scoring.win_input import refuse_impossible, win_context
from mjsim.version import __version__ as __version__

__all__ = [
    "Form",
    "Meld",
    "MjsimError",
    "NotationError",
    "Pattern",
    "Result",
    "Rules",
    "RuleSet",
    "Score",
    "WinContext",
    "format_kinds",
    "format_tiles",
    "hookimpl",
    "load",
    "parse_counts",
    "parse_kinds",
    "parse_tiles",
    "readings",
    "refuse_impossible",
    "run",
    "score",
    "shanten",
    "simulate",
    "waits",
    "win_context",
]


def score(ctx: WinContext, rules: Rules | None = None) -> Score:
    """Score a win under ``rules`` (default: the default preset, see ``default_preset``); raises MjsimError if it
    does not win or cannot happen in a game (``ippatsu needs riichi``)."""
    rules = rules or _default_rules(default_preset())
    refuse_impossible(ctx, rules)
    return rules.score_win(ctx=ctx, rules=rules)


@cache
def _default_rules(preset: str) -> Rules:
    """The default rules of :func:`score`, compiled once per default preset."""
    return RuleSet.resolve(preset).compile()
