"""台湾麻将 (/work/shared/rules/taiwan.md): the seed's payment example, tai items, flower wins, options."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from mjsim.rules import RuleSet
from mjsim.scoring import NoWin
from mjsim.scoring.win_input import win_context
from variants.taiwan import options as tw_options
from variants.taiwan.scoring import score_win
from variants.taiwan.seats import east_seat

PRESET = "taiwan"


@cache
def rules(**overrides):
    """The taiwan preset with option overrides (cached: compiling collects every pattern)."""
    return RuleSet.resolve(PRESET, {f"taiwan.{k}": v for k, v in overrides.items()}).compile()


def score(hand, win=None, *, r=None, melds=(), tsumo=False, seat="S", discarder=None, situation=(), **extra):
    """A Taiwanese score of a win described in text; ``extra`` are the ``taiwan.*`` facts (repeats=2, ...)."""
    r = r or rules()
    ctx = win_context(hand, win, melds=melds, tsumo=tsumo, seat_wind=seat, discarder=discarder, situation=situation)
    facts = {f"taiwan.{k}": v for k, v in extra.items()}
    return score_win(replace(ctx, extra=facts), r)


def tai_of(sc) -> dict[str, int]:
    """Item name -> tai."""
    return {h.name: h.value for h in sc.hits}


# --- §10 the seed's example: 混一色 + 對對和 + 三暗刻 = 10 tai, 底 3, the dealer on 連2 (bonus 5) -------------

# 111m 333m 999m concealed, pon West and North, the 5m pair completed on a 4m-5m wait (not a single wait).
EXAMPLE = dict(hand="11133355999m", win="5m", melds=("pon:333z", "pon:444z"), repeats=2)


@pytest.mark.parametrize(
    ("seat", "how", "payments", "total"),
    [
        pytest.param("S", "W", {"S": 13, "W": -13}, 13, id="non-dealer-rons-non-dealer-13"),
        pytest.param("S", "E", {"S": 18, "E": -18}, 18, id="non-dealer-rons-dealer-18"),
        pytest.param("S", None, {"S": 47, "E": -19, "W": -14, "N": -14}, 47, id="non-dealer-tsumo-47"),
        pytest.param("E", "S", {"E": 18, "S": -18}, 18, id="dealer-rons-non-dealer-18"),
        pytest.param("E", None, {"E": 57, "S": -19, "W": -19, "N": -19}, 57, id="dealer-tsumo-57"),
    ],
)
def test_seed_payment_example(seat, how, payments, total):
    """(底 + tai + dealer's 2n + 1) x rate for each transaction, the dealer being East (dealer 0)."""
    sc = score(**EXAMPLE, seat=seat, discarder=how, tsumo=how is None)
    assert tai_of(sc) == {"hunyise": 4, "duiduihu": 4, "sananke": 2, **({"zimo": 1} if how is None else {})}
    assert sc.value == total
    assert dict(zip("ESWN", sc.payments, strict=True)) == {w: payments.get(w, 0) for w in "ESWN"}


def test_rate_multiplies_every_transaction():
    """rate 10: the 47 of a non-dealer tsumo becomes 470."""
    sc = score(**EXAMPLE, r=rules(rate=10), tsumo=True)
    assert sc.value == 470


# --- §8 tai items and their interactions ----------------------------------------------------------------

CLOSED = "123m456m789m123p456p99s"  # 17 tiles with the winning tile; the 2p-3p wait was 1p-4p (two-sided)


@pytest.mark.parametrize(
    ("kw", "expected"),
    [
        pytest.param(dict(hand=CLOSED + "1p", win="1p"), None, id="too-many-tiles-no-win"),
        pytest.param(
            dict(hand="123m456m789m23p456p99s1p", win="1p", discarder="W"), {"menqing": 1}, id="closed-ron-menqing-only"
        ),
        pytest.param(
            dict(hand="123m456m789m23p456p99s1p", win="1p", tsumo=True), {"buqiuren": 3}, id="closed-tsumo-buqiuren-3"
        ),
        pytest.param(
            dict(hand="123m789m23p456p99s1p", win="1p", melds=("chi:456m",), discarder="W"),
            {"pinghu": 2},
            id="open-pinghu-2",
        ),
        pytest.param(
            dict(hand="123m789m23p456p99s1p", win="1p", melds=("chi:456m",), discarder="W", flowers=(34,)),
            {},
            id="pinghu-lost-with-a-flower-of-another-seat",
        ),
        pytest.param(
            dict(hand="123m789m13p456p99s2p", win="2p", melds=("chi:456m",), discarder="W"),
            {"dudiao": 1},
            id="closed-wait-dudiao",
        ),
        pytest.param(
            dict(
                hand="5s5s", win="5s", melds=("pon:111m", "chi:234p", "pon:999s", "chi:678m", "pon:222s"), discarder="W"
            ),
            {"quanqiuren": 3},
            id="quanqiuren-3-without-dudiao",
        ),
        pytest.param(
            dict(hand="5s5s", win="5s", melds=("pon:111m", "chi:234p", "pon:999s", "chi:678m", "pon:222s"), tsumo=True),
            {"dudiao": 1, "zimo": 1},
            id="quanqiuren-shape-tsumo-is-dudiao-zimo",
        ),
        pytest.param(
            dict(hand="555666z123m99s456p", win="4p", melds=("pon:777z",), discarder="W"),
            {"xiaosanyuan": 0, "dasanyuan": 8},
            id="dasanyuan-8-includes-dragons",
        ),
        pytest.param(
            dict(hand="55566677z123m456p", win="4p", melds=("chi:789s",), discarder="W"),
            {"xiaosanyuan": 4},
            id="xiaosanyuan-4-includes-dragons",
        ),
        pytest.param(
            dict(hand="11122233z555z66z7z", win="7z", melds=(), seat="W", discarder="S", ziyise_tai=8),
            None,
            id="not-complete",
        ),
    ],
)
def test_tai_items(kw, expected):
    """The items of the table and their interactions (implied items not counted twice)."""
    kw = dict(kw)
    r = rules(ziyise_tai=kw.pop("ziyise_tai")) if "ziyise_tai" in kw else None
    if expected is None:
        with pytest.raises(NoWin):
            score(**kw, r=r)
        return
    got = tai_of(score(**kw, r=r))
    assert {k: v for k, v in got.items() if v} == {k: v for k, v in expected.items() if v}


def test_flowers_own_and_set():
    """East holding all four seasons: 正花 1 (春) + 花槓 1; a flower of another seat adds nothing."""
    sc = score("123m789m23p456p99s1p", "1p", melds=("chi:456m",), seat="E", discarder="S", flowers=(34, 35, 36, 37))
    assert tai_of(sc) == {"zhenghua": 1, "huagang": 1}


def test_flowers_written_in_the_hand():
    """``mjsim score`` style: flowers written first among the concealed tiles count as the winner's."""
    sc = score("15f123m789m23p456p99s1p", "1p", melds=("chi:456m",), seat="E", discarder="S")
    assert tai_of(sc) == {"zhenghua": 2}


@pytest.mark.parametrize(
    ("ziyise_tai", "expected"),
    [
        pytest.param(8, {"ziyise": 8, "duiduihu": 4}, id="ziyise-8-with-duiduihu"),
        pytest.param(16, {"ziyise": 16}, id="ziyise-16-without-duiduihu"),
    ],
)
def test_ziyise(ziyise_tai, expected):
    """字一色 (East and South pons, 白 and 發 concealed, 中 pair, ron on 3z): 對對和 only with the 8-tai value;
    圈風 (East) and 小三元 always combine."""
    r = rules(ziyise_tai=ziyise_tai)
    sc = score("33355566677z", "3z", melds=("pon:111z", "pon:222z"), seat="N", discarder="S", r=r)
    assert tai_of(sc) == {**expected, "quanfeng": 1, "xiaosanyuan": 4}


@pytest.mark.parametrize(
    ("situation", "seat", "expected"),
    [
        pytest.param({"migi"}, "S", {"migi": 8, "zimo": 1}, id="migi-8-instead-of-menqing"),
        pytest.param({"tianhu"}, "E", {"tianhu": 16}, id="tianhu-without-menqing-zimo"),
        pytest.param({"dihu"}, "S", {"dihu": 16}, id="dihu-without-menqing-zimo"),
        pytest.param({"rinshan"}, "S", {"buqiuren": 3, "gangshang": 1}, id="gangshang-plus-buqiuren"),
        pytest.param({"haitei"}, "S", {"buqiuren": 3, "haidi": 1}, id="haidi"),
    ],
)
def test_situations(situation, seat, expected):
    """Circumstances of a closed tsumo: MIGI, first-draw wins, replacement and last tiles."""
    sc = score("123m456m789m23p456p99s1p", "1p", tsumo=True, seat=seat, situation=situation)
    assert tai_of(sc) == expected


def test_tianhu_option():
    """天和 24 by option."""
    sc = score("123m456m789m23p456p99s1p", "1p", tsumo=True, seat="E", situation={"tianhu"}, r=rules(tianhu_tai=24))
    assert tai_of(sc) == {"tianhu": 24}


def test_lilikuli_by_option():
    """嚦咕嚦咕: seven pairs and a pung, 4 tai with 門清 not added; no win while the option is off."""
    hand = "1122m3344p5566s11777z"
    with pytest.raises(NoWin):
        score(hand, "7z", discarder="W")
    assert tai_of(score(hand, "7z", discarder="W", r=rules(lilikuli=True))) == {"lilikuli": 4}


# --- §9 flower wins ---------------------------------------------------------------------------------------

ALL_EIGHT = tuple(range(34, 42))
INCOMPLETE = "123m456m789m23p456p99s7z"


def test_baxian_without_completion_pays_16_each():
    """八仙過海 counts as a tsumo: all three pay 底 + 16 (no 自摸 item, flower tai not added); a South winner."""
    sc = score(INCOMPLETE, "7z", tsumo=True, flowers=ALL_EIGHT, flower_win="baxian")
    assert tai_of(sc) == {"baxian": 16}
    assert sc.payments == (-(3 + 16 + 1), 2 * 19 + 20, -19, -19)  # the dealer (East) adds 2n + 1 = 1


def test_baxian_with_completion_is_18_for_a_non_dealer():
    """The replacement completes the hand: 16 + 槓上開花 1 + 自摸 1 = 18 (closed: 不求人 3 instead of 自摸)."""
    sc = score(
        "123m456m789m23p456p99s1p",
        "1p",
        melds=(),
        tsumo=True,
        situation={"rinshan"},
        flowers=ALL_EIGHT,
        flower_win="baxian",
    )
    assert tai_of(sc) == {"baxian": 16, "buqiuren": 3, "gangshang": 1}


def test_qiqiangyi_without_completion_only_the_single_holder_pays():
    """七搶一: the holder of the eighth flower (West) pays 底 + 8; the others nothing."""
    sc = score(INCOMPLETE, "7z", tsumo=True, flowers=ALL_EIGHT[:7], flower_win="qiqiangyi", single_holder=2)
    assert sc.payments == (0, 11, -11, 0)


def test_qiqiangyi_with_completion_as_the_seed_counts():
    """Open hand completed on the replacement: the single holder pays 8 + 1 + 1 = 10 (+底), the two others the
    ordinary tsumo with flowers: South holds 夏 and 蘭 (正花 2) and all four seasons (花槓 1) = 2 + 1 + 1 + 1 = 5."""
    flowers = (34, 35, 36, 37, 38, 39, 40)  # every season, 梅蘭竹
    sc = score(
        "123m789m23p456p99s1p",
        "1p",
        melds=("chi:456m",),
        tsumo=True,
        situation={"rinshan"},
        flowers=flowers,
        flower_win="qiqiangyi",
        single_holder=3,
    )
    assert tai_of(sc) == {"qiqiangyi": 8, "zimo": 1, "gangshang": 1, "zhenghua": 2, "huagang": 1}
    assert sc.payments[3] == -(3 + 10)
    assert sc.payments[2] == -(3 + 5)
    assert sc.payments[0] == -(3 + 5 + 1)  # the dealer adds 2n + 1


# --- §2 seat winds from the wall break ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "dealer_wind"),
    [
        pytest.param(s, w, id=f"dice-{s}-dealer-{'ESWN'[w]}")
        for w, totals in enumerate(((5, 9, 13, 17), (4, 8, 12, 16), (3, 7, 11, 15), (6, 10, 14, 18)))
        for s in totals
    ],
)
def test_wall_break_seat_wind(total, dealer_wind):
    """East is the seat whose wall is broken: s in {5, 9, 13, 17} keeps the dealer East, {4, 8, ...} makes it South."""
    dealer = 2
    east = east_seat(dealer, total)
    assert (dealer - east) % 4 == dealer_wind


# --- §13 options ----------------------------------------------------------------------------------------


def test_option_defaults_match_spec():
    """Every option is declared once with the default of the spec's §13 configuration."""
    values = rules().values
    expected = {
        "flowers": True,
        "seat_wind_mode": "wall_break",
        "di": 3,
        "rate": 1,
        "daiminkan_rinshan_win": "allowed",
        "guoshui": "seed_state_machine",
        "migi": True,
        "migi_window": 2,
        "migi_tai": 8,
        "qiangting": False,
        "dujing_mode": "north",
        "pinfu_allows_menzen": False,
        "ziyise_tai": 8,
        "tianhu_tai": 16,
        "lilikuli": False,
        "banqiu": False,
        "qiqiangyi": "hiding_allowed",
        "multi_ron": "head_bump",
        "draw_renchan": "always",
        "yilu_guixi": True,
        "local_tai": frozenset(),
        "bust": 0,
    }
    assert {k: values[f"taiwan.{k}"] for k in expected} == expected
    declared = {option.partition(".")[2] for option in tw_options.OPTIONS}
    assert set(expected) <= declared


def test_bad_option_is_one_clear_error():
    """An unknown value names the key and what it takes."""
    from mjsim.errors import MjsimError

    with pytest.raises(MjsimError, match="taiwan.multi_ron"):
        RuleSet.resolve(PRESET, {"taiwan.multi_ron": "double"}).compile()


# --- §9 when a flower win is open -------------------------------------------------------------------------


def _flower_table(counts, hider=None, mode="hiding_allowed"):
    """A stand-in game: seats holding ``counts`` flowers; ``hider`` the seat that chose to hide the eighth."""
    from types import SimpleNamespace

    from mjsim.engine.actions import Event
    from variants.taiwan.flowers import HIDER

    seats = [SimpleNamespace(flowers=list(range(136, 136 + n))) for n in counts]
    hand = SimpleNamespace(seats=seats, stash={} if hider is None else {HIDER: hider})
    return SimpleNamespace(hand=hand, log=[Event("hand_start", 0)], rules=rules(qiqiangyi=mode))


@pytest.mark.parametrize(
    ("counts", "hider", "mode", "expected"),
    [
        pytest.param((7, 0, 0, 0), None, "hiding_allowed", None, id="seven-with-the-eighth-in-the-wall"),
        pytest.param((8, 0, 0, 0), None, "hiding_allowed", ("baxian", None), id="all-eight"),
        pytest.param((7, 0, 1, 0), None, "hiding_allowed", ("qiqiangyi", 2), id="seven-and-one"),
        pytest.param((7, 0, 1, 0), 2, "hiding_allowed", None, id="the-eighth-hidden"),
        pytest.param((7, 0, 1, 0), None, "hiding_forbidden", ("qiqiangyi", 2), id="hiding-forbidden"),
        pytest.param((7, 0, 1, 0), None, "off", None, id="qiqiangyi-off"),
    ],
)
def test_flower_win_open(counts, hider, mode, expected):
    """八仙過海 for all eight; 七搶一 for seven against one, unless the eighth's drawer chose to hide it."""
    from variants.taiwan.flowers import flower_win

    got = flower_win(_flower_table(counts, hider, mode), 0)
    assert (tuple(got) if got else None) == expected


# --- 16-tile hand analysis the bots read ------------------------------------------------------------------


@pytest.mark.parametrize("hand", ["123456789m1234p119s", "1133557799m2468p11z", "123m456p789s11z23459p"])
def test_useful_tiles_of_a_16_tile_hand(hand):
    """improving_kinds on five-set hands agrees with trying every tile and every discard."""
    from mjsim.hand.notation import parse_counts
    from mjsim.hand.shanten import improving_kinds, shanten

    counts = parse_counts(hand)
    now = shanten(counts)
    brute = []
    for kind in range(34):
        if counts[kind] < 4:
            counts[kind] += 1
            after = min(shanten([n - (i == j) for i, n in enumerate(counts)]) for j in range(34) if counts[j])
            counts[kind] -= 1
            brute += [kind] if after < now else []
    assert improving_kinds(counts) == (now, brute)
