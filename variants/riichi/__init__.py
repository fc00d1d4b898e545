"""The riichi family: yaku, fu, limits and payments of Japanese riichi mahjong, as a plugin."""

from __future__ import annotations

from importlib import resources

from mjsim.hookspecs import hookimpl
from variants.riichi import hookspecs, settlement
from variants.riichi import options as _options

# Hook answers: the variant's own functions, imported under the hook's name (docs/hooks.md, "Answering a hook").
from variants.riichi.open_riichi import observe as mjsim_observe
from variants.riichi.open_riichi import record as mjsim_on_event
from variants.riichi.play import abortive_draw as mjsim_abortive_draw
from variants.riichi.play import accept_win as mjsim_accept_win
from variants.riichi.play import legal_actions as mjsim_legal_actions
from variants.riichi.play import may_claim as mjsim_may_claim
from variants.riichi.play import resolve_claims as mjsim_resolve_claims
from variants.riichi.play import table_setup as mjsim_table_setup
from variants.riichi.play import win_context_if_waiting as mjsim_win_context
from variants.riichi.scorer import configured_patterns as mjsim_register_patterns
from variants.riichi.scorer import score_win
from variants.riichi.settlement import end_game_offer as mjsim_end_game_offer
from variants.riichi.settlement import next_hand as mjsim_next_hand
from variants.riichi.settlement import settle_draw as mjsim_settle_draw
from variants.riichi.situations import conflict as mjsim_check_win

NAME = "riichi"
DESCRIPTION = "Japanese riichi mahjong: 136 tiles, yaku, fu and limits, Tenhou-style game flow"
# The family's own vocabulary: no core module may use it (tests/unit/test_layering.py scans mjsim/).
WORDS = ("han", "fu", "yakuman", "dora", "ura", "mangan", "pao", "yaku")
UNIT = "han"  # what a scoring pattern's value is called (`mjsim score`, the log, the viewer)
LIMIT = "yakuman"  # what a limit hand's multiple counts
HOOKSPECS = hookspecs  # the family's own hooks (value hints for its players), added by the rule-set manager
# The modules a win passes through, then those of the game flow every turn runs (offers, waits, kans) and the
# human player's helpers (with variants.common.hazards, the win chance the other families' humans share too),
# compiled by `make` with the core's (mjsim/native_build.py): compiled modules call each other directly, so the
# whole scoring path is compiled or none of it. The human player's class stays Python (it subclasses the
# generic Bot, which stays Python for the families' bots).
COMPILED_MODULES = (
    "variants.riichi.fu",
    "variants.riichi.limits",
    "variants.riichi.payments",
    "variants.riichi.scorer",
    "variants.riichi.yaku",
    "variants.riichi.play",
    "variants.riichi.waits",
    "variants.riichi.kans",
    "variants.riichi.open_riichi",
    "variants.common.claims",
    "variants.common.hazards",
    "variants.riichi.human.calls",
    "variants.riichi.human.context",
    "variants.riichi.human.danger",
    "variants.riichi.human.declare",
    "variants.riichi.human.discard",
    "variants.riichi.human.hinted",
    "variants.riichi.human.plans",
    "variants.riichi.human.ready",
    "variants.riichi.human.value",
    "variants.riichi.human.view",
)


@hookimpl
def mjsim_add_options(registry):
    """Declare the scoring and game-flow options."""
    registry.add_all(_options.SCORING_OPTIONS)
    registry.add_all(_options.FLOW_OPTIONS)


@hookimpl
def mjsim_score_win(ctx, rules):
    """Score a riichi win (raises NoWin when the hand does not win)."""
    return score_win(ctx, rules.pattern_index, rules)


# --- Game flow ----------------------------------------------------------------
# Most flow hooks are answered by the flow modules' own functions, imported above under the hook's name.


@hookimpl
def mjsim_settle_win(game, wins):
    """Ron and tsumo payments with honba, sticks and pao."""
    return settlement.settle_win(game, wins)


@hookimpl
def mjsim_final_settlement(game):
    """Ranks, oka, uma and rounding."""
    return settlement.final_settlement(game)


@hookimpl(wrapper=True, tryfirst=True, specname="mjsim_final_settlement")
def final_settlement_in_money(game):
    """Outermost: the settlement every variant gave (payout, chips), with its money at the rule set's stakes."""
    from variants.riichi.money import with_money

    return with_money(game, (yield))


@hookimpl
def mjsim_default_agent():
    """``human``, the Phoenix-fitted player: what a game of the riichi family (and its deltas) seats by default."""
    return "human"


@hookimpl
def mjsim_payoff_view(rules, obs, first_dealer):
    """The seat's standing for the payoff model: hands left by the game length, deposits by their value."""
    from variants.riichi import payoff

    return payoff.payoff_view(rules, obs)


@hookimpl
def mjsim_hand_swing(rules):
    """A seat's points change per hand (measured) for the payoff model."""
    from variants.riichi import payoff

    return payoff.hand_swing(rules)


@hookimpl
def mjsim_register_presets():
    """The riichi presets: ``variants/riichi/presets/*.toml``."""
    return [resources.files(__name__) / "presets"]


# --- Beside the rules: command-line tools and log formats ----------------------------------------------


@hookimpl
def mjsim_register_commands(cli):
    """``calibrate`` (the human player), ``score --cases``, the riichi flags of ``score``."""
    from variants.riichi.commands import register

    register(cli)


@hookimpl
def mjsim_register_log_formats(rules):
    """tenhou.net/6 JSON, for a rule set whose family is riichi."""
    from variants.riichi.logs.formats import log_formats

    return log_formats(rules)


@hookimpl
def mjsim_register_log_readers():
    """Tenhou's logs (mjlog XML, tenhou.net/6 JSON): their replay and their import as mjsim game logs."""
    from variants.riichi.logs.reader import READER

    return {"tenhou": READER}


@hookimpl
def mjsim_register_report_sections():
    """Tournament scoring (``variants/tournament``), asked for by an experiment's ``tournament = true``, and
    Tenhou's R rating over the run (``sections = ["tenhou_rating"]``)."""
    from variants.tournament.report import RATING_SECTION, SECTION

    return {"tournament": SECTION, "tenhou_rating": RATING_SECTION}


@hookimpl
def mjsim_register_agents():
    """The human-like player ``human`` (variants/riichi/human) and ``mjai:CMD``, an mjai bot (variants/riichi/mjai)."""
    from variants.riichi.human import BOTS
    from variants.riichi.mjai import BOTS as MJAI_BOTS

    return BOTS | MJAI_BOTS


@hookimpl
def mjsim_play_terms(rules):
    """Riichi declarations, wins by han and fu, yaku, and the Tenhou Phoenix reference."""
    from variants.riichi.statistics import TERMS

    return TERMS
