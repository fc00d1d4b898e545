"""How ``mjsim score`` shows a score: a readable block, or a JSON object."""

from __future__ import annotations

from typing import Any

from mjsim.hand.notation import format_tiles
from mjsim.scoring import Hit, Score, WinContext
from mjsim.scoring.words import NEUTRAL, FamilyWords

WIND_NAMES = ("East", "South", "West", "North")


def score_json(ctx: WinContext, score: Score, words: FamilyWords = NEUTRAL) -> dict[str, Any]:
    """A machine-readable score: the neutral fields, each hit's value in the family's unit, the family's report."""
    return {
        "unit": words.unit,
        "limit_unit": words.limit,
        "hand": format_tiles(ctx.concealed),
        "win": format_tiles([ctx.win_tile]),
        "melds": [{"type": m.type, "tiles": format_tiles(m.tiles)} for m in ctx.melds],
        "tsumo": ctx.tsumo,
        "seat_wind": WIND_NAMES[ctx.seat],
        "hits": [hit_json(h) for h in score.hits],
        **score.detail.report(),  # the family's own facts of the win, under its own keys
        "value": score.value,
        "wait": score.reading.wait,
        "payments": dict(zip(WIND_NAMES, score.payments, strict=True)),
    }


def hit_json(hit: Hit) -> dict[str, Any]:
    """One scoring pattern as JSON: its names, value in the family's unit, limit multiple and whether a bonus."""
    return {"name": hit.name, "title": hit.title, "value": hit.value, "multiple": hit.multiple, "bonus": hit.bonus}


def hit_worth(hit: Hit, words: FamilyWords) -> str:
    """A hit's worth in the family's words: ``2 han``, ``8 fan``, ``1x yakuman``."""
    return f"{hit.multiple}x {words.limit}" if hit.multiple else f"{hit.value} {words.unit}"


def score_text(ctx: WinContext, score: Score, words: FamilyWords = NEUTRAL) -> str:
    """A readable score: what won, each hit in the family's unit, the family's own lines and who pays what."""
    how = "tsumo" if ctx.tsumo else f"ron from {WIND_NAMES[ctx.discarder]}"
    melds = "".join(f" [{m.type} {format_tiles(m.tiles)}]" for m in ctx.melds)
    lines = [
        f"{format_tiles(ctx.concealed)}{melds}  win {format_tiles([ctx.win_tile])}, {how}, "
        f"{WIND_NAMES[ctx.seat]} seat, {WIND_NAMES[ctx.round_wind - 27]} round"
    ]
    for h in score.hits:
        lines.append(f"  {h.title:<14} {h.name:<18} {hit_worth(h, words):>11}")
    lines += score.detail.lines(words.unit)  # the family's own lines (its parts, its total)
    label = score.detail.label()
    limit = f" ({label})" if label else ""
    lines.append(f"  value {score.value}{limit}")
    pays = ", ".join(f"{WIND_NAMES[i]} {d:+d}" for i, d in enumerate(score.payments) if d)
    lines.append(f"  payments: {pays}")
    return "\n".join(lines)
