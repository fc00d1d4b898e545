"""The options of 成都麻将 血战到底 (chengdu.md), each declared once with the spec's default (§8)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mjsim.rules.numbers import Numbers

NO_CAP = "none"

# (name, default, description, choices)
OPTIONS: tuple[tuple[str, Any, str, tuple | None], ...] = (
    (
        "kong_replacement_from",
        "tail",
        "a kong's replacement tile comes from the wall's tail or front (§1)",
        ("tail", "front"),
    ),
    (
        "void_mode",
        "declared",
        "missing suit: declared before the first discard (定缺) or implicit (§2)",
        ("declared", "implicit"),
    ),
    ("void_first", True, "declared mode: while holding tiles of the void suit, discard one of them (§2)", None),
    ("exchange_three", False, "换三张: after the deal each seat passes three tiles of one suit (§2; MS on)", None),
    ("guoshui", "same_turn", "过水 after passing a ron (§3)", ("same_turn", "same_turn_unless_higher", "off")),
    ("forced_win_below", 4, "a legal win cannot be passed when fewer tiles than this are left (§3; 0 = never)", None),
    ("rob_kong_fan", 1, "fan of 抢杠胡, robbing an added kong (§4.2: seed 0, M2/MS 1)", (0, 1)),
    ("gangshanghua_fan", 1, "fan of 杠上花, a win on a kong's replacement tile (§4.2: seed 2)", (1, 2)),
    ("gangshangpao_fan", 1, "fan of 杠上炮, a ron on the discard made after a kong (§4.2)", (0, 1)),
    ("haidi_fan", 1, "fan of 海底捞月, a tsumo on the wall's last tile (§4.2: seed 0)", (0, 1)),
    (
        "tsumo_bonus",
        "add_base",
        "自摸: nothing, each payer adds one base (加底), or one more fan (加番)",
        ("none", "add_base", "add_fan"),
    ),
    ("menqing_fan", 0, "fan of 门清, a closed hand won by tsumo (M2 room option)", (0, 1)),
    ("zhongzhang_fan", 0, "fan of 中张 (断幺九), no 1 or 9 anywhere (M2 room option)", (0, 1)),
    ("long_qidui_fan", 4, "pattern fan of 龍七対, one 根 consumed (§4.1: seed 4, MS 3)", (3, 4)),
    ("golden_hook", True, "add-on patterns 金钩钓 (2), 将金钩钓 and 清金钩钓 (4) (§4.1, M2/MS)", None),
    ("eighteen_arhats", "6_8", "十八罗汉 / 清十八罗汉: off, M2's 6/8 fan or MS's 5/5 (§4.1)", ("off", "6_8", "5_5")),
    ("fan_cap", 5, "fan cap (封顶): a win is worth base x 2^min(fan, cap) (§4.3)", (3, 4, 5, 6, NO_CAP)),
    ("base", 1, "base stake B (底分); MS 1000 (§4)", None),
    ("start_points", 0, "each seat's starting score; MS 50000 (§4.4)", None),
    (
        "dianganghua",
        "as_tsumo",
        "杠上花 after an exposed kong: all active pay, or only the kong tile's discarder (§5.1)",
        ("as_tsumo", "as_ron"),
    ),
    ("kong_payments", True, "刮风下雨: kongs are paid when they stand (§5.2; absent from the seed)", None),
    ("kong_exposed", 2, "an exposed kong from a discard: the discarder pays this many bases (§5.2)", None),
    ("kong_concealed", 2, "a concealed kong: each active opponent pays this many bases (§5.2)", None),
    ("kong_added", 1, "an added kong: each active opponent pays this many bases (§5.2)", None),
    ("kong_added_only_drawn", True, "an added kong pays only when the added tile was the one just drawn (§5.2)", None),
    ("tax_refund", True, "退税: at exhaustion a non-ready active player returns its kong income (§5.2)", None),
    ("call_transfer", False, "呼叫转移: a 杠上炮 hands that kong's income to the (upstream) ron winner (§5.2)", None),
    (
        "pig_penalty",
        "cap_value",
        "查花猪 amount: the cap value, a fixed amount, or MS's rule (§5.3)",
        ("cap_value", "fixed", "ms_style"),
    ),
    ("pig_penalty_fixed", 16, "查花猪 amount in bases when pig_penalty is fixed (§5.3)", None),
    (
        "chajiao",
        "max_value",
        "查大叫 amount: each ready player's highest win (M2/MS) or a fixed amount (the seed's 一定の点数) (§5.3)",
        ("max_value", "fixed"),
    ),
    ("chajiao_fixed", 8, "查大叫 amount in bases when chajiao is fixed (§5.3; the seed: by agreement)", None),
    (
        "pig_and_chajiao",
        "both",
        "both checks with their own players, or a pig pays a ready player the larger (§5.3)",
        ("both", "larger_only"),
    ),
    (
        "multi_ron_first_dealer",
        "discarder",
        "a multiple ron as the first win makes the discarder or the upstream winner dealer (§6)",
        ("discarder", "upstream_winner"),
    ),
    (
        "after_ron_next",
        "after_winner",
        "after a ron play resumes after the (last) winner or after the discarder (§3)",
        ("after_winner", "after_discarder"),
    ),
    ("match_hands", 4, "hands in a match (MS: 4) (§6)", None),
    (
        "bust",
        "off",
        "a seat whose score falls below zero during a hand: plays on, leaves it and the match ends with it, or "
        "leaves it and sits out every later hand (§5.4)",
        ("off", "eliminate", "sit_out"),
    ),
    (
        "play_on",
        "xuezhan",
        "after a win: the winner leaves (血战到底) or stays and may win again until the wall ends (血流成河) (§3)",
        ("xuezhan", "xueliu"),
    ),
)


FAN = Numbers(0, 8)  # one pattern's or add-on's fan: 0 switches it off; 8 is past every cap of the seeds
BASES = Numbers(0, 1024)  # a payment counted in bases
# The numbers each numeric option takes besides its named choices (checked at compile time, naming the key).
RANGES = {
    "forced_win_below": Numbers(0, 108),  # tiles left in the wall: 0 = never forced, 108 = always
    "rob_kong_fan": FAN,
    "gangshanghua_fan": FAN,
    "gangshangpao_fan": FAN,
    "haidi_fan": FAN,
    "menqing_fan": FAN,
    "zhongzhang_fan": FAN,
    "long_qidui_fan": FAN,
    "fan_cap": Numbers(0, 16),  # B x 2^16 is still a number a table can pay
    "base": Numbers(1, 1_000_000),
    "start_points": Numbers(0, 100_000_000),
    "kong_exposed": BASES,
    "kong_concealed": BASES,
    "kong_added": BASES,
    "pig_penalty_fixed": BASES,
    "chajiao_fixed": BASES,
    "match_hands": Numbers(1, 64),
}


def declare(registry) -> None:
    """Declare every option on the registry (prefix ``chengdu.``)."""
    for name, default, description, choices in OPTIONS:
        registry.add(name, default, description, choices=choices, numbers=RANGES.get(name))


def capped(values: Mapping[str, Any], fan: int) -> int:
    """``fan`` limited by the cap (no cap: unchanged)."""
    cap = values[FAN_CAP]
    return fan if cap == NO_CAP else min(fan, cap)


def win_value(values: Mapping[str, Any], fan: int) -> int:
    """B x 2^min(fan, cap)."""
    return values[BASE] * 2 ** capped(values, fan)


def cap_fan(values: Mapping[str, Any]) -> int:
    """The cap's fan; without a cap, M2's flower-pig multiple x64 = 6 fan [proposal]."""
    cap = values[FAN_CAP]
    return 6 if cap == NO_CAP else cap


# --- Typed keys: read an option as ``rules[KEY]`` (every declared key has a value after compile) ---
# One constant per option declared above; tests/variants/test_option_keys.py checks they name the same keys.
KONG_REPLACEMENT_FROM = "chengdu.kong_replacement_from"
VOID_MODE = "chengdu.void_mode"
VOID_FIRST = "chengdu.void_first"
EXCHANGE_THREE = "chengdu.exchange_three"
GUOSHUI = "chengdu.guoshui"
FORCED_WIN_BELOW = "chengdu.forced_win_below"
ROB_KONG_FAN = "chengdu.rob_kong_fan"
GANGSHANGHUA_FAN = "chengdu.gangshanghua_fan"
GANGSHANGPAO_FAN = "chengdu.gangshangpao_fan"
HAIDI_FAN = "chengdu.haidi_fan"
TSUMO_BONUS = "chengdu.tsumo_bonus"
MENQING_FAN = "chengdu.menqing_fan"
ZHONGZHANG_FAN = "chengdu.zhongzhang_fan"
LONG_QIDUI_FAN = "chengdu.long_qidui_fan"
GOLDEN_HOOK = "chengdu.golden_hook"
EIGHTEEN_ARHATS = "chengdu.eighteen_arhats"
FAN_CAP = "chengdu.fan_cap"
BASE = "chengdu.base"
START_POINTS = "chengdu.start_points"
DIANGANGHUA = "chengdu.dianganghua"
KONG_PAYMENTS = "chengdu.kong_payments"
KONG_EXPOSED = "chengdu.kong_exposed"
KONG_CONCEALED = "chengdu.kong_concealed"
KONG_ADDED = "chengdu.kong_added"
KONG_ADDED_ONLY_DRAWN = "chengdu.kong_added_only_drawn"
TAX_REFUND = "chengdu.tax_refund"
CALL_TRANSFER = "chengdu.call_transfer"
PIG_PENALTY = "chengdu.pig_penalty"
PIG_PENALTY_FIXED = "chengdu.pig_penalty_fixed"
CHAJIAO = "chengdu.chajiao"
CHAJIAO_FIXED = "chengdu.chajiao_fixed"
PIG_AND_CHAJIAO = "chengdu.pig_and_chajiao"
MULTI_RON_FIRST_DEALER = "chengdu.multi_ron_first_dealer"
AFTER_RON_NEXT = "chengdu.after_ron_next"
MATCH_HANDS = "chengdu.match_hands"
BUST = "chengdu.bust"
PLAY_ON = "chengdu.play_on"
