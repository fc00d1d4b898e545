"""The riichi family's scoring and game-flow options (riichi_base.md §20.1), each with the spec's default."""

from __future__ import annotations

from mjsim.rules.numbers import Numbers
from variants.riichi.uma import NAMED_UMA, UMA_SEATS, parse_uma, uma_numbers

DOUBLE_YAKUMAN_KINDS = ("suuankou_tanki", "junsei_chuuren", "kokushi_13", "daisuushii")
PAO_YAKUMAN = ("daisangen", "daisuushii", "suukantsu")

# (name, default, description, choices, multi)
MIN_HAN_CHOICES = (1, 2)
TWO_HAN = 2  # the minimum under a two-han rule (二飜縛り, ryanhan_shibari)

SCORING_OPTIONS = (
    (
        "red_fives",
        3,
        "red fives: 3 = one per suit, 4 = two red 5p, 5 = two red 5p and 5s, 4_east_3_hanchan by game_length, "
        "or a count per suit m,p,s (e.g. 1,2,1)",
        (0, 3, 4, 5, "4_east_3_hanchan"),
        False,
    ),
    ("kuitan", True, "open tanyao (喰い断) scores", None, False),
    ("ura_dora", True, "riichi winners count ura dora", None, False),
    ("kan_dora", True, "each kan turns a new dora indicator", None, False),
    ("kan_ura", True, "kan dora have ura indicators too", None, False),
    ("ippatsu", True, "ippatsu (一発) is a yaku", None, False),
    ("double_riichi", True, "double riichi (ダブル立直) is worth 2 han", None, False),
    (
        "kazoe_yakuman",
        "on",
        "13+ han: a counted yakuman, capped at sanbaiman, or one yakuman per 13 han",
        ("on", "cap_at_sanbaiman", "multiple"),
        False,
    ),
    ("kiriage_mangan", "off", "round 4h30f and 3h60f up to mangan (切り上げ満貫)", ("off", "on", "4han_only"), False),
    (
        "double_yakuman_patterns",
        frozenset(DOUBLE_YAKUMAN_KINDS),
        "single patterns that count as double yakuman",
        DOUBLE_YAKUMAN_KINDS,
        True,
    ),
    ("composite_yakuman", True, "several yakuman in one hand add up (複合役満)", None, False),
    ("yakuman_max_multiple", 0, "cap on yakuman multiples (0 = no cap)", (0, 1, 2, 3, 4, 5, 6), False),
    (
        "chiitoitsu_scoring",
        "2h25f",
        "seven pairs: 2 han 25 fu, or 1 han 50 fu below mangan",
        ("2h25f", "1h50f_then_2h25f"),
        False,
    ),
    ("ryuuiisou_requires_hatsu", False, "all green needs 發", None, False),
    ("chiitoi_tsuuiisou", True, "all honours may be seven pairs", None, False),
    ("tsumo_pinfu", True, "pinfu and menzen tsumo combine (tsumo pinfu 20 fu)", None, False),
    ("open_pinfu_30fu", True, "an open hand of 20 fu is raised to 30 (喰い平和形)", None, False),
    (
        "renhou",
        "off",
        "value of a human hand (人和)",
        ("off", "yakuman", "baiman", "mangan", "5han", "4han", "needs_other_yaku"),
        False,
    ),
    # --- local yaku (§7, §20.1 local_yaku; S000 @games column): variants/riichi/local_yaku.py ---
    ("sanrenkou", False, "三連刻: three consecutive triplets of one suit, 2 han open or closed", None, False),
    ("suurenkou", False, "四連刻: four consecutive triplets of one suit, a yakuman", None, False),
    ("isshoku_sanjun", False, "一色三順: three identical sequences, 3 han (2 open), not also 一盃口", None, False),
    ("isshoku_yonjun", False, "一色四順: four identical sequences, a yakuman", None, False),
    (
        "shiisan_puutaa",
        "off",
        "十三不塔: no set, no partial set and one pair on the first draw: a mangan (@games) or a yakuman",
        ("off", "mangan", "yakuman"),
        False,
    ),
    ("double_wind_pair_fu", 2, "fu for a pair of the seat-and-round wind", (2, 4), False),
    ("rinshan_tsumo_fu", True, "a rinshan win gets the 2 tsumo fu", None, False),
    ("min_han", 1, "han of yaku a win needs (dora excluded)", MIN_HAN_CHOICES, False),
    (
        "ryanhan_shibari",
        "none",
        "two-han minimum from some point (二飜縛り)",
        ("none", "from_5_honba", "from_dealer_5th_repeat", "always"),
        False,
    ),
    ("pao_set", frozenset({"daisangen", "daisuushii"}), "yakuman with liability payment (包)", PAO_YAKUMAN, True),
    (
        "pao_scope",
        "pao_yakuman_only",
        "what the liable seat pays for: its yakuman, or the whole hand (Tenhou)",
        ("pao_yakuman_only", "whole_hand"),
        False,
    ),
    ("pao_honba_payer", "responsible", "who pays the honba of a pao win", ("responsible", "discarder"), False),
)


# Game flow (riichi_base.md §2-§19, catalogue §20.1). Same (name, default, description, choices, multi) format.
# Options the spec calls metadata are declared too, so a preset can carry them; the engine does not read them.
FLOW_OPTIONS = (
    # --- game length, points and final settlement (§14, §15) ---
    (
        "game_length",
        "hanchan",
        "east-only (東風戦), east-south (半荘) or all four winds (一荘戦)",
        ("east", "hanchan", "full"),
        False,
    ),
    ("dice_rolls", 1, "metadata: dice rolled once or twice to break the wall (a simulator shuffles)", (1, 2), False),
    # 13000 (麻雀格闘倶楽部 薄氷卓) and 15000 (白玉楼) are the seeds' event tables (other_variants.md §12);
    # 35000 / 40000 are three-player start and return points (variants/sanma, Tenhou's 三麻).
    (
        "start_points",
        25000,
        "points each player starts with (持ち点)",
        (13000, 15000, 20000, 25000, 27000, 30000, 35000),
        False,
    ),
    (
        "return_points",
        30000,
        "return points (返し点) subtracted at settlement; oka = 4 x (return - start) to 1st",
        ("none", 20000, 25000, 30000, 40000),
        False,
    ),
    (
        "rounding",
        "go_sha_roku_nyuu",
        "final points to thousands: 五捨六入, 四捨五入, unrounded, or no settlement",
        ("go_sha_roku_nyuu", "shi_sha_go_nyuu", "none", "no_settlement"),
        False,
    ),
    (
        "rounding_negative",
        "floor",
        "negative points: rounded floor-based (-1500 -> -2000 by 五捨六入) or by absolute value (-> -1000)",
        ("floor", "absolute"),
        False,
    ),
    (
        "rounding_adjust_top",
        True,
        "after rounding, 1st place absorbs the difference so results sum to zero",
        None,
        False,
    ),
    (
        "leftover_deposits",
        "top",
        "riichi sticks left at game end: to 1st place, vanish, or back to their owners",
        ("top", "vanish", "owners"),
        False,
    ),
    (
        "uma",
        "10-20",
        "rank bonus (順位ウマ), thousands: a-b = +b/+a/-a/-b (10-20, 5-15, ...), or per rank (e.g. 15,5,-5,-15)",
        tuple(NAMED_UMA),
        False,
    ),
    (
        "tie_break",
        "seat_order",
        "equal points: seat order from the first dealer (上家優先), or shared ranks split uma",
        ("seat_order", "shared"),
        False,
    ),
    (
        "bust",
        "below_zero",
        "game ends when a player goes below zero, at zero or below (トビ), or never",
        ("off", "below_zero", "zero_or_below"),
        False,
    ),
    ("negative_settlement", False, "negative balances are settled (箱下精算); off: clamped at 0", None, False),
    ("extension", True, "play on into the next wind (西入/南入) while nobody reaches the threshold", None, False),
    (
        "extension_rounds",
        "one",
        "extension rounds: one (西入; 南入 east-only), or on wind by wind up to North (北入り, S003)",
        ("one", "to_north"),
        False,
    ),
    (
        "extension_threshold",
        0,
        "points someone must reach to end the game in or before the extension (0 = return)",
        (0, 30000, 31000, 33300),
        False,
    ),
    (
        "extension_end",
        "sudden_death",
        "extension ends when someone reaches the threshold, or after its 4 hands",
        ("sudden_death", "four_hands"),
        False,
    ),
    (
        "agari_yame",
        "optional",
        "all-last dealer winning in 1st place may (optional: the dealer's choice) or must (forced) end the game",
        ("off", "optional", "forced"),
        False,
    ),
    (
        "tenpai_yame",
        "off",
        "all-last dealer tenpai at a draw in 1st place may (the dealer's choice) or must end the game (聴牌止め)",
        ("off", "optional", "forced"),
        False,
    ),
    # --- winning and riichi (§4-§6) ---
    (
        "atozuke",
        True,
        "a hand may win when its only yaku depends on the winning tile (後付け); off: see atozuke_off_form",
        None,
        False,
    ),
    (
        "atozuke_off_form",
        "every_wait",
        "atozuke off: a yaku on every wait (片アガリ禁止), or also fixed by an open hand's first call (完全先付け)",
        ("every_wait", "first_call"),
        False,
    ),
    ("furiten_riichi", True, "riichi may be declared in furiten (then only tsumo wins)", None, False),
    ("karaten_riichi", True, "riichi may be declared on a wait with no live tiles (空聴立直)", None, False),
    (
        "riichi_ankan",
        "wait_unchanged",
        "ankan after riichi: never, if the wait is unchanged, or also the shape",
        ("off", "wait_unchanged", "wait_and_decomposition_unchanged"),
        False,
    ),
    (
        "riichi_min_points",
        1000,
        "riichi needs at least 1000 points, more than 1000, or no minimum",
        ("none", 1000, "over_1000"),
        False,
    ),
    ("riichi_needs_draw", True, "riichi needs at least one more own draw in the live wall", None, False),
    # Open riichi (オープン立直): off on every seed platform (S000 tables ×, S001 4play "オープンリーチなし").
    (
        "open_riichi",
        False,
        "open riichi (オープン立直): riichi may show the hand, +1 han over riichi (local_yaku.py)",
        None,
        False,
    ),
    (
        "open_riichi_deal_in",
        "yakuman",
        "a non-riichi player dealing into an open riichi pays a yakuman, or the hand as scored",
        ("yakuman", "as_scored"),
        False,
    ),
    ("riichi_deposit", 1000, "points of a riichi stick (供託)", None, False),
    ("formal_tenpai", True, "a tenpai without yaku counts at an exhaustive draw (形式聴牌)", None, False),
    (
        "tenpai_allows_exhausted_wait",
        False,
        "a wait on a kind whose four tiles the player holds counts as tenpai",
        None,
        False,
    ),
    (
        "same_turn_definition",
        "draw_to_draw",
        "same-turn furiten ends at the own next turn; a call skipping the seat ends it; or only the own next draw",
        ("draw_to_draw", "call_skips", "call_rewinds"),
        False,
    ),
    (
        "kokushi_13_furiten_ron",
        "forbidden",
        "13-sided kokushi in furiten may not ron (× on every seed platform)",
        ("forbidden",),
        False,
    ),
    ("kokushi_rob_ankan", True, "kokushi may ron a tile declared as a concealed kan (暗槓の搶槓)", None, False),
    # --- calls and kans (§3, §8) ---
    (
        "kuikae",
        "forbidden",
        "swap-calling (喰い替え): discarding the called kind or its suji after chi/pon",
        ("allowed", "forbidden"),
        False,
    ),
    (
        "kandora_timing",
        "immediate_all",
        "new kan dora: at once for every kan, also on chankan/rinshan, or ankan only",
        ("immediate_all", "immediate_including_chankan", "ankan_immediate_else_after_discard"),
        False,
    ),
    (
        "kan_must_not_change_wait_even_without_riichi",
        False,
        "no kan that changes a tenpai hand's wait, riichi or not",
        None,
        False,
    ),
    ("wall_14_always", True, "the dead wall is refilled to 14 tiles after each kan (王牌は常に14牌)", (True,), False),
    (
        "wall_keep_fixed",
        False,
        "壁牌を変更しない: the live wall gives no tile to the dead wall after a kan (the dead wall shrinks, the last "
        "draw comes later)",
        None,
        False,
    ),
    (
        "call_priority",
        "pon_over_chi",
        "a pon or kan takes the tile over a chi, or the call spoken first does (発声優先; voices together: pon)",
        ("pon_over_chi", "first_voice"),
        False,
    ),
    # --- multiple ron and abortive draws (§10.3, §12, §17) ---
    (
        "multi_ron",
        "double_ron",
        "several rons on one discard: head bump (頭ハネ), double ron, or all (see sanchahou)",
        ("head_bump", "double_ron", "all"),
        False,
    ),
    (
        "multi_ron_honba",
        "upstream",
        "multiple ron: honba to the winner nearest the discarder, or to each (sticks: nearest)",
        ("upstream", "each_winner"),
        False,
    ),
    (
        "sanchahou",
        "abort",
        "three rons on one discard (三家和): abortive draw, all three win, or head bump",
        ("abort", "triple_ron", "head_bump"),
        False,
    ),
    (
        "sanchahou_continuation",
        "renchan",
        "after a sanchahou abort: dealer repeats, passes, or repeats if tenpai",
        ("renchan", "dealer_passes", "dealer_tenpai"),
        False,
    ),
    (
        "kyuushu_kyuuhai",
        "renchan",
        "nine terminals abort (九種九牌): off, dealer repeats/passes, by declarer (fl8)",
        ("off", "renchan", "dealer_passes", "by_declarer"),
        False,
    ),
    (
        "suufon_renda",
        "abort",
        "four same winds discarded first (四風連打): abort (dealer repeats or passes), or off",
        ("abort", "abort_dealer_passes", "off"),
        False,
    ),
    (
        "suufon_renda_continuation",
        "renchan",
        "after a four-winds abort (suufon_renda abort): dealer repeats, passes, or repeats if tenpai (fl8)",
        ("renchan", "dealer_passes", "dealer_tenpai"),
        False,
    ),
    (
        "suucha_riichi",
        "abort",
        "fourth riichi passes (四家立直): abortive draw, or play continues",
        ("abort", "continue"),
        False,
    ),
    (
        "suucha_riichi_continuation",
        "renchan",
        "after a suucha riichi abort: dealer repeats, passes, or if tenpai",
        ("renchan", "dealer_passes", "dealer_tenpai"),
        False,
    ),
    (
        "suukaikan",
        "abort_4th_multi_player",
        "four kans (四開槓): abort if by several players, only on a 5th, both (one holds four: a 5th aborts), or off",
        ("abort_4th_multi_player", "abort_on_5th", "abort_4th_multi_player_or_5th", "off"),
        False,
    ),
    (
        "suukaikan_continuation",
        "renchan",
        "after a suukaikan abort: dealer repeats, passes, or repeats if tenpai",
        ("renchan", "dealer_passes", "dealer_tenpai"),
        False,
    ),
    # --- exhaustive draw (§11) ---
    (
        "draw_renchan",
        "tenpai",
        "dealer repeats at an exhaustive draw: if tenpai, never, always, or by round/length",
        ("tenpai", "never", "always", "east_tenpai_south_always", "east_never_hanchan_tenpai"),
        False,
    ),
    (
        "noten_payment_total",
        3000,
        "points moved from noten to tenpai players at an exhaustive draw (ノーテン罰符)",
        None,
        False,
    ),
    ("honba_value", 300, "points a honba (積み棒) adds to a win: ron +value, tsumo +value/3 from each", None, False),
    (
        "nagashi_mangan",
        "as_draw",
        "nagashi mangan (流し満貫): off, as a draw, as a win, as 4 han, dealer passes",
        ("off", "as_draw", "as_win", "as_4han", "dealer_passes"),
        False,
    ),
    (
        "nagashi_mangan_multi",
        "all",
        "several nagashi players: all score, or only the one upstream (上家のみ)",
        ("all", "upstream_only"),
        False,
    ),
    (
        "nagashi_mangan_tenpai_payments",
        "replaced",
        "noten payments at a nagashi draw: replaced by it, or added",
        ("replaced", "added"),
        False,
    ),
    ("nagashi_mangan_pays_honba", False, "nagashi mangan also collects honba and riichi sticks", None, False),
    # --- payments (§16; penalties, §19, are the penalties variant) ---
    ("rinshan_pao", False, "the discarder of a daiminkan pays all of a rinshan win from it (嶺上の包)", None, False),
    # --- money (the seeds' stakes: S001 4play "点ピン ... チップ500", S004 fl8 "風速0.5、1チップ＝2ポイント分") ---
    (
        "fusoku",
        0,
        "風速: the stake, 1 = 点ピン (100 in money per 1,000 points of the settled result), 0.5 = テンゴ; 0: no money",
        None,
        False,
    ),
    (
        "money_per_chip",
        0,
        "money per chip paid beside the stake (4play: 500); 0: chips count only as chips.value",
        None,
        False,
    ),
)


PARSERS = {"uma": parse_uma}  # options whose values are not only their named choices

POINTS = 100  # every payment of the family is in hundreds (the 100-point stick)
# The numbers each numeric option takes besides its named choices: the ranges under which a game still makes
# sense. Points are multiples of 100; the start is positive; the return is never below the start (oka >= 0:
# a negative oka would have 1st place pay the others); a deposit, honba or noten payment of 0 switches it off.
RANGES = {
    # Red fives per suit (m, p, s), at most 3: a plain five of every suit stays (hypothetical wins need one).
    "red_fives": Numbers(0, 3, length=3),
    "yakuman_max_multiple": Numbers(0, 12),
    "double_wind_pair_fu": Numbers(2, 8, step=2),
    "min_han": Numbers(1, 13),
    "start_points": Numbers(POINTS, 1_000_000, step=POINTS),
    "return_points": Numbers(POINTS, 1_000_000, step=POINTS, at_least="start_points"),
    "uma": uma_numbers(UMA_SEATS),
    "extension_threshold": Numbers(0, 1_000_000, step=POINTS),
    "riichi_min_points": Numbers(0, 100_000, step=POINTS),
    "riichi_deposit": Numbers(0, 10_000, step=POINTS),
    "noten_payment_total": Numbers(0, 30_000, step=POINTS),
    "honba_value": Numbers(0, 3_000, step=POINTS),
    "fusoku": Numbers(0, 100, decimals=1),
    "money_per_chip": Numbers(0, 100_000),
}


def declare(registry) -> None:
    """Declare every scoring and game-flow option on ``registry``."""
    for name, default, description, choices, multi in SCORING_OPTIONS + FLOW_OPTIONS:
        default = sorted(default) if multi else default
        registry.add(name, default, description, choices, multi, PARSERS.get(name), RANGES.get(name))


# --- Typed keys: read an option as ``rules[KEY]`` (every declared key has a value after compile) -------------
# One constant per option above; tests/unit/test_rules.py checks that the two lists name the same keys.
RED_FIVES = "riichi.red_fives"
KUITAN = "riichi.kuitan"
URA_DORA = "riichi.ura_dora"
KAN_DORA = "riichi.kan_dora"
KAN_URA = "riichi.kan_ura"
IPPATSU = "riichi.ippatsu"
DOUBLE_RIICHI = "riichi.double_riichi"
KAZOE_YAKUMAN = "riichi.kazoe_yakuman"
KIRIAGE_MANGAN = "riichi.kiriage_mangan"
DOUBLE_YAKUMAN_PATTERNS = "riichi.double_yakuman_patterns"
COMPOSITE_YAKUMAN = "riichi.composite_yakuman"
YAKUMAN_MAX_MULTIPLE = "riichi.yakuman_max_multiple"
CHIITOITSU_SCORING = "riichi.chiitoitsu_scoring"
RYUUIISOU_REQUIRES_HATSU = "riichi.ryuuiisou_requires_hatsu"
CHIITOI_TSUUIISOU = "riichi.chiitoi_tsuuiisou"
TSUMO_PINFU = "riichi.tsumo_pinfu"
OPEN_PINFU_30FU = "riichi.open_pinfu_30fu"
RENHOU = "riichi.renhou"
SANRENKOU = "riichi.sanrenkou"
SUURENKOU = "riichi.suurenkou"
ISSHOKU_SANJUN = "riichi.isshoku_sanjun"
ISSHOKU_YONJUN = "riichi.isshoku_yonjun"
SHIISAN_PUUTAA = "riichi.shiisan_puutaa"
DOUBLE_WIND_PAIR_FU = "riichi.double_wind_pair_fu"
RINSHAN_TSUMO_FU = "riichi.rinshan_tsumo_fu"
MIN_HAN = "riichi.min_han"
RYANHAN_SHIBARI = "riichi.ryanhan_shibari"
PAO_SET = "riichi.pao_set"
PAO_SCOPE = "riichi.pao_scope"
PAO_HONBA_PAYER = "riichi.pao_honba_payer"
GAME_LENGTH = "riichi.game_length"
DICE_ROLLS = "riichi.dice_rolls"
START_POINTS = "riichi.start_points"
RETURN_POINTS = "riichi.return_points"
ROUNDING = "riichi.rounding"
ROUNDING_NEGATIVE = "riichi.rounding_negative"
ROUNDING_ADJUST_TOP = "riichi.rounding_adjust_top"
LEFTOVER_DEPOSITS = "riichi.leftover_deposits"
UMA = "riichi.uma"
TIE_BREAK = "riichi.tie_break"
BUST = "riichi.bust"
NEGATIVE_SETTLEMENT = "riichi.negative_settlement"
EXTENSION = "riichi.extension"
EXTENSION_ROUNDS = "riichi.extension_rounds"
EXTENSION_THRESHOLD = "riichi.extension_threshold"
EXTENSION_END = "riichi.extension_end"
AGARI_YAME = "riichi.agari_yame"
TENPAI_YAME = "riichi.tenpai_yame"
ATOZUKE = "riichi.atozuke"
ATOZUKE_OFF_FORM = "riichi.atozuke_off_form"
FURITEN_RIICHI = "riichi.furiten_riichi"
KARATEN_RIICHI = "riichi.karaten_riichi"
RIICHI_ANKAN = "riichi.riichi_ankan"
RIICHI_MIN_POINTS = "riichi.riichi_min_points"
RIICHI_NEEDS_DRAW = "riichi.riichi_needs_draw"
OPEN_RIICHI = "riichi.open_riichi"
OPEN_RIICHI_DEAL_IN = "riichi.open_riichi_deal_in"
RIICHI_DEPOSIT = "riichi.riichi_deposit"
FORMAL_TENPAI = "riichi.formal_tenpai"
TENPAI_ALLOWS_EXHAUSTED_WAIT = "riichi.tenpai_allows_exhausted_wait"
SAME_TURN_DEFINITION = "riichi.same_turn_definition"
KOKUSHI_13_FURITEN_RON = "riichi.kokushi_13_furiten_ron"
KOKUSHI_ROB_ANKAN = "riichi.kokushi_rob_ankan"
KUIKAE = "riichi.kuikae"
KANDORA_TIMING = "riichi.kandora_timing"
KAN_MUST_NOT_CHANGE_WAIT_EVEN_WITHOUT_RIICHI = "riichi.kan_must_not_change_wait_even_without_riichi"
WALL_14_ALWAYS = "riichi.wall_14_always"
WALL_KEEP_FIXED = "riichi.wall_keep_fixed"
MULTI_RON = "riichi.multi_ron"
MULTI_RON_HONBA = "riichi.multi_ron_honba"
SANCHAHOU = "riichi.sanchahou"
SANCHAHOU_CONTINUATION = "riichi.sanchahou_continuation"
KYUUSHU_KYUUHAI = "riichi.kyuushu_kyuuhai"
CALL_PRIORITY = "riichi.call_priority"
SUUFON_RENDA = "riichi.suufon_renda"
SUUFON_RENDA_CONTINUATION = "riichi.suufon_renda_continuation"
SUUCHA_RIICHI = "riichi.suucha_riichi"
SUUCHA_RIICHI_CONTINUATION = "riichi.suucha_riichi_continuation"
SUUKAIKAN = "riichi.suukaikan"
SUUKAIKAN_CONTINUATION = "riichi.suukaikan_continuation"
DRAW_RENCHAN = "riichi.draw_renchan"
NOTEN_PAYMENT_TOTAL = "riichi.noten_payment_total"
HONBA_VALUE = "riichi.honba_value"
NAGASHI_MANGAN = "riichi.nagashi_mangan"
NAGASHI_MANGAN_MULTI = "riichi.nagashi_mangan_multi"
NAGASHI_MANGAN_TENPAI_PAYMENTS = "riichi.nagashi_mangan_tenpai_payments"
NAGASHI_MANGAN_PAYS_HONBA = "riichi.nagashi_mangan_pays_honba"
RINSHAN_PAO = "riichi.rinshan_pao"
FUSOKU = "riichi.fusoku"
MONEY_PER_CHIP = "riichi.money_per_chip"
