"""広東麻雀: the Cantonese family (鶏平胡/Hong Kong, 老章, 推倒胡, 新章) — faan, flowers, points (docs/cantonese.md).

144 tiles with flowers and seasons, 13-tile hands, the faan table with its minimum and limit, 半辣上/辣辣上 points,
半銃/全銃 discards and 包; the branches are presets (``variants/cantonese/presets``).
"""

from __future__ import annotations

from importlib import resources

from mjsim.hookspecs import hookimpl
from variants.cantonese import flow, settlement
from variants.cantonese.adapter import UNIT, chicken_of, faan_of
from variants.cantonese.options import OPTIONS
from variants.cantonese.win import score_win

NAME = "cantonese"
DESCRIPTION = "広東麻雀: Hong Kong faan with a minimum and a limit, flowers, 半辣上 points, 半銃/全銃 discards"
# The family's own vocabulary: no core module may use it (tests/unit/test_layering.py scans mjsim/).
WORDS = ("faan",)


@hookimpl
def mjsim_add_options(registry):
    """Declare the family's options."""
    registry.add_all(OPTIONS)


@hookimpl
def mjsim_score_win(ctx, rules):
    """Faan and every seat's payment (raises NoWin when the tiles do not win or stay under the minimum)."""
    return score_win(ctx, rules)


@hookimpl
def mjsim_table_setup(rules):
    """144 tiles (136 without flowers), 13-tile hands, flowers set aside and replaced."""
    return flow.table_setup(rules)


@hookimpl
def mjsim_win_context(game, seat, tile, how):
    """Four sets and a pair, or 十三么, completed by the tile (a concealed kong cannot be robbed)."""
    return flow.win_context(game, seat, tile, how)


@hookimpl
def mjsim_accept_win(game, seat, ctx, score):
    """A win stands when it reaches the minimum faan."""
    return flow.accept_win(game, seat, ctx, score)


@hookimpl
def mjsim_resolve_claims(game, answers):
    """Several rons: the nearest claimant after the discarder wins alone (截糊)."""
    return flow.resolve_claims(game, answers)


@hookimpl
def mjsim_settle_win(game, wins):
    """Portions from the discarder (半銃/全銃), from everyone on a self-draw, from the liable seat (包)."""
    return settlement.settle_win(game, wins)


@hookimpl
def mjsim_settle_draw(game, reason):
    """A draw pays nothing."""
    return settlement.settle_draw(game, reason)


@hookimpl
def mjsim_next_hand(game, outcome):
    """The dealer repeats on its win and on a draw; four rounds."""
    return settlement.next_hand(game, outcome)


@hookimpl
def mjsim_final_settlement(game):
    """Points, ranks and net results."""
    return settlement.final_settlement(game)


@hookimpl
def mjsim_record_hand(game, outcome):
    """Win, self-draw, deal-in, faan and chicken hands of the hand ("cantonese.<fact>")."""
    return settlement.record_hand(game, outcome)


@hookimpl
def mjsim_register_agents():
    """The human-like 広東 player ``human`` (it plays toward the branch's minimum of faan)."""
    from variants.cantonese.human import make_human

    return {"human": make_human}


@hookimpl
def mjsim_default_agent():
    """``human``: what a 広東 game seats by default (one human among three efficiency bots wins 31 % of its hands
    against their 4-5 %, docs/cantonese.md "Players")."""
    return "human"


@hookimpl
def mjsim_register_presets():
    """The branch presets: ``variants/cantonese/presets/*.toml``."""
    return [resources.files(__name__) / "presets"]


@hookimpl
def mjsim_play_terms(rules):
    """Wins grouped by faan, and the share of chicken hands (雞糊)."""
    from mjsim.play.terms import PlayTerms

    return PlayTerms(groups={UNIT: lambda win: str(faan_of(win)), "雞糊": chicken_of})
