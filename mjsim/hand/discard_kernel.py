"""The discard kernel: shanten and live improving tiles after each discard of a hand, in one pass of integer work.

A discard choice asks, for every kind the hand could let go of, the shanten of
the hand without it and how many live tiles would then lower that shanten
(``mjsim.agents.bots.best_discards`` and the human player's ``discard_facts``
read it).  The readable way asks :func:`mjsim.hand.shanten.shanten` once per
discard and :func:`mjsim.hand.shanten.improving_kinds` once per draw; this
kernel gets the same numbers from the dense suit tables directly: each suit's
base-5 index is read once, a discard or a draw moves it by one power of five,
the other suits are combined once per discard, and seven pairs and thirteen
orphans are counted once and adjusted by one tile.  It is plain typed Python
(lists, ints, the tables' arrays; no closures or dynamic tricks) so that mypyc
can compile it; uncompiled it gives the same answers, and the readable version
stays beside it as its test oracle (``tests/unit/test_discard_kernel.py``).
"""

from __future__ import annotations

from typing import Final

from mjsim.errors import MjsimError
from mjsim.hand.shanten import improving_kinds, shanten
from mjsim.hand.tables import NO_ROW, SuitTables, suit_index, suit_tables
from mjsim.hand.tiles import YAOCHU

_SUIT: Final = [min(k // 9, 3) for k in range(34)]  # 3: the honours
# How far one tile of a kind moves its suit's base-5 index (rank 1 is the most significant digit).
_WEIGHT: Final = [5 ** (8 - k % 9) if k < 27 else 5 ** (33 - k) for k in range(34)]
_LO: Final = [0, 9, 18, 27]
_HI: Final = [9, 18, 27, 34]
_TERMINAL_OR_HONOUR: Final = [k in YAOCHU for k in range(34)]


class _Hand:
    """A 3n+2 hand read once: its suits' indices and row ids, and its seven-pairs and orphans counts."""

    def __init__(self, counts: list[int]) -> None:
        total = 0
        for c in counts:
            total += c
        if len(counts) != 34 or total % 3 != 2 or total > 17:
            raise MjsimError(f"a discard is chosen from a hand of 3n+2 tiles (at most 17), this one has {total}")
        self.counts = counts
        self.sets = (total - 1) // 3  # sets of the hand after a discard
        self.forms = total == 14  # seven pairs and thirteen orphans apply to 13 tiles after the discard
        self.tables: SuitTables = suit_tables(5 if self.sets > 4 else 4)
        t = self.tables
        self.index = [suit_index(counts, _LO[s], _HI[s]) for s in range(4)]
        self.ids = [t.suit[self.index[0]], t.suit[self.index[1]], t.suit[self.index[2]], t.honor[self.index[3]]]
        self.rests = [self.rest(self.ids, s) for s in range(4)]
        self.pairs = self.kinds = self.missing = self.orphan_pairs = 0
        for k in range(34):
            c = counts[k]
            self.pairs += c >= 2
            self.kinds += c >= 1
            if _TERMINAL_OR_HONOUR[k]:
                self.missing += c == 0
                self.orphan_pairs += c >= 2

    def rest(self, ids: list[int], suit: int) -> int:
        """The row id of the three suits other than ``suit`` combined (row ids ``ids``), times n."""
        t = self.tables
        n = t.n
        a, b, c = [ids[s] for s in range(4) if s != suit]
        return t.combine[t.combine[a * n + b] * n + c] * n

    def standard(self, rest: int, row: int) -> int:
        """Standard-form shanten of the three combined suits ``rest`` with one more suit's row."""
        t = self.tables
        return t.rows[t.combine[rest + row] * t.cols + self.sets * 2 + 1] - 1


def discard_facts(
    counts: list[int], visible: list[int], kinds: list[int], slack: int = 0
) -> list[tuple[int, int, int]]:
    """(kind, shanten after discarding it, live tiles that lower that shanten) per kind of ``kinds``.

    Only kinds within ``slack`` of the fewest shanten are returned, in the order of ``kinds``; a tile is
    live for each copy of its kind out of sight (``4 - visible``).  Every kind must be in the hand.
    """
    hand = _Hand(counts)
    after = [_shanten_after(hand, k) for k in kinds]
    if not after:
        return []
    limit = min(after) + slack
    return [(k, sh, _live_after(hand, k, sh, visible)) for k, sh in zip(kinds, after, strict=True) if sh <= limit]


def shanten_after_discards(counts: list[int], kinds: list[int]) -> list[int]:
    """The shanten of the hand after discarding one tile of each of ``kinds`` (each must be in the hand)."""
    hand = _Hand(counts)
    return [_shanten_after(hand, k) for k in kinds]


def _shanten_after(hand: _Hand, kind: int) -> int:
    """Shanten of ``hand`` without one tile of ``kind``, over the three forms."""
    if hand.counts[kind] <= 0:
        raise MjsimError(f"kind {kind} is not in the hand, so it cannot be discarded")
    s = _SUIT[kind]
    t = hand.tables
    row = (t.honor if s == 3 else t.suit)[hand.index[s] - _WEIGHT[kind]]
    sh = hand.standard(hand.rests[s], row)
    if not hand.forms:
        return sh
    c = hand.counts[kind]
    pairs = hand.pairs - (c == 2)
    kinds = hand.kinds - (c == 1)
    seven = 6 - pairs + (7 - kinds if kinds < 7 else 0)
    missing, orphan_pairs = hand.missing, hand.orphan_pairs
    if _TERMINAL_OR_HONOUR[kind]:
        missing += c == 1
        orphan_pairs -= c == 2
    orphans = missing - (orphan_pairs > 0)
    return min(sh, seven, orphans)


def _live_after(hand: _Hand, kind: int, now: int, visible: list[int]) -> int:
    """Live tiles that take ``hand`` without one ``kind`` (at ``now`` shanten) below ``now``."""
    s = _SUIT[kind]
    t = hand.tables
    index = list(hand.index)
    index[s] -= _WEIGHT[kind]
    ids = list(hand.ids)
    ids[s] = (t.honor if s == 3 else t.suit)[index[s]]
    seven, orphans = _form_draws(hand, kind, now)
    live = 0
    for suit in range(4):
        rest = hand.rest(ids, suit)
        table = t.honor if suit == 3 else t.suit
        for j in range(_LO[suit], _HI[suit]):
            held = hand.counts[j] - (j == kind)
            if held >= 4:
                continue
            row = table[index[suit] + _WEIGHT[j]]
            improves = row != NO_ROW and hand.standard(rest, row) < now
            if not improves and seven:
                improves = held == 1 or (held == 0 and seven == 2)
            if not improves and orphans and _TERMINAL_OR_HONOUR[j]:
                improves = held == 0 or (held == 1 and orphans == 1)
            if improves:
                live += max(0, 4 - visible[j])
    return live


def _form_draws(hand: _Hand, kind: int, now: int) -> tuple[int, int]:
    """Which draws lower the 13 tiles left after discarding ``kind`` below ``now`` by the other two forms.

    ``seven``: 0 no draw, 1 a second copy of a single, 2 also a new kind (fewer than seven kinds held).
    ``orphans``: 0 no draw, 1 a missing terminal or honour or a first pair, 2 only a missing one (a pair is held).
    """
    if not hand.forms:
        return 0, 0
    c = hand.counts[kind]
    pairs = hand.pairs - (c == 2)
    kinds = hand.kinds - (c == 1)
    seven = 0
    if 6 - pairs + (7 - kinds if kinds < 7 else 0) == now:
        seven = 2 if kinds < 7 else 1
    missing, orphan_pairs = hand.missing, hand.orphan_pairs
    if _TERMINAL_OR_HONOUR[kind]:
        missing += c == 1
        orphan_pairs -= c == 2
    orphans = 0
    if missing - (orphan_pairs > 0) == now:
        orphans = 2 if orphan_pairs > 0 else 1
    return seven, orphans


def readable_discard_facts(counts: list[int], visible: list[int], kinds: list[int], slack: int = 0):
    """:func:`discard_facts` the readable way, one shanten and one improving_kinds per discard (the test oracle)."""
    after = {}
    for k in kinds:
        counts[k] -= 1
        after[k] = shanten(counts)
        counts[k] += 1
    limit = min(after.values(), default=0) + slack
    out = []
    for k, sh in after.items():
        if sh <= limit:
            counts[k] -= 1
            out.append((k, sh, sum(max(0, 4 - visible[j]) for j in improving_kinds(counts, sh)[1])))
            counts[k] += 1
    return out
