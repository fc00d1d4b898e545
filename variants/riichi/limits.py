"""Base points from han and fu, and the limit names (riichi_base.md §10.1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from mjsim.scoring import Points
from variants.riichi.options import KAZOE_YAKUMAN, KIRIAGE_MANGAN

# Constants are Final: the compiled build (mjsim/native.py) then reads them without a module lookup.
YAKUMAN_BASE: Final = 8000
_LIMITS: Final = (
    (13, "kazoe yakuman", 8000),
    (11, "sanbaiman", 6000),
    (8, "baiman", 4000),
    (6, "haneman", 3000),
    (5, "mangan", 2000),
)


def base_points(han: int, fu: int, yakuman: int, rules: Mapping[str, Any]) -> tuple[Points, str | None]:
    """Base points and the limit reached (None below mangan)."""
    if yakuman:
        return YAKUMAN_BASE * yakuman, "yakuman" if yakuman == 1 else f"{yakuman}x yakuman"
    if han >= _LIMITS[-1][0]:
        return _limit(han, rules)
    base = fu * 2 ** (han + 2)
    if base >= 2000 or _kiriage(han, fu, rules[KIRIAGE_MANGAN]):
        return 2000, "mangan"
    return base, None


def _limit(han: int, rules: Mapping[str, Any]) -> tuple[int, str]:
    """Base points and name of the limit reached with ``han`` (at least mangan's five)."""
    for min_han, name, base in _LIMITS:
        if han >= min_han:
            kazoe = rules[KAZOE_YAKUMAN]
            if min_han == 13 and kazoe == "cap_at_sanbaiman":
                return 6000, "sanbaiman"
            if min_han == 13 and kazoe == "multiple" and han >= 26:
                return YAKUMAN_BASE * (han // 13), f"kazoe {han // 13}x yakuman"
            return base, name
    raise AssertionError(f"{han} han is below every limit")


def _kiriage(han: int, fu: int, mode: str) -> bool:
    """Whether 4 han 30 fu (and, fully on, 3 han 60 fu) round up to mangan."""
    if mode == "off":
        return False
    return (han, fu) == (4, 30) or (mode == "on" and (han, fu) == (3, 60))
