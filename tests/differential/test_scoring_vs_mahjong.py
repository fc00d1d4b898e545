"""Scoring agrees with the ``mahjong`` package on generated winning hands of every yaku.

Each generated hand (see ``strategies.win_contexts``) is scored by mjsim and by
``HandCalculator.estimate_hand_value`` under matching rules; han, fu (below yakuman), the yaku list
and every seat's payment (honba and riichi sticks included) must agree, and a hand mjsim refuses must
be one the package calls ``no_yaku``.

Conventions of the package and how they are matched (restrictions, not weakened assertions):

* it rejects impossible situations (riichi on an open hand, ippatsu without riichi, chankan on tsumo,
  rinshan/haitei on ron, houtei on tsumo, haitei with rinshan, houtei with chankan, tenhou/chiihou/renhou
  for the wrong seat or with melds): the generator only builds consistent situations, and rinshan only
  after a kan;
* it reports a yakuman as 13 han per yakuman (double yakuman as 26): compared as 13 x our multiple, and
  fu is not compared for yakuman hands (the package gives kokushi 0 fu, other yakuman the reading's fu);
* its red fives are fixed at 16/52/88 (our ``red_fives = 3``), a double-wind pair is always 4 fu
  (``double_wind_pair_fu = 4``, as in the tenhou preset), and it has no pao: pao is not generated;
* renhou exists there only as 5 han or as yakuman: it is generated only for rule sets that score it so.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
from hypothesis import HealthCheck, event, given, settings

import mjsim
from mjsim import RuleSet
from mjsim.scoring import NoWin
from tests.strategies import THEMES, describe, win_contexts, winning_hands

pytest.importorskip("mahjong")
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules  # noqa: E402
from mahjong.hand_calculating.yaku_config import YakuConfig  # noqa: E402
from mahjong.meld import Meld as PackageMeld  # noqa: E402

from variants.riichi import table_facts as tf
from variants.riichi.win_text import win_context

ALL_DOUBLES = "suuankou_tanki,junsei_chuuren,kokushi_13,daisuushii"

# name: (our overrides of the tenhou preset, the package's OptionalRules, whether renhou is generated)
CONFIGS = {
    "tenhou": ({}, dict(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False), False),
    "double-yakuman+kiriage+kazoe-multiple": (
        {"double_yakuman_patterns": ALL_DOUBLES, "kiriage_mangan": "on", "kazoe_yakuman": "multiple"},
        dict(
            has_open_tanyao=True,
            has_aka_dora=True,
            has_double_yakuman=True,
            kiriage=True,
            kazoe_limit=HandConstants.KAZOE_NO_LIMIT,
        ),
        False,
    ),
    "no-kuitan+no-aka+kazoe-sanbaiman+no-tsumo-pinfu+no-open-pinfu-30": (
        {
            "kuitan": False,
            "red_fives": 0,
            "kazoe_yakuman": "cap_at_sanbaiman",
            "tsumo_pinfu": False,
            "open_pinfu_30fu": False,
        },
        dict(
            has_open_tanyao=False,
            has_aka_dora=False,
            has_double_yakuman=False,
            kazoe_limit=HandConstants.KAZOE_SANBAIMAN,
            fu_for_pinfu_tsumo=True,
            fu_for_open_pinfu=False,
        ),
        False,
    ),
    "renhou-yakuman": (
        {"renhou": "yakuman"},
        dict(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False, renhou_as_yakuman=True),
        True,
    ),
    "renhou-5han": (
        {"renhou": "5han"},
        dict(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False),
        True,
    ),
}

# Our pattern name -> the package's YakuConfig attribute (same name when missing).
PACKAGE_NAME = {
    "menzen_tsumo": "tsumo",
    "double_riichi": "daburu_riichi",
    "rinshan_kaihou": "rinshan",
    "iipeikou": "iipeiko",
    "ryanpeikou": "ryanpeiko",
    "dragon_white": "haku",
    "dragon_green": "hatsu",
    "dragon_red": "chun",
    "chanta": "chantai",
    "sanshoku_doujun": "sanshoku",
    "sanshoku_doukou": "sanshoku_douko",
    "shousangen": "shosangen",
    "honroutou": "honroto",
    "kokushi_13": "daburu_kokushi",
    "shousuushii": "shosuushi",
    "daisuushii": "daisuushi",
    "tsuuiisou": "tsuisou",
    "ryuuiisou": "ryuisou",
    "chinroutou": "chinroto",
    "chuuren": "chuuren_poutou",
    "junsei_chuuren": "daburu_chuuren_poutou",
}
PACKAGE_ATTR_BY_ID = {y.yaku_id: attr for attr, y in vars(YakuConfig()).items()}


@cache
def our_rules(config: str):
    overrides, _, _ = CONFIGS[config]
    return RuleSet.resolve("tenhou", {f"riichi.{k}": v for k, v in overrides.items()}).compile()


def package_result(ctx, config: str):
    """The package's HandResponse for ``ctx`` under the config's OptionalRules."""
    _, options, _ = CONFIGS[config]
    tiles = list(ctx.concealed) + [t for m in ctx.melds for t in m.tiles]
    melds = [
        PackageMeld(
            {"chi": PackageMeld.CHI, "pon": PackageMeld.PON}.get(m.type, PackageMeld.KAN),
            list(m.tiles),
            opened=m.type != "ankan",
            called_tile=m.called,
        )
        for m in ctx.melds
    ]
    s = ctx.situation
    config_ = HandConfig(
        is_tsumo=ctx.tsumo,
        is_riichi=bool(s & {"riichi", "double_riichi"}),
        is_daburu_riichi="double_riichi" in s,
        is_ippatsu="ippatsu" in s,
        is_rinshan="rinshan" in s,
        is_chankan="chankan" in s,
        is_haitei="haitei" in s,
        is_houtei="houtei" in s,
        is_tenhou="tenhou" in s,
        is_chiihou="chiihou" in s,
        is_renhou="renhou" in s,
        player_wind=ctx.seat_wind,
        round_wind=ctx.round_wind,
        tsumi_number=tf.honba(ctx),
        kyoutaku_number=tf.sticks(ctx),
        options=OptionalRules(**options),
    )
    return HandCalculator.estimate_hand_value(
        tiles,
        ctx.win_tile,
        melds=melds,
        dora_indicators=list(tf.dora_indicators(ctx)),
        ura_dora_indicators=list(tf.ura_indicators(ctx)),
        config=config_,
    )


def package_payments(ctx, cost) -> tuple[int, ...]:
    """Every seat's change from the package's cost breakdown (main/additional plus bonuses)."""
    deltas = [0] * 4
    main = cost["main"] + cost["main_bonus"]
    additional = cost["additional"] + cost["additional_bonus"]
    if ctx.tsumo:
        for seat in range(4):
            if seat != ctx.seat:
                deltas[seat] = -(main if ctx.dealer or seat == 0 else additional)
    else:
        deltas[ctx.discarder] = -main
    deltas[ctx.seat] = cost["total"]
    return tuple(deltas)


def package_yaku(response, config: str) -> set[str]:
    names = {PACKAGE_ATTR_BY_ID[y.yaku_id] for y in response.yaku}
    return {"renhou" if n == "renhou_yakuman" else n for n in names}


def our_yaku(score) -> set[str]:
    return {PACKAGE_NAME.get(h.name, h.name) for h in score.hits}


def differences(ctx, config: str, record=event) -> dict:
    """What mjsim and the package disagree on for one hand (empty when they agree).

    ``record`` receives statistics lines (``hypothesis.event`` inside a Hypothesis test).
    """
    theirs = package_result(ctx, config)
    try:
        ours = mjsim.score(ctx, our_rules(config))
    except NoWin as exc:
        record("outcome: no yaku")
        return {} if theirs.error == "no_yaku" else {"outcome": (f"NoWin: {exc}", theirs.error or theirs.han)}
    if theirs.error:
        return {"outcome": (ours.detail.han, theirs.error)}
    for hit in ours.hits:
        record(f"yaku: {hit.name}")
    diffs = {}
    han = 13 * ours.detail.yakuman if ours.detail.yakuman else ours.detail.han
    if han != theirs.han:
        diffs["han"] = (han, theirs.han)
    if not ours.detail.yakuman and ours.detail.fu != theirs.fu:
        diffs["fu"] = (ours.detail.fu, theirs.fu)
    if ours.payments != package_payments(ctx, theirs.cost):
        diffs["payments"] = (ours.payments, package_payments(ctx, theirs.cost))
    if our_yaku(ours) != package_yaku(theirs, config):
        diffs["yaku"] = (sorted(our_yaku(ours)), sorted(package_yaku(theirs, config)))
    return diffs


@pytest.mark.parametrize("config", list(CONFIGS))
def test_generated_hands_agree_with_the_package(config):
    """Three times the profile's examples per rule set: each costs about 3 ms."""

    @settings(max_examples=3 * settings.default.max_examples)
    @given(ctx=win_contexts(renhou=CONFIGS[config][2]))
    def check(ctx):
        diffs = differences(ctx, config)
        assert not diffs, f"{describe(ctx)}: {diffs}"

    check()


# --- the package's own documentation examples ---------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "win", "kwargs"),
    [
        pytest.param("22444m333567p444s", "4s", {}, id="22444m333567p444s-tanyao-40fu"),
        pytest.param("234789m12345666p", "6p", dict(tsumo=True, situation={"riichi"}), id="riichi-tsumo-pinfu"),
    ],
)
def test_package_doc_examples_agree(hand, win, kwargs):
    ctx = win_context(hand, win, seat_wind="S", **kwargs)
    assert not differences(ctx, "tenhou", record=lambda _: None)


# --- every yaku is reachable by the generator --------------------------------------------------------------
# ``pytest --hypothesis-show-statistics`` also lists, per rule set above, how many hands scored each yaku.


EXAMPLES_PER_THEME = 80


def test_every_pattern_is_generated(record_property):
    """Derandomized hands of every theme and form reach every pattern of the rules (renhou scored as yakuman).

    Each theme and form gets its own run, so a rare yakuman (four winds, the 13-sided kokushi) is not left to
    the luck of one long run: Hypothesis also draws constants from the modules imported so far, so the hands
    of a derandomized run differ a little with what the test session imported before.
    """
    rules = our_rules("renhou-yakuman")
    seen: Counter = Counter()

    def collect(hands) -> None:
        @settings(
            max_examples=EXAMPLES_PER_THEME,
            derandomize=True,
            database=None,
            deadline=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(ctx=win_contexts(hands=hands, renhou=True))
        def score_one(ctx):
            try:
                seen.update(h.name for h in mjsim.score(ctx, rules).hits)
            except NoWin:
                seen["(no yaku)"] += 1

        score_one()

    for theme in THEMES:
        collect(winning_hands(theme=theme, forms=("standard",)))
    for form in ("seven_pairs", "orphans", "nine_gates"):
        collect(winning_hands(forms=(form,)))
    record_property("hands_per_pattern", dict(seen.most_common()))
    missing = {p.name for p in rules.patterns} - set(seen)
    assert not missing, f"never generated: {sorted(missing)}; hands per pattern: {dict(seen.most_common())}"
