"""The one place the Cantonese family speaks the core's riichi-named scoring record (issue 37 makes it neutral).

Today the core's :class:`mjsim.scoring.Hit` keeps a pattern's value in ``han`` and the hand record asks every
family for ``han``, ``fu`` and ``yakuman``; faan go there. When issue 37 gives the record a value and a unit,
this module shrinks to the neutral fields and nothing else in the family changes.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from mjsim.scoring import Hit, Score
from variants.cantonese.scoring import FaanResult

UNIT = "faan"


class FaanDetail(NamedTuple):
    """The family's facts of a win: its faan, and whether it is a limit hand or a chicken hand."""

    faan: int
    limit_hand: bool
    chicken: bool

    def rank_key(self) -> tuple[int]:
        """Between readings of equal value: more faan."""
        return (self.faan,)

    def record(self) -> dict[str, Any]:
        """The hand record's facts (issue 37: the core still names the value ``han``)."""
        return {"han": self.faan, "fu": 0, "yakuman": 0, "cantonese.chicken": int(self.chicken)}

    def report(self) -> dict[str, Any]:
        """The fields ``mjsim score --json`` shows (issue 37: ``han`` is the core's name for the value)."""
        return {"han": self.faan, "fu": 0, "fu_parts": [], "limit": self.label(), "yakuman": 0, "unit": UNIT}

    def lines(self, unit: str) -> list[str]:
        """No parts line: faan have none."""
        return []

    def label(self) -> str | None:
        """爆棚 for a limit hand, 雞糊 for a chicken hand."""
        return "爆棚" if self.limit_hand else "雞糊" if self.chicken else None


def to_score(result: FaanResult, payments: list[int], winner: int) -> Score:
    """The core's Score of a Cantonese win (issue 37: hits carry faan in the core's ``han`` slot)."""
    hits = tuple(Hit(h.name, h.title, h.faan) for h in result.hits)
    detail = FaanDetail(result.faan, result.limit_hand, result.chicken)
    return Score(hits, payments[winner], tuple(payments), result.reading, detail)


def faan_of(win: dict[str, Any]) -> int:
    """The faan of a recorded win (issue 37: recorded as ``han``)."""
    return win["han"]


def chicken_of(win: dict[str, Any]) -> str:
    """Whether a recorded win was a chicken hand (雞糊): "yes" or "no"."""
    return "yes" if win.get("cantonese.chicken") else "no"
