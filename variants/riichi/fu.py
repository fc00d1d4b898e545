"""Fu (符) of a riichi win, with the breakdown (riichi_base.md §9)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from mjsim.hand.decompose import SEQUENCE
from mjsim.hand.notation import format_kinds
from mjsim.hand.tiles import DRAGONS, HONOR, YAOCHU_SET
from mjsim.scoring import KANCHAN, PENCHAN, QUAD, SEVEN_PAIRS, TANKI, TRIPLET, WinContext
from variants.riichi.options import DOUBLE_WIND_PAIR_FU, OPEN_PINFU_30FU, RINSHAN_TSUMO_FU

# (open triplet, closed triplet, open quad, closed quad) for simples; x2 for terminals and honours.
# Constants are Final: the compiled build (mjsim/native.py) then reads them without a module lookup.
_SET_FU: Final = {(TRIPLET, False): 2, (TRIPLET, True): 4, (QUAD, False): 8, (QUAD, True): 16}

# The fu part of every triplet and quad, named and valued once: fu parts are built for every reading.
_SET_PARTS: Final = {
    (shape, concealed, kind): (
        f"{'closed' if concealed else 'open'} {shape} {format_kinds([kind])}",
        value * (2 if kind in YAOCHU_SET else 1),
    )
    for (shape, concealed), value in _SET_FU.items()
    for kind in range(34)
}
_WAIT_PARTS: Final = {wait: (f"{wait} wait", 2) for wait in (KANCHAN, PENCHAN, TANKI)}  # the waits worth 2 fu


_BASE: Final = ("base", 20)
_CLOSED_RON: Final = ("closed ron", 10)
_TSUMO: Final = ("tsumo", 2)
_SEVEN_PAIRS: Final = (("seven pairs", 25),)


def fu(ctx: WinContext, rules: Mapping[str, Any], pinfu: bool) -> tuple[int, tuple[tuple[str, int], ...]]:
    """Total fu (rounded) and the parts it is made of, under the rule values ``rules``."""
    r = ctx.reading
    assert r is not None, "fu is worked out for one reading of the hand"
    if r.form == SEVEN_PAIRS:
        return 25, _SEVEN_PAIRS
    parts = [_BASE]
    if ctx.tsumo:
        if not pinfu and (rules[RINSHAN_TSUMO_FU] or not ctx.has("rinshan")):
            parts.append(_TSUMO)
    elif ctx.closed:
        parts.append(_CLOSED_RON)
    if r.triplets:
        for s in r.sets:
            if s.shape != SEQUENCE:
                parts.append(_SET_PARTS[(s.shape, s.concealed, s.kind)])
    if r.pair is not None and r.pair >= HONOR:  # only an honour pair can be worth fu
        pair = _pair_fu(ctx, r.pair, rules)
        if pair:
            parts.append(("value pair", pair))
    if r.wait in _WAIT_PARTS:
        parts.append(_WAIT_PARTS[r.wait])
    total = 0
    for _, value in parts:
        total += value
    rounded = -(-total // 10) * 10
    if rounded == 20 and not ctx.closed and rules[OPEN_PINFU_30FU]:
        parts.append(("open pinfu shape", 10))
        rounded = 30
    return rounded, tuple(parts)


def _pair_fu(ctx: WinContext, pair: int, rules: Mapping[str, Any]) -> int:
    """Fu of the pair: dragons and the winner's winds (a double wind by option)."""
    if pair in DRAGONS:
        return 2
    winds = (pair == ctx.seat_wind) + (pair == ctx.round_wind)
    if winds == 2:
        return rules[DOUBLE_WIND_PAIR_FU]
    return 2 * winds
