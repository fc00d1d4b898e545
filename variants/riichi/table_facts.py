"""The riichi family's table facts of a win (``WinContext.table``): dora and ura indicators, honba, sticks, pao.

The core's win context keeps the table around a win as a mapping in the family's words; these are the riichi
family's keys, with the readers its scoring uses, so no other module spells a key.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mjsim.scoring import WinContext

DORA, URA, HONBA, STICKS, PAO = "dora_indicators", "ura_indicators", "honba", "sticks", "pao"


def table_facts(
    dora: tuple[int, ...] = (), ura: tuple[int, ...] = (), honba: int = 0, sticks: int = 0, pao: int | None = None
) -> dict[str, Any]:
    """A win's table facts: indicator tiles (physical ids), 本場 and riichi sticks, the pao seat's wind index."""
    return {DORA: tuple(dora), URA: tuple(ura), HONBA: honba, STICKS: sticks, PAO: pao}


def dora_indicators(ctx: WinContext) -> tuple[int, ...]:
    """The dora indicators showing at the win."""
    return ctx.table.get(DORA, ())


def ura_indicators(ctx: WinContext) -> tuple[int, ...]:
    """The ura dora indicators (empty unless the winner declared riichi)."""
    return ctx.table.get(URA, ())


def honba(ctx: WinContext) -> int:
    """The 本場 counters on the table."""
    return ctx.table.get(HONBA, 0)


def sticks(ctx: WinContext) -> int:
    """The riichi sticks on the table (the winner takes them)."""
    return ctx.table.get(STICKS, 0)


def pao(ctx: WinContext) -> int | None:
    """The wind index of the seat liable for a pao yakuman, or None."""
    return ctx.table.get(PAO)


def with_table(ctx: WinContext, **changes: Any) -> WinContext:
    """The context with some table facts changed (``with_table(ctx, honba=0, sticks=0)``)."""
    return replace(ctx, table={**ctx.table, **changes})
