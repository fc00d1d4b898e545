"""The options of ブー麻雀 (boo.md §8), each with the spec's default."""

from __future__ import annotations

from mjsim.rules.numbers import Numbers

FORBID_CODES = ("F2", "F3")
ADDON_CHOICES = ("menzen", "honba", "dora")

# (name, default, description, choices, multi)
OPTIONS = (
    ("units", "arusiaru", "point units: Arusiaru (no 場ゾロ, mangan 2000) or riichi", ("arusiaru", "riichi"), False),
    ("origin", 2000, "starting score (原点); floating is >= origin, tenpen at 2 x origin", None, False),
    ("game_length", "full", "nominal length: full table (一荘, 16 deals) or east-south", ("full", "hanchan"), False),
    ("dobon", "le_zero", "bust (ドボン) at 0 or below, or only below 0", ("le_zero", "lt_zero"), False),
    ("tenpen_strict", False, "tenpen (天辺) needs more than 2 x origin instead of at least", None, False),
    ("yakuman_cold_game", True, "a yakuman ends the game with its winner as A top", None, False),
    ("allow_tsurekomi", False, "a sunk winner's busting win may leave another top (連れ込み)", None, False),
    ("forbid_c_top_finish", True, "no game-ending win may leave a C top (F3)", None, False),
    ("final_hand_exempt", ("F3",), "forbidden-win codes lifted when the last scheduled hand ends", FORBID_CODES, True),
    ("forbid_sunk_win", False, "any win leaving the winner sunk is forbidden (F4)", None, False),
    ("forbid_ashibiki", False, "a sunk win that sinks a floating payer is forbidden (足引き, F5)", None, False),
    ("illegal_win", "mask", "forbidden wins are not offered, or are chombo", ("mask", "chombo"), False),
    ("riichi_han", 1, "han of riichi", (1, 2), False),
    ("riichi_ban_no_top", True, "no riichi whose wins never make a top but may bust someone", None, False),
    ("riichi_must_win", False, "a riichi player may not pass a winning tile (リーチ見逃し禁止)", None, False),
    ("addons", ADDON_CHOICES, "場300 add-ons: closed hand, each honba, each dora", ADDON_CHOICES, True),
    ("addon_value", 300, "points of one add-on: a ron pays it, a tsumo a third from each", None, False),
    (
        "yakuless_blocks",
        "all_addons",
        "a yaku-less win loses every add-on or only honba",
        ("all_addons", "honba_only"),
        False,
    ),
    ("ryanmen_tsumo_fu", 4, "tsumo fu of a win completing a two-sided wait", (2, 4), False),
    (
        "gotong_mode",
        "presence_1han",
        "五筒: 1 han for any 5-pin, 1 han per red 5-pin, or none",
        ("presence_1han", "per_red_5p", "off"),
        False,
    ),
    ("allow_chiitoitsu", False, "seven pairs is a winning shape (2 han 25 fu)", None, False),
    ("draw_renchan", "never", "exhaustive draw: dealer passes, or repeats when tenpai", ("never", "tenpai"), False),
    ("ura_chip", 0, "points per ura dora paid as a chip (0 = no ura)", (0, 500), False),
    ("prize_a", 80, "settlement of an A top (3 sunk)", None, False),
    ("prize_b", 30, "settlement of a B top (2 sunk)", None, False),
    # boo.md §6: only A 80 and B 30 have a source (HK); "[guess] C top = 10 points" is the default, an option.
    ("prize_c", 10, "settlement of a C top (1 sunk); 10 is boo.md's guess, no source gives it", None, False),
    ("split", "equal", "the prize split equally among the sunk, or paid by each", ("equal", "per_payer"), False),
    ("tie_break", "seat_order", "equal top scores: seat order from the first dealer", ("seat_order",), False),
    (
        "dabuken",
        "off",
        "ダブ権: the A-top taker (or two tops running) has its next game's settlement doubled (a run's games in order)",
        ("off", "after_a_top", "after_two_wins"),
        False,
    ),
)


# The numbers each numeric option takes besides its named choices: points in hundreds, add-ons in threes of a
# hundred (a tsumo pays a third from each), a prize (settlement points) never negative.
RANGES = {
    "origin": Numbers(100, 1_000_000, step=100),
    "riichi_han": Numbers(0, 4),
    "addon_value": Numbers(0, 3000, step=300),
    "ryanmen_tsumo_fu": Numbers(2, 8, step=2),
    "ura_chip": Numbers(0, 5000, step=100),
    "prize_a": Numbers(0, 1000),
    "prize_b": Numbers(0, 1000),
    "prize_c": Numbers(0, 1000),
}


def declare(registry) -> None:
    """Declare every boo option on ``registry``."""
    for name, default, description, choices, multi in OPTIONS:
        default = sorted(default) if multi else default
        registry.add(name, default, description, choices, multi, numbers=RANGES.get(name))


# --- Typed keys: read an option as ``rules[KEY]`` (every declared key has a value after compile) ---
# One constant per option declared above; tests/variants/test_option_keys.py checks they name the same keys.
UNITS = "boo.units"
ORIGIN = "boo.origin"
GAME_LENGTH = "boo.game_length"
DOBON = "boo.dobon"
TENPEN_STRICT = "boo.tenpen_strict"
YAKUMAN_COLD_GAME = "boo.yakuman_cold_game"
ALLOW_TSUREKOMI = "boo.allow_tsurekomi"
FORBID_C_TOP_FINISH = "boo.forbid_c_top_finish"
FINAL_HAND_EXEMPT = "boo.final_hand_exempt"
FORBID_SUNK_WIN = "boo.forbid_sunk_win"
FORBID_ASHIBIKI = "boo.forbid_ashibiki"
ILLEGAL_WIN = "boo.illegal_win"
RIICHI_HAN = "boo.riichi_han"
RIICHI_BAN_NO_TOP = "boo.riichi_ban_no_top"
RIICHI_MUST_WIN = "boo.riichi_must_win"
ADDONS = "boo.addons"
ADDON_VALUE = "boo.addon_value"
YAKULESS_BLOCKS = "boo.yakuless_blocks"
RYANMEN_TSUMO_FU = "boo.ryanmen_tsumo_fu"
GOTONG_MODE = "boo.gotong_mode"
ALLOW_CHIITOITSU = "boo.allow_chiitoitsu"
DRAW_RENCHAN = "boo.draw_renchan"
URA_CHIP = "boo.ura_chip"
PRIZE_A = "boo.prize_a"
PRIZE_B = "boo.prize_b"
PRIZE_C = "boo.prize_c"
SPLIT = "boo.split"
TIE_BREAK = "boo.tie_break"
DABUKEN = "boo.dabuken"
PRIZE_OF_TOP = {"A": PRIZE_A, "B": PRIZE_B, "C": PRIZE_C}  # the prize option of each top type
