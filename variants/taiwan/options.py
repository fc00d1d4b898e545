"""The options of 台湾麻将 (taiwan.md §13), each declared once with the spec's default."""

from __future__ import annotations

from mjsim.rules.options import Declarations, Numbers

LOCAL_TAI_CHOICES = ("jianhua", "jianfeng", "kong_tai", "wuziwuhua")

# A numeric option's numbers= are those it takes besides its named choices (ziyise_tai stays a choice: 16 also
# means 對對和 is not added, so its number is a mode).
OPTIONS = Declarations("taiwan")

FLOWERS = OPTIONS.option(
    "flowers", True, "144 tiles with the eight flowers (off: 136, as often in southern Taiwan) (§1)"
)
SEAT_WIND_MODE = OPTIONS.option(
    "seat_wind_mode",
    "wall_break",
    "East is the seat whose wall is broken (dice), or always the dealer (§2)",
    choices=("wall_break", "dealer_is_east"),
)
DI = OPTIONS.option("di", 3, "底: the base paid for any win, in tai (§10)", numbers=Numbers(0, 1000))
RATE = OPTIONS.option("rate", 1, "points per tai (§10)", numbers=Numbers(1, 1_000_000))
START_POINTS = OPTIONS.option(
    "start_points",
    0,
    "points each player starts from [proposal]: a money game, scores are net winnings",
    numbers=Numbers(0, 100_000_000),
)
BUST = OPTIONS.option(
    "bust",
    0,
    "a game ends when a player has lost this many points; 0: no busting (§11, [proposal] off)",
    numbers=Numbers(0, 100_000_000),
)
DAIMINKAN_RINSHAN_WIN = OPTIONS.option(
    "daiminkan_rinshan_win",
    "allowed",
    "a replacement tile after an exposed kong may complete a tsumo (reading A) or never (literal reading B) (§4)",
    choices=("allowed", "forbidden"),
)
GUOSHUI = OPTIONS.option(
    "guoshui",
    "seed_state_machine",
    "過水: same-go-around block on wins and pon/chi (§6), or none",
    choices=("seed_state_machine", "off"),
)
KUIKAE = OPTIONS.option(
    "kuikae", "forbidden", "swap-calling after chi/pon (喰い替え) (§4, §6)", choices=("forbidden", "allowed")
)
MIGI = OPTIONS.option("migi", True, "MIGI (天聽/地聽) may be declared (§7)")
MIGI_WINDOW = OPTIONS.option(
    "migi_window", 2, "go-arounds in which MIGI may be declared (§7)", choices=(1, 2, 4), numbers=Numbers(1, 8)
)
MIGI_TAI = OPTIONS.option("migi_tai", 8, "tai of MIGI (§7)", numbers=Numbers(1, 64))
QIANGTING = OPTIONS.option(
    "qiangting", False, "嗆聽: a locked tenpai declared at any time, open or closed, for +1 tai (§7)"
)
DUJING_MODE = OPTIONS.option(
    "dujing_mode",
    "north",
    "獨聽: only one kind completes the hand (north), or any edge/closed/single reading (south)",
    choices=("north", "south"),
)
PINFU_ALLOWS_MENZEN = OPTIONS.option("pinfu_allows_menzen", False, "平和 may be closed, with 門清 added ([EY]) (§8)")
ZIYISE_TAI = OPTIONS.option("ziyise_tai", 8, "字一色: 8 (with 對對和) or 16 (對對和 not added) (§8)", choices=(8, 16))
TIANHU_TAI = OPTIONS.option("tianhu_tai", 16, "天和 tai (§8)", choices=(16, 24), numbers=Numbers(1, 64))
LILIKULI = OPTIONS.option("lilikuli", False, "嚦咕嚦咕: seven pairs and one pung, 4 tai (local) (§8)")
BANQIU = OPTIONS.option("banqiu", False, "半求: five exposed sets and a tsumo, +1 tai (local) (§8)")
QIQIANGYI = OPTIONS.option(
    "qiqiangyi",
    "hiding_allowed",
    "七搶一: off, or on with hiding the eighth flower allowed (its drawer then cannot win) or forbidden (§9)",
    choices=("off", "hiding_allowed", "hiding_forbidden"),
)
MULTI_RON = OPTIONS.option(
    "multi_ron",
    "head_bump",
    "several rons on one discard: the nearest wins (截胡), or all (§5)",
    choices=("head_bump", "all"),
)
DRAW_RENCHAN = OPTIONS.option(
    "draw_renchan",
    "always",
    "the dealer repeats after an exhaustive draw, ready or not (§11)",
    choices=("always", "never"),
)
YILU_GUIXI = OPTIONS.option(
    "yilu_guixi", True, "一路歸西: four first discards all West abort the hand, the dealer repeats (§11)"
)
CONCEALED_KONGS = OPTIONS.option(
    "concealed_kongs",
    "face_down",
    "concealed kongs lie face down, seen by the other seats only when the hand ends, or face up (§4)",
    choices=("face_down", "face_up"),
)
FALSE_WIN = OPTIONS.option(
    "false_win",
    "chombo",
    "a declared win the hand does not make (incl. one 過水 forbids): chombo, paying each player the larger of "
    "底 and its own ready hand's ron (§12), or ignored",
    choices=("chombo", "off"),
)
HAND_SIZE = OPTIONS.option(
    "hand_size",
    "dead_hand",
    "a hand found a tile long or short (多牌/少牌): no calls and no win for the rest of the hand (§12), or ignored",
    choices=("dead_hand", "off"),
)
MISCALL = OPTIONS.option(
    "miscall",
    "dead_hand",
    "a call the hand cannot make, not undone at once: no calls and no win for the rest of the hand (§12), or ignored",
    choices=("dead_hand", "off"),
)
FAKE_KONG = OPTIONS.option(
    "fake_kong",
    "pao",
    "a concealed kong laid with four tiles that are no set (偽暗槓): its seat's hand is dead and it pays every "
    "win of the hand (pao, §12), or not listed",
    choices=("pao", "off"),
)
LOCAL_TAI = OPTIONS.option(
    "local_tai", (), "local tai: 見花見台, 見風見台, kong tai, 無字無花 (§8)", choices=LOCAL_TAI_CHOICES, multi=True
)
