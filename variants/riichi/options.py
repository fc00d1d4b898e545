"""The riichi family's scoring and game-flow options (riichi_base.md §20.1), each with the spec's default.

Each option is declared once, on one of the family's two lists (scoring, game flow), and is the key it is read
with: ``rules[KUITAN]``.
"""

from __future__ import annotations

from mjsim.rules.options import Declarations, Numbers
from variants.riichi.uma import NAMED_UMA, UMA_SEATS, parse_uma, uma_numbers

DOUBLE_YAKUMAN_KINDS = ("suuankou_tanki", "junsei_chuuren", "kokushi_13", "daisuushii")
PAO_YAKUMAN = ("daisangen", "daisuushii", "suukantsu")
MIN_HAN_CHOICES = (1, 2)
TWO_HAN = 2  # the minimum under a two-han rule (二飜縛り, ryanhan_shibari)

POINTS = 100  # every payment of the family is in hundreds (the 100-point stick)
# A numeric option's numbers= are those it takes besides its named choices: the ranges under which a game still
# makes sense. Points are multiples of 100; the start is positive; the return is never below the start (oka >= 0:
# a negative oka would have 1st place pay the others); a deposit, honba or noten payment of 0 switches it off.

SCORING_OPTIONS = Declarations("riichi")

# Red fives per suit (m, p, s), at most 3: a plain five of every suit stays (hypothetical wins need one).
RED_FIVES = SCORING_OPTIONS.option(
    "red_fives",
    3,
    "red fives: 3 = one per suit, 4 = two red 5p, 5 = two red 5p and 5s, 4_east_3_hanchan by game_length, "
    "or a count per suit m,p,s (e.g. 1,2,1)",
    choices=(0, 3, 4, 5, "4_east_3_hanchan"),
    numbers=Numbers(0, 3, length=3),
)
KUITAN = SCORING_OPTIONS.option("kuitan", True, "open tanyao (喰い断) scores")
URA_DORA = SCORING_OPTIONS.option("ura_dora", True, "riichi winners count ura dora")
KAN_DORA = SCORING_OPTIONS.option("kan_dora", True, "each kan turns a new dora indicator")
KAN_URA = SCORING_OPTIONS.option("kan_ura", True, "kan dora have ura indicators too")
IPPATSU = SCORING_OPTIONS.option("ippatsu", True, "ippatsu (一発) is a yaku")
DOUBLE_RIICHI = SCORING_OPTIONS.option("double_riichi", True, "double riichi (ダブル立直) is worth 2 han")
KAZOE_YAKUMAN = SCORING_OPTIONS.option(
    "kazoe_yakuman",
    "on",
    "13+ han: a counted yakuman, capped at sanbaiman, or one yakuman per 13 han",
    choices=("on", "cap_at_sanbaiman", "multiple"),
)
KIRIAGE_MANGAN = SCORING_OPTIONS.option(
    "kiriage_mangan", "off", "round 4h30f and 3h60f up to mangan (切り上げ満貫)", choices=("off", "on", "4han_only")
)
DOUBLE_YAKUMAN_PATTERNS = SCORING_OPTIONS.option(
    "double_yakuman_patterns",
    sorted(DOUBLE_YAKUMAN_KINDS),
    "single patterns that count as double yakuman",
    choices=DOUBLE_YAKUMAN_KINDS,
    multi=True,
)
COMPOSITE_YAKUMAN = SCORING_OPTIONS.option("composite_yakuman", True, "several yakuman in one hand add up (複合役満)")
YAKUMAN_MAX_MULTIPLE = SCORING_OPTIONS.option(
    "yakuman_max_multiple",
    0,
    "cap on yakuman multiples (0 = no cap)",
    choices=(0, 1, 2, 3, 4, 5, 6),
    numbers=Numbers(0, 12),
)
CHIITOITSU_SCORING = SCORING_OPTIONS.option(
    "chiitoitsu_scoring",
    "2h25f",
    "seven pairs: 2 han 25 fu, or 1 han 50 fu below mangan",
    choices=("2h25f", "1h50f_then_2h25f"),
)
RYUUIISOU_REQUIRES_HATSU = SCORING_OPTIONS.option("ryuuiisou_requires_hatsu", False, "all green needs 發")
CHIITOI_TSUUIISOU = SCORING_OPTIONS.option("chiitoi_tsuuiisou", True, "all honours may be seven pairs")
TSUMO_PINFU = SCORING_OPTIONS.option("tsumo_pinfu", True, "pinfu and menzen tsumo combine (tsumo pinfu 20 fu)")
OPEN_PINFU_30FU = SCORING_OPTIONS.option("open_pinfu_30fu", True, "an open hand of 20 fu is raised to 30 (喰い平和形)")
RENHOU = SCORING_OPTIONS.option(
    "renhou",
    "off",
    "value of a human hand (人和)",
    choices=("off", "yakuman", "baiman", "mangan", "5han", "4han", "needs_other_yaku"),
)
# --- local yaku (§7, §20.1 local_yaku; S000 @games column): variants/riichi/local_yaku.py ---
SANRENKOU = SCORING_OPTIONS.option(
    "sanrenkou", False, "三連刻: three consecutive triplets of one suit, 2 han open or closed"
)
SUURENKOU = SCORING_OPTIONS.option("suurenkou", False, "四連刻: four consecutive triplets of one suit, a yakuman")
ISSHOKU_SANJUN = SCORING_OPTIONS.option(
    "isshoku_sanjun", False, "一色三順: three identical sequences, 3 han (2 open), not also 一盃口"
)
ISSHOKU_YONJUN = SCORING_OPTIONS.option("isshoku_yonjun", False, "一色四順: four identical sequences, a yakuman")
SHIISAN_PUUTAA = SCORING_OPTIONS.option(
    "shiisan_puutaa",
    "off",
    "十三不塔: no set, no partial set and one pair on the first draw: a mangan (@games) or a yakuman",
    choices=("off", "mangan", "yakuman"),
)
DOUBLE_WIND_PAIR_FU = SCORING_OPTIONS.option(
    "double_wind_pair_fu", 2, "fu for a pair of the seat-and-round wind", choices=(2, 4), numbers=Numbers(2, 8, step=2)
)
RINSHAN_TSUMO_FU = SCORING_OPTIONS.option("rinshan_tsumo_fu", True, "a rinshan win gets the 2 tsumo fu")
MIN_HAN = SCORING_OPTIONS.option(
    "min_han", 1, "han of yaku a win needs (dora excluded)", choices=MIN_HAN_CHOICES, numbers=Numbers(1, 13)
)
RYANHAN_SHIBARI = SCORING_OPTIONS.option(
    "ryanhan_shibari",
    "none",
    "two-han minimum from some point (二飜縛り)",
    choices=("none", "from_5_honba", "from_dealer_5th_repeat", "always"),
)
PAO_SET = SCORING_OPTIONS.option(
    "pao_set",
    ["daisangen", "daisuushii"],
    "yakuman with liability payment (包)",
    choices=PAO_YAKUMAN,
    multi=True,
)
PAO_SCOPE = SCORING_OPTIONS.option(
    "pao_scope",
    "pao_yakuman_only",
    "what the liable seat pays for: its yakuman, or the whole hand (Tenhou)",
    choices=("pao_yakuman_only", "whole_hand"),
)
PAO_HONBA_PAYER = SCORING_OPTIONS.option(
    "pao_honba_payer", "responsible", "who pays the honba of a pao win", choices=("responsible", "discarder")
)


# Game flow (riichi_base.md §2-§19, catalogue §20.1).
# Options the spec calls metadata are declared too, so a preset can carry them; the engine does not read them.
FLOW_OPTIONS = Declarations("riichi")

# --- game length, points and final settlement (§14, §15) ---
GAME_LENGTH = FLOW_OPTIONS.option(
    "game_length",
    "hanchan",
    "east-only (東風戦), east-south (半荘) or all four winds (一荘戦)",
    choices=("east", "hanchan", "full"),
)
DICE_ROLLS = FLOW_OPTIONS.option(
    "dice_rolls", 1, "metadata: dice rolled once or twice to break the wall (a simulator shuffles)", choices=(1, 2)
)
# 13000 (麻雀格闘倶楽部 薄氷卓) and 15000 (白玉楼) are the seeds' event tables (other_variants.md §12);
# 35000 / 40000 are three-player start and return points (variants/sanma, Tenhou's 三麻).
START_POINTS = FLOW_OPTIONS.option(
    "start_points",
    25000,
    "points each player starts with (持ち点)",
    choices=(13000, 15000, 20000, 25000, 27000, 30000, 35000),
    numbers=Numbers(POINTS, 1_000_000, step=POINTS),
)
RETURN_POINTS = FLOW_OPTIONS.option(
    "return_points",
    30000,
    "return points (返し点) subtracted at settlement; oka = 4 x (return - start) to 1st",
    choices=("none", 20000, 25000, 30000, 40000),
    numbers=Numbers(POINTS, 1_000_000, step=POINTS, at_least="start_points"),
)
ROUNDING = FLOW_OPTIONS.option(
    "rounding",
    "go_sha_roku_nyuu",
    "final points to thousands: 五捨六入, 四捨五入, unrounded, or no settlement",
    choices=("go_sha_roku_nyuu", "shi_sha_go_nyuu", "none", "no_settlement"),
)
ROUNDING_NEGATIVE = FLOW_OPTIONS.option(
    "rounding_negative",
    "floor",
    "negative points: rounded floor-based (-1500 -> -2000 by 五捨六入) or by absolute value (-> -1000)",
    choices=("floor", "absolute"),
)
ROUNDING_ADJUST_TOP = FLOW_OPTIONS.option(
    "rounding_adjust_top", True, "after rounding, 1st place absorbs the difference so results sum to zero"
)
LEFTOVER_DEPOSITS = FLOW_OPTIONS.option(
    "leftover_deposits",
    "top",
    "riichi sticks left at game end: to 1st place, vanish, or back to their owners",
    choices=("top", "vanish", "owners"),
)
UMA = FLOW_OPTIONS.option(
    "uma",
    "10-20",
    "rank bonus (順位ウマ), thousands: a-b = +b/+a/-a/-b (10-20, 5-15, ...), or per rank (e.g. 15,5,-5,-15)",
    choices=tuple(NAMED_UMA),
    parser=parse_uma,
    numbers=uma_numbers(UMA_SEATS),
)
TIE_BREAK = FLOW_OPTIONS.option(
    "tie_break",
    "seat_order",
    "equal points: seat order from the first dealer (上家優先), or shared ranks split uma",
    choices=("seat_order", "shared"),
)
BUST = FLOW_OPTIONS.option(
    "bust",
    "below_zero",
    "game ends when a player goes below zero, at zero or below (トビ), or never",
    choices=("off", "below_zero", "zero_or_below"),
)
NEGATIVE_SETTLEMENT = FLOW_OPTIONS.option(
    "negative_settlement", False, "negative balances are settled (箱下精算); off: clamped at 0"
)
EXTENSION = FLOW_OPTIONS.option(
    "extension", True, "play on into the next wind (西入/南入) while nobody reaches the threshold"
)
EXTENSION_ROUNDS = FLOW_OPTIONS.option(
    "extension_rounds",
    "one",
    "extension rounds: one (西入; 南入 east-only), or on wind by wind up to North (北入り, S003)",
    choices=("one", "to_north"),
)
EXTENSION_THRESHOLD = FLOW_OPTIONS.option(
    "extension_threshold",
    0,
    "points someone must reach to end the game in or before the extension (0 = return)",
    choices=(0, 30000, 31000, 33300),
    numbers=Numbers(0, 1_000_000, step=POINTS),
)
EXTENSION_END = FLOW_OPTIONS.option(
    "extension_end",
    "sudden_death",
    "extension ends when someone reaches the threshold, or after its 4 hands",
    choices=("sudden_death", "four_hands"),
)
AGARI_YAME = FLOW_OPTIONS.option(
    "agari_yame",
    "optional",
    "all-last dealer winning in 1st place may (optional: the dealer's choice) or must (forced) end the game",
    choices=("off", "optional", "forced"),
)
TENPAI_YAME = FLOW_OPTIONS.option(
    "tenpai_yame",
    "off",
    "all-last dealer tenpai at a draw in 1st place may (the dealer's choice) or must end the game (聴牌止め)",
    choices=("off", "optional", "forced"),
)
# --- winning and riichi (§4-§6) ---
ATOZUKE = FLOW_OPTIONS.option(
    "atozuke", True, "a hand may win when its only yaku depends on the winning tile (後付け); off: see atozuke_off_form"
)
ATOZUKE_OFF_FORM = FLOW_OPTIONS.option(
    "atozuke_off_form",
    "every_wait",
    "atozuke off: a yaku on every wait (片アガリ禁止), or also fixed by an open hand's first call (完全先付け)",
    choices=("every_wait", "first_call"),
)
FURITEN_RIICHI = FLOW_OPTIONS.option("furiten_riichi", True, "riichi may be declared in furiten (then only tsumo wins)")
KARATEN_RIICHI = FLOW_OPTIONS.option(
    "karaten_riichi", True, "riichi may be declared on a wait with no live tiles (空聴立直)"
)
RIICHI_ANKAN = FLOW_OPTIONS.option(
    "riichi_ankan",
    "wait_unchanged",
    "ankan after riichi: never, if the wait is unchanged, or also the shape",
    choices=("off", "wait_unchanged", "wait_and_decomposition_unchanged"),
)
RIICHI_MIN_POINTS = FLOW_OPTIONS.option(
    "riichi_min_points",
    1000,
    "riichi needs at least 1000 points, more than 1000, or no minimum",
    choices=("none", 1000, "over_1000"),
    numbers=Numbers(0, 100_000, step=POINTS),
)
RIICHI_NEEDS_DRAW = FLOW_OPTIONS.option(
    "riichi_needs_draw", True, "riichi needs at least one more own draw in the live wall"
)
# Open riichi (オープン立直): off on every seed platform (S000 tables ×, S001 4play "オープンリーチなし").
OPEN_RIICHI = FLOW_OPTIONS.option(
    "open_riichi", False, "open riichi (オープン立直): riichi may show the hand, +1 han over riichi (local_yaku.py)"
)
OPEN_RIICHI_DEAL_IN = FLOW_OPTIONS.option(
    "open_riichi_deal_in",
    "yakuman",
    "a non-riichi player dealing into an open riichi pays a yakuman, or the hand as scored",
    choices=("yakuman", "as_scored"),
)
RIICHI_DEPOSIT = FLOW_OPTIONS.option(
    "riichi_deposit", 1000, "points of a riichi stick (供託)", numbers=Numbers(0, 10_000, step=POINTS)
)
FORMAL_TENPAI = FLOW_OPTIONS.option(
    "formal_tenpai", True, "a tenpai without yaku counts at an exhaustive draw (形式聴牌)"
)
TENPAI_ALLOWS_EXHAUSTED_WAIT = FLOW_OPTIONS.option(
    "tenpai_allows_exhausted_wait", False, "a wait on a kind whose four tiles the player holds counts as tenpai"
)
SAME_TURN_DEFINITION = FLOW_OPTIONS.option(
    "same_turn_definition",
    "draw_to_draw",
    "same-turn furiten ends at the own next turn; a call skipping the seat ends it; or only the own next draw",
    choices=("draw_to_draw", "call_skips", "call_rewinds"),
)
KOKUSHI_13_FURITEN_RON = FLOW_OPTIONS.option(
    "kokushi_13_furiten_ron",
    "forbidden",
    "13-sided kokushi in furiten may not ron (× on every seed platform)",
    choices=("forbidden",),
)
KOKUSHI_ROB_ANKAN = FLOW_OPTIONS.option(
    "kokushi_rob_ankan", True, "kokushi may ron a tile declared as a concealed kan (暗槓の搶槓)"
)
# --- calls and kans (§3, §8) ---
KUIKAE = FLOW_OPTIONS.option(
    "kuikae",
    "forbidden",
    "swap-calling (喰い替え): discarding the called kind or its suji after chi/pon",
    choices=("allowed", "forbidden"),
)
KANDORA_TIMING = FLOW_OPTIONS.option(
    "kandora_timing",
    "immediate_all",
    "new kan dora: at once for every kan, also on chankan/rinshan, or ankan only",
    choices=("immediate_all", "immediate_including_chankan", "ankan_immediate_else_after_discard"),
)
KAN_MUST_NOT_CHANGE_WAIT_EVEN_WITHOUT_RIICHI = FLOW_OPTIONS.option(
    "kan_must_not_change_wait_even_without_riichi", False, "no kan that changes a tenpai hand's wait, riichi or not"
)
WALL_14_ALWAYS = FLOW_OPTIONS.option(
    "wall_14_always", True, "the dead wall is refilled to 14 tiles after each kan (王牌は常に14牌)", choices=(True,)
)
WALL_KEEP_FIXED = FLOW_OPTIONS.option(
    "wall_keep_fixed",
    False,
    "壁牌を変更しない: the live wall gives no tile to the dead wall after a kan (the dead wall shrinks, the last "
    "draw comes later)",
)
CALL_PRIORITY = FLOW_OPTIONS.option(
    "call_priority",
    "pon_over_chi",
    "a pon or kan takes the tile over a chi, or the call spoken first does (発声優先; voices together: pon)",
    choices=("pon_over_chi", "first_voice"),
)
# --- multiple ron and abortive draws (§10.3, §12, §17) ---
MULTI_RON = FLOW_OPTIONS.option(
    "multi_ron",
    "double_ron",
    "several rons on one discard: head bump (頭ハネ), double ron, or all (see sanchahou)",
    choices=("head_bump", "double_ron", "all"),
)
MULTI_RON_HONBA = FLOW_OPTIONS.option(
    "multi_ron_honba",
    "upstream",
    "multiple ron: honba to the winner nearest the discarder, or to each (sticks: nearest)",
    choices=("upstream", "each_winner"),
)
SANCHAHOU = FLOW_OPTIONS.option(
    "sanchahou",
    "abort",
    "three rons on one discard (三家和): abortive draw, all three win, or head bump",
    choices=("abort", "triple_ron", "head_bump"),
)
SANCHAHOU_CONTINUATION = FLOW_OPTIONS.option(
    "sanchahou_continuation",
    "renchan",
    "after a sanchahou abort: dealer repeats, passes, or repeats if tenpai",
    choices=("renchan", "dealer_passes", "dealer_tenpai"),
)
KYUUSHU_KYUUHAI = FLOW_OPTIONS.option(
    "kyuushu_kyuuhai",
    "renchan",
    "nine terminals abort (九種九牌): off, dealer repeats/passes, by declarer (fl8)",
    choices=("off", "renchan", "dealer_passes", "by_declarer"),
)
SUUFON_RENDA = FLOW_OPTIONS.option(
    "suufon_renda",
    "abort",
    "four same winds discarded first (四風連打): abort (dealer repeats or passes), or off",
    choices=("abort", "abort_dealer_passes", "off"),
)
SUUFON_RENDA_CONTINUATION = FLOW_OPTIONS.option(
    "suufon_renda_continuation",
    "renchan",
    "after a four-winds abort (suufon_renda abort): dealer repeats, passes, or repeats if tenpai (fl8)",
    choices=("renchan", "dealer_passes", "dealer_tenpai"),
)
SUUCHA_RIICHI = FLOW_OPTIONS.option(
    "suucha_riichi",
    "abort",
    "fourth riichi passes (四家立直): abortive draw, or play continues",
    choices=("abort", "continue"),
)
SUUCHA_RIICHI_CONTINUATION = FLOW_OPTIONS.option(
    "suucha_riichi_continuation",
    "renchan",
    "after a suucha riichi abort: dealer repeats, passes, or if tenpai",
    choices=("renchan", "dealer_passes", "dealer_tenpai"),
)
SUUKAIKAN = FLOW_OPTIONS.option(
    "suukaikan",
    "abort_4th_multi_player",
    "four kans (四開槓): abort if by several players, only on a 5th, both (one holds four: a 5th aborts), or off",
    choices=("abort_4th_multi_player", "abort_on_5th", "abort_4th_multi_player_or_5th", "off"),
)
SUUKAIKAN_CONTINUATION = FLOW_OPTIONS.option(
    "suukaikan_continuation",
    "renchan",
    "after a suukaikan abort: dealer repeats, passes, or repeats if tenpai",
    choices=("renchan", "dealer_passes", "dealer_tenpai"),
)
# --- exhaustive draw (§11) ---
DRAW_RENCHAN = FLOW_OPTIONS.option(
    "draw_renchan",
    "tenpai",
    "dealer repeats at an exhaustive draw: if tenpai, never, always, or by round/length",
    choices=("tenpai", "never", "always", "east_tenpai_south_always", "east_never_hanchan_tenpai"),
)
NOTEN_PAYMENT_TOTAL = FLOW_OPTIONS.option(
    "noten_payment_total",
    3000,
    "points moved from noten to tenpai players at an exhaustive draw (ノーテン罰符)",
    numbers=Numbers(0, 30_000, step=POINTS),
)
HONBA_VALUE = FLOW_OPTIONS.option(
    "honba_value",
    300,
    "points a honba (積み棒) adds to a win: ron +value, tsumo +value/3 from each",
    numbers=Numbers(0, 3_000, step=POINTS),
)
NAGASHI_MANGAN = FLOW_OPTIONS.option(
    "nagashi_mangan",
    "as_draw",
    "nagashi mangan (流し満貫): off, as a draw, as a win, as 4 han, dealer passes",
    choices=("off", "as_draw", "as_win", "as_4han", "dealer_passes"),
)
NAGASHI_MANGAN_MULTI = FLOW_OPTIONS.option(
    "nagashi_mangan_multi",
    "all",
    "several nagashi players: all score, or only the one upstream (上家のみ)",
    choices=("all", "upstream_only"),
)
NAGASHI_MANGAN_TENPAI_PAYMENTS = FLOW_OPTIONS.option(
    "nagashi_mangan_tenpai_payments",
    "replaced",
    "noten payments at a nagashi draw: replaced by it, or added",
    choices=("replaced", "added"),
)
NAGASHI_MANGAN_PAYS_HONBA = FLOW_OPTIONS.option(
    "nagashi_mangan_pays_honba", False, "nagashi mangan also collects honba and riichi sticks"
)
# --- payments (§16; penalties, §19, are the penalties variant) ---
RINSHAN_PAO = FLOW_OPTIONS.option(
    "rinshan_pao", False, "the discarder of a daiminkan pays all of a rinshan win from it (嶺上の包)"
)
# --- money (the seeds' stakes: S001 4play "点ピン ... チップ500", S004 fl8 "風速0.5、1チップ＝2ポイント分") ---
FUSOKU = FLOW_OPTIONS.option(
    "fusoku",
    0,
    "風速: the stake, 1 = 点ピン (100 in money per 1,000 points of the settled result), 0.5 = テンゴ; 0: no money",
    numbers=Numbers(0, 100, decimals=1),
)
MONEY_PER_CHIP = FLOW_OPTIONS.option(
    "money_per_chip",
    0,
    "money per chip paid beside the stake (4play: 500); 0: chips count only as chips.value",
    numbers=Numbers(0, 100_000),
)
