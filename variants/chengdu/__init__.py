"""成都麻将 血战到底 (Chengdu / Sichuan "blood battle to the end"), as a family plugin (/work/shared/rules/chengdu.md).

108 suited tiles, no chi, a missing suit (declared or implicit), winners leave the hand and play goes on until
three have won or the wall is empty; fan doubling a base stake up to a cap; kong payments with refunds; the
end-of-wall checks 查花猪 and 查大叫. It stands alone (``variants = ["chengdu"]``).
"""

from __future__ import annotations

from importlib import resources

from mjsim.hookspecs import hookimpl
from variants.chengdu import bots, bust, checks, exchange, play

# Hook answers: the variant's own functions, imported under the hook's name (docs/hooks.md, "Answering a hook").
from variants.chengdu.bust import sitting_out as mjsim_sit_out
from variants.chengdu.endcheck import settle_draw as mjsim_settle_draw
from variants.chengdu.env_fields import fields as mjsim_observation_fields
from variants.chengdu.exchange import passes as mjsim_pass_tiles
from variants.chengdu.fan import patterns as mjsim_register_patterns
from variants.chengdu.fan import score_win as mjsim_score_win
from variants.chengdu.match import final_settlement as mjsim_final_settlement
from variants.chengdu.match import next_hand as mjsim_next_hand
from variants.chengdu.match import record_hand as mjsim_record_hand
from variants.chengdu.options import OPTIONS
from variants.chengdu.play import accept_win as mjsim_accept_win
from variants.chengdu.play import declarations as mjsim_declarations
from variants.chengdu.play import legal_actions as mjsim_legal_actions
from variants.chengdu.play import may_claim as mjsim_may_claim
from variants.chengdu.play import table_setup as mjsim_table_setup
from variants.chengdu.play import win_context_if_complete as mjsim_win_context
from variants.chengdu.settle import after_win as mjsim_after_win
from variants.chengdu.settle import settle_meld as mjsim_settle_meld
from variants.chengdu.settle import settle_win as mjsim_settle_win

NAME = "chengdu"
DESCRIPTION = "成都麻将 血战到底: 108 tiles, missing suit, winners leave until three have won, fan x2, 查花猪/查大叫"
# The family's own vocabulary: no core module may use it (tests/unit/test_layering.py scans mjsim/).
WORDS = ("fan", "gang")
UNIT = "fan"  # what a scoring pattern's value is called (`mjsim score`, the log, the viewer)


@hookimpl
def mjsim_add_options(registry):
    """Declare the Chengdu options."""
    registry.add_all(OPTIONS)


@hookimpl
def mjsim_leave_hand(game):
    """Busting (``bust`` eliminate or sit_out): a seat below zero leaves the hand at once."""
    return bust.busted(game) or None


@hookimpl
def mjsim_observe(game, seat):
    """Every seat's declared void suit (public once declared) and who has left the hand."""
    hand = game.hand
    if hand is None:
        return None
    voids = {s: play.void_of(game, s) for s in range(4) if s in hand.declared}
    return {"chengdu.voids": voids, "chengdu.left": tuple(s.left for s in hand.seats)}


@hookimpl
def mjsim_register_invariants(rules):
    """Log audit (wins, values, transfers, refunds), the end of hands, 过水."""
    return list(checks.INVARIANTS)


@hookimpl
def mjsim_register_agents():
    """The 成都麻将 bots: chengdu, chengdu_random_void, chengdu_worst_void, and the human-like ``human``."""
    from variants.chengdu.human import make_human

    return {**bots.BOTS, "human": make_human}


@hookimpl
def mjsim_default_agent():
    """``human``, the human-like 成都 player: what a chengdu game seats by default (it chooses its void suit)."""
    return "human"


@hookimpl
def mjsim_register_presets():
    """The chengdu presets: ``variants/chengdu/presets/*.toml``."""
    return [resources.files(__name__) / "presets"]


@hookimpl
def mjsim_play_terms(rules):
    """Wins by fan and the fan patterns they hold; no declaration (定缺 declares a suit, not a ready hand)."""
    from mjsim.play.terms import PlayTerms

    return PlayTerms(groups={"fan": lambda win: str(win["han"])}, patterns="fan_patterns")


@hookimpl
def mjsim_action_kinds(rules):
    """The void-suit declaration and the three tiles passed (换三张)."""
    return [play.DECLARE, exchange.EXCHANGE]
