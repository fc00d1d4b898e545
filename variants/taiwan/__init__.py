"""台湾麻将 (Taiwanese 16-tile mahjong with flowers), a family of its own (/work/shared/rules/taiwan.md).

144 tiles with eight flowers, 16-tile hands (five sets and a pair), a reserve of 16, the tai table with 底 and
the dealer's 2n + 1, 過水 as the spec's state machine, MIGI, 七搶一 and 八仙過海.
"""

from __future__ import annotations

from importlib import resources

from mjsim.agents.mistakes import MISTAKES
from mjsim.hookspecs import hookimpl
from variants.taiwan import bots, checks, flowers, guoshui, penalties, settlement

# Hook answers: the variant's own functions, imported under the hook's name (docs/hooks.md, "Answering a hook").
from variants.taiwan.env_fields import fields as mjsim_observation_fields
from variants.taiwan.flow import abortive_draw as mjsim_abortive_draw
from variants.taiwan.flow import before_draw as mjsim_before_draw
from variants.taiwan.flow import legal_actions as mjsim_legal_actions
from variants.taiwan.flow import may_claim as mjsim_may_claim
from variants.taiwan.flow import resolve_claims as mjsim_resolve_claims
from variants.taiwan.flow import table_setup as mjsim_table_setup
from variants.taiwan.flow import win_context_if_allowed as mjsim_win_context
from variants.taiwan.flowers import bonus_wins as mjsim_bonus_wins
from variants.taiwan.flowers import eighth_flower_choices as mjsim_after_bonus
from variants.taiwan.options import OPTIONS
from variants.taiwan.penalties import judge as mjsim_refused_action
from variants.taiwan.scoring import score_win as mjsim_score_win
from variants.taiwan.seats import seat_winds
from variants.taiwan.settlement import final_settlement as mjsim_final_settlement
from variants.taiwan.settlement import next_hand as mjsim_next_hand
from variants.taiwan.settlement import settle_draw as mjsim_settle_draw
from variants.taiwan.tai import patterns as mjsim_register_patterns

NAME = "taiwan"
DESCRIPTION = "台湾麻将: 16-tile hands, flowers, tai with 底 and 連莊, 過水, MIGI, 七搶一 and 八仙過海"
# The family's own vocabulary: no core module may use it (tests/unit/test_layering.py scans mjsim/).
WORDS = ("tai",)
UNIT = "tai"  # what a scoring pattern's value is called (`mjsim score`, the log, the viewer)


@hookimpl
def mjsim_add_options(registry):
    """Declare the family's options."""
    registry.add_all(OPTIONS)


@hookimpl
def mjsim_on_event(game, event):
    """Step the 過水 state machine at each discard and added kong, while the hands stand as they were then;
    remember a hidden eighth flower."""
    if event.kind in guoshui.EVENTS:
        guoshui.state(game)
    elif event.kind == "bonus_choice":
        flowers.record_choice(game, event.seat, event.data)


@hookimpl
def mjsim_settle_win(game, wins):
    """(底 + tai + dealer's 2n + 1) x rate from each payer (or from the seat a fake kong made liable)."""
    return penalties.with_pao(game, settlement.settle_win(game, wins))


@hookimpl
def mjsim_log_facts(game):
    """The seats 過水 blocks from winning now, for mjsim's game log."""
    if game.rules[guoshui.opt.GUOSHUI] == "off":
        return None
    return {"taiwan.guoshui_blocked": [seat for seat in range(len(game.hand.seats)) if guoshui.blocked(game, seat)]}


@hookimpl
def mjsim_record_hand(game, outcome):
    """Win, tsumo, deal-in, tai, dealer repeats and 過水 facts of the hand ("taiwan.<fact>"), and its mistakes."""
    return {**settlement.record_hand(game, outcome), **(penalties.record(game) or {})}


@hookimpl
def mjsim_observe(game, seat):
    """The seat winds, everyone's flowers, whether this seat is blocked by 過水, and the mistakes it could make."""
    out = {
        "taiwan.seat_winds": seat_winds(game),
        "taiwan.flowers": tuple(tuple(s.flowers) for s in game.hand.seats),
        "taiwan.blocked": guoshui.blocked(game, seat),
    }
    offered = (game.offered or {}).get(seat)
    if offered:
        out[MISTAKES] = penalties.mistakes(game, seat, list(offered))
    return out


@hookimpl
def mjsim_register_invariants(rules):
    """Flowers, points, 過水, winning shapes, calls."""
    return list(checks.INVARIANTS)


@hookimpl
def mjsim_register_agents():
    """The Taiwanese bots: taiwan, taiwan_tsumo, taiwan_decline, taiwan_show, and the human-like ``human``."""
    from variants.taiwan.human import make_human

    return {**bots.BOTS, "human": make_human}


@hookimpl
def mjsim_default_agent():
    """``human``, the human-like Taiwanese player: what a taiwan game seats by default."""
    return "human"


@hookimpl
def mjsim_register_presets():
    """The taiwan presets: ``variants/taiwan/presets/*.toml``."""
    return [resources.files(__name__) / "presets"]


@hookimpl
def mjsim_play_terms(rules):
    """MIGI declarations, wins by tai and the tai patterns they hold."""
    from mjsim.engine.actions import DECLARE_DISCARD
    from mjsim.play.terms import PlayTerms

    return PlayTerms(
        declaration=("migi", DECLARE_DISCARD), groups={"tai": lambda win: str(win["han"])}, patterns="tai_patterns"
    )


@hookimpl
def mjsim_action_kinds(rules):
    """Hiding or showing the eighth flower."""
    return [flowers.HIDE, flowers.SHOW]
