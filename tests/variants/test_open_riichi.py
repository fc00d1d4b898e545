"""Open riichi (オープン立直, riichi.open_riichi): the yaku, the deal-in payment, and play (shown hand, bots).

The seed lines: S000 free-platform and paid-platform tables "オープン立直 × × × × ×" (every platform off);
S001 4play "ダブルリーチあり。オープンリーチなし。". The values follow ja.wikipedia 開立直 (local_yaku.py).
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from click.testing import CliRunner

import mjsim
from mjsim.agents.bots import DefensiveBot, EfficiencyBot, avoid_shown_waits
from mjsim.agents.observation import SHOWN_TILES, SHOWN_WAITS, observe
from mjsim.cli import cli
from mjsim.engine import core
from mjsim.engine.actions import DISCARD, PASS, RON, Action
from mjsim.hand.notation import parse_kinds
from mjsim.rules import RuleSet
from tests.variants.test_riichi_flow import act, offered, table
from variants.riichi.vocabulary import RIICHI

READY = "123m456p789s1122z"  # waits on 1z or 2z (East/South shanpon): two kinds


def rules(**overrides):
    """The riichi preset with ``riichi.<name>`` overrides."""
    return RuleSet.resolve("riichi", {f"riichi.{k}": v for k, v in overrides.items()}).compile()


ON = rules(open_riichi=True)


def score(r=ON, situation=("riichi", "open_riichi"), **kw):
    """A South seat's ron on 2z (East round) from West with a READY hand."""
    ctx = mjsim.win_context(READY, "2z", seat_wind="S", discarder="W", situation=situation, **kw)
    return mjsim.score(ctx, r)


def names(s) -> dict[str, int | str]:
    return {h.name: (f"{h.multiple}x" if h.multiple else h.value) for h in s.hits if not h.bonus}


# --- Options ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["riichi", "4play", "tenhou", "atgames", "mj"])
def test_off_on_every_seed_platform(preset):
    """オープン立直 × × × × × (S000) and オープンリーチなし (S001 4play): off."""
    assert RuleSet.resolve(preset).compile().values["riichi.open_riichi"] is False


def test_options_in_mjsim_rules():
    """オープン立直 is an option of ``mjsim rules`` (on/off, riichi_base.md §20.1), with its deal-in payment."""
    result = CliRunner().invoke(cli, ["rules", "--preset", "house-all"])
    rows = {row[0]: row[1] for row in (line.lstrip("* ").split() for line in result.output.splitlines()) if row}
    assert (rows["riichi.open_riichi"], rows["riichi.open_riichi_deal_in"]) == ("true", "yakuman")


# --- Scoring ------------------------------------------------------------------------------------------------


def test_open_riichi_is_one_han_over_riichi():
    """オープン立直 (on by option; every seed platform ×): riichi 1 + open 1 = 2 han."""
    assert names(score()) == {"riichi": 1, "open_riichi": 1, "seat_wind_south": 1}


def test_double_open_riichi_is_three_han():
    """Double riichi shown: ダブル 2 + オープン 1 = 3 han (ja.wikipedia 開立直: the 三飜 reading is the common one)."""
    s = score(situation=("double_riichi", "open_riichi"))
    assert names(s) == {"double_riichi": 2, "open_riichi": 1, "seat_wind_south": 1}


@pytest.mark.parametrize(
    ("deal_in", "yakuman"),
    [pytest.param("yakuman", 1, id="yakuman-payment"), pytest.param("as_scored", 0, id="as-scored")],
)
def test_a_non_riichi_player_dealing_in(deal_in, yakuman):
    """A player not in riichi who deals into an open riichi pays a yakuman (or the hand, by option)."""
    s = score(
        rules(open_riichi=True, open_riichi_deal_in=deal_in), situation=("riichi", "open_riichi", "open_riichi_deal_in")
    )
    assert s.detail.yakuman == yakuman


def test_off_the_flag_scores_nothing_more():
    """オープン立直 × (off): the open flag adds no han."""
    assert names(score(rules(), situation=("riichi",))) == {"riichi": 1, "seat_wind_south": 1}


def test_cli_flags():
    """``mjsim score --open-riichi --open-riichi-deal-in``: a yakuman for the non-riichi discarder."""
    args = ["score", READY, "--win", "2z", "--seat-wind", "S", "--riichi", "--open-riichi", "--open-riichi-deal-in"]
    result = CliRunner().invoke(cli, [*args, "--set", "riichi.open_riichi=true"])
    assert result.exit_code == 0, result.output
    assert "yakuman" in result.output


# --- Play ---------------------------------------------------------------------------------------------------


def open_declaration(game, seat: int = 0) -> Action:
    """The offered open riichi on 9m (a riichi discard that shows the other 13 tiles)."""
    plain = offered(game, seat, RIICHI, "9m")
    shown = [a for a in core.pending(game)[seat] if a.kind == RIICHI and a.tiles]
    assert plain is not None and not plain.tiles and len(shown) == 1
    return shown[0]


def test_no_open_offer_when_off():
    """Off (every seed platform): riichi is offered only in its plain form."""
    game = table(rules(), {0: READY}, "9m")
    assert [a for a in core.pending(game)[0] if a.kind == RIICHI and a.tiles] == []


def test_the_shown_hand_is_in_every_other_seat_observation():
    """Declared open, the hand and its waits are public to the others (not the drawn tile), and scored open."""
    game = table(ON, {0: READY}, "9m 3s")
    shown = open_declaration(game)
    core.step(game, {0: shown})
    while game.hand.phase != "turn":  # the discard's claim window
        core.step(game, {s: Action(PASS) for s in core.pending(game)})
    view = observe(game, 1)
    assert view.extra[SHOWN_TILES] == {0: shown.tiles}
    assert view.extra[SHOWN_WAITS] == {0: tuple(parse_kinds("12z"))}
    assert SHOWN_TILES not in observe(game, 0).extra


def test_dealing_into_the_shown_hand_pays_a_yakuman():
    """The dealer's open (double) riichi; the next seat, not in riichi, discards 1z into it: a dealer yakuman."""
    game = table(ON, {0: READY}, "9m 1z")
    core.step(game, {0: open_declaration(game)})
    while game.hand.phase != "turn":
        core.step(game, {s: Action(PASS) for s in core.pending(game)})
    act(game, 1, DISCARD, "1z")
    act(game, 0, RON, "1z")
    assert game.history[-1]["wins"][0]["value"] == 48000


def test_the_efficiency_bot_shows_a_two_kind_wait():
    """The efficiency bot's rule: declare open riichi when the wait has at least two kinds (READY: 1z and 2z)."""
    game = table(ON, {0: READY}, "9m")
    choice = EfficiencyBot(random.Random(0)).act(observe(game, 0), core.pending(game)[0])
    assert choice.kind == RIICHI and choice.tiles


def test_the_efficiency_bot_keeps_a_one_kind_wait_hidden():
    """A single wait (kanchan 2p) stays a plain riichi."""
    game = table(ON, {0: "123m13p789s11222z"}, "9m")
    choice = EfficiencyBot(random.Random(0)).act(observe(game, 0), core.pending(game)[0])
    assert choice.kind == RIICHI and not choice.tiles


@pytest.mark.parametrize("bot", [EfficiencyBot, DefensiveBot], ids=["efficiency", "defensive"])
def test_bots_do_not_discard_a_shown_winning_tile(bot):
    """Others avoid the shown wait when another discard is left: seat 1 draws an isolated 1z and keeps it."""
    game = table(ON, {0: READY, 1: "234m567p2344s777z"}, "9m 1z")
    core.step(game, {0: open_declaration(game)})
    while game.hand.phase != "turn":
        core.step(game, {s: Action(PASS) for s in core.pending(game)})
    choice = bot(random.Random(0)).act(observe(game, 1), core.pending(game)[1])
    assert choice.kind in (DISCARD, RIICHI) and choice.tile // 4 not in parse_kinds("12z")


def test_avoiding_keeps_a_forced_deal_in():
    """When every discard is a shown winning tile, the bot still discards (dealing in cannot be avoided)."""
    obs = observe(table(ON, {0: READY}, "9m"), 0)
    obs = dataclasses.replace(obs, extra={SHOWN_WAITS: {1: (8,)}})
    only = [Action(DISCARD, 32)]  # a 9m
    assert avoid_shown_waits(obs, only) == only
