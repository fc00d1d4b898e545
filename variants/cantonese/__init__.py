"""広東麻雀: the Cantonese family (鶏平胡/Hong Kong, 老章, 推倒胡, 新章) — faan, flowers, points (docs/cantonese.md).

144 tiles with flowers and seasons, 13-tile hands, the faan table with its minimum and limit, 半辣上/辣辣上 points,
半銃/全銃 discards and 包; the branches are presets (``variants/cantonese/presets``).
"""

from __future__ import annotations

from importlib import resources

from mjsim.hookspecs import hookimpl
from variants.cantonese.adapter import UNIT, chicken_of, faan_of

# Hook answers: the variant's own functions, imported under the hook's name (docs/hooks.md, "Answering a hook").
from variants.cantonese.flow import accept_win as mjsim_accept_win
from variants.cantonese.flow import resolve_claims as mjsim_resolve_claims
from variants.cantonese.flow import table_setup as mjsim_table_setup
from variants.cantonese.flow import win_context as mjsim_win_context
from variants.cantonese.options import OPTIONS
from variants.cantonese.settlement import final_settlement as mjsim_final_settlement
from variants.cantonese.settlement import next_hand as mjsim_next_hand
from variants.cantonese.settlement import record_hand as mjsim_record_hand
from variants.cantonese.settlement import settle_draw as mjsim_settle_draw
from variants.cantonese.settlement import settle_win as mjsim_settle_win
from variants.cantonese.win import score_win as mjsim_score_win

NAME = "cantonese"
DESCRIPTION = "広東麻雀: Hong Kong faan with a minimum and a limit, flowers, 半辣上 points, 半銃/全銃 discards"
# The family's own vocabulary: no core module may use it (tests/unit/test_layering.py scans mjsim/).
WORDS = ("faan",)


@hookimpl
def mjsim_add_options(registry):
    """Declare the family's options."""
    registry.add_all(OPTIONS)


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
