"""国标麻将: the 2006 Mahjong Competition Rules (MCR) — 81 fans, their exclusions, special shapes (docs/mcr.md).

Today the family scores (``mjsim score --preset mcr``); the game flow (flowers, seat rotation, 16 hands) is not
wired yet.
"""

from __future__ import annotations

from importlib import resources

from mjsim.hookspecs import hookimpl
from variants.mcr.options import declare
from variants.mcr.scoring import LAST_OF_KIND, score_win

HAN_UNIT = "fan"  # what `mjsim score` calls the unit


@hookimpl
def mjsim_add_options(registry):
    """Declare the family's options."""
    declare(registry)


@hookimpl
def mjsim_register_yaku(rules):
    """No core patterns: the 81 fans are MCR pattern objects (variants/mcr/fans.py), scored by mjsim_score_win."""
    return []


@hookimpl
def mjsim_score_win(ctx, rules):
    """The fans and every seat's payment (raises NoWin when the tiles do not win or stay below the minimum)."""
    return score_win(ctx, rules)


@hookimpl
def mjsim_register_presets():
    """The MCR presets: ``variants/mcr/presets/*.toml``."""
    return [resources.files(__name__) / "presets"]


@hookimpl
def mjsim_register_commands(cli):
    """``score --last-of-kind`` (和绝张); the kong and last-tile situations reuse rinshan/chankan/haitei/houtei."""
    from mjsim.cli import SituationFlag

    score = cli.commands["score"]
    if not any(isinstance(p, SituationFlag) and p.situation == LAST_OF_KIND for p in score.params):
        score.params.append(SituationFlag("--last-of-kind", LAST_OF_KIND, help="和绝张: the last tile of its kind"))
