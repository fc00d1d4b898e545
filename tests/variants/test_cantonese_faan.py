"""広東麻雀's faan, minimum, limit and payments against worked examples of the public texts (docs/cantonese.md).

Each example names its source key ([A], [B], [P], [W], [WM], [Y], [Z]); the hands are built to show exactly the
statement cited, so the expected value is the source's arithmetic, not this scorer's output.
"""

from __future__ import annotations

import pytest

from mjsim.errors import MjsimError
from mjsim.hand.notation import parse_tiles
from mjsim.scoring import ANKAN, CHI, KAN, PON, Meld, NoWin, WinContext
from variants.cantonese import options as opt
from variants.cantonese.points import multiplier, payments, portion
from variants.cantonese.scoring import score_faan

WIND = {"E": 27, "S": 28, "W": 29, "N": 30}
MELD_TYPES = {"chi": CHI, "pon": PON, "kan": KAN, "ankan": ANKAN}
NO_FLOWERS = {opt.FLOWERS: False, opt.MIN_FAAN: 0}  # [A]'s table is "不打花"; items shown one at a time


def win(hand: str, melds: str = "", *, tsumo=False, seat="E", round_="E", situation=(), flowers=""):
    """A win: concealed ``hand`` (winning tile last), melds as ``pon:555z chi:123m``, seat and round winds."""
    used: set[int] = set()
    built = []
    for meld in melds.split():
        kind, tiles = meld.split(":")
        built.append(Meld(MELD_TYPES[kind], tuple(parse_tiles(tiles, 0, used))))
    concealed = tuple(parse_tiles(hand, 0, used))
    extra = {"cantonese.flowers": tuple(34 + int(d) - 1 for d in flowers)}
    return WinContext(
        concealed=concealed,
        win_tile=concealed[-1],
        melds=tuple(built),
        tsumo=tsumo,
        seat_wind=WIND[seat],
        round_wind=WIND[round_],
        discarder=None if tsumo else (WIND[seat] - 26) % 4,
        situation=frozenset(situation),
        extra=extra,
    )


def faan(ctx, **values):
    """The faan of ``ctx`` under the options ``values`` (keys without the family prefix)."""
    return score_faan(ctx, opt.resolve({f"{opt.FAMILY}.{k}": v for k, v in values.items()}))


def items(result) -> dict[str, int]:
    return {h.title: h.faan for h in result.hits}


# (id, source, ctx, options, expected faan, expected items)
HANDS = [
    ("common_hand_open", "[W] 平糊 1", win("456p789s234s5m5m", "chi:123m"), {}, 1, {"平糊": 1}),
    ("common_hand_concealed_discard", "[A] 平糊 1 + 門前清 1", win("123m456p789s234s5m5m"), {}, 2, None),
    (
        "concealed_not_on_self_draw",
        "[A] 門前清 needs a discard",
        win("123m456p789s234s5m5m", tsumo=True),
        {},
        2,
        {"平糊": 1, "自摸": 1},
    ),
    (
        "concealed_on_self_draw_option",
        "[P] 門前清 on any concealed win",
        win("123m456p789s234s5m5m", tsumo=True),
        {"concealed_self_drawn": True},
        3,
        None,
    ),
    ("all_triplets", "[A] 對對糊 3", win("777s222s8m8m", "pon:111m pon:555p"), {}, 3, {"對對糊": 3}),
    ("mixed_one_suit", "[A] 混一色 3", win("456m789m333z5m5m", "chi:123m"), {}, 3, {"混一色": 3}),
    ("all_one_suit", "[A] 清一色 7", win("456m789m222m5m5m", "chi:123m"), {}, 7, {"清一色": 7}),
    ("all_one_suit_all_triplets", "[A] 清一色 7 + 對對糊 3", win("444m666m8m8m", "pon:111m pon:222m"), {}, 10, None),
    ("mixed_one_suit_all_triplets", "[A] 混一色 3 + 對對糊 3", win("444m333z8m8m", "pon:111m pon:222m"), {}, 6, None),
    (
        "mixed_orphans",
        "[A] 混么九 1 + 對對糊 3",
        win("111s333z4z4z", "pon:111m pon:999p"),
        {},
        4,
        {"對對糊": 3, "混么九": 1},
    ),
    ("small_dragons", "[A] 小三元 5", win("456p7z7z", "pon:555z pon:666z chi:123m"), {}, 5, {"小三元": 5}),
    ("great_dragons", "[A] 大三元 8", win("777z9p9p", "pon:555z pon:666z chi:123m"), {}, 8, {"大三元": 8}),
    (
        "great_dragons_mixed_suit",
        "[A] 大三元 8 + 混一色 3",
        win("777z9m9m", "pon:555z pon:666z chi:123m"),
        {},
        11,
        None,
    ),
    ("dragon_pung", "[A] 三元牌 1", win("456p789s5z5z5z9m9m", "chi:123m"), {}, 1, {"三元牌": 1}),
    ("two_dragon_pungs", "[A] 三元牌 1 each", win("789s5z5z5z9m9m", "chi:123m pon:666z"), {}, 2, {"三元牌": 2}),
    ("seat_wind", "[A] 門風 1", win("456p789s2z2z2z9m9m", "chi:123m", seat="S"), {}, 1, {"門風": 1}),
    ("round_wind", "[B] 圈風 1", win("456p789s2z2z2z9m9m", "chi:123m", seat="W", round_="S"), {}, 1, {"圈風": 1}),
    ("seat_and_round_wind", "[A] 門風 + [B] 圈風", win("456p789s1z1z1z9m9m", "chi:123m"), {}, 2, None),
    (
        "other_wind_pung",
        "a wind neither seat nor round scores nothing",
        win("456p789s4z4z4z9m9m", "chi:123m"),
        {},
        0,
        {},
    ),
    ("self_drawn", "[A] 自摸 1", win("456p789s234s5m5m", "chi:123m", tsumo=True), {}, 2, {"平糊": 1, "自摸": 1}),
    (
        "last_tile_drawn",
        "[B] 海底撈月 on the last drawable tile",
        win("456p789s234s5m5m", "chi:123m", tsumo=True, situation=("haitei",)),
        {},
        3,
        None,
    ),
    (
        "last_tile_discarded",
        "[B] 海底撈月 on the last discard",
        win("456p789s234s5m5m", "chi:123m", situation=("houtei",)),
        {},
        2,
        None,
    ),
    ("robbing_kong", "[A] 搶槓 1", win("456p789s234s5m5m", "chi:123m", situation=("chankan",)), {}, 2, None),
    (
        "kong_replacement",
        "[B] 槓上開花 + 自摸: 2 faan",
        win("456p789s5m5m", "chi:123m ankan:4444z", tsumo=True, situation=("rinshan",)),
        {},
        2,
        {"槓上開花": 1, "自摸": 1},
    ),
    ("small_winds_limit", "[A] 小四喜 13", win("222z333z4z4z", "pon:111z chi:123m"), {}, 13, None),
    (
        "small_winds_option_6",
        "[P] 小四喜 6 (+ 混一色 3)",
        win("222z333z4z4z", "pon:111z chi:123m"),
        {"small_winds_faan": 6},
        9,
        {"小四喜": 6, "混一色": 3},
    ),
    ("great_winds", "[A] 大四喜 13", win("333z444z9m9m", "pon:111z pon:222z"), {}, 13, None),
    ("thirteen_orphans", "[A] 十三么 13", win("19m19p19s1234567z1m"), {}, 13, {"十三么": 13}),
    ("all_terminals", "[A] 清么九 13", win("111s999s9m9m", "pon:111m pon:999p"), {}, 13, None),
    ("four_kongs", "[A] 十八羅漢 13", win("9p9p", "kan:1111m kan:5555p kan:7777s ankan:3333z"), {}, 13, None),
    ("all_honours", "[P] 字一色 13", win("333z444z5z5z", "pon:111z pon:666z"), {}, 13, None),
    (
        "limit_8_caps",
        "[W], [Y] a lower ceiling: 清一色 + 對對糊 = 10 capped at 8",
        win("444m666m8m8m", "pon:111m pon:222m"),
        {"limit_faan": 8},
        8,
        None,
    ),
    (
        "limit_hand_is_the_limit",
        "[W] min(13, hand + winning condition): 十三么 self-drawn is 13",
        win("19m19p19s1234567z1m", tsumo=True),
        {},
        13,
        None,
    ),
]

FLOWER_HANDS = [
    ("no_flowers", "[B] 無花 1", win("456p789s234s5m5m", "chi:123m"), 2, {"平糊": 1, "無花": 1}),
    (
        "own_flower_east",
        "[Y] 正花: East's number is 1",
        win("456p789s234s5m5m", "chi:123m", flowers="1"),
        2,
        {"平糊": 1, "正花": 1},
    ),
    (
        "other_flower",
        "[Y] a flower of another seat: no faan, and no 無花",
        win("456p789s234s5m5m", "chi:123m", seat="S", flowers="1"),
        1,
        {"平糊": 1},
    ),
    (
        "flower_and_season_of_seat",
        "[Y] 正花 for the flower and the season",
        win("456p789s234s5m5m", "chi:123m", flowers="15"),
        3,
        {"平糊": 1, "正花": 2},
    ),
    (
        "four_seasons",
        "[P] 一台花 2 + 正花 1",
        win("456p789s234s5m5m", "chi:123m", seat="W", flowers="1234"),
        4,
        {"平糊": 1, "正花": 1, "一台花": 2},
    ),
    (
        "eight_flowers",
        "[P] 一台花 twice + 正花 twice",
        win("456p789s234s5m5m", "chi:123m", seat="N", flowers="12345678"),
        7,
        {"平糊": 1, "正花": 2, "一台花": 4},
    ),
    (
        "flowers_written_in_hand",
        "flowers among the concealed tiles are the winner's",
        win("1f5f456p789s234s5m5m", "chi:123m"),
        3,
        {"平糊": 1, "正花": 2},
    ),
]


@pytest.mark.parametrize(
    ("source", "ctx", "values", "total", "hits"), [h[1:] for h in HANDS], ids=[h[0] for h in HANDS]
)
def test_worked_hand(source, ctx, values, total, hits):
    """Each hand's faan (and its items where the source names them) as the source counts them."""
    result = faan(ctx, flowers=False, min_faan=0, **values)
    assert result.faan == total, source
    if hits is not None:
        assert items(result) == hits, source


@pytest.mark.parametrize(
    ("source", "ctx", "total", "hits"), [h[1:] for h in FLOWER_HANDS], ids=[h[0] for h in FLOWER_HANDS]
)
def test_worked_flowers(source, ctx, total, hits):
    """Flowers and seasons with flowers played: own-seat flowers, whole sets, 無花."""
    result = faan(ctx, min_faan=0)
    assert (result.faan, items(result)) == (total, hits), source


def test_chicken_hand_is_zero_faan():
    """[B], [Z] 雞糊: chows and pungs mixed, nothing else: 0 faan, a chicken hand."""
    result = faan(win("456p777s5m5m", "chi:123m pon:999p"), flowers=False, min_faan=0)
    assert (result.faan, result.chicken) == (0, True)


def test_chicken_hand_refused_under_three_faan_minimum():
    """[Y] 三番起糊: a chicken hand does not win the hongkong table."""
    with pytest.raises(NoWin, match="minimum is 3"):
        faan(win("456p777s5m5m", "chi:123m pon:999p"), flowers=False)


def test_two_faan_refused_three_won():
    """[Y], [W] the minimum: 2 faan (平糊 + 門前清) lose, 3 (混一色) win."""
    with pytest.raises(NoWin, match="2 faan"):
        faan(win("123m456p789s234s5m5m"), flowers=False)
    assert faan(win("456m789m333z5m5m", "chi:123m"), flowers=False).faan == 3


def test_flowers_do_not_reach_the_minimum():
    """[WM] bonus tiles are not counted for the minimum: 平糊 1 + 正花 2 = 3 faan, 1 counted, refused."""
    ctx = win("456p789s234s5m5m", "chi:123m", flowers="15")
    with pytest.raises(NoWin, match="1 faan"):
        faan(ctx)
    assert faan(ctx, flowers_count_to_minimum=True).faan == 3  # [P] counts every item


def test_tuidao_preset_lets_a_chicken_hand_win():
    """[G] 推倒胡: the bare complete hand wins."""
    result = score_faan(win("456p777s5m5m", "chi:123m pon:999p"), opt.preset("tuidao"))
    assert result.chicken and result.faan == 1  # 無花: flowers are played in the preset


def test_not_a_hand_is_refused():
    """Thirteen tiles, or fourteen that are not four sets and a pair, are not scored."""
    with pytest.raises(NoWin, match="13 tiles"):
        faan(win("456p789s234s5m", "chi:123m"), min_faan=0)
    with pytest.raises(NoWin, match="not four sets"):
        faan(win("135p789s234s5m5m", "chi:123m"), min_faan=0)


# --- Points [Z], [A] -----------------------------------------------------------------------------------------------

HALF = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384]  # [Z] 半辣上, 0..13 faan
SPICY = [2**f for f in range(14)]  # [Z] 辣辣上


@pytest.mark.parametrize("f", range(14), ids=lambda f: f"{f}_faan")
def test_multiplier_tables(f):
    """[Z]'s multiplier table, both rises, 0 to 13 faan."""
    assert (multiplier(f, "half"), multiplier(f, "spicy")) == (HALF[f], SPICY[f])


A_TABLE = {
    3: (160, 240),
    4: (320, 480),
    5: (480, 720),
    6: (640, 960),
    7: (960, 1440),
    8: (1280, 1920),
    9: (1920, 2880),
    10: (2560, 3840),
    11: (3840, 5760),
    12: (5120, 7680),
    13: (7680, 11520),
}


@pytest.mark.parametrize(("f", "amounts"), A_TABLE.items(), ids=[f"{f}_faan" for f in A_TABLE])
def test_a_points_table(f, amounts):
    """[A]'s table (出沖, 自摸): the winner's gain is two portions on a discard, three self-drawn, base 10."""
    values = opt.resolve({opt.BASE: 10, opt.RESPONSIBILITY: "full"})
    discard, self_drawn = payments(f, 0, values, discarder=2), payments(f, 0, values)
    assert (discard[0], self_drawn[0]) == amounts


@pytest.mark.parametrize(
    ("case", "values", "discarder", "liable", "expected"),
    [
        ("self_drawn", {}, None, None, [6, -2, -2, -2]),
        ("discard_half", {opt.RESPONSIBILITY: "half"}, 3, None, [4, -1, -1, -2]),
        ("discard_full", {opt.RESPONSIBILITY: "full"}, 3, None, [4, 0, 0, -4]),
        ("guaranteed_self_draw", {}, None, 3, [6, 0, 0, -6]),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_z_payments(case, values, discarder, liable, expected):
    """[Z]'s game results at 8 faan, in half portions (discard: 2, 1 and 1/2 each; full: 2; 包自摸: 3 alone)."""
    rules = opt.resolve({opt.BASE: 2, **values})
    half = portion(8, rules) // 2
    out = payments(8, 0, rules, discarder=discarder, liable=liable)
    assert out == [e * half for e in expected]


def test_chicken_discard_half_responsibility():
    """[Z] a chicken win under 半銃 at base 2 (一二蚊): the discarder pays 2, the blameless 1 each."""
    assert payments(0, 1, opt.resolve({opt.BASE: 2}), discarder=0) == [-2, 4, -1, -1]


@pytest.mark.parametrize(
    "values",
    [
        {opt.MIN_FAAN: -1},
        {opt.LIMIT_FAAN: 0},
        {opt.RISE: "mild"},
        {opt.BASE: 3},
        {opt.MIN_FAAN: 9, opt.LIMIT_FAAN: 8},
        {"cantonese.nope": 1},
        {opt.FLOWERS: 1},
    ],
    ids=[
        "negative_minimum",
        "zero_limit",
        "unknown_rise",
        "odd_base",
        "minimum_over_limit",
        "unknown_key",
        "flowers_not_bool",
    ],
)
def test_bad_options_are_one_line_errors(values):
    """A bad option value is refused with a message naming it."""
    with pytest.raises(MjsimError) as err:
        opt.resolve(values)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("name", ["hongkong", "laozhang", "tuidao", "xinzhang"])
def test_presets_resolve(name):
    """Every branch preset's options are valid; only 推倒胡 lowers the minimum."""
    assert opt.preset(name)[opt.MIN_FAAN] == (0 if name == "tuidao" else 3)


def test_self_drawn_chicken_is_still_a_chicken():
    """[B] 雞糊 is about the hand: a self-drawn one scores 自摸 and stays a chicken hand; 平糊 is no chicken."""
    assert faan(win("456p777s5m5m", "chi:123m pon:999p", tsumo=True), flowers=False, min_faan=0).chicken
    assert not faan(win("456p789s234s5m5m", "chi:123m"), flowers=False, min_faan=0).chicken
