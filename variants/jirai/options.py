"""The options of 地雷麻雀: one per ambiguity of /work/shared/rules/jirai.md §9-§10, defaulting as the spec says."""

from __future__ import annotations

from mjsim.rules.options import Declarations, Numbers
from variants.jirai.ranking import parse_rank_points

POOL_YAKU = ("riichi", "menzen_tsumo", "pinfu", "tanyao", "yakuhai", "chiitoitsu", "honitsu")
EXEMPTABLE = ("double_riichi", "chinitsu")
DEPOSITS = ("stay_on_table", "to_payers", "winner_collects")

# The numbers each numeric option takes: a count up to the pool's seven yaku (a smaller pool caps it in play),
# the reset count never below the starting count; a rank's ladder points never above a better rank's.
OPTIONS = Declarations("jirai")

POOL = OPTIONS.option(
    "pool", list(POOL_YAKU), "the candidate forbidden yaku (禁止役の候補)", choices=POOL_YAKU, multi=True
)
# initial_count = max_count = k plays every hand with exactly k forbidden (for experiments by k).
INITIAL_COUNT = OPTIONS.option(
    "initial_count",
    1,
    "forbidden yaku at the start and after every reset",
    choices=(1, 2, 3, 4, 5, 6, 7),
    numbers=Numbers(1, len(POOL_YAKU)),
)
MAX_COUNT = OPTIONS.option(
    "max_count",
    7,
    "the count at which the set resets (溜まったらリセット)",
    choices=(1, 2, 3, 4, 5, 6, 7),
    numbers=Numbers(1, len(POOL_YAKU), at_least="initial_count"),
)
AT_SEVEN = OPTIONS.option(
    "at_seven",
    "play_then_reset",
    "a hand is played with max_count forbidden (A) or the count skips to 1 (B)",
    choices=("play_then_reset", "skip_to_one"),
)
COUNT_DRAWS = OPTIONS.option("count_draws", True, "every hand (repeats, exhaustive and abortive draws) adds one")
REDRAW_ON_DEALER_CHANGE = OPTIONS.option(
    "redraw_on_dealer_change", True, "the whole set is re-drawn when the dealership moves"
)
EXEMPT_HIGHER = OPTIONS.option(
    "exempt_higher",
    list(EXEMPTABLE),
    "higher yaku never forbidden (yakuman always are exempt)",
    choices=EXEMPTABLE,
    multi=True,
)
BONUS_HAN_EQUALS_COUNT = OPTIONS.option(
    "bonus_han_equals_count", True, "a clean win gets bonus han equal to the forbidden count"
)
DECOMPOSITION = OPTIONS.option(
    "decomposition",
    "standard",
    "which reading decides 'contains': high-point rule or the winner's best signed",
    choices=("standard", "winner_optimal"),
)
SHOUSANGEN_EXEMPTS_FANPAI = OPTIONS.option(
    "shousangen_exempts_fanpai", False, "小三元's dragon yakuhai do not match Fanpai"
)
KAZOE_IS_YAKUMAN = OPTIONS.option("kazoe_is_yakuman", False, "a kazoe yakuman counts as a yakuman (exempt, no bonus)")
REVERSE_HONBA = OPTIONS.option(
    "reverse_honba", True, "a reversed win reverses the honba too (else the honba is paid normally)"
)
DEPOSITS_ON_REVERSAL = OPTIONS.option(
    "deposits_on_reversal", "stay_on_table", "riichi deposits when the winner is reversed", choices=DEPOSITS
)
REVERSED_DEALER_WIN_RENCHAN = OPTIONS.option(
    "reversed_dealer_win_renchan", True, "a reversed dealer win still repeats the deal"
)
REVEAL_COUNT = OPTIONS.option("reveal_count", True, "every seat sees how many yaku are forbidden")
REVEAL_TO_DEALER = OPTIONS.option(
    "reveal_to_dealer", True, "the dealer is told the forbidden set (false: nobody is; for experiments)"
)
# jirai.md §7 "settlement as MS ranked": the ladder's RankPts by rank (room-dependent; 0 = none reported).
RANK_POINTS = OPTIONS.option(
    "rank_points",
    (0, 0, 0, 0),
    "段位 rank points by rank, 1st first (e.g. 40,10,0,-50); all 0: none",
    parser=parse_rank_points,
    numbers=Numbers(-1000, 1000, length=4, ordered=True),
)
