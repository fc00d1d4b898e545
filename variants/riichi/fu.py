"""Fu (符) of a riichi win, with the breakdown (riichi_base.md §9)."""

from __future__ import annotations

from mjsim.hand.notation import format_kinds
from mjsim.hand.tiles import DRAGONS, YAOCHU_SET
from mjsim.scoring import KANCHAN, PENCHAN, QUAD, SEVEN_PAIRS, TANKI, TRIPLET, WinContext

_NAMES = [format_kinds([k]) for k in range(34)]  # formatted once: fu parts are built for every reading

# (open triplet, closed triplet, open quad, closed quad) for simples; x2 for terminals and honours.
_SET_FU = {(TRIPLET, False): 2, (TRIPLET, True): 4, (QUAD, False): 8, (QUAD, True): 16}


def fu(ctx: WinContext, pinfu: bool) -> tuple[int, tuple[tuple[str, int], ...]]:
    """Total fu (rounded) and the parts it is made of."""
    r = ctx.reading
    options = ctx.options
    if r.form == SEVEN_PAIRS:
        return 25, (("seven pairs", 25),)
    parts = [("base", 20)]
    if ctx.closed and not ctx.tsumo:
        parts.append(("closed ron", 10))
    if ctx.tsumo and not pinfu and (options["riichi.rinshan_tsumo_fu"] or not ctx.has("rinshan")):
        parts.append(("tsumo", 2))
    for s in r.sets:
        if s.shape != "sequence":
            value = _SET_FU[(s.shape, s.concealed)] * (2 if s.kind in YAOCHU_SET else 1)
            parts.append((f"{'closed' if s.concealed else 'open'} {s.shape} {_NAMES[s.kind]}", value))
    pair = _pair_fu(ctx, r.pair)
    if pair:
        parts.append(("value pair", pair))
    if r.wait in (KANCHAN, PENCHAN, TANKI):
        parts.append((f"{r.wait} wait", 2))
    total = sum(v for _, v in parts)
    rounded = -(-total // 10) * 10
    if rounded == 20 and not ctx.closed and options["riichi.open_pinfu_30fu"]:
        parts.append(("open pinfu shape", 10))
        rounded = 30
    return rounded, tuple(parts)


def _pair_fu(ctx: WinContext, pair: int | None) -> int:
    """Fu of the pair: dragons and the winner's winds (a double wind by option)."""
    if pair is None:
        return 0
    if pair in DRAGONS:
        return 2
    winds = (pair == ctx.seat_wind) + (pair == ctx.round_wind)
    if winds == 2:
        return ctx.options["riichi.double_wind_pair_fu"]
    return 2 * winds
