"""三人麻雀 (sanma): three-player riichi as a delta on the riichi family (docs/sanma.md)."""

from __future__ import annotations

from importlib import resources

from mjsim.hookspecs import hookimpl
from mjsim.scoring import NoWin
from variants.sanma import dora, play
from variants.sanma import options as _options

# Hook answers: the variant's own functions, imported under the hook's name (docs/hooks.md, "Answering a hook").
from variants.sanma.dora import patterns as mjsim_register_patterns
from variants.sanma.payments import three_seat_score
from variants.sanma.settlement import final_settlement as mjsim_final_settlement
from variants.sanma.settlement import settle_draw as mjsim_settle_draw
from variants.sanma.settlement import settle_win as mjsim_settle_win
from variants.sanma.table import table_setup as mjsim_table_setup

NAME = "sanma"
DESCRIPTION = "three-player riichi (三人麻雀): 108 tiles, no chi, North set aside as 抜きドラ, tsumo loss"
NEEDS = {"riichi": "三麻 is the riichi game for three"}


@hookimpl
def mjsim_add_options(registry):
    """Declare the sanma options."""
    registry.add_all(_options.OPTIONS)


@hookimpl(wrapper=True)
def mjsim_score_win(ctx, rules):
    """The family's score, paid by three seats (the absent North's tsumo share lost or split)."""
    dora.check_nuki(ctx)
    if rules[_options.KITA] == "off" and dora.nuki_count(ctx):
        raise NoWin("no North is set aside when sanma.kita is off")  # a win no game can make is refused
    score = yield
    return three_seat_score(score, ctx, rules)


@hookimpl(trylast=True)
def mjsim_legal_actions(game, seat, actions):
    """No chi; a North may be set aside (抜きドラ)."""
    return play.legal_actions(game, seat, actions)


@hookimpl(wrapper=True)
def mjsim_win_context(game, seat, tile, how):
    """The family's context with the Norths set aside; robbing a North is no 槍槓; nuki ends ippatsu."""
    ctx = yield
    return play.with_nuki(game, seat, ctx) if ctx else ctx


@hookimpl
def mjsim_register_presets():
    """``tenhou-sanma`` and ``mahjongsoul-sanma``: ``variants/sanma/presets/*.toml``."""
    return [resources.files(__name__) / "presets"]


@hookimpl
def mjsim_register_invariants(rules):
    """108 tiles with the Norths set aside, points of three seats, no chi."""
    from variants.sanma.checks import INVARIANTS

    return INVARIANTS


@hookimpl
def mjsim_record_hand(game, outcome):
    """The dealer's change, tsumo and ron values and the Norths set aside, for experiments."""
    from variants.sanma.facts import hand_facts

    return hand_facts(game, outcome)


@hookimpl
def mjsim_play_terms(rules):
    """The riichi family's names of its facts of play, compared with real three-player games: 162 Tenhou Phoenix
    sanma games counted by ``mjsim stats`` (``reference/tenhou_sanma.toml``, its command inside)."""
    from dataclasses import replace

    from variants.riichi.api import TERMS

    return replace(TERMS, reference=tenhou_sanma)


def tenhou_sanma():
    """Real Tenhou Phoenix three-player play, as ``mjsim stats`` counted it from the shared logs."""
    from mjsim.play.terms import load_reference

    return load_reference(resources.files("variants.sanma") / "reference" / "tenhou_sanma.toml")
