"""How ``mjsim score`` shows a score: a readable block, or a JSON object."""

from __future__ import annotations

from typing import Any

from mjsim.hand.notation import format_tiles
from mjsim.scoring import Score, WinContext

WIND_NAMES = ("East", "South", "West", "North")


def score_json(ctx: WinContext, score: Score) -> dict[str, Any]:
    """A machine-readable score."""
    return {
        "hand": format_tiles(ctx.concealed),
        "win": format_tiles([ctx.win_tile]),
        "melds": [{"type": m.type, "tiles": format_tiles(m.tiles)} for m in ctx.melds],
        "tsumo": ctx.tsumo,
        "seat_wind": WIND_NAMES[ctx.seat],
        "yaku": [
            {"name": h.name, "title": h.title, "han": h.han, "yakuman": h.yakuman, "dora": h.bonus} for h in score.hits
        ],
        "han": score.han,
        "fu": score.fu,
        "fu_parts": [{"part": part, "fu": fu} for part, fu in score.fu_parts],
        "limit": score.limit,
        "yakuman": score.yakuman,
        "base": score.base,
        "value": score.value,
        "wait": score.reading.wait,
        "payments": dict(zip(WIND_NAMES, score.payments, strict=True)),
    }


def score_text(ctx: WinContext, score: Score) -> str:
    """A readable score: what won, the yaku, fu, the limit and who pays what."""
    how = "tsumo" if ctx.tsumo else f"ron from {WIND_NAMES[ctx.discarder]}"
    melds = "".join(f" [{m.type} {format_tiles(m.tiles)}]" for m in ctx.melds)
    lines = [
        f"{format_tiles(ctx.concealed)}{melds}  win {format_tiles([ctx.win_tile])}, {how}, "
        f"{WIND_NAMES[ctx.seat]} seat, {WIND_NAMES[ctx.round_wind - 27]} round"
    ]
    for h in score.hits:
        worth = f"{h.yakuman}x yakuman" if h.yakuman else f"{h.han} han"
        lines.append(f"  {h.title:<14} {h.name:<18} {worth:>11}")
    if not score.yakuman:
        parts = ", ".join(f"{part} {fu}" for part, fu in score.fu_parts)
        lines.append(f"  {score.fu} fu ({parts}), {score.han} han")
    limit = f" ({score.limit})" if score.limit else ""
    lines.append(f"  value {score.value}{limit}")
    pays = ", ".join(f"{WIND_NAMES[i]} {d:+d}" for i, d in enumerate(score.payments) if d)
    lines.append(f"  payments: {pays}")
    return "\n".join(lines)
