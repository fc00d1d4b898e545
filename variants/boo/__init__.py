"""ブー麻雀 (Boo mahjong): a top-only Kansai game ending at bust or double the origin (/work/shared/rules/boo.md).

Listed after the riichi family (``variants = ["riichi", "variants.boo"]``): it keeps the riichi tiles, yaku,
waits, riichi and calls, and replaces the winning test, the payments, the game end and the settlement.
"""

from __future__ import annotations

from dataclasses import replace
from importlib import resources

from mjsim.hookspecs import hookimpl
from mjsim.scoring import NoWin, hand_readings
from variants.boo import bots, checks, env_fields, flow, scoring
from variants.boo import options as opt
from variants.boo.options import OPTIONS

NAME = "boo"
DESCRIPTION = "ブー麻雀: top-only, floating and sinking against the origin, forbidden wins, A/B/C tops"
NEEDS = {"riichi": "ブー麻雀 builds on the riichi table and scorer"}


@hookimpl
def mjsim_add_options(registry):
    """Declare the boo options."""
    registry.add_all(OPTIONS)


@hookimpl
def mjsim_register_patterns(rules):
    """The 五筒 han (a bonus, not a yaku)."""
    return scoring.patterns(rules)


@hookimpl(wrapper=True)
def mjsim_table_setup(rules):
    """The riichi table, starting at the origin, with a free riichi (立直料なし)."""
    setup = yield
    if setup is None:
        return None
    return replace(setup, start_points=rules[opt.ORIGIN], declaration_deposit=scoring.FreeStick(0))


@hookimpl
def mjsim_legal_actions(game, seat, actions):
    """Mask forbidden wins; ban riichi without a chance of top; riichi must win by option."""
    return flow.legal_actions(game, seat, actions)


@hookimpl
def mjsim_win_context(game, seat, tile, how):
    """The riichi family's context of a win on a wait, not in furiten (robbing an ankan: kokushi by option)."""
    return flow.win_context_if_waiting(game, seat, tile, how)


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


@hookimpl
def mjsim_settle_win(game, wins):
    """Boo payments with the 場300 add-ons; chombo for a forbidden win by option."""
    return flow.settle_win(game, wins)


@hookimpl
def mjsim_settle_draw(game, reason):
    """No noten payments."""
    return flow.settle_draw(game, reason)


@hookimpl
def mjsim_next_hand(game, outcome):
    """Dealer repeats, honba, and the end at bust, tenpen, yakuman or the last hand."""
    return flow.next_hand(game, outcome)


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
def mjsim_record_hand(game, outcome):
    """Per hand: wins refused as forbidden ("boo.refused") and players sunk after the hand ("boo.sunk")."""
    return flow.record_hand(game, outcome)


@hookimpl
def mjsim_final_settlement(game):
    """A/B/C top settlement."""
    return flow.final_settlement(game)


@hookimpl
def mjsim_refused_action(game, seat, action, chosen):
    """Chombo mode: a forbidden win declared (the error model's ``forbidden_win``) is a chombo."""
    return flow.judge_chombo(game, seat, action)


@hookimpl
def mjsim_observe(game, seat):
    """The outlook of the seat's own possible win (ends the game? top? forbidden?)."""
    return flow.outlook(game, seat)


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


@hookimpl
def mjsim_observation_fields(rules):
    """The outlook of a win this seat can make now, as numbers (docs/env.md)."""
    return env_fields.fields(rules)
