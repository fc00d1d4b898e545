"""The options of ブー麻雀 (boo.md §8), each with the spec's default."""

from __future__ import annotations

from mjsim.rules.options import Declarations, Numbers

FORBID_CODES = ("F2", "F3")
ADDON_CHOICES = ("menzen", "honba", "dora")

# A numeric option's numbers= are those it takes besides its named choices: points in hundreds, add-ons in
# threes of a hundred (a tsumo pays a third from each), a prize (settlement points) never negative.
OPTIONS = Declarations("boo")

UNITS = OPTIONS.option(
    "units", "arusiaru", "point units: Arusiaru (no 場ゾロ, mangan 2000) or riichi", choices=("arusiaru", "riichi")
)
ORIGIN = OPTIONS.option(
    "origin",
    2000,
    "starting score (原点); floating is >= origin, tenpen at 2 x origin",
    numbers=Numbers(100, 1_000_000, step=100),
)
GAME_LENGTH = OPTIONS.option(
    "game_length", "full", "nominal length: full table (一荘, 16 deals) or east-south", choices=("full", "hanchan")
)
DOBON = OPTIONS.option(
    "dobon", "le_zero", "bust (ドボン) at 0 or below, or only below 0", choices=("le_zero", "lt_zero")
)
TENPEN_STRICT = OPTIONS.option("tenpen_strict", False, "tenpen (天辺) needs more than 2 x origin instead of at least")
YAKUMAN_COLD_GAME = OPTIONS.option("yakuman_cold_game", True, "a yakuman ends the game with its winner as A top")
ALLOW_TSUREKOMI = OPTIONS.option(
    "allow_tsurekomi", False, "a sunk winner's busting win may leave another top (連れ込み)"
)
FORBID_C_TOP_FINISH = OPTIONS.option("forbid_c_top_finish", True, "no game-ending win may leave a C top (F3)")
FINAL_HAND_EXEMPT = OPTIONS.option(
    "final_hand_exempt",
    ["F3"],
    "forbidden-win codes lifted when the last scheduled hand ends",
    choices=FORBID_CODES,
    multi=True,
)
FORBID_SUNK_WIN = OPTIONS.option("forbid_sunk_win", False, "any win leaving the winner sunk is forbidden (F4)")
FORBID_ASHIBIKI = OPTIONS.option(
    "forbid_ashibiki", False, "a sunk win that sinks a floating payer is forbidden (足引き, F5)"
)
ILLEGAL_WIN = OPTIONS.option(
    "illegal_win", "mask", "forbidden wins are not offered, or are chombo", choices=("mask", "chombo")
)
RIICHI_HAN = OPTIONS.option("riichi_han", 1, "han of riichi", choices=(1, 2), numbers=Numbers(0, 4))
RIICHI_BAN_NO_TOP = OPTIONS.option(
    "riichi_ban_no_top", True, "no riichi whose wins never make a top but may bust someone"
)
RIICHI_MUST_WIN = OPTIONS.option(
    "riichi_must_win", False, "a riichi player may not pass a winning tile (リーチ見逃し禁止)"
)
ADDONS = OPTIONS.option(
    "addons",
    sorted(ADDON_CHOICES),
    "場300 add-ons: closed hand, each honba, each dora",
    choices=ADDON_CHOICES,
    multi=True,
)
ADDON_VALUE = OPTIONS.option(
    "addon_value",
    300,
    "points of one add-on: a ron pays it, a tsumo a third from each",
    numbers=Numbers(0, 3000, step=300),
)
YAKULESS_BLOCKS = OPTIONS.option(
    "yakuless_blocks",
    "all_addons",
    "a yaku-less win loses every add-on or only honba",
    choices=("all_addons", "honba_only"),
)
RYANMEN_TSUMO_FU = OPTIONS.option(
    "ryanmen_tsumo_fu",
    4,
    "tsumo fu of a win completing a two-sided wait",
    choices=(2, 4),
    numbers=Numbers(2, 8, step=2),
)
GOTONG_MODE = OPTIONS.option(
    "gotong_mode",
    "presence_1han",
    "五筒: 1 han for any 5-pin, 1 han per red 5-pin, or none",
    choices=("presence_1han", "per_red_5p", "off"),
)
ALLOW_CHIITOITSU = OPTIONS.option("allow_chiitoitsu", False, "seven pairs is a winning shape (2 han 25 fu)")
DRAW_RENCHAN = OPTIONS.option(
    "draw_renchan", "never", "exhaustive draw: dealer passes, or repeats when tenpai", choices=("never", "tenpai")
)
URA_CHIP = OPTIONS.option(
    "ura_chip",
    0,
    "points per ura dora paid as a chip (0 = no ura)",
    choices=(0, 500),
    numbers=Numbers(0, 5000, step=100),
)
PRIZE_A = OPTIONS.option("prize_a", 80, "settlement of an A top (3 sunk)", numbers=Numbers(0, 1000))
PRIZE_B = OPTIONS.option("prize_b", 30, "settlement of a B top (2 sunk)", numbers=Numbers(0, 1000))
# boo.md §6: only A 80 and B 30 have a source (HK); "[guess] C top = 10 points" is the default, an option.
PRIZE_C = OPTIONS.option(
    "prize_c", 10, "settlement of a C top (1 sunk); 10 is boo.md's guess, no source gives it", numbers=Numbers(0, 1000)
)
SPLIT = OPTIONS.option(
    "split", "equal", "the prize split equally among the sunk, or paid by each", choices=("equal", "per_payer")
)
TIE_BREAK = OPTIONS.option(
    "tie_break", "seat_order", "equal top scores: seat order from the first dealer", choices=("seat_order",)
)
DABUKEN = OPTIONS.option(
    "dabuken",
    "off",
    "ダブ権: the A-top taker (or two tops running) has its next game's settlement doubled (a run's games in order)",
    choices=("off", "after_a_top", "after_two_wins"),
)
PRIZE_OF_TOP = {"A": PRIZE_A, "B": PRIZE_B, "C": PRIZE_C}  # the prize option of each top type
