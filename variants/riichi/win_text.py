"""A riichi win described in text: the core's text builder with the family's table facts (indicators, honba,
sticks) as keywords, for ``mjsim score`` and for tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mjsim.errors import MjsimError
from mjsim.scoring import WinContext, win_input
from variants.riichi.table_facts import DORA, HONBA, STICKS, URA


def win_context(
    hand: str,
    win: str | None = None,
    *,
    dora: Sequence[str] = (),
    ura: Sequence[str] = (),
    honba: int = 0,
    sticks: int = 0,
    **kw: Any,
) -> WinContext:
    """``mjsim.win_context`` with the dora and ura indicators (mpsz text), 本場 and riichi sticks on the table."""
    table = {HONBA: non_negative(honba, "honba"), STICKS: non_negative(sticks, "sticks")}
    return win_input.win_context(hand, win, table_tiles={DORA: dora, URA: ura}, table=table, **kw)


def non_negative(value: int, what: str) -> int:
    """``value``, refused in one line when below 0."""
    if value < 0:
        raise MjsimError(f"{what} must not be negative, got {value}")
    return value
