"""The options of 地雷麻雀: one per ambiguity of /work/shared/rules/jirai.md §9-§10, defaulting as the spec says."""

from __future__ import annotations

from mjsim.rules.numbers import Numbers
from variants.jirai.ranking import parse_rank_points

POOL_YAKU = ("riichi", "menzen_tsumo", "pinfu", "tanyao", "yakuhai", "chiitoitsu", "honitsu")
EXEMPTABLE = ("double_riichi", "chinitsu")
DEPOSITS = ("stay_on_table", "to_payers", "winner_collects")

# (name, default, description, choices, multi)
OPTIONS = (
    ("pool", list(POOL_YAKU), "the candidate forbidden yaku (禁止役の候補)", POOL_YAKU, True),
    # initial_count = max_count = k plays every hand with exactly k forbidden (for experiments by k).
    ("initial_count", 1, "forbidden yaku at the start and after every reset", (1, 2, 3, 4, 5, 6, 7), False),
    ("max_count", 7, "the count at which the set resets (溜まったらリセット)", (1, 2, 3, 4, 5, 6, 7), False),
    (
        "at_seven",
        "play_then_reset",
        "a hand is played with max_count forbidden (A) or the count skips to 1 (B)",
        ("play_then_reset", "skip_to_one"),
        False,
    ),
    ("count_draws", True, "every hand (repeats, exhaustive and abortive draws) adds one", None, False),
    ("redraw_on_dealer_change", True, "the whole set is re-drawn when the dealership moves", None, False),
    ("exempt_higher", list(EXEMPTABLE), "higher yaku never forbidden (yakuman always are exempt)", EXEMPTABLE, True),
    ("bonus_han_equals_count", True, "a clean win gets bonus han equal to the forbidden count", None, False),
    (
        "decomposition",
        "standard",
        "which reading decides 'contains': high-point rule or the winner's best signed",
        ("standard", "winner_optimal"),
        False,
    ),
    ("shousangen_exempts_fanpai", False, "小三元's dragon yakuhai do not match Fanpai", None, False),
    ("kazoe_is_yakuman", False, "a kazoe yakuman counts as a yakuman (exempt, no bonus)", None, False),
    ("reverse_honba", True, "a reversed win reverses the honba too (else the honba is paid normally)", None, False),
    ("deposits_on_reversal", "stay_on_table", "riichi deposits when the winner is reversed", DEPOSITS, False),
    ("reversed_dealer_win_renchan", True, "a reversed dealer win still repeats the deal", None, False),
    ("reveal_count", True, "every seat sees how many yaku are forbidden", None, False),
    ("reveal_to_dealer", True, "the dealer is told the forbidden set (false: nobody is; for experiments)", None, False),
    # jirai.md §7 "settlement as MS ranked": the ladder's RankPts by rank (room-dependent; 0 = none reported).
    ("rank_points", (0, 0, 0, 0), "段位 rank points by rank, 1st first (e.g. 40,10,0,-50); all 0: none", None, False),
)
PARSERS = {"rank_points": parse_rank_points}
# The numbers each numeric option takes: a count up to the pool's seven yaku (a smaller pool caps it in play),
# the reset count never below the starting count; a rank's ladder points never above a better rank's.
RANGES = {
    "initial_count": Numbers(1, len(POOL_YAKU)),
    "max_count": Numbers(1, len(POOL_YAKU), at_least="initial_count"),
    "rank_points": Numbers(-1000, 1000, length=4, ordered=True),
}


def declare(registry) -> None:
    """Declare every jirai option."""
    for name, default, description, choices, multi in OPTIONS:
        numbers = RANGES.get(name)
        registry.add(name, default, description, choices, multi, PARSERS.get(name), numbers)


# --- Typed keys: read an option as ``rules[KEY]`` (every declared key has a value after compile) ---
# One constant per option declared above; tests/variants/test_option_keys.py checks they name the same keys.
POOL = "jirai.pool"
INITIAL_COUNT = "jirai.initial_count"
MAX_COUNT = "jirai.max_count"
AT_SEVEN = "jirai.at_seven"
COUNT_DRAWS = "jirai.count_draws"
REDRAW_ON_DEALER_CHANGE = "jirai.redraw_on_dealer_change"
EXEMPT_HIGHER = "jirai.exempt_higher"
BONUS_HAN_EQUALS_COUNT = "jirai.bonus_han_equals_count"
DECOMPOSITION = "jirai.decomposition"
SHOUSANGEN_EXEMPTS_FANPAI = "jirai.shousangen_exempts_fanpai"
KAZOE_IS_YAKUMAN = "jirai.kazoe_is_yakuman"
REVERSE_HONBA = "jirai.reverse_honba"
DEPOSITS_ON_REVERSAL = "jirai.deposits_on_reversal"
REVERSED_DEALER_WIN_RENCHAN = "jirai.reversed_dealer_win_renchan"
REVEAL_COUNT = "jirai.reveal_count"
REVEAL_TO_DEALER = "jirai.reveal_to_dealer"
RANK_POINTS = "jirai.rank_points"
