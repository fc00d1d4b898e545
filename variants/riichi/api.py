"""The riichi family's public API: what its deltas and other families may use (issue 37).

A delta (地雷, ブー, ラド, 三麻, the penalties ...) imports the riichi family only from here, so the family can
move its modules without breaking them; ``tests/variants/test_riichi_api.py`` holds every module outside
``variants/riichi`` to it.
"""

from __future__ import annotations

from variants.riichi import draws, options, play, settlement, table_facts, yaku
from variants.riichi.detail import RiichiDetail
from variants.riichi.draws import tenpai_seats
from variants.riichi.fu import fu
from variants.riichi.hints import ValueHints
from variants.riichi.kans import FIFTH_KAN_ABORTS, KAN_KINDS, waits_around_kan
from variants.riichi.limits import base_points
from variants.riichi.options import NAGASHI_MANGAN, URA_DORA
from variants.riichi.payments import STICK, hand_value, payments, ron_value, round_up, tsumo_shares
from variants.riichi.play import furiten, may_rob_ankan, win_context
from variants.riichi.scorer import pao_base_of, score_win, value_of
from variants.riichi.statistics import TERMS, TSUMO_SHARE
from variants.riichi.uma import rank_bonuses, spread_parser, uma_numbers
from variants.riichi.vocabulary import RIICHI
from variants.riichi.waits import seat_waits
from variants.riichi.yaku import red_five_ids

__all__ = [
    "FIFTH_KAN_ABORTS",
    "KAN_KINDS",
    "NAGASHI_MANGAN",
    "RIICHI",
    "RiichiDetail",
    "STICK",
    "TERMS",
    "TSUMO_SHARE",
    "URA_DORA",
    "ValueHints",
    "base_points",
    "draws",
    "fu",
    "furiten",
    "hand_value",
    "may_rob_ankan",
    "options",
    "pao_base_of",
    "payments",
    "play",
    "rank_bonuses",
    "red_five_ids",
    "ron_value",
    "round_up",
    "score_win",
    "seat_waits",
    "settlement",
    "spread_parser",
    "table_facts",
    "tenpai_seats",
    "tsumo_shares",
    "uma_numbers",
    "value_of",
    "waits_around_kan",
    "win_context",
    "yaku",
]
