"""How ``mjsim score`` shows a score: a readable block, or a JSON object."""

from __future__ import annotations

from typing import Any

from mjsim.hand.notation import format_tiles
from mjsim.scoring import Score, WinContext

WIND_NAMES = ("East", "South", "West", "North")


def score_json(ctx: WinContext, score: Score, unit: str = "han") -> dict[str, Any]:
    """A machine-readable score (``unit`` names what ``han`` counts: han, fan or tai)."""
    return {
        "unit": unit,
        "hand": format_tiles(ctx.concealed),
        "win": format_tiles([ctx.win_tile]),
        "melds": [{"type": m.type, "tiles": format_tiles(m.tiles)} for m in ctx.melds],
        "tsumo": ctx.tsumo,
        "seat_wind": WIND_NAMES[ctx.seat],
        "yaku": [
            {"name": h.name, "title": h.title, "han": h.han, "yakuman": h.yakuman, "dora": h.bonus} for h in score.hits
        ],
        **score.detail.report(),  # the family's facts (riichi: han, fu and its parts, limit, yakuman, base)
        "value": score.value,
        "wait": score.reading.wait,
        "payments": dict(zip(WIND_NAMES, score.payments, strict=True)),
    }


def score_text(ctx: WinContext, score: Score, unit: str = "han") -> str:
    """A readable score: what won, the yaku (in ``unit``: han, fan or tai), fu, the limit and who pays what."""
    how = "tsumo" if ctx.tsumo else f"ron from {WIND_NAMES[ctx.discarder]}"
    melds = "".join(f" [{m.type} {format_tiles(m.tiles)}]" for m in ctx.melds)
    lines = [
        f"{format_tiles(ctx.concealed)}{melds}  win {format_tiles([ctx.win_tile])}, {how}, "
        f"{WIND_NAMES[ctx.seat]} seat, {WIND_NAMES[ctx.round_wind - 27]} round"
    ]
    for h in score.hits:
        worth = f"{h.yakuman}x yakuman" if h.yakuman else f"{h.han} {unit}"
        lines.append(f"  {h.title:<14} {h.name:<18} {worth:>11}")
    lines += score.detail.lines(unit)  # the family's own (riichi: fu and han; 台湾: 底 and the dealer's bonus)
    label = score.detail.label()
    limit = f" ({label})" if label else ""
    lines.append(f"  value {score.value}{limit}")
    pays = ", ".join(f"{WIND_NAMES[i]} {d:+d}" for i, d in enumerate(score.payments) if d)
    lines.append(f"  payments: {pays}")
    return "\n".join(lines)
