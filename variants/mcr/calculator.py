"""Score an MCR win: every reading's counted fans (exclusion.py), the best reading, and the total."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from mjsim.errors import MjsimError
from variants.mcr.exclusion import counted
from variants.mcr.hand import Win
from variants.mcr.readings import readings


@dataclass(frozen=True)
class FanResult:
    """The fans of a win as (Chinese name, English name, points each, times), highest first, and the total."""

    fans: tuple[tuple[str, str, int, int], ...]
    shape: str
    wait: str | None = None  # the wait fan the reading earned (边张, 嵌张, 单钓将), if any

    @property
    def total(self) -> int:
        """All fans, flowers included."""
        return sum(p * n for _, _, p, n in self.fans)

    @property
    def without_flowers(self) -> int:
        """The fans the minimum is measured against (flowers do not count toward it, docs/mcr.md §4)."""
        return sum(p * n for name, _, p, n in self.fans if name != "花牌")

    def names(self) -> Counter:
        """How many times each fan counts."""
        return Counter({name: n for name, _, _, n in self.fans})


def score(win: Win) -> FanResult:
    """The fans of ``win`` in its best reading; a hand that is not complete is an error.

    Readings of equal worth: the first in reading order (special shapes, then four sets in tile order) stays,
    unless a later one holds 一色三同顺 or 三同刻, or the first was 七对 (docs/mcr.md §3, "equal readings").
    """
    best: FanResult | None = None
    for reading in readings(win):
        result = _result(reading)
        if best is None or result.without_flowers > best.without_flowers:
            best = result
        elif result.without_flowers == best.without_flowers and _preferred(result, best):
            best = result
    if best is None:
        raise MjsimError("hand: the tiles are not a winning hand")
    return best


def _result(reading) -> FanResult:
    tally: Counter = Counter()
    fans = {}
    for f, _ in counted(reading):
        tally[f.name] += 1
        fans[f.name] = f
    rows = tuple((n, fans[n].english, fans[n].points, c) for n, c in tally.items())
    return FanResult(rows, reading.shape, reading.wait)


def _preferred(later: FanResult, earlier: FanResult) -> bool:
    """Whether a later reading of equal worth replaces the earlier one."""
    names = later.names()
    return earlier.shape == "seven_pairs" or "一色三同顺" in names or "三同刻" in names
