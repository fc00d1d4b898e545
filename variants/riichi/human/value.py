"""Hand value estimation: which yaku a hand can still reach, its dora, and the points that makes.

An estimate, not a score: the scorer runs only on an offered win. The han are those a person counts at a
glance (yakuhai held or pairs that may become triplets, tanyao reach, one suit plus honours, dora and red
fives, riichi for a closed hand); the points are the table's usual 30-40 fu values.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from mjsim.hand.tiles import YAOCHU_SET, kind_of

# Non-dealer points by han (1-4 han at the common 30-40 fu, then the limits), from the scoring table.
POINTS_BY_HAN: Final = (0, 1300, 2600, 5200, 8000, 8000, 12000, 12000, 16000, 16000, 16000, 24000, 24000, 32000)


class HandFacts:
    """The facts of one seat's hand the estimate reads (concealed counts, melds, the table's dora); read-only.

    A plain class, not a frozen dataclass: one is built per discard candidate, and under mypyc a dataclass's
    generated ``__init__`` stays interpreted (about 15 times the cost of this one).
    """

    def __init__(
        self,
        counts: list[int],  # concealed counts
        melds: tuple,  # own melds
        red_tiles: int,  # red fives held (concealed and melded)
        doras: list[int],  # dora kinds, one per indicator
        value_kinds: frozenset[int],  # honours whose triplet is a yaku
        kuitan: bool,  # open tanyao scores
        atozuke: bool,  # a yaku may come with the last tile (a yakuhai pair may be the yaku of an open hand)
        local_kinds: frozenset[int] = frozenset(),  # number kinds whose triplet is a yaku under a variant's hint
    ) -> None:
        self.counts = counts
        self.melds = melds
        self.red_tiles = red_tiles
        self.doras = doras
        self.value_kinds = value_kinds
        self.kuitan = kuitan
        self.atozuke = atozuke
        self.local_kinds = local_kinds
        self.held = held_counts(counts, melds)  # copies of each kind, concealed and melded


def held_counts(counts: list[int], melds: tuple) -> list[int]:
    """Copies of each kind in the concealed ``counts`` and the ``melds``."""
    held = list(counts)
    for m in melds:
        for t in m.tiles:
            held[kind_of(t)] += 1
    return held


def suit_totals(held: list[int]) -> tuple[int, int, int, int]:
    """Tiles of each number suit and of the honours (plain integer sums: no slices, for the compiled build)."""
    man = pin = sou = honours = 0
    for rank in range(9):
        man += held[rank]
        pin += held[9 + rank]
        sou += held[18 + rank]
    for k in range(27, 34):
        honours += held[k]
    return man, pin, sou, honours


def dora_han(facts: HandFacts) -> int:
    """Dora held: indicator dora in hand and melds, and red fives."""
    return sum(facts.held[k] for k in facts.doras) + facts.red_tiles


def yakuhai_han(facts: HandFacts) -> tuple[int, int]:
    """(han of value triplets held or melded, value pairs held that may still become one)."""
    han = sum(1 for m in facts.melds if m.type != "chi" and m.kind in facts.value_kinds)
    han += sum(1 for k in facts.value_kinds if facts.counts[k] >= 3)
    pairs = sum(1 for k in facts.value_kinds if facts.counts[k] == 2)
    return han, pairs


def tanyao_reach(facts: HandFacts) -> bool:
    """All melds simple and at most one terminal or honour left in hand (discarded before the win)."""
    if any(kind_of(t) in YAOCHU_SET for m in facts.melds for t in m.tiles):
        return False
    return sum(facts.counts[k] for k in YAOCHU_SET) <= 1


def one_suit_reach(facts: HandFacts, min_tiles: int) -> int:
    """Han of honitsu (2 open, 3 closed) or chinitsu reachable: one suit plus honours fill the hand; else 0."""
    man, pin, sou, honours = suit_totals(facts.held)
    suit = max(man, pin, sou)
    best_suit = (man, pin, sou).index(suit)  # of two equal suits, the lower
    total = man + pin + sou + honours
    off_suit = total - suit - honours
    open_melds = any(m.opened for m in facts.melds)
    if any(m.kind < 27 and m.kind // 9 != best_suit for m in facts.melds) or suit + honours < min_tiles:
        return 0
    if off_suit > total - min_tiles:
        return 0
    han = 2 if open_melds else 3
    return han + (3 if honours == 0 and off_suit == 0 else 0)


def toitoi_reach(facts: HandFacts, min_pairs: int) -> bool:
    """No sequence melded and enough pairs and triplets to make four triplets soon."""
    if any(m.type == "chi" for m in facts.melds):
        return False
    pairs = sum(1 for n in facts.counts if n >= 2)
    return pairs + len(facts.melds) >= min_pairs + 1


def yaku_han(facts: HandFacts, closed: bool, min_suit_tiles: int, min_pairs: int) -> int:
    """Han of the yaku the hand can reach (0: none yet; riichi and menzen tsumo not counted here)."""
    held, pairs = yakuhai_han(facts)
    han = held
    if tanyao_reach(facts) and (closed or facts.kuitan):
        han += 1
    han += one_suit_reach(facts, min_suit_tiles)
    if not closed and toitoi_reach(facts, min_pairs):
        han += 2
    if han == 0 and pairs and facts.atozuke:
        han = 1  # a value pair may still be called (後付け allowed)
    return han


def points(han: int, dealer: bool) -> int:
    """Points of a win of ``han`` han at the usual fu (a dealer's 1.5 times)."""
    base = POINTS_BY_HAN[min(max(han, 0), len(POINTS_BY_HAN) - 1)]
    return base * 3 // 2 if dealer else base


def red_tiles(tiles: Sequence[int], melds: tuple, red_ids: frozenset[int]) -> int:
    """Red fives among the concealed tiles and the melds."""
    return sum(1 for t in tiles if t in red_ids) + sum(1 for m in melds for t in m.tiles if t in red_ids)
