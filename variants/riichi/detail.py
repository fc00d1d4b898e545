"""The riichi family's facts of a scored win: han, fu and its parts, the limit, yakuman and base points."""

from __future__ import annotations

from typing import Any, NamedTuple

from mjsim.scoring import Points


class RiichiDetail(NamedTuple):
    """Han, fu (with the parts it is made of), the limit's name, yakuman multiple and base points of a win."""

    han: int
    fu: int
    fu_parts: tuple[tuple[str, int], ...]
    limit: str | None
    yakuman: int
    base: Points

    def rank_key(self) -> tuple[int, int, int]:
        """Between readings of equal value: more yakuman, then more han, then more fu (高点法)."""
        return (self.yakuman, self.han, self.fu)

    def record(self) -> dict[str, Any]:
        """The hand record's facts of the win."""
        return {"han": self.han, "fu": self.fu, "yakuman": self.yakuman}

    def report(self) -> dict[str, Any]:
        """The fields ``mjsim score --json`` shows."""
        return {
            "han": self.han,
            "fu": self.fu,
            "fu_parts": [{"part": part, "fu": fu} for part, fu in self.fu_parts],
            "limit": self.limit,
            "yakuman": self.yakuman,
            "base": self.base,
        }

    def lines(self, unit: str) -> list[str]:
        """The fu line ``mjsim score`` prints (none for a yakuman)."""
        parts = ", ".join(f"{part} {fu}" for part, fu in self.fu_parts)
        if not self.yakuman and self.fu:
            return [f"  {self.fu} fu ({parts}), {self.han} {unit}"]
        return [f"  {parts}; {self.han} {unit}"] if parts else []

    def label(self) -> str | None:
        """The limit (mangan ... yakuman), or None below mangan."""
        return self.limit
