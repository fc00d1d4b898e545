"""The options of 台湾麻将 (taiwan.md §13), each declared once with the spec's default."""

from __future__ import annotations

from mjsim.rules.numbers import Numbers

LOCAL_TAI_CHOICES = ("jianhua", "jianfeng", "kong_tai", "wuziwuhua")

# (name, default, description, choices, multi)
OPTIONS = (
    ("flowers", True, "144 tiles with the eight flowers (off: 136, as often in southern Taiwan) (§1)", None, False),
    (
        "seat_wind_mode",
        "wall_break",
        "East is the seat whose wall is broken (dice), or always the dealer (§2)",
        ("wall_break", "dealer_is_east"),
        False,
    ),
    ("di", 3, "底: the base paid for any win, in tai (§10)", None, False),
    ("rate", 1, "points per tai (§10)", None, False),
    (
        "start_points",
        0,
        "points each player starts from [proposal]: a money game, scores are net winnings",
        None,
        False,
    ),
    (
        "bust",
        0,
        "a game ends when a player has lost this many points; 0: no busting (§11, [proposal] off)",
        None,
        False,
    ),
    (
        "daiminkan_rinshan_win",
        "allowed",
        "a replacement tile after an exposed kong may complete a tsumo (reading A) or never (literal reading B) (§4)",
        ("allowed", "forbidden"),
        False,
    ),
    (
        "guoshui",
        "seed_state_machine",
        "過水: same-go-around block on wins and pon/chi (§6), or none",
        ("seed_state_machine", "off"),
        False,
    ),
    ("kuikae", "forbidden", "swap-calling after chi/pon (喰い替え) (§4, §6)", ("forbidden", "allowed"), False),
    ("migi", True, "MIGI (天聽/地聽) may be declared (§7)", None, False),
    ("migi_window", 2, "go-arounds in which MIGI may be declared (§7)", (1, 2, 4), False),
    ("migi_tai", 8, "tai of MIGI (§7)", None, False),
    ("qiangting", False, "嗆聽: a locked tenpai declared at any time, open or closed, for +1 tai (§7)", None, False),
    (
        "dujing_mode",
        "north",
        "獨聽: only one kind completes the hand (north), or any edge/closed/single reading (south)",
        ("north", "south"),
        False,
    ),
    ("pinfu_allows_menzen", False, "平和 may be closed, with 門清 added ([EY]) (§8)", None, False),
    ("ziyise_tai", 8, "字一色: 8 (with 對對和) or 16 (對對和 not added) (§8)", (8, 16), False),
    ("tianhu_tai", 16, "天和 tai (§8)", (16, 24), False),
    ("lilikuli", False, "嚦咕嚦咕: seven pairs and one pung, 4 tai (local) (§8)", None, False),
    ("banqiu", False, "半求: five exposed sets and a tsumo, +1 tai (local) (§8)", None, False),
    (
        "qiqiangyi",
        "hiding_allowed",
        "七搶一: off, or on with hiding the eighth flower allowed (its drawer then cannot win) or forbidden (§9)",
        ("off", "hiding_allowed", "hiding_forbidden"),
        False,
    ),
    (
        "multi_ron",
        "head_bump",
        "several rons on one discard: the nearest wins (截胡), or all (§5)",
        ("head_bump", "all"),
        False,
    ),
    (
        "draw_renchan",
        "always",
        "the dealer repeats after an exhaustive draw, ready or not (§11)",
        ("always", "never"),
        False,
    ),
    (
        "yilu_guixi",
        True,
        "一路歸西: four first discards all West abort the hand, the dealer repeats (§11)",
        None,
        False,
    ),
    (
        "concealed_kongs",
        "face_down",
        "concealed kongs lie face down, seen by the other seats only when the hand ends, or face up (§4)",
        ("face_down", "face_up"),
        False,
    ),
    (
        "false_win",
        "chombo",
        "a declared win the hand does not make (incl. one 過水 forbids): chombo, paying each player the larger of "
        "底 and its own ready hand's ron (§12), or ignored",
        ("chombo", "off"),
        False,
    ),
    (
        "hand_size",
        "dead_hand",
        "a hand found a tile long or short (多牌/少牌): no calls and no win for the rest of the hand (§12), or ignored",
        ("dead_hand", "off"),
        False,
    ),
    (
        "miscall",
        "dead_hand",
        "a call the hand cannot make, not undone at once: no calls and no win for the rest of the hand (§12), "
        "or ignored",
        ("dead_hand", "off"),
        False,
    ),
    (
        "fake_kong",
        "pao",
        "a concealed kong laid with four tiles that are no set (偽暗槓): its seat's hand is dead and it pays every "
        "win of the hand (pao, §12), or not listed",
        ("pao", "off"),
        False,
    ),
    ("local_tai", (), "local tai: 見花見台, 見風見台, kong tai, 無字無花 (§8)", LOCAL_TAI_CHOICES, True),
)


# The numbers each numeric option takes besides its named choices (ziyise_tai stays a choice: 16 also means
# 對對和 is not added, so its number is a mode).
RANGES = {
    "di": Numbers(0, 1000),
    "rate": Numbers(1, 1_000_000),
    "start_points": Numbers(0, 100_000_000),
    "bust": Numbers(0, 100_000_000),
    "migi_window": Numbers(1, 8),
    "migi_tai": Numbers(1, 64),
    "tianhu_tai": Numbers(1, 64),
}


def declare(registry) -> None:
    """Declare every option of the family."""
    for name, default, description, choices, multi in OPTIONS:
        registry.add(name, default, description, choices=choices, multi=multi, numbers=RANGES.get(name))


# --- Typed keys: read an option as ``rules[KEY]`` (every declared key has a value after compile) ---
# One constant per option declared above; tests/variants/test_option_keys.py checks they name the same keys.
FLOWERS = "taiwan.flowers"
SEAT_WIND_MODE = "taiwan.seat_wind_mode"
DI = "taiwan.di"
RATE = "taiwan.rate"
START_POINTS = "taiwan.start_points"
BUST = "taiwan.bust"
DAIMINKAN_RINSHAN_WIN = "taiwan.daiminkan_rinshan_win"
GUOSHUI = "taiwan.guoshui"
KUIKAE = "taiwan.kuikae"
MIGI = "taiwan.migi"
MIGI_WINDOW = "taiwan.migi_window"
MIGI_TAI = "taiwan.migi_tai"
QIANGTING = "taiwan.qiangting"
DUJING_MODE = "taiwan.dujing_mode"
PINFU_ALLOWS_MENZEN = "taiwan.pinfu_allows_menzen"
ZIYISE_TAI = "taiwan.ziyise_tai"
TIANHU_TAI = "taiwan.tianhu_tai"
LILIKULI = "taiwan.lilikuli"
BANQIU = "taiwan.banqiu"
QIQIANGYI = "taiwan.qiqiangyi"
MULTI_RON = "taiwan.multi_ron"
DRAW_RENCHAN = "taiwan.draw_renchan"
YILU_GUIXI = "taiwan.yilu_guixi"
LOCAL_TAI = "taiwan.local_tai"
CONCEALED_KONGS = "taiwan.concealed_kongs"
FALSE_WIN = "taiwan.false_win"
HAND_SIZE = "taiwan.hand_size"
MISCALL = "taiwan.miscall"
FAKE_KONG = "taiwan.fake_kong"
