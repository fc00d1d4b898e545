"""The options of 成都麻将 血战到底 (chengdu.md), each declared once with the spec's default (§8)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mjsim.rules.options import Declarations, Numbers

NO_CAP = "none"

FAN = Numbers(0, 8)  # one pattern's or add-on's fan: 0 switches it off; 8 is past every cap of the seeds
BASES = Numbers(0, 1024)  # a payment counted in bases
# A numeric option's numbers= are those it takes besides its named choices (checked at compile time, naming the
# key).
OPTIONS = Declarations("chengdu")

KONG_REPLACEMENT_FROM = OPTIONS.option(
    "kong_replacement_from",
    "tail",
    "a kong's replacement tile comes from the wall's tail or front (§1)",
    choices=("tail", "front"),
)
VOID_MODE = OPTIONS.option(
    "void_mode",
    "declared",
    "missing suit: declared before the first discard (定缺) or implicit (§2)",
    choices=("declared", "implicit"),
)
VOID_FIRST = OPTIONS.option(
    "void_first", True, "declared mode: while holding tiles of the void suit, discard one of them (§2)"
)
EXCHANGE_THREE = OPTIONS.option(
    "exchange_three", False, "换三张: after the deal each seat passes three tiles of one suit (§2; MS on)"
)
GUOSHUI = OPTIONS.option(
    "guoshui", "same_turn", "过水 after passing a ron (§3)", choices=("same_turn", "same_turn_unless_higher", "off")
)
FORCED_WIN_BELOW = OPTIONS.option(
    "forced_win_below",
    4,
    "a legal win cannot be passed when fewer tiles than this are left (§3; 0 = never)",
    numbers=Numbers(0, 108),  # tiles left in the wall: 0 = never forced, 108 = always
)
ROB_KONG_FAN = OPTIONS.option(
    "rob_kong_fan", 1, "fan of 抢杠胡, robbing an added kong (§4.2: seed 0, M2/MS 1)", choices=(0, 1), numbers=FAN
)
GANGSHANGHUA_FAN = OPTIONS.option(
    "gangshanghua_fan",
    1,
    "fan of 杠上花, a win on a kong's replacement tile (§4.2: seed 2)",
    choices=(1, 2),
    numbers=FAN,
)
GANGSHANGPAO_FAN = OPTIONS.option(
    "gangshangpao_fan", 1, "fan of 杠上炮, a ron on the discard made after a kong (§4.2)", choices=(0, 1), numbers=FAN
)
HAIDI_FAN = OPTIONS.option(
    "haidi_fan", 1, "fan of 海底捞月, a tsumo on the wall's last tile (§4.2: seed 0)", choices=(0, 1), numbers=FAN
)
TSUMO_BONUS = OPTIONS.option(
    "tsumo_bonus",
    "add_base",
    "自摸: nothing, each payer adds one base (加底), or one more fan (加番)",
    choices=("none", "add_base", "add_fan"),
)
MENQING_FAN = OPTIONS.option(
    "menqing_fan", 0, "fan of 门清, a closed hand won by tsumo (M2 room option)", choices=(0, 1), numbers=FAN
)
ZHONGZHANG_FAN = OPTIONS.option(
    "zhongzhang_fan", 0, "fan of 中张 (断幺九), no 1 or 9 anywhere (M2 room option)", choices=(0, 1), numbers=FAN
)
LONG_QIDUI_FAN = OPTIONS.option(
    "long_qidui_fan", 4, "pattern fan of 龍七対, one 根 consumed (§4.1: seed 4, MS 3)", choices=(3, 4), numbers=FAN
)
GOLDEN_HOOK = OPTIONS.option("golden_hook", True, "add-on patterns 金钩钓 (2), 将金钩钓 and 清金钩钓 (4) (§4.1, M2/MS)")
EIGHTEEN_ARHATS = OPTIONS.option(
    "eighteen_arhats",
    "6_8",
    "十八罗汉 / 清十八罗汉: off, M2's 6/8 fan or MS's 5/5 (§4.1)",
    choices=("off", "6_8", "5_5"),
)
FAN_CAP = OPTIONS.option(
    "fan_cap",
    5,
    "fan cap (封顶): a win is worth base x 2^min(fan, cap) (§4.3)",
    choices=(3, 4, 5, 6, NO_CAP),
    numbers=Numbers(0, 16),  # B x 2^16 is still a number a table can pay
)
BASE = OPTIONS.option("base", 1, "base stake B (底分); MS 1000 (§4)", numbers=Numbers(1, 1_000_000))
START_POINTS = OPTIONS.option(
    "start_points", 0, "each seat's starting score; MS 50000 (§4.4)", numbers=Numbers(0, 100_000_000)
)
DIANGANGHUA = OPTIONS.option(
    "dianganghua",
    "as_tsumo",
    "杠上花 after an exposed kong: all active pay, or only the kong tile's discarder (§5.1)",
    choices=("as_tsumo", "as_ron"),
)
KONG_PAYMENTS = OPTIONS.option(
    "kong_payments", True, "刮风下雨: kongs are paid when they stand (§5.2; absent from the seed)"
)
KONG_EXPOSED = OPTIONS.option(
    "kong_exposed", 2, "an exposed kong from a discard: the discarder pays this many bases (§5.2)", numbers=BASES
)
KONG_CONCEALED = OPTIONS.option(
    "kong_concealed", 2, "a concealed kong: each active opponent pays this many bases (§5.2)", numbers=BASES
)
KONG_ADDED = OPTIONS.option(
    "kong_added", 1, "an added kong: each active opponent pays this many bases (§5.2)", numbers=BASES
)
KONG_ADDED_ONLY_DRAWN = OPTIONS.option(
    "kong_added_only_drawn", True, "an added kong pays only when the added tile was the one just drawn (§5.2)"
)
TAX_REFUND = OPTIONS.option(
    "tax_refund", True, "退税: at exhaustion a non-ready active player returns its kong income (§5.2)"
)
CALL_TRANSFER = OPTIONS.option(
    "call_transfer", False, "呼叫转移: a 杠上炮 hands that kong's income to the (upstream) ron winner (§5.2)"
)
PIG_PENALTY = OPTIONS.option(
    "pig_penalty",
    "cap_value",
    "查花猪 amount: the cap value, a fixed amount, or MS's rule (§5.3)",
    choices=("cap_value", "fixed", "ms_style"),
)
PIG_PENALTY_FIXED = OPTIONS.option(
    "pig_penalty_fixed", 16, "查花猪 amount in bases when pig_penalty is fixed (§5.3)", numbers=BASES
)
CHAJIAO = OPTIONS.option(
    "chajiao",
    "max_value",
    "查大叫 amount: each ready player's highest win (M2/MS) or a fixed amount (the seed's 一定の点数) (§5.3)",
    choices=("max_value", "fixed"),
)
CHAJIAO_FIXED = OPTIONS.option(
    "chajiao_fixed", 8, "查大叫 amount in bases when chajiao is fixed (§5.3; the seed: by agreement)", numbers=BASES
)
PIG_AND_CHAJIAO = OPTIONS.option(
    "pig_and_chajiao",
    "both",
    "both checks with their own players, or a pig pays a ready player the larger (§5.3)",
    choices=("both", "larger_only"),
)
MULTI_RON_FIRST_DEALER = OPTIONS.option(
    "multi_ron_first_dealer",
    "discarder",
    "a multiple ron as the first win makes the discarder or the upstream winner dealer (§6)",
    choices=("discarder", "upstream_winner"),
)
AFTER_RON_NEXT = OPTIONS.option(
    "after_ron_next",
    "after_winner",
    "after a ron play resumes after the (last) winner or after the discarder (§3)",
    choices=("after_winner", "after_discarder"),
)
MATCH_HANDS = OPTIONS.option("match_hands", 4, "hands in a match (MS: 4) (§6)", numbers=Numbers(1, 64))
BUST = OPTIONS.option(
    "bust",
    "off",
    "a seat whose score falls below zero during a hand: plays on, leaves it and the match ends with it, or "
    "leaves it and sits out every later hand (§5.4)",
    choices=("off", "eliminate", "sit_out"),
)
PLAY_ON = OPTIONS.option(
    "play_on",
    "xuezhan",
    "after a win: the winner leaves (血战到底) or stays and may win again until the wall ends (血流成河) (§3)",
    choices=("xuezhan", "xueliu"),
)


def capped(rules: Mapping[str, Any], fan: int) -> int:
    """``fan`` limited by the cap (no cap: unchanged)."""
    cap = rules[FAN_CAP]
    return fan if cap == NO_CAP else min(fan, cap)


def win_value(rules: Mapping[str, Any], fan: int) -> int:
    """B x 2^min(fan, cap)."""
    return rules[BASE] * 2 ** capped(rules, fan)


def cap_fan(rules: Mapping[str, Any]) -> int:
    """The cap's fan; without a cap, M2's flower-pig multiple x64 = 6 fan [proposal]."""
    cap = rules[FAN_CAP]
    return 6 if cap == NO_CAP else cap
