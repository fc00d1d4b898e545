"""The riichi family's scoring options (riichi_base.md §20.1), each with the spec's default."""

from __future__ import annotations

DOUBLE_YAKUMAN_KINDS = ("suuankou_tanki", "junsei_chuuren", "kokushi_13", "daisuushii")
PAO_YAKUMAN = ("daisangen", "daisuushii", "suukantsu")

# (name, default, description, choices, multi)
SCORING_OPTIONS = (
    (
        "red_fives",
        3,
        "red fives in the set (4 = two red 5p; 4_east_3_hanchan follows game_length)",
        (0, 3, 4, "4_east_3_hanchan"),
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
    ("double_wind_pair_fu", 2, "fu for a pair of the seat-and-round wind", (2, 4), False),
    ("rinshan_tsumo_fu", True, "a rinshan win gets the 2 tsumo fu", None, False),
    ("min_han", 1, "han of yaku a win needs (dora excluded)", (1, 2), False),
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


def declare(registry) -> None:
    """Declare every scoring option on ``registry``."""
    for name, default, description, choices, multi in SCORING_OPTIONS:
        registry.add(name, sorted(default) if multi else default, description, choices, multi)
