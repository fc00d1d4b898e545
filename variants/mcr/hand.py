"""A winning hand as MCR reads it: the input (:class:`Win`) and its readings (:class:`Reading`).

A reading is one way to see the 14 tiles: four sets and a pair, a knitted straight with one set and a pair,
or one of the special shapes (七对, 十三幺, 全不靠). The fan calculator scores every reading and keeps the best
(docs/mcr.md §3, "the reading worth most").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from mjsim.errors import MjsimError
from variants.mcr.tiles import KINDS, is_honor, rank

CHOW, PUNG, KONG, PAIR, KNIT = "chow", "pung", "kong", "pair", "knitted"


@dataclass(frozen=True)
class Meld:
    """A declared set: ``tile`` is the lowest tile of a chow; ``concealed`` only for a concealed kong."""

    kind: str
    tile: int
    concealed: bool = False

    def tiles(self) -> list[int]:
        """The tiles it holds (a kong four)."""
        if self.kind == CHOW:
            return [self.tile, self.tile + 1, self.tile + 2]
        return [self.tile] * (4 if self.kind == KONG else 3)


@dataclass(frozen=True)
class Win:
    """Everything the fans read: the standing tiles (without the winning tile), the declared sets, how it was won."""

    standing: tuple[int, ...]
    win_tile: int
    melds: tuple[Meld, ...] = ()
    tsumo: bool = False
    last_of_kind: bool = False  # 和绝张: the fourth tile of its kind (the other three visible)
    kong: bool = False  # 杠上开花 when self-drawn, 抢杠和 when not
    wall_last: bool = False  # 妙手回春 when self-drawn, 海底捞月 when not
    seat_wind: int = 0  # 0-3: east..north
    prevalent_wind: int = 0
    flowers: int = 0

    def __post_init__(self) -> None:
        if len(self.standing) + 3 * len(self.melds) != 13:
            raise MjsimError(f"hand: {len(self.standing)} standing tiles and {len(self.melds)} sets are not 13 tiles")
        counts = self.counts
        bad = [t for t in range(KINDS) if counts[t] > 4]
        if bad:
            raise MjsimError(f"hand: more than four of tile kind {bad[0]}")
        if not 0 <= self.flowers <= 8:
            raise MjsimError(f"hand: {self.flowers} flowers (0-8)")

    @cached_property
    def concealed_counts(self) -> tuple[int, ...]:
        """Counts of the standing tiles and the winning tile."""
        c = [0] * KINDS
        for t in (*self.standing, self.win_tile):
            c[t] += 1
        return tuple(c)

    @cached_property
    def counts(self) -> tuple[int, ...]:
        """Counts of every tile of the hand, kongs as four."""
        c = list(self.concealed_counts)
        for m in self.melds:
            for t in m.tiles():
                c[t] += 1
        return tuple(c)

    @property
    def closed(self) -> bool:
        """No set claimed from another player (a concealed kong keeps the hand closed)."""
        return all(m.concealed for m in self.melds)


@dataclass(frozen=True)
class Group:
    """One set of a reading (a chow, pung, kong, the pair, or a third of a knitted straight)."""

    kind: str
    tile: int
    concealed: bool
    declared: bool = False

    @property
    def is_pung(self) -> bool:
        """A pung or a kong."""
        return self.kind in (PUNG, KONG)


@dataclass(frozen=True)
class Reading:
    """One way to read the hand: ``shape`` and its ``groups`` (the pair last; none for 七对, 十三幺, 全不靠)."""

    win: Win
    shape: str  # "regular", "knitted", "seven_pairs", "thirteen_orphans", "honors_knitted"
    groups: tuple[Group, ...] = ()
    wait: str | None = None  # the wait fan the reading earns: 边张, 嵌张, 单钓将 or None
    knitted: tuple[int, ...] = field(default=())

    @property
    def sets(self) -> tuple[Group, ...]:
        """The four sets (not the pair)."""
        return self.groups[:-1]

    @property
    def pair(self) -> Group | None:
        """The pair of a four-sets reading."""
        return self.groups[-1] if self.groups else None


def _exact_sets(counts: list[int], need: int, start: int = 0) -> list[list[tuple[str, int]]]:
    """Every way to read ``counts`` as exactly ``need`` pungs and chows."""
    t = next((i for i in range(start, KINDS) if counts[i]), None)
    if t is None or need == 0:
        return [[]] if t is None and need == 0 else []
    out: list[list[tuple[str, int]]] = []
    if counts[t] >= 3:
        counts[t] -= 3
        out += [[(PUNG, t), *rest] for rest in _exact_sets(counts, need - 1, t)]
        counts[t] += 3
    if not is_honor(t) and rank(t) <= 7 and counts[t + 1] and counts[t + 2]:
        for d in (0, 1, 2):
            counts[t + d] -= 1
        out += [[(CHOW, t), *rest] for rest in _exact_sets(counts, need - 1, t)]
        for d in (0, 1, 2):
            counts[t + d] += 1
    return out


def decompositions(counts: tuple[int, ...] | list[int], need: int) -> list[tuple[tuple[str, int], ...]]:
    """The distinct readings of concealed ``counts`` as ``need`` sets and a pair (the pair last)."""
    work = list(counts)
    found = []
    for t in range(KINDS):
        if work[t] >= 2:
            work[t] -= 2
            found += [(*sorted(sets), (PAIR, t)) for sets in _exact_sets(work, need)]
            work[t] += 2
    return found


def is_complete(counts: list[int], melds: int) -> bool:
    """Whether ``counts`` (with ``melds`` declared sets) is four sets and a pair, or seven pairs when closed."""
    if melds == 0 and sum(counts) == 14 and all(c in (0, 2, 4) for c in counts):
        return True
    return bool(decompositions(counts, 4 - melds))


def waits(counts_before: list[int], melds: int) -> list[int]:
    """The kinds that complete a hand of 13 (four sets and a pair, or seven pairs); a fifth copy counts as a shape."""
    out = []
    for t in range(KINDS):
        counts_before[t] += 1
        if is_complete(counts_before, melds):
            out.append(t)
        counts_before[t] -= 1
    return out
