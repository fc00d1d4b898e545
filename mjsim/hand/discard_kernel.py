"""The discard kernel: shanten and live improving tiles after each discard of a hand, in one pass of integer work.

A discard choice asks, for every kind the hand could let go of, the shanten of
the hand without it and how many live tiles would then lower that shanten
(``mjsim.agents.bots.best_discards`` and the human player's ``discard_facts``
read it).  The readable way asks :func:`mjsim.hand.shanten.shanten` once per
discard and :func:`mjsim.hand.shanten.improving_kinds` once per draw; this
kernel gets the same numbers from the dense suit tables directly: each suit's
base-5 index is read once, a discard or a draw moves it by one power of five,
the three suits beside each suit are combined once per hand, and seven pairs
and thirteen orphans are counted once and adjusted by one tile.  It is plain typed Python
(lists, ints, the tables' arrays; no closures or dynamic tricks) so that mypyc
can compile it; uncompiled it gives the same answers, and the readable version
stays beside it as its test oracle (``tests/unit/test_discard_kernel.py``).
"""

from __future__ import annotations

from typing import Final

from mjsim.errors import MjsimError
from mjsim.hand.shanten import improving_kinds, shanten
from mjsim.hand.tables import LOADED, NO_ROW, suit_tables
from mjsim.hand.tiles import YAOCHU

_SUIT: Final = [min(k // 9, 3) for k in range(34)]  # 3: the honours
# How far one tile of a kind moves its suit's base-5 index (rank 1 is the most significant digit).
_WEIGHT: Final = [5 ** (8 - k % 9) if k < 27 else 5 ** (33 - k) for k in range(34)]
_LO: Final = [0, 9, 18, 27]
_HI: Final = [9, 18, 27, 34]
_TERMINAL_OR_HONOUR: Final = [k in YAOCHU for k in range(34)]
_OTHERS: Final = [(1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2)]  # the suits combined beside each suit


class _Hand:
    """A 3n+2 hand read once: its suits' indices and row ids, and its seven-pairs and orphans counts."""

    def __init__(self, counts: list[int]) -> None:
        total = 0
        for c in counts:
            total += c
        if len(counts) != 34 or total % 3 != 2 or total > 17:
            raise MjsimError(f"a discard is chosen from a hand of 3n+2 tiles (at most 17), this one has {total}")
        self.counts = counts
        sets = (total - 1) // 3  # sets of the hand after a discard
        self.forms = total == 14  # seven pairs and thirteen orphans apply to 13 tiles after the discard
        size = 5 if sets > 4 else 4
        t = LOADED.get(size) or suit_tables(size)  # the loaded tables without a Python call (as shanten reads them)
        # The tables' parts as this object's own fields: compiled, the kernel reads them natively, where every read
        # of the tables' (interpreted) dataclass is a dictionary lookup, a hundred of them per discard choice.
        self.n, self.combine = t.n, t.combine
        self.per_suit = [t.suit, t.suit, t.suit, t.honor]  # each suit's row ids by base-5 index (3: the honours)
        # need(sets, pair) of each combined row: the one column of the rows this hand reads, sliced out once
        self.need = t.rows[sets * 2 + 1 :: t.cols]
        # One pass over the kinds: each suit's base-5 index (what tables.suit_index reads, here by the weights
        # that move it), and the seven-pairs and orphans counts.
        self.index = [0, 0, 0, 0]
        self.pairs = self.kinds = self.missing = self.orphan_pairs = 0
        for k in range(34):
            c = counts[k]
            self.index[_SUIT[k]] += c * _WEIGHT[k]
            self.pairs += c >= 2
            self.kinds += c >= 1
            if _TERMINAL_OR_HONOUR[k]:
                self.missing += c == 0
                self.orphan_pairs += c >= 2
        self.ids = [self.per_suit[s][self.index[s]] for s in range(4)]
        self.rests = [_rest(self, self.ids, s) for s in range(4)]
        # Each suit's row with one more tile of each rank it holds fewer than four of (a discard in another
        # suit leaves it as it is): (kind, row id) pairs, worked out when first asked.
        self.plus: list[list[tuple[int, int]] | None] = [None, None, None, None]
        self.draws: dict[int, list[int]] = {}  # _other_draws by (row, suit, need), asked again by discards

    def plus_rows(self, suit: int) -> list[tuple[int, int]]:
        """(kind, row id) of the hand's ``suit`` with one more tile of each kind that can take one."""
        rows = self.plus[suit]
        if rows is None:
            rows = _plus_rows(self, suit, self.index[suit], -1)
            self.plus[suit] = rows
        return rows


def _rest(hand: _Hand, ids: list[int], suit: int) -> int:
    """The row id of the three suits other than ``suit`` combined (row ids ``ids``), times n."""
    n, combine = hand.n, hand.combine
    a, b, c = _OTHERS[suit]
    return combine[combine[ids[a] * n + ids[b]] * n + ids[c]] * n


def _plus_rows(hand: _Hand, suit: int, index: int, less: int) -> list[tuple[int, int]]:
    """(kind, row id) of ``suit`` (base-5 ``index``) with one more tile of each kind that can take one.

    ``less`` is a kind of the suit already taken out of the hand's counts (-1: none).
    """
    table, counts = hand.per_suit[suit], hand.counts
    out = []
    for j in range(_LO[suit], _HI[suit]):
        if counts[j] - (j == less) < 4:
            row = table[index + _WEIGHT[j]]
            if row != NO_ROW:
                out.append((j, row))
    return out


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
    left = [4 - v if v < 4 else 0 for v in visible]
    return [(k, sh, _live_after(hand, k, sh, left)) for k, sh in zip(kinds, after, strict=True) if sh <= limit]


def shanten_after_discards(counts: list[int], kinds: list[int]) -> list[int]:
    """The shanten of the hand after discarding one tile of each of ``kinds`` (each must be in the hand)."""
    hand = _Hand(counts)
    return [_shanten_after(hand, k) for k in kinds]


def _shanten_after(hand: _Hand, kind: int) -> int:
    """Shanten of ``hand`` without one tile of ``kind``, over the three forms."""
    if hand.counts[kind] <= 0:
        raise MjsimError(f"kind {kind} is not in the hand, so it cannot be discarded")
    s = _SUIT[kind]
    row = hand.per_suit[s][hand.index[s] - _WEIGHT[kind]]
    sh = hand.need[hand.combine[hand.rests[s] + row]] - 1
    if not hand.forms:
        return sh
    seven, orphans = _forms_after(hand, kind)
    return min(sh, seven, orphans)


def _forms_after(hand: _Hand, kind: int) -> tuple[int, int]:
    """Seven-pairs and thirteen-orphans shanten of ``hand`` without one tile of ``kind``."""
    c = hand.counts[kind]
    pairs = hand.pairs - (c == 2)
    kinds = hand.kinds - (c == 1)
    missing, orphan_pairs = hand.missing, hand.orphan_pairs
    if _TERMINAL_OR_HONOUR[kind]:
        missing += c == 1
        orphan_pairs -= c == 2
    return 6 - pairs + (7 - kinds if kinds < 7 else 0), missing - (orphan_pairs > 0)


def _live_after(hand: _Hand, kind: int, now: int, left: list[int]) -> int:
    """Live tiles (``left`` of each kind) that take ``hand`` without one ``kind`` (at ``now`` shanten) below it."""
    s = _SUIT[kind]
    combine, need, below = hand.combine, hand.need, now + 1  # a need below now + 1 is a shanten below now
    index = hand.index[s] - _WEIGHT[kind]
    rest = hand.rests[s]
    drawn = list(_other_draws(hand, s, hand.per_suit[s][index], below))  # the other suits' kinds first
    for j, row in _plus_rows(hand, s, index, kind):  # then the discard's own suit
        if need[combine[rest + row]] < below:
            drawn.append(j)
    live = 0
    for j in drawn:
        live += left[j]
    if hand.forms:
        improving = [False] * 34
        for j in drawn:
            improving[j] = True
        live += _form_draws_live(hand, kind, now, improving, left)
    return live


def _other_draws(hand: _Hand, suit: int, row: int, below: int) -> list[int]:
    """The kinds outside ``suit`` whose draw takes the hand, with ``suit`` at row id ``row``, to a need below
    ``below``. A row id stands for many shapes of a suit, so discards of one suit often leave the same row:
    a third of a game's discard choices ask again, and each answer is kept on the hand."""
    key = (row * 4 + suit) * 32 + below
    found = hand.draws.get(key)
    if found is None:
        combine, need = hand.combine, hand.need
        ids = list(hand.ids)
        ids[suit] = row
        found = []
        for other in _OTHERS[suit]:
            rest = _rest(hand, ids, other)
            for j, plus in hand.plus_rows(other):
                if need[combine[rest + plus]] < below:
                    found.append(j)
        hand.draws[key] = found
    return found


def _form_draws_live(hand: _Hand, kind: int, now: int, improving: list[bool], left: list[int]) -> int:
    """Live tiles not in ``improving`` that take the 13 tiles left below ``now`` as seven pairs or orphans.

    One tile lowers either form by one at most, and only a form already at ``now`` can get below it.
    """
    seven, orphans = _forms_after(hand, kind)
    c = hand.counts[kind]
    kinds = hand.kinds - (c == 1)
    has_pair = hand.orphan_pairs - (_TERMINAL_OR_HONOUR[kind] and c == 2) > 0
    live = 0
    if seven == now:  # a second copy of a single, or a new kind while fewer than seven are held
        for j in range(34):
            held = hand.counts[j] - (j == kind)
            if not improving[j] and (held == 1 or (held == 0 and kinds < 7)):
                improving[j] = True
                live += left[j]
    if orphans == now:  # a missing terminal or honour, or the first pair of one
        for j in YAOCHU:
            held = hand.counts[j] - (j == kind)
            if not improving[j] and (held == 0 or (held == 1 and not has_pair)):
                improving[j] = True
                live += left[j]
    return live


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
