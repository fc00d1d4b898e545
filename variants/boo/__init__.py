"""ブー麻雀 (Boo mahjong): a top-only Kansai game ending at bust or double the origin (/work/shared/rules/boo.md).

Listed after the riichi family (``variants = ["riichi", "variants.boo"]``): it keeps the riichi tiles, yaku,
waits, riichi and calls, and replaces the winning test, the payments, the game end and the settlement.
"""

from __future__ import annotations

from dataclasses import replace
from importlib import resources

from mjsim.hookspecs import hookimpl
from mjsim.scoring import NoWin, hand_readings
from variants.boo import bots, checks, flow, scoring
from variants.boo import options as opt

# Hook answers: the variant's own functions, imported under the hook's name (docs/hooks.md, "Answering a hook").
from variants.boo.env_fields import fields as mjsim_observation_fields
from variants.boo.flow import final_settlement as mjsim_final_settlement
from variants.boo.flow import legal_actions as mjsim_legal_actions
from variants.boo.flow import next_hand as mjsim_next_hand
from variants.boo.flow import outlook as mjsim_observe
from variants.boo.flow import record_hand as mjsim_record_hand
from variants.boo.flow import settle_draw as mjsim_settle_draw
from variants.boo.flow import settle_win as mjsim_settle_win
from variants.boo.flow import win_context_if_waiting as mjsim_win_context
from variants.boo.options import OPTIONS
from variants.boo.scoring import patterns as mjsim_register_patterns

NAME = "boo"
DESCRIPTION = "ブー麻雀: top-only, floating and sinking against the origin, forbidden wins, A/B/C tops"
NEEDS = {"riichi": "ブー麻雀 builds on the riichi table and scorer"}


@hookimpl
def mjsim_add_options(registry):
    """Declare the boo options."""
    registry.add_all(OPTIONS)


@hookimpl(wrapper=True)
def mjsim_table_setup(rules):
    """The riichi table, starting at the origin, with a free riichi (立直料なし)."""
    setup = yield
    if setup is None:
        return None
    return replace(setup, start_points=rules[opt.ORIGIN], declaration_deposit=scoring.FreeStick(0))


@hookimpl
def mjsim_score_win(ctx, rules):
    """A win in boo units: any complete hand wins, no yaku needed (raises NoWin when the tiles do not win)."""
    score = scoring.score(ctx, rules.pattern_index, rules)
    if score is None:
        raise NoWin("the hand is not complete" if not hand_readings(ctx) else "no reading wins under these rules")
    return score


@hookimpl
def mjsim_accept_win(game, seat, ctx, score):
    """Any complete hand wins (an offer is scored here); the riichi family's yaku and furiten rules do not apply."""
    return flow.accept_win(game, ctx, score)


@hookimpl(wrapper=True)
def mjsim_resolve_claims(game, answers):
    """Multiple rons are judged together; forbidden claimants drop out."""
    claims = yield
    return flow.resolve_claims(game, claims)


@hookimpl(wrapper=True)
def mjsim_end_game_offer(game, outcome):
    """Nobody is asked: Boo's own end conditions decide (the riichi family's all-last stop does not apply)."""
    yield
    return None


@hookimpl
def mjsim_register_report_sections():
    """ダブ権 over a run's consecutive games (``variants/boo/dabuken.py``)."""
    from variants.boo.dabuken import SECTION

    return {"boo_dabuken": SECTION}


@hookimpl
def mjsim_refused_action(game, seat, action, chosen):
    """Chombo mode: a forbidden win declared (the error model's ``forbidden_win``) is a chombo."""
    return flow.judge_chombo(game, seat, action)


@hookimpl
def mjsim_register_invariants(rules):
    """Points conserved, no forbidden win, the first end condition ends the game, top type."""
    return list(checks.INVARIANTS)


@hookimpl
def mjsim_register_agents():
    """The ブー麻雀 bots: boo, boo_topper, boo_topper_a."""
    return bots.BOTS


@hookimpl
def mjsim_unwise_actions(rules, obs, actions):
    """A forbidden win, or one ending the game with another seat on top (advice to rule-aware players)."""
    from variants.boo.advice import unwise_actions

    return unwise_actions(rules, obs, actions)


@hookimpl
def mjsim_register_presets():
    """The boo presets: ``variants/boo/presets/*.toml``."""
    return [resources.files(__name__) / "presets"]


@hookimpl
def mjsim_play_terms(rules):
    """The riichi family's terms without its Tenhou reference: boo's points are other units of another game."""
    from dataclasses import replace

    from variants.riichi.api import TERMS

    return replace(TERMS, reference=None)
