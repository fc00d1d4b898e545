"""Riichi scoring worked examples: the spec's payment vectors, every yaku, fu, limits, options, pao, honba."""

from __future__ import annotations

from dataclasses import replace
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mjsim
from mjsim import MjsimError
from mjsim.hand.tiles import TERMINALS, YAOCHU_SET
from mjsim.scoring import (
    FEATURES,
    NoWin,
    Pattern,
    PatternIndex,
    clear_reading_cache,
    feature_mask,
    feature_names,
    hand_readings,
    reading_cache_stats,
)
from tests.strategies import THEMES, describe, win_contexts, winning_hands
from variants.riichi import table_facts as tf
from variants.riichi.limits import base_points
from variants.riichi.payments import ron_value, round_up, tsumo_shares
from variants.riichi.scorer import score_win
from variants.riichi.win_text import win_context
from variants.riichi.yaku import PATTERNS

OPTIONS = {"riichi.kazoe_yakuman": "on", "riichi.kiriage_mangan": "off"}


def options(**overrides) -> dict:
    return {**OPTIONS, **{f"riichi.{k}": v for k, v in overrides.items()}}


def score(rules, hand: str, win: str | None = None, **kw):
    return mjsim.score(win_context(hand, win, **kw), rules)


def hit_names(s) -> set[str]:
    return {h.name for h in s.hits}


# --- riichi_base.md §10.2 test vectors ---------------------------------------------------------------------
# name: (fu, han, non-dealer ron, dealer ron, non-dealer tsumo (non-dealer, dealer share), dealer tsumo each)

VECTORS = {
    "30fu1han": (30, 1, 1000, 1500, (300, 500), 500),
    "40fu1han": (40, 1, 1300, 2000, (400, 700), 700),
    "20fu2han-tsumo-pinfu": (20, 2, None, None, (400, 700), 700),
    "25fu2han-chiitoitsu": (25, 2, 1600, 2400, None, None),
    "30fu4han": (30, 4, 7700, 11600, (2000, 3900), 3900),
    "90fu1han": (90, 1, 2900, 4400, (800, 1500), 1500),
    "90fu2han": (90, 2, 5800, 8700, (1500, 2900), 2900),
    "110fu1han": (110, 1, 3600, 5300, (900, 1800), 1800),
    "110fu2han": (110, 2, 7100, 10600, (1800, 3600), 3600),
}


def _vectors(column: int):
    """(fu, han, expected) for the vectors that give a value in ``column``."""
    return [pytest.param(v[0], v[1], v[column], id=name) for name, v in VECTORS.items() if v[column] is not None]


@pytest.mark.parametrize(("fu", "han", "expected"), _vectors(2))
def test_vector_non_dealer_ron(fu, han, expected):
    assert ron_value(base_points(han, fu, 0, OPTIONS)[0], dealer=False) == expected


@pytest.mark.parametrize(("fu", "han", "expected"), _vectors(3))
def test_vector_dealer_ron(fu, han, expected):
    assert ron_value(base_points(han, fu, 0, OPTIONS)[0], dealer=True) == expected


@pytest.mark.parametrize(("fu", "han", "expected"), _vectors(4))
def test_vector_non_dealer_tsumo(fu, han, expected):
    non_dealer, dealer = expected
    assert tsumo_shares(base_points(han, fu, 0, OPTIONS)[0], winner=1) == [dealer, 0, non_dealer, non_dealer]


@pytest.mark.parametrize(("fu", "han", "expected"), _vectors(5))
def test_vector_dealer_tsumo(fu, han, expected):
    assert tsumo_shares(base_points(han, fu, 0, OPTIONS)[0], winner=0) == [0, expected, expected, expected]


def test_vector_30fu4han_with_kiriage_is_mangan():
    base, limit = base_points(4, 30, 0, options(kiriage_mangan="on"))
    assert (ron_value(base, False), ron_value(base, True), limit) == (8000, 12000, "mangan")


@pytest.mark.parametrize(
    ("hand", "win", "kwargs", "payments"),
    [
        pytest.param(
            "234m55p",
            "5p",
            dict(melds=["chi:234s", "chi:678s", "pon:888m"], seat_wind="S", discarder="W"),
            (0, 1000, -1000, 0),
            id="30fu1han-open-tanyao-ron",
        ),
        pytest.param(
            "234m55p",
            "5p",
            dict(melds=["chi:234s", "chi:678s", "pon:888m"], seat_wind="E", discarder="W"),
            (1500, 0, -1500, 0),
            id="30fu1han-dealer-ron",
        ),
        pytest.param(
            "13m456p678s99s789p",
            "2m",
            dict(situation={"riichi"}, seat_wind="S", discarder="E"),
            (-1300, 1300, 0, 0),
            id="40fu1han-riichi-kanchan-ron",
        ),
        pytest.param(
            "123m456p789s55m23s",
            "4s",
            dict(tsumo=True, seat_wind="W"),
            (-700, -400, 1500, -400),
            id="20fu2han-tsumo-pinfu",
        ),
        pytest.param(
            "123m456p789s55m23s",
            "4s",
            dict(tsumo=True, seat_wind="E"),
            (2100, -700, -700, -700),
            id="20fu2han-dealer-tsumo-pinfu",
        ),
        pytest.param(
            "1133557799m1133p",
            None,
            dict(seat_wind="N", discarder="S"),
            (0, -1600, 0, 1600),
            id="25fu2han-chiitoitsu-ron",
        ),
    ],
)
def test_vector_through_a_constructed_hand(tenhou_rules, hand, win, kwargs, payments):
    assert score(tenhou_rules, hand, win, **kwargs).payments == payments


# --- every yaku by a concrete hand ----------------------------------------------------------------------
# name: (hand, win tile, win_context kwargs, option overrides, han of the hit (0 = yakuman))

S = "S"
YAKU_EXAMPLES = {
    "menzen_tsumo": ("234567m234p55678s", None, dict(tsumo=True, seat_wind=S), {}, 1),
    "riichi": ("234567m234p55678s", None, dict(situation={"riichi"}), {}, 1),
    "double_riichi": ("234567m234p55678s", None, dict(situation={"double_riichi"}), {}, 2),
    "ippatsu": ("234567m234p55678s", None, dict(situation={"riichi", "ippatsu"}), {}, 1),
    "chankan": ("234567m234p55678s", None, dict(situation={"chankan"}), {}, 1),
    "rinshan_kaihou": (
        "234567m55678s",
        None,
        dict(melds=["kan:1111p"], tsumo=True, situation={"rinshan"}),
        {},
        1,
    ),
    "haitei": ("234567m234p55678s", None, dict(tsumo=True, situation={"haitei"}), {}, 1),
    "houtei": ("234567m234p55678s", None, dict(situation={"houtei"}), {}, 1),
    "pinfu": ("123567m234p55678s", None, {}, {}, 1),
    "tanyao": ("234m55p", "5p", dict(melds=["chi:234s", "chi:678s", "pon:888m"]), {}, 1),
    "iipeikou": ("223344m567p99s234s", None, {}, {}, 1),
    "ryanpeikou": ("223344m556677p99s", None, {}, {}, 3),
    "seat_wind_east": ("123m456p789s22p111z", None, dict(seat_wind="E", round_wind="S"), {}, 1),
    "seat_wind_south": ("123m456p789s22p222z", None, dict(seat_wind="S", round_wind="E"), {}, 1),
    "seat_wind_west": ("123m456p789s22p333z", None, dict(seat_wind="W", round_wind="E"), {}, 1),
    "seat_wind_north": ("123m456p789s22p444z", None, dict(seat_wind="N", round_wind="E"), {}, 1),
    "round_wind_east": ("123m456p789s22p111z", None, dict(seat_wind="S", round_wind="E"), {}, 1),
    "round_wind_south": ("123m456p789s22p222z", None, dict(seat_wind="E", round_wind="S"), {}, 1),
    "round_wind_west": ("123m456p789s22p333z", None, dict(seat_wind="E", round_wind="W"), {}, 1),
    "round_wind_north": ("123m456p789s22p444z", None, dict(seat_wind="E", round_wind="N"), {}, 1),
    "dragon_white": ("123m456p789s22p555z", None, {}, {}, 1),
    "dragon_green": ("123m456p789s22p666z", None, {}, {}, 1),
    "dragon_red": ("123m456p789s22p777z", None, {}, {}, 1),
    "chiitoitsu": ("1133557799m1133p", None, {}, {}, 2),
    "chanta": ("123m789p123s999s11z", None, dict(seat_wind=S, round_wind=S), {}, 2),
    "junchan": ("123m789p123s999s11m", None, {}, {}, 3),
    "ittsu": ("123456789m234p11s", None, {}, {}, 2),
    "sanshoku_doujun": ("234m234p234s567m11z", None, dict(seat_wind=S, round_wind=S), {}, 2),
    "sanshoku_doukou": ("222m222p222s456m11z", "4m", dict(seat_wind=S, round_wind=S), {}, 2),
    "sankantsu": (
        "456m11z",
        "4m",
        dict(melds=["kan:1111m", "kan:2222p", "kan:3333s"], seat_wind=S, round_wind=S),
        {},
        2,
    ),
    "toitoi": ("222m333p55s", "5s", dict(melds=["pon:444s", "pon:777p"]), {}, 2),
    "sanankou": ("222m333p444s678m11z", "1z", dict(seat_wind=S, round_wind=S), {}, 2),
    "shousangen": ("555z666z77z123m456p", None, {}, {}, 2),
    "honroutou": ("111m999p111s11z", "1z", dict(melds=["pon:999s"], seat_wind=S, round_wind=S), {}, 2),
    "honitsu": ("123m345m678m111z22z", None, {}, {}, 3),
    "chinitsu": ("123m234m345m678m99m", None, {}, {}, 6),
    "kokushi": ("119m19p19s1234567z", "7z", {}, {}, 0),
    "kokushi_13": ("19m19p19s1234567z", "1m", {}, {}, 0),
    "suuankou": ("111m222p333s444z55p", "4z", dict(tsumo=True), {}, 0),
    "suuankou_tanki": ("111m222p333s444z55p", "5p", {}, {}, 0),
    "daisangen": ("555z666z777z123m11p", None, {}, {}, 0),
    "shousuushii": ("111z222z333z44z123m", None, {}, {}, 0),
    "daisuushii": ("111z222z333z444z11m", None, {}, {}, 0),
    "tsuuiisou": ("111z222z555z666z77z", None, {}, {}, 0),
    "ryuuiisou": ("223344s666s888s66z", None, {}, {}, 0),
    "chinroutou": ("111m999m111p999p11s", None, {}, {}, 0),
    "chuuren": ("11123455678999m", "1m", {}, {}, 0),
    "junsei_chuuren": ("11123455678999m", "5m", {}, {}, 0),
    "suukantsu": ("11z", None, dict(melds=["kan:2222m", "kan:3333p", "kan:4444s", "ankan:5555z"]), {}, 0),
    "tenhou": ("234567m234p55678s", None, dict(tsumo=True, situation={"tenhou"}), {}, 0),
    "chiihou": ("234567m234p55678s", None, dict(tsumo=True, seat_wind=S, situation={"chiihou"}), {}, 0),
    "renhou": (
        "234567m234p55678s",
        None,
        dict(seat_wind=S, discarder="E", situation={"renhou"}),
        {"renhou": "yakuman"},
        0,
    ),
    "dora": ("234567m234p55678s", None, dict(dora=["7s"]), {}, 1),
    "ura_dora": ("234567m234p55678s", None, dict(situation={"riichi"}, ura=["7s"]), {}, 1),
    "aka_dora": ("234567m234p05678s", None, {}, {}, 1),
}
TITLES = {p.name: p.title for p in PATTERNS}


def _yaku_param(name: str):
    hand, win, kwargs, overrides, han = YAKU_EXAMPLES[name]
    return pytest.param(name, hand, win, kwargs, overrides, han, id=f"{name}:{TITLES[name]}")


@pytest.mark.parametrize(("name", "hand", "win", "kwargs", "overrides", "han"), [_yaku_param(n) for n in YAKU_EXAMPLES])
def test_each_yaku_scores_on_a_concrete_hand(rules_with, name, hand, win, kwargs, overrides, han):
    result = score(rules_with(**overrides), hand, win, **kwargs)
    hits = {h.name: h for h in result.hits}
    assert name in hits, sorted(hits)
    if han:
        assert (hits[name].value, hits[name].multiple) == (han, 0)
    else:
        assert hits[name].multiple >= 1 and result.detail.yakuman >= 1


def test_every_pattern_has_an_example(rules_with):
    names = {p.name for p in rules_with(renhou="yakuman").patterns}
    assert names == set(YAKU_EXAMPLES)


@pytest.mark.parametrize(
    ("name", "replaced", "hand", "win", "kwargs"),
    [
        pytest.param(
            "double_riichi",
            "riichi",
            "234567m234p55678s",
            None,
            dict(situation={"double_riichi"}),
            id="double_riichi-replaces-riichi",
        ),
        pytest.param("ryanpeikou", "iipeikou", "223344m556677p99s", None, {}, id="ryanpeikou-replaces-iipeikou"),
        pytest.param("junchan", "chanta", "123m789p123s999s11m", None, {}, id="junchan-replaces-chanta"),
        pytest.param("chinitsu", "honitsu", "123m234m345m678m99m", None, {}, id="chinitsu-replaces-honitsu"),
        pytest.param(
            "daisuushii", "shousuushii", "111z222z333z444z11m", None, {}, id="daisuushii-replaces-shousuushii"
        ),
        pytest.param("kokushi_13", "kokushi", "19m19p19s1234567z", "1m", {}, id="kokushi_13-replaces-kokushi"),
        pytest.param(
            "suuankou_tanki",
            "suuankou",
            "111m222p333s444z55p",
            "5p",
            {},
            id="suuankou_tanki-replaces-suuankou",
        ),
        pytest.param("junsei_chuuren", "chuuren", "11123455678999m", "5m", {}, id="junsei_chuuren-replaces-chuuren"),
    ],
)
def test_stronger_pattern_replaces_weaker(tenhou_rules, name, replaced, hand, win, kwargs):
    names = hit_names(score(tenhou_rules, hand, win, **kwargs))
    assert name in names and replaced not in names


def test_yakuman_drops_regular_yaku_and_dora(tenhou_rules):
    result = score(tenhou_rules, "555z666z777z123m11p", situation={"riichi"}, dora=["4z"], tsumo=True)
    assert hit_names(result) == {"daisangen"}


# Kuisagari: these yaku lose one han when open (riichi_base.md §7.1).
@pytest.mark.parametrize(
    ("name", "hand", "win", "melds", "han"),
    [
        pytest.param("ittsu", "456789m234p11s", None, ["chi:123m"], 1, id="ittsu-open-1"),
        pytest.param("sanshoku_doujun", "234p234s567m99s", None, ["chi:234m"], 1, id="sanshoku_doujun-open-1"),
        pytest.param("chanta", "789p123s999s11z", None, ["chi:123m"], 1, id="chanta-open-1"),
        pytest.param("junchan", "789p123s999s11m", None, ["chi:123m"], 2, id="junchan-open-2"),
        pytest.param("honitsu", "345m678m111z22z", None, ["chi:123m"], 2, id="honitsu-open-2"),
        pytest.param("chinitsu", "234m345m678m99m", None, ["chi:123m"], 5, id="chinitsu-open-5"),
        pytest.param("toitoi", "222m333p55s", "5s", ["pon:444s", "pon:777p"], 2, id="toitoi-open-2"),
    ],
)
def test_open_hand_han(tenhou_rules, name, hand, win, melds, han):
    hits = {h.name: h.value for h in score(tenhou_rules, hand, win, melds=melds, seat_wind=S, round_wind=S).hits}
    assert hits[name] == han


@pytest.mark.parametrize(
    ("hand", "melds"),
    [
        pytest.param("223344m567p99s", ["chi:234s"], id="iipeikou-shape"),
        pytest.param("123567m55678s", ["chi:234p"], id="pinfu-shape"),
    ],
)
def test_closed_only_yaku_do_not_score_open(tenhou_rules, hand, melds):
    with pytest.raises(NoWin, match="no yaku"):
        score(tenhou_rules, hand, melds=melds)


def test_pinfu_needs_a_two_sided_wait(tenhou_rules):
    assert "pinfu" not in hit_names(score(tenhou_rules, "13m456p678s55s789p", "2m", situation={"riichi"}))


def test_pinfu_needs_a_pair_of_no_value(tenhou_rules):
    result = score(tenhou_rules, "234567m234p678s55z", "8s", situation={"riichi"})
    assert "pinfu" not in hit_names(result)


def test_ura_dora_needs_riichi(tenhou_rules):
    assert "ura_dora" not in hit_names(score(tenhou_rules, "234567m234p55678s", tsumo=True, ura=["7s"]))


def test_best_reading_is_chosen(tenhou_rules):
    """111222333m: three concealed triplets (sanankou) outscore three identical sequences here."""
    result = score(tenhou_rules, "111222333m456p11s", "1s", tsumo=True)
    assert {"sanankou", "menzen_tsumo"} <= hit_names(result)
    assert len(hand_readings(win_context("111222333m456p11s", "1s", tsumo=True))) >= 2


# --- fu --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "win", "kwargs", "overrides", "fu", "part"),
    [
        pytest.param(
            "234567m234p55678s",
            None,
            dict(tsumo=True, seat_wind=S),
            {},
            20,
            ("base", 20),
            id="pinfu-tsumo-20",
        ),
        pytest.param("234567m234p55678s", None, {}, {}, 30, ("closed ron", 10), id="pinfu-ron-30"),
        pytest.param("1133557799m1133p", None, {}, {}, 25, ("seven pairs", 25), id="chiitoitsu-25"),
        pytest.param(
            "13m456p678s99s789p",
            "2m",
            dict(situation={"riichi"}),
            {},
            40,
            ("kanchan wait", 2),
            id="closed-ron-kanchan-40",
        ),
        pytest.param(
            "12m456p678s99s789p",
            "3m",
            dict(situation={"riichi"}),
            {},
            40,
            ("penchan wait", 2),
            id="closed-ron-penchan-40",
        ),
        pytest.param(
            "123m456p678s789p9s",
            "9s",
            dict(situation={"riichi"}),
            {},
            40,
            ("tanki wait", 2),
            id="closed-ron-tanki-40",
        ),
        pytest.param(
            "234m56p22s",
            "7p",
            dict(melds=["chi:234s", "chi:678s"]),
            {},
            30,
            ("open pinfu shape", 10),
            id="open-pinfu-shape-30",
        ),
        pytest.param(
            "234m56p22s",
            "7p",
            dict(melds=["chi:234s", "chi:678s"]),
            {"open_pinfu_30fu": False},
            20,
            ("base", 20),
            id="open-pinfu-shape-20-when-option-off",
        ),
        pytest.param(
            "234567m234p55678s",
            None,
            dict(tsumo=True, seat_wind=S),
            {"tsumo_pinfu": False},
            30,
            ("tsumo", 2),
            id="no-tsumo-pinfu-30",
        ),
        pytest.param(
            "234m456p111s99p55z",
            "5z",
            dict(seat_wind=S),
            {},
            50,
            ("closed ron", 10),
            id="shanpon-ron-makes-an-open-triplet-50",
        ),
        pytest.param(
            "234m456p111s99p55z",
            "5z",
            dict(tsumo=True, seat_wind=S),
            {},
            40,
            ("tsumo", 2),
            id="shanpon-tsumo-two-closed-triplets-40",
        ),
        pytest.param(
            "111m456p789s23s11z",
            "4s",
            dict(situation={"riichi"}),
            {},
            50,
            ("value pair", 4),
            id="double-wind-pair-4fu-tenhou",
        ),
        pytest.param(
            "234567m678s55z",
            "8s",
            dict(melds=["kan:2222p"], tsumo=True, situation={"rinshan"}),
            {},
            40,
            ("tsumo", 2),
            id="rinshan-tsumo-fu-40",
        ),
        pytest.param(
            "234567m678s55z",
            "8s",
            dict(melds=["kan:2222p"], tsumo=True, situation={"rinshan"}),
            {"rinshan_tsumo_fu": False},
            30,
            ("value pair", 2),
            id="rinshan-without-tsumo-fu-30",
        ),
        pytest.param(
            "234567m234p55s",
            None,
            dict(melds=["ankan:1111z"], tsumo=True, seat_wind=S),
            {},
            60,
            ("tanki wait", 2),
            id="honour-ankan-32-tsumo-60",
        ),
    ],
)
def test_fu(rules_with, hand, win, kwargs, overrides, fu, part):
    result = score(rules_with(**overrides), hand, win, **kwargs)
    assert result.detail.fu == fu
    assert part in result.detail.fu_parts


def test_double_wind_pair_is_2fu_in_the_riichi_preset(rules_with):
    result = score(rules_with("riichi"), "111m456p789s23s11z", "4s", situation={"riichi"})
    assert (result.detail.fu, ("value pair", 2) in result.detail.fu_parts) == (40, True)


def test_shanpon_ron_triplet_is_open(tenhou_rules):
    parts = dict(score(tenhou_rules, "234m456p111s99p55z", "5z", seat_wind=S).detail.fu_parts)
    assert [v for k, v in parts.items() if k.startswith("open triplet")] == [4]
    assert [v for k, v in parts.items() if k.startswith("closed triplet")] == [8]


# --- limits ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("han", "fu", "base", "limit"),
    [
        pytest.param(1, 30, 240, None, id="1han30fu-240"),
        pytest.param(4, 30, 1920, None, id="4han30fu-1920"),
        pytest.param(3, 60, 1920, None, id="3han60fu-1920"),
        pytest.param(4, 40, 2000, "mangan", id="4han40fu-mangan"),
        pytest.param(3, 70, 2000, "mangan", id="3han70fu-mangan"),
        pytest.param(5, 30, 2000, "mangan", id="5han-mangan"),
        pytest.param(6, 30, 3000, "haneman", id="6han-haneman"),
        pytest.param(7, 30, 3000, "haneman", id="7han-haneman"),
        pytest.param(8, 30, 4000, "baiman", id="8han-baiman"),
        pytest.param(10, 30, 4000, "baiman", id="10han-baiman"),
        pytest.param(11, 30, 6000, "sanbaiman", id="11han-sanbaiman"),
        pytest.param(12, 30, 6000, "sanbaiman", id="12han-sanbaiman"),
        pytest.param(13, 30, 8000, "kazoe yakuman", id="13han-kazoe"),
        pytest.param(30, 30, 8000, "kazoe yakuman", id="30han-kazoe-is-one-yakuman"),
    ],
)
def test_base_points_and_limits(han, fu, base, limit):
    assert base_points(han, fu, 0, OPTIONS) == (base, limit)


@pytest.mark.parametrize(
    ("mode", "han", "fu", "base"),
    [
        pytest.param("off", 4, 30, 1920, id="off-4han30fu"),
        pytest.param("off", 3, 60, 1920, id="off-3han60fu"),
        pytest.param("on", 4, 30, 2000, id="on-4han30fu"),
        pytest.param("on", 3, 60, 2000, id="on-3han60fu"),
        pytest.param("4han_only", 4, 30, 2000, id="4han_only-4han30fu"),
        pytest.param("4han_only", 3, 60, 1920, id="4han_only-3han60fu"),
        pytest.param("on", 2, 110, 1760, id="on-2han110fu-untouched"),
    ],
)
def test_kiriage_mangan(mode, han, fu, base):
    assert base_points(han, fu, 0, options(kiriage_mangan=mode))[0] == base


@pytest.mark.parametrize(
    ("mode", "han", "base", "limit"),
    [
        pytest.param("on", 13, 8000, "kazoe yakuman", id="on-13"),
        pytest.param("on", 26, 8000, "kazoe yakuman", id="on-26"),
        pytest.param("cap_at_sanbaiman", 13, 6000, "sanbaiman", id="cap-13"),
        pytest.param("cap_at_sanbaiman", 26, 6000, "sanbaiman", id="cap-26"),
        pytest.param("multiple", 13, 8000, "kazoe yakuman", id="multiple-13"),
        pytest.param("multiple", 26, 16000, "kazoe 2x yakuman", id="multiple-26"),
        pytest.param("multiple", 39, 24000, "kazoe 3x yakuman", id="multiple-39"),
    ],
)
def test_kazoe_yakuman(mode, han, base, limit):
    assert base_points(han, 30, 0, options(kazoe_yakuman=mode)) == (base, limit)


@pytest.mark.parametrize(
    ("yakuman", "base", "limit"),
    [
        pytest.param(1, 8000, "yakuman", id="1x"),
        pytest.param(2, 16000, "2x yakuman", id="2x"),
        pytest.param(3, 24000, "3x yakuman", id="3x"),
    ],
)
def test_yakuman_multiples(yakuman, base, limit):
    assert base_points(0, 0, yakuman, OPTIONS) == (base, limit)


def test_kazoe_through_a_hand(tenhou_rules):
    result = score(tenhou_rules, "11223344556677m", "7m", situation={"riichi"}, dora=["6m"])
    assert (result.detail.han, result.detail.limit, result.value) == (13, "kazoe yakuman", 48000)


def test_kazoe_cap_through_a_hand(rules_with):
    result = score(
        rules_with(kazoe_yakuman="cap_at_sanbaiman"),
        "11223344556677m",
        "7m",
        situation={"riichi"},
        dora=["6m"],
    )
    assert (result.detail.limit, result.value) == ("sanbaiman", 36000)


def test_kiriage_through_a_hand(rules_with):
    hand = dict(hand="234567m234p55678s", win=None, situation={"riichi"}, dora=["1m"], seat_wind=S)
    plain = score(rules_with(), **hand)
    kiriage = score(rules_with(kiriage_mangan="on"), **hand)
    assert (plain.detail.han, plain.detail.fu, plain.value, kiriage.value) == (4, 30, 7700, 8000)


# --- options that change results ------------------------------------------------------------------------


OPEN_TANYAO = dict(hand="234m55p", win="5p", melds=["chi:234s", "chi:678s", "pon:888m"])


def test_kuitan_on_open_tanyao_scores(rules_with):
    assert "tanyao" in hit_names(score(rules_with(kuitan=True), **OPEN_TANYAO))


def test_kuitan_off_open_tanyao_is_no_win(rules_with):
    with pytest.raises(NoWin, match="no yaku"):
        score(rules_with(kuitan=False), **OPEN_TANYAO)


def test_kuitan_off_keeps_closed_tanyao(rules_with):
    assert "tanyao" in hit_names(score(rules_with(kuitan=False), "234567m234p55678s"))


SUUANKOU_TANKI = dict(hand="111m222p333s444z55p", win="5p", seat_wind=S, discarder="E")


@pytest.mark.parametrize(
    ("preset", "overrides", "value"),
    [
        pytest.param("tenhou", {}, 32000, id="tenhou-single"),
        pytest.param("tenhou", {"double_yakuman_patterns": "suuankou_tanki"}, 64000, id="tenhou+double-on"),
        pytest.param("riichi", {}, 64000, id="riichi-preset-double"),
        pytest.param("riichi", {"double_yakuman_patterns": "none"}, 32000, id="riichi-preset-double-off"),
    ],
)
def test_double_yakuman_patterns(rules_with, preset, overrides, value):
    assert score(rules_with(preset, **overrides), **SUUANKOU_TANKI).value == value


DAISANGEN_TSUUIISOU = dict(hand="111z22z", win="2z", melds=["pon:555z", "pon:666z", "pon:777z"], seat_wind=S)


@pytest.mark.parametrize(
    ("overrides", "yakuman"),
    [
        pytest.param({}, 2, id="composite-adds"),
        pytest.param({"composite_yakuman": False}, 1, id="composite-off-takes-max"),
        pytest.param({"yakuman_max_multiple": 1}, 1, id="cap-at-1"),
    ],
)
def test_composite_yakuman(rules_with, overrides, yakuman):
    assert score(rules_with(**overrides), **DAISANGEN_TSUUIISOU).detail.yakuman == yakuman


NO_YAKU_KANCHAN = dict(hand="123m456p789s99s24m", win="3m", seat_wind=S, discarder="E")
PINFU_TANYAO = dict(hand="234567m234p55678s", seat_wind=S, discarder="E")


def test_renhou_off_gives_no_yaku(rules_with):
    with pytest.raises(NoWin, match="no yaku"):
        score(rules_with(renhou="off"), **NO_YAKU_KANCHAN, situation={"renhou"})


@pytest.mark.parametrize(
    ("mode", "han", "value"),
    [
        pytest.param("yakuman", 0, 32000, id="yakuman"),
        pytest.param("baiman", 8, 16000, id="baiman"),
        pytest.param("mangan", 5, 8000, id="mangan"),
        pytest.param("5han", 5, 8000, id="5han"),
        pytest.param("4han", 4, 8000, id="4han-40fu"),
    ],
)
def test_renhou_values_on_a_hand_without_other_yaku(rules_with, mode, han, value):
    result = score(rules_with(renhou=mode), **NO_YAKU_KANCHAN, situation={"renhou"})
    assert (result.detail.han, result.value) == (han, value)


def test_renhou_needs_other_yaku_refuses_a_bare_hand(rules_with):
    with pytest.raises(NoWin):
        score(rules_with(renhou="needs_other_yaku"), **NO_YAKU_KANCHAN, situation={"renhou"})


def test_renhou_needs_other_yaku_is_yakuman_with_another_yaku(rules_with):
    result = score(rules_with(renhou="needs_other_yaku"), **PINFU_TANYAO, situation={"renhou"})
    assert (hit_names(result), result.value) == ({"renhou"}, 32000)


def test_renhou_needs_other_yaku_hand_still_wins_without_the_flag(rules_with):
    assert score(rules_with(renhou="needs_other_yaku"), **PINFU_TANYAO).value == 2000


def test_tsumo_pinfu_off_drops_pinfu_on_tsumo(rules_with):
    result = score(rules_with(tsumo_pinfu=False), "234567m234p55678s", tsumo=True, seat_wind=S)
    assert "pinfu" not in hit_names(result) and "menzen_tsumo" in hit_names(result)


def test_tsumo_pinfu_off_keeps_pinfu_on_ron(rules_with):
    assert "pinfu" in hit_names(score(rules_with(tsumo_pinfu=False), "234567m234p55678s"))


def test_chiitoitsu_1h50f_below_mangan(rules_with):
    result = score(rules_with(chiitoitsu_scoring="1h50f_then_2h25f"), "1133557799m1133p", seat_wind=S)
    assert (result.detail.han, result.detail.fu, result.value) == (1, 50, 1600)


def test_chiitoitsu_1h50f_becomes_2h25f_at_mangan(rules_with):
    result = score(
        rules_with(chiitoitsu_scoring="1h50f_then_2h25f"),
        "1133557799m1133p",
        situation={"riichi"},
        dora=["2m"],
    )
    assert (result.detail.han, result.detail.fu, result.detail.limit) == (5, 25, "mangan")


GREENS_WITHOUT_HATSU = dict(hand="223344s666s888s44s")


def test_ryuuiisou_without_hatsu_by_default(rules_with):
    assert "ryuuiisou" in hit_names(score(rules_with(), **GREENS_WITHOUT_HATSU))


def test_ryuuiisou_requires_hatsu_option(rules_with):
    assert "ryuuiisou" not in hit_names(score(rules_with(ryuuiisou_requires_hatsu=True), **GREENS_WITHOUT_HATSU))


def test_chiitoi_tsuuiisou_option_off(rules_with):
    result = score(rules_with(chiitoi_tsuuiisou=False), "11223344556677z")
    assert "tsuuiisou" not in hit_names(result) and "chiitoitsu" in hit_names(result)


def test_chiitoi_tsuuiisou_on_by_default(tenhou_rules):
    assert hit_names(score(tenhou_rules, "11223344556677z")) == {"tsuuiisou"}


@pytest.mark.parametrize(
    ("option", "situation", "gone"),
    [
        pytest.param("ura_dora", {"riichi"}, "ura_dora", id="ura_dora-off"),
        pytest.param("ippatsu", {"riichi", "ippatsu"}, "ippatsu", id="ippatsu-off"),
        pytest.param("double_riichi", {"double_riichi"}, "double_riichi", id="double_riichi-off"),
    ],
)
def test_situation_yaku_can_be_switched_off(rules_with, option, situation, gone):
    result = score(rules_with(**{option: False}), "234567m234p55678s", situation=situation, ura=["7s"])
    assert gone not in hit_names(result)


def test_double_riichi_off_still_counts_riichi(rules_with):
    result = score(rules_with(double_riichi=False), "234567m234p55678s", situation={"double_riichi"})
    assert "riichi" in hit_names(result)


ONE_HAN = dict(hand="123567m234p55678s", seat_wind=S)  # pinfu only


def test_min_han_2_refuses_a_one_han_hand(rules_with):
    with pytest.raises(NoWin):
        score(rules_with(min_han=2), **ONE_HAN)


def test_min_han_2_does_not_count_dora(rules_with):
    with pytest.raises(NoWin):
        score(rules_with(min_han=2), **ONE_HAN, dora=["4s"])


def test_min_han_2_accepts_two_han_of_yaku(rules_with):
    assert score(rules_with(min_han=2), **ONE_HAN, situation={"riichi"}).detail.han == 2


@pytest.mark.parametrize(
    ("mode", "honba", "extra", "wins"),
    [
        pytest.param("none", 5, {}, True, id="none-5-honba"),
        pytest.param("from_5_honba", 4, {}, True, id="from_5_honba-4-honba"),
        pytest.param("from_5_honba", 5, {}, False, id="from_5_honba-5-honba"),
        pytest.param("always", 0, {}, False, id="always"),
        pytest.param("from_dealer_5th_repeat", 0, {"dealer_repeats": 4}, True, id="dealer-4th-repeat"),
        pytest.param("from_dealer_5th_repeat", 0, {"dealer_repeats": 5}, False, id="dealer-5th-repeat"),
    ],
)
def test_ryanhan_shibari(rules_with, mode, honba, extra, wins):
    ctx = replace(win_context(**ONE_HAN, honba=honba), extra=extra)
    rules = rules_with(ryanhan_shibari=mode)
    if wins:
        assert mjsim.score(ctx, rules).detail.han == 1
    else:
        with pytest.raises(NoWin):
            mjsim.score(ctx, rules)


@pytest.mark.parametrize(
    ("red_fives", "hand", "aka"),
    [
        pytest.param(3, "234567m234p05678s", 1, id="three-reds"),
        pytest.param(0, "234567m234p05678s", 0, id="no-reds"),
        pytest.param(4, "234567m00p5p678s55s", 2, id="four-reds-two-red-5p"),
    ],
)
def test_red_fives_option(rules_with, red_fives, hand, aka):
    ctx = win_context(hand, red_fives=max(red_fives, 3))
    hits = {h.name: h.value for h in mjsim.score(ctx, rules_with(red_fives=red_fives)).hits}
    assert hits.get("aka_dora", 0) == aka


# --- pao ---------------------------------------------------------------------------------------------------

DAISANGEN = dict(hand="123m11p", win="1p", melds=["pon:555z", "pon:666z", "pon:777z"], seat_wind=S)
NORTH = 3


def pao_score(rules, pao=NORTH, **kw):
    return mjsim.score(tf.with_table(win_context(**{**DAISANGEN, **kw}), pao=pao), rules)


def test_pao_tsumo_liable_seat_pays_everything(tenhou_rules):
    assert pao_score(tenhou_rules, tsumo=True).payments == (0, 32000, 0, -32000)


def test_pao_ron_splits_between_discarder_and_liable_seat(tenhou_rules):
    assert pao_score(tenhou_rules, discarder="E").payments == (-16000, 32000, 0, -16000)


def test_pao_seat_dealing_in_pays_everything(tenhou_rules):
    assert pao_score(tenhou_rules, discarder="N").payments == (0, 32000, 0, -32000)


def test_pao_dealer_tsumo(tenhou_rules):
    assert pao_score(tenhou_rules, tsumo=True, seat_wind="E").payments == (48000, 0, 0, -48000)


def test_pao_honba_on_tsumo_is_paid_by_liable_seat(tenhou_rules):
    assert pao_score(tenhou_rules, tsumo=True, honba=2, sticks=1).payments == (0, 33600, 0, -32600)


@pytest.mark.parametrize(
    ("payer", "payments"),
    [
        pytest.param("responsible", (-16000, 32300, 0, -16300), id="responsible"),
        pytest.param("discarder", (-16300, 32300, 0, -16000), id="discarder"),
    ],
)
def test_pao_honba_payer_on_ron(rules_with, payer, payments):
    assert pao_score(rules_with(pao_honba_payer=payer), discarder="E", honba=1).payments == payments


def test_pao_only_for_yakuman_in_pao_set(rules_with):
    rules = rules_with(pao_set="none")
    assert pao_score(rules, tsumo=True).payments == (-16000, 32000, -8000, -8000)


PAO_COMPOSITE = dict(hand="111z22z", win="2z")  # daisangen (pao) + tsuuiisou


def test_pao_yakuman_only_ron_splits_only_the_pao_yakuman(rules_with):
    rules = rules_with(pao_scope="pao_yakuman_only")
    assert pao_score(rules, discarder="E", **PAO_COMPOSITE).payments == (-48000, 64000, 0, -16000)


def test_pao_yakuman_only_tsumo_rest_is_shared(rules_with):
    rules = rules_with(pao_scope="pao_yakuman_only")
    assert pao_score(rules, tsumo=True, **PAO_COMPOSITE).payments == (-16000, 64000, -8000, -40000)


def test_pao_whole_hand_tsumo_liable_pays_all(tenhou_rules):
    assert pao_score(tenhou_rules, tsumo=True, **PAO_COMPOSITE).payments == (0, 64000, 0, -64000)


FOUR_WINDS = dict(hand="444z55z", win="5z", melds=["pon:111z", "pon:222z", "pon:333z"], seat_wind=S, tsumo=True)
FOUR_WIND_KANS = dict(
    hand="55z", win="5z", melds=["kan:1111z", "kan:2222z", "kan:3333z", "kan:4444z"], seat_wind=S, tsumo=True
)


@pytest.mark.parametrize(
    ("overrides", "hand"),
    [
        pytest.param({"yakuman_max_multiple": 1}, FOUR_WINDS, id="cap-1-double-daisuushii+tsuuiisou"),
        pytest.param(
            {"composite_yakuman": False, "pao_set": "daisangen,daisuushii,suukantsu"},
            FOUR_WIND_KANS,
            id="composite-off-daisuushii+suukantsu",
        ),
    ],
)
def test_pao_never_pays_the_other_seats(rules_with, overrides, hand):
    result = pao_score(rules_with("riichi", **overrides), **hand)
    assert all(p <= 0 for seat, p in enumerate(result.payments) if seat != 1), result.payments
    assert result.payments[1] == result.value


# --- honba and riichi sticks -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "payments"),
    [
        pytest.param(dict(discarder="E"), (-3900, 3900, 0, 0), id="ron-plain"),
        pytest.param(dict(discarder="E", honba=2), (-4500, 4500, 0, 0), id="ron-2-honba-+600"),
        pytest.param(dict(discarder="E", sticks=3), (-3900, 6900, 0, 0), id="ron-3-sticks-to-winner"),
        pytest.param(dict(tsumo=True), (-2600, 5200, -1300, -1300), id="tsumo-plain"),
        pytest.param(dict(tsumo=True, honba=2), (-2800, 5800, -1500, -1500), id="tsumo-2-honba-+200-each"),
        pytest.param(dict(tsumo=True, honba=2, sticks=3), (-2800, 8800, -1500, -1500), id="tsumo-honba-sticks"),
        pytest.param(dict(tsumo=True, seat_wind="E", honba=1), (8100, -2700, -2700, -2700), id="dealer-tsumo-honba"),
    ],
)
def test_honba_and_sticks(tenhou_rules, kwargs, payments):
    kw = {"seat_wind": S, "situation": {"riichi"}, **kwargs}
    result = score(tenhou_rules, "234567m234p55678s", **kw)
    assert result.payments == payments


def test_honba_and_sticks_do_not_change_the_hand_value(tenhou_rules):
    plain = score(tenhou_rules, "234567m234p55678s", tsumo=True, seat_wind=S)
    extra = score(tenhou_rules, "234567m234p55678s", tsumo=True, seat_wind=S, honba=3, sticks=2)
    assert plain.value == extra.value


# --- not a win -------------------------------------------------------------------------------------------


def test_incomplete_hand_is_no_win(tenhou_rules):
    with pytest.raises(NoWin, match="not complete"):
        score(tenhou_rules, "123m456p789s11123z")


def test_thirteen_tiles_is_no_win(tenhou_rules):
    with pytest.raises(NoWin, match="14 tiles"):
        score(tenhou_rules, "123m456p789s1122z")


def test_no_yaku_is_no_win(tenhou_rules):
    with pytest.raises(NoWin, match="no yaku"):
        score(tenhou_rules, **NO_YAKU_KANCHAN)


def test_no_win_is_an_mjsim_error():
    assert issubclass(NoWin, MjsimError)


def test_default_rules_are_the_tenhou_preset(tenhou_rules):
    ctx = win_context("111m222p333s444z55p", "5p", seat_wind=S)
    assert mjsim.score(ctx).value == mjsim.score(ctx, tenhou_rules).value == 32000


def test_round_up():
    assert [round_up(x) for x in (0, 1, 100, 101, 7680)] == [0, 100, 100, 200, 7700]


# --- win_context input errors ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        pytest.param(dict(hand="123m", seat_wind="X"), "seat wind: bad wind 'X'", id="bad-seat-wind"),
        pytest.param(dict(hand="123m", round_wind="Q"), "round wind: bad wind 'Q'", id="bad-round-wind"),
        pytest.param(dict(hand="123m", discarder="E"), "cannot be the winner", id="discarder-is-winner"),
        pytest.param(dict(hand="123m", honba=-1), "honba must not be negative", id="negative-honba"),
        pytest.param(dict(hand="123m", sticks=-2), "sticks must not be negative", id="negative-sticks"),
        pytest.param(dict(hand="123m", melds=["chi:124m"]), "do not form a chi", id="bad-chi"),
        pytest.param(dict(hand="123m", melds=["pon:123m"]), "do not form a pon", id="bad-pon"),
        pytest.param(dict(hand="123m", melds=["foo:123m"]), "unknown meld type 'foo'", id="bad-meld-type"),
        pytest.param(dict(hand="123m456p789s1122z", win="3z"), None, id="win-added-to-13"),
        pytest.param(dict(hand="123m456p789s11222z", win="9z"), "no tile '9z'", id="bad-win-tile"),
        pytest.param(
            dict(hand="123m456p789s11222z", win="3z"),
            "winning tile 3z is not in the hand",
            id="win-not-in-hand",
        ),
        pytest.param(dict(hand="123m456p789s11222z", win="12z"), "takes one tile", id="two-win-tiles"),
        pytest.param(dict(hand=""), "the hand is empty", id="empty-hand"),
    ],
)
def test_win_context_errors_name_the_piece(kwargs, message):
    if message is None:
        assert len(win_context(**kwargs).concealed) == 14
        return
    with pytest.raises(MjsimError, match=message):
        win_context(**kwargs)


# --- feature gates (speed only: they must never change a score) ---------------------------------------------


def _outcome(ctx, index, values):
    """The score of ``ctx`` under ``index`` and the rule values, or the NoWin message."""
    try:
        return score_win(ctx, index, values)
    except NoWin as exc:
        return str(exc)


def _hidden(ctx, patterns) -> list[str]:
    """The patterns that apply to some reading of ``ctx`` although it lacks a feature they declare they need."""
    hidden = []
    for reading in hand_readings(ctx):
        reading_ctx = replace(ctx, reading=reading)
        features = ctx.features | reading.features
        for p in patterns:
            missing = feature_mask(p.needs) & ~features
            if missing and p.applies(reading_ctx):
                hidden.append(f"{p.name} lacks {feature_names(missing)}")
    return hidden


@given(win_contexts())
def test_feature_gates_never_hide_a_pattern(tenhou_rules, ctx):
    """Every riichi pattern tried on every hand (no ``needs``) scores exactly what the gated index scores."""
    assert _hidden(ctx, tenhou_rules.patterns) == [], describe(ctx)
    ungated = PatternIndex(replace(p, needs=()) for p in tenhou_rules.patterns)
    values = tenhou_rules.values
    assert _outcome(ctx, tenhou_rules.pattern_index, values) == _outcome(ctx, ungated, values), describe(ctx)


def test_feature_gates_hold_on_the_benchmark_hands(tenhou_rules):
    """The same check on 1000 seeded random winning hands (open and closed, every wait and set shape)."""
    from benchmarks.hand import winning_hands

    for hand in winning_hands(1000, seed=7):
        ctx = hand.ctx
        assert _hidden(ctx, tenhou_rules.patterns) == [], hand.note


def test_every_declared_need_is_a_known_feature(tenhou_rules):
    assert all(set(p.needs) <= set(FEATURES) for p in tenhou_rules.patterns)
    assert sum(1 for p in tenhou_rules.patterns if p.needs) >= 35  # nearly every shape yaku declares its needs


def test_an_unknown_feature_is_a_clear_error():
    pattern = Pattern("x", "X", lambda ctx: True, value=1, needs=("closed", "purple"))
    with pytest.raises(MjsimError, match="unknown pattern feature 'purple'"):
        PatternIndex([pattern])


def test_a_pattern_without_needs_is_always_tried(tenhou_rules):
    """Patterns of other variants declare nothing: they must still be evaluated on every reading."""
    tried = []
    pattern = Pattern("always", "Always", lambda ctx: tried.append(ctx.reading.form) or True, value=1, open_value=1)
    ctx = win_context("123m456p789s22z", "2z", melds=["pon:777z"])
    result = score_win(ctx, PatternIndex([*tenhou_rules.patterns, pattern]), tenhou_rules.values)
    assert tried == ["standard"]
    assert "always" in hit_names(result)


@pytest.mark.parametrize(
    ("hand", "win", "kwargs", "present", "absent"),
    [
        pytest.param(
            "234567m234p55678s",
            "8s",
            {},
            {"closed", "ron", "only_simples", "simples", "no_honors", "three_suits", "all_sequences"},
            {"honors", "one_suit", "no_sequences", "yaochu_pair", "identical_sequences"},
            id="closed-tanyao-pinfu",
        ),
        pytest.param(
            "112233m789m11z",
            "3m",
            {"melds": ["pon:555z"], "tsumo": True},
            {"open", "tsumo", "one_suit", "honors", "identical_sequences", "three_sequences", "dragon_triplet"},
            {"closed", "only_simples", "three_suits", "wind_triplet"},
            id="open-honitsu-dragon",
        ),
        pytest.param(
            "111m999p111s11z",
            "1z",
            {"melds": ["ankan:9999s"]},
            {"closed", "no_simples", "no_sequences", "three_triplets", "three_concealed_triplets", "yaochu_pair"},
            {"sequence", "simples", "three_quads"},
            id="closed-triplets-honroutou",
        ),
        pytest.param(
            "1111m2233p4455s66z",
            "6z",
            {},
            set(),
            {"seven_pairs"},
            id="four-of-a-kind-is-not-seven-pairs",
        ),
        pytest.param("1122m3344p5566s77z", "7z", {}, {"seven_pairs", "honors"}, {"standard"}, id="seven-pairs"),
    ],
)
def test_features_of_worked_hands(hand, win, kwargs, present, absent):
    ctx = win_context(hand, win, **kwargs)
    names = set(feature_names(ctx.features))
    for reading in hand_readings(ctx):
        names |= set(feature_names(reading.features))
    assert present <= names
    assert not absent & names


def test_reading_cache_counts_hits_and_misses():
    clear_reading_cache()
    ctx = win_context("123m456p789s11222z", "2z")
    hand_readings(ctx)
    first = reading_cache_stats()
    hand_readings(ctx)
    assert first[0] == 0 and first[1] == 4  # four suits, all new
    assert reading_cache_stats() == (4, 4)


def test_no_rule_asks_for_more_han_than_the_ceiling_the_scorer_trusts():
    """The scorer skips the minimum-han check from MIN_HAN_CEILING han: no option value may ask for more."""
    from mjsim.scoring import WinContext
    from variants.riichi.options import MIN_HAN_CHOICES, SCORING_OPTIONS
    from variants.riichi.scorer import MIN_HAN_CEILING, _min_han

    modes = next(option.choices for option in SCORING_OPTIONS if option == "riichi.ryanhan_shibari")
    for min_han, mode, streak in product(MIN_HAN_CHOICES, modes, (0, 5)):
        options = {"riichi.min_han": min_han, "riichi.ryanhan_shibari": mode}
        ctx = WinContext((), 0, table=tf.table_facts(honba=streak), extra={"dealer_repeats": streak})
        assert _min_han(ctx, options) <= MIN_HAN_CEILING


# --- Rules over set masks agree with the same rules over sets ----------------------------------------


def _by_sets(reading) -> dict[str, bool]:
    """The mask-based shape yaku worked out the plain way, from the reading's sets (the reference)."""
    seqs = {s.kind for s in reading.sets if s.shape == "sequence"}
    trips = {s.kind for s in reading.sets if s.shape != "sequence"}

    def all_hold(kinds) -> bool:
        ends = [(s.kind, s.kind + 2) if s.shape == "sequence" else (s.kind,) for s in reading.sets]
        return reading.pair in kinds and all(any(k in kinds for k in end) for end in ends)

    dragons, winds = {31, 32, 33}, {27, 28, 29, 30}
    return {
        "ittsu": any({b, b + 3, b + 6} <= seqs for b in (0, 9, 18)),
        "sanshoku_doujun": any({k, k + 9, k + 18} <= seqs for k in range(9)),
        "sanshoku_doukou": any({k, k + 9, k + 18} <= trips for k in range(9)),
        "chanta": bool(seqs) and all_hold(YAOCHU_SET),
        "junchan": bool(seqs) and all_hold(TERMINALS),
        "shousangen": reading.pair in dragons and len(dragons & trips) == 2,
        "daisangen": dragons <= trips,
        "shousuushii": reading.pair in winds and len(winds & trips) == 3,
        "daisuushii": winds <= trips,
    }


@pytest.mark.parametrize("theme", THEMES)
@given(data=st.data())
def test_mask_rules_agree_with_set_rules(theme, data):
    """三色, 一気通貫, 全帯, 三元 and 四喜 read from bit masks say what the same rules over the sets say."""
    ctx = data.draw(win_contexts(hands=winning_hands(theme, forms=("standard",))), label="win")
    rules = {p.name: p.applies for p in PATTERNS}
    for reading in hand_readings(ctx):
        reading_ctx = replace(ctx, reading=reading)
        got = {name: bool(rules[name](reading_ctx)) for name in _by_sets(reading)}
        assert got == _by_sets(reading), describe(ctx)


@pytest.mark.parametrize(
    ("hand", "win", "expected"),
    [
        pytest.param("123456m789p11s22z", "2z", set(), id="123-456-789 across two suits is not ittsu"),
        pytest.param("789m789p789s11z22z", "2z", {"sanshoku_doujun", "chanta"}, id="789 in every suit"),
        pytest.param("999m999p999s11z22z", "2z", {"sanshoku_doukou"}, id="999 in every suit"),
        pytest.param("123m999p789s11z11s", "1s", {"chanta"}, id="chanta with an honour pair"),
    ],
)
def test_mask_rules_on_fixed_hands(hand, win, expected):
    """A few hands where an off-by-one in a mask would show."""
    ctx = win_context(hand, win, discarder="S")
    names = {"ittsu", "sanshoku_doujun", "sanshoku_doukou", "chanta", "junchan"}
    rules = {p.name: p.applies for p in PATTERNS if p.name in names}
    found = set()
    for reading in hand_readings(ctx):
        found |= {n for n, rule in rules.items() if rule(replace(ctx, reading=reading))}
    assert found == expected


def test_a_pattern_name_given_twice_is_a_clear_error():
    pattern = Pattern("x", "X", lambda ctx: True, value=1)
    with pytest.raises(MjsimError, match="unique names; given more than once: x"):
        PatternIndex([pattern, pattern])
