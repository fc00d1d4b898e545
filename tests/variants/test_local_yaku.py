"""The seeds' local yaku (variants/riichi/local_yaku.py): 三連刻, 四連刻, 一色三順, 一色四順, 十三不塔, by option.

The seed lines (S000 free-platform table, @games column first; S001 4play):

    三連刻 ○ × × × × 四連刻 ○ × × × × 一色三順 ○ × × × × 一色四順 × × × × × 十三不搭 ○満貫 × × × ×
    十三不塔は、なし。
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import mjsim
from mjsim.cli import cli
from mjsim.engine import core
from mjsim.engine.actions import TSUMO
from mjsim.errors import MjsimError
from mjsim.rules import RuleSet
from tests.variants.test_riichi_flow import table
from variants.riichi.win_text import win_context

ALL_ON = {
    "riichi.sanrenkou": True,
    "riichi.suurenkou": True,
    "riichi.isshoku_sanjun": True,
    "riichi.isshoku_yonjun": True,
    "riichi.shiisan_puutaa": "mangan",
}
PUUTAA = "147m147p14s123455z"  # one pair (5z), no two tiles of a suit within two ranks: no set, no partial set


def rules(**overrides):
    """The riichi preset with ``riichi.<name>`` overrides."""
    return RuleSet.resolve("riichi", {f"riichi.{k}": v for k, v in overrides.items()}).compile()


ON = rules(**{k.removeprefix("riichi."): v for k, v in ALL_ON.items()})
OFF = rules()


def score(hand, win, r=ON, **kw):
    """A South seat's win (East round), a ron from West unless tsumo."""
    kw.setdefault("discarder", None if kw.get("tsumo") else "W")
    return mjsim.score(win_context(hand, win, seat_wind="S", **kw), r)


def yaku(s) -> dict[str, int]:
    """Name -> han (or yakuman multiple as "Nx") of a score's yaku, dora left out."""
    return {h.name: (f"{h.multiple}x" if h.multiple else h.value) for h in s.hits if not h.bonus}


# --- Options and presets -------------------------------------------------------------------------------------


def test_every_local_yaku_is_an_option_of_mjsim_rules():
    """三連刻 ○ ... 十三不搭 ○満貫: each is an option listed by ``mjsim rules``, off by default."""
    result = CliRunner().invoke(cli, ["rules", "--preset", "riichi"])
    assert result.exit_code == 0, result.output
    lines = {row[0]: row[1] for row in (line.lstrip("* ").split() for line in result.output.splitlines()) if row}
    assert {k: lines[k] for k in ALL_ON} == {k: "off" if k.endswith("puutaa") else "false" for k in ALL_ON}


def test_atgames_has_the_seed_column():
    """@games column: 三連刻 ○, 四連刻 ○, 一色三順 ○, 一色四順 ×, 十三不搭 ○満貫."""
    values = RuleSet.resolve("atgames").compile().values
    assert [values[k] for k in ALL_ON] == [True, True, True, False, "mangan"]


@pytest.mark.parametrize("preset", ["4play", "tenhou", "mahjongsoul", "yahoo", "mfc"])
def test_other_platforms_have_none(preset):
    """Every other S000 column is × for all five; S001 4play: 十三不塔は、なし。"""
    values = RuleSet.resolve(preset).compile().values
    assert [values[k] for k in ALL_ON] == [False, False, False, False, "off"]


def test_house_all_has_them_all():
    """The stress-test preset turns every local yaku on (十三不塔 at the seed's mangan)."""
    values = RuleSet.resolve("house-all").compile().values
    assert {k: values[k] for k in ALL_ON} == ALL_ON


# --- 三連刻 and 四連刻 -----------------------------------------------------------------------------------------


def test_sanrenkou_open_is_two_han():
    """三連刻 ○: three consecutive triplets of one suit, 2 han with calls (no reduction)."""
    s = score("678p11z", "8p", melds=["pon:333m", "pon:444m", "pon:555m"])
    assert yaku(s) == {"sanrenkou": 2}


def test_sanrenkou_off_leaves_no_yaku():
    """三連刻 × (every other column): the same hand has no yaku."""
    with pytest.raises(MjsimError, match="no yaku"):
        score("678p11z", "8p", OFF, melds=["pon:333m", "pon:444m", "pon:555m"])


def test_sanrenkou_adds_to_sanankou_and_toitoi():
    """三連刻 ○ combines with 三暗刻 and 対々和 (they read the same triplets): 2 + 2 + 2 han."""
    s = score("333444555m77p11z", "7p")
    assert yaku(s) == {"sanrenkou": 2, "sanankou": 2, "toitoi": 2}


@pytest.mark.parametrize(
    ("hand", "win", "melds"),
    [
        pytest.param("11m", "1m", ["pon:222m", "pon:333m", "pon:444m", "pon:555m"], id="open-2345m"),
        pytest.param("22233344455m11z", "5m", [], id="closed-ron-on-5m"),
    ],
)
def test_suurenkou_is_a_yakuman(hand, win, melds):
    """四連刻 ○: four consecutive triplets of one suit, a yakuman, open or closed (三連刻 drops with the yakuman)."""
    assert yaku(score(hand, win, melds=melds)) == {"suurenkou": "1x"}


# --- 一色三順 and 一色四順 -------------------------------------------------------------------------------------


def test_isshoku_sanjun_open_is_two_han():
    """一色三順 ○: three identical sequences, 2 han with a call (3 closed)."""
    s = score("234234m678p55s", "8p", melds=["chi:234m"])
    assert yaku(s) == {"isshoku_sanjun": 2, "tanyao": 1}


def test_isshoku_sanjun_closed_replaces_iipeikou():
    """一色三順 ○ closed: 3 han, and not also the 一盃口 it holds."""
    s = score("234234234m678p55s", "8p", rules(isshoku_sanjun=True))
    assert yaku(s) == {"isshoku_sanjun": 3, "pinfu": 1, "tanyao": 1}


def test_off_the_same_hand_is_iipeikou():
    """一色三順 × (every other column): the closed hand is 一盃口 (or the triplets' 三暗刻), nothing more."""
    s = score("234234234m678p55s", "8p", OFF)
    assert "isshoku_sanjun" not in yaku(s)


@pytest.mark.parametrize(
    ("hand", "win", "best"),
    [
        pytest.param("333444555m789p11z", "1z", "sanrenkou", id="triplets-win-333444555m"),
        pytest.param("33344455m789p22s", "5m", "isshoku_sanjun", id="sequences-win-3334445-5m"),
    ],
)
def test_sanrenkou_or_isshoku_sanjun_whichever_scores_more(hand, win, best):
    """三連刻 ○ and 一色三順 ○ never combine: one reading has one, and the better reading is kept (高点法)."""
    names = yaku(score(hand, win))
    assert best in names and not {"sanrenkou", "isshoku_sanjun"} <= set(names)


def test_isshoku_yonjun_is_a_yakuman():
    """一色四順 (× at @games, on by option): four identical sequences, a yakuman."""
    s = score("234234234234m55s", "5s", tsumo=True)
    assert yaku(s) == {"isshoku_yonjun": "1x"}


def test_isshoku_yonjun_off_by_the_atgames_column():
    """一色四順 × at @games: the hand scores its ordinary yaku."""
    s = score("234234234234m55s", "5s", RuleSet.resolve("atgames").compile(), tsumo=True)
    assert "isshoku_yonjun" not in yaku(s)


# --- 十三不塔 -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "points"),
    [pytest.param("mangan", 8000, id="mangan-@games"), pytest.param("yakuman", 32000, id="yakuman")],
)
def test_shiisan_puutaa_on_the_first_draw(value, points):
    """十三不搭 ○満貫 at @games: a mangan (nothing added: no tsumo, no dora); a yakuman by option."""
    s = score(PUUTAA, "5z", rules(shiisan_puutaa=value), tsumo=True, situation=["chiihou"], dora=["4z"])
    assert [h.name for h in s.hits] == ["shiisan_puutaa"] and s.value == points


@pytest.mark.parametrize(
    ("hand", "r", "situation"),
    [
        pytest.param(PUUTAA, OFF, ["chiihou"], id="off-4play-nashi"),
        pytest.param(PUUTAA, ON, [], id="not-the-first-draw"),
        pytest.param("147m147p13s123455z", ON, ["chiihou"], id="13s-a-partial-set"),
        pytest.param("147m147p14s123555z", ON, ["chiihou"], id="555z-a-triplet"),
    ],
)
def test_shiisan_puutaa_refused(hand, r, situation):
    """十三不塔は、なし (S001 4play), and only on the first draw with no set or partial set."""
    with pytest.raises(MjsimError, match="not complete"):
        score(hand, "5z", r, tsumo=True, situation=situation)


def test_shiisan_puutaa_cli():
    """十三不搭 ○満貫 through ``mjsim score``."""
    args = ["score", PUUTAA, "--tsumo", "--chiihou", "--seat-wind", "S", "--set", "riichi.shiisan_puutaa=mangan"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "十三不塔" in result.output and "mangan" in result.output


def test_the_dealer_may_win_puutaa_on_the_deal():
    """In play: the dealer's 14 dealt tiles of no sets offer a tsumo, which pays a mangan (12000 for the dealer)."""
    hand = "147m147p14s12345z"
    game = table(ON, {0: hand}, "5z")
    action = next((a for a in core.pending(game)[0] if a.kind == TSUMO), None)
    assert action is not None, core.pending(game)[0]
    core.step(game, {0: action})
    assert game.history[-1]["wins"][0]["value"] == 12000
