"""Shanten: how many tile exchanges a hand is from ready (0) or complete (-1).

The standard form reads four (or five) per-suit table rows and combines them
with three table lookups; seven pairs and thirteen orphans are counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from functools import lru_cache
from operator import itemgetter

from mjsim.errors import MjsimError
from mjsim.hand.notation import parse_counts
from mjsim.hand.tables import LOADED as _TABLES
from mjsim.hand.tables import NO_ROW, suit_index, suit_tables
from mjsim.hand.tiles import YAOCHU

_yaochu = itemgetter(*YAOCHU)
# Counts as base-5 digits for int(..., 5), the tables' index; any count above 4 becomes "x", which int() refuses.
_DIGITS = bytes.maketrans(bytes(range(256)), b"01234" + b"x" * 251)


class Form(StrEnum):
    """The winning shapes shanten can be asked about."""

    STANDARD = "standard"
    SEVEN_PAIRS = "seven_pairs"
    ORPHANS = "orphans"


def standard_shanten(counts: bytes | Sequence[int], sets: int | None = None) -> int:
    """Shanten to ``sets`` sets and a pair (default: as many sets as the tiles allow)."""
    key = counts if type(counts) is bytes else bytes(counts)
    if sets is None:
        sets = sum(key) // 3
    size = 5 if sets > 4 else 4
    t = _TABLES.get(size) or suit_tables(size)  # the loaded tables without a Python call (riichi offers ask)
    n, combine, suit = t.n, t.combine, t.suit
    digits = key.translate(_DIGITS)
    row = combine[
        combine[combine[suit[int(digits[0:9], 5)] * n + suit[int(digits[9:18], 5)]] * n + suit[int(digits[18:27], 5)]]
        * n
        + t.honor[int(digits[27:34], 5)]
    ]
    return t.rows[row * t.cols + sets * 2 + 1] - 1


def seven_pairs_shanten(counts: bytes | Sequence[int]) -> int:
    """Shanten to seven distinct pairs (four of a kind is one pair)."""
    key = counts if type(counts) is bytes else bytes(counts)
    pairs = key.count(2) + key.count(3) + key.count(4)
    kinds = 34 - key.count(0)
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


def orphans_shanten(counts: Sequence[int]) -> int:
    """Shanten to thirteen orphans."""
    held = _yaochu(counts)
    return 13 - (13 - held.count(0)) - (1 if max(held) >= 2 else 0)


def shanten(hand: str | Sequence[int], form: Form | str | None = None) -> int:
    """Minimum shanten of ``hand`` (an ``mpsz`` string or 34 counts) over the three forms.

    A hand of 13/14 tiles is read as four sets and a pair; fewer tiles imply
    called sets; 16/17 tiles are read as five sets and a pair (seven pairs and
    thirteen orphans then do not apply).  ``form`` asks for one form only.
    """
    if form is not None or type(hand) is not list:
        return _shanten_checked(hand, form)
    # The hot path: a list of counts.  It is inlined (no helper calls) because a
    # Monte Carlo run asks it millions of times; bad input falls back to the
    # checked path, which raises a clear error.
    try:
        key = bytes(hand)
        total = sum(key)
        if len(key) != 34 or total % 3 == 0 or total > 14:
            return _shanten_checked(hand, form)
        t = _TABLES.get(4) or suit_tables(4)
        n, combine, suit, honors = t.n, t.combine, t.suit, key[27:34]
        digits = key.translate(_DIGITS)  # a count above 4 becomes a letter int() refuses
        row = combine[
            combine[
                combine[suit[int(digits[0:9], 5)] * n + suit[int(digits[9:18], 5)]] * n + suit[int(digits[18:27], 5)]
            ]
            * n
            + t.honor[int(digits[27:34], 5)]
        ]
    except MjsimError:
        raise  # the checked path already named the problem (MjsimError is a ValueError: do not check twice)
    except (TypeError, ValueError, IndexError):
        return _shanten_checked(hand, form)
    result = t.rows[row * t.cols + total // 3 * 2 + 1] - 1
    if total < 13 or result < 0:
        return result
    zeros = key.count(0)
    if 40 - total - zeros < result:  # seven pairs can only win with enough pairs
        pairs = key.count(2) + key.count(3) + key.count(4)
        result = min(result, 6 - pairs + (zeros - 27 if zeros > 27 else 0))
    if honors.count(0) <= result:  # thirteen orphans needs most honours present
        held = _yaochu(key)
        result = min(result, held.count(0) - (max(held) >= 2))
    return result


def _shanten_checked(hand: str | Sequence[int], form: Form | str | None) -> int:
    """``shanten`` for any input: checks it and names what is wrong."""
    key = _checked_key(hand)
    total = sum(key)
    if form is not None:
        return _one_form(key, total, _form(form))
    result = standard_shanten(key, total // 3)
    if 13 <= total <= 14:
        result = min(result, seven_pairs_shanten(key), orphans_shanten(key))
    return result


def _form(form: Form | str) -> Form:
    """A form by name, with a clear error for an unknown one."""
    try:
        return Form(form)
    except ValueError:
        allowed = ", ".join(f.value for f in Form)
        raise MjsimError(f"unknown form {form!r}; expected one of: {allowed}") from None


def _one_form(key: bytes, total: int, form: Form) -> int:
    """Shanten for one named form."""
    if form is Form.STANDARD:
        return standard_shanten(key, total // 3)
    if not 13 <= total <= 14:
        raise MjsimError(f"form {form.value!r} needs 13 or 14 tiles, the hand has {total}")
    return seven_pairs_shanten(key) if form is Form.SEVEN_PAIRS else orphans_shanten(key)


def _checked_key(hand: str | Sequence[int]) -> bytes:
    """Check a hand and return its 34 counts as bytes."""
    if isinstance(hand, str):
        hand = parse_counts(hand)
    try:
        key = bytes(hand)
    except (TypeError, ValueError):
        raise MjsimError("a count hand is a sequence of 34 integers from 0 to 4") from None
    if len(key) != 34 or max(key) > 4:
        raise MjsimError(f"a count hand needs 34 entries from 0 to 4, got {list(key)}")
    total = sum(key)
    if total % 3 == 0 or total > 17:
        raise MjsimError(f"a hand has 3n+1 or 3n+2 tiles (at most 17), this one has {total}")
    return key


_SUIT_SLICES = ((0, 9), (9, 18), (18, 27), (27, 34))


def improving_kinds(counts: Sequence[int], now: int | None = None, sets: int | None = None) -> tuple[int, list[int]]:
    """(shanten, kinds that lower it) of a hand of 3n+1 tiles (4- or 5-set hands, all three forms).

    Only the suit of the added tile changes, so the other three suits are
    combined once and each candidate costs one row lookup and one combine;
    seven pairs and thirteen orphans change by a count, not a recount.
    ``now`` is the hand's shanten when the caller has just worked it out.
    ``sets``: the standard form only, to that many sets and a pair, from tiles that may be more than they
    need (the rest of a hand built toward fixed sets: the human player's yaku plans).
    """
    key = bytes(counts)
    total = sum(key) + 1
    if sets is None:
        sets = total // 3
        if now is None:
            now = shanten(list(key))
        other = _other_forms(key, now) if total == 14 else frozenset()
    else:
        if now is None:
            now = standard_shanten(key, sets)
        other = frozenset()
    max_sets = 5 if sets > 4 else 4  # 16-tile hands read their rows from the five-set tables
    t = _TABLES.get(max_sets) or suit_tables(max_sets)
    n, combine, rows, cols = t.n, t.combine, t.rows, t.cols
    ids = [(t.honor if s == 3 else t.suit)[suit_index(key, lo, hi)] for s, (lo, hi) in enumerate(_SUIT_SLICES)]
    out = []
    column = sets * 2 + 1
    for s, (lo, hi) in enumerate(_SUIT_SLICES):
        others = [ids[o] for o in range(4) if o != s]
        rest = combine[combine[others[0] * n + others[1]] * n + others[2]] * n
        for i, row in enumerate(_plus_one_rows(key[lo:hi], s == 3, max_sets)):
            if row < 0:
                continue
            if rows[combine[rest + row] * cols + column] - 1 < now or lo + i in other:
                out.append(lo + i)
    return now, out


@lru_cache(maxsize=1 << 16)
def _plus_one_rows(suit: bytes, honors: bool, max_sets: int = 4) -> tuple[int, ...]:
    """Row ids of a suit with one more tile of each rank (-1 where it already holds four).

    Suits repeat across hands and turns, so this small cache spares most lookups.
    """
    t = suit_tables(max_sets)
    table = t.honor if honors else t.suit
    index = suit_index(suit, 0, len(suit))
    out = []
    for i in range(len(suit)):
        row = table[index + 5 ** (len(suit) - 1 - i)] if suit[i] < 4 else NO_ROW
        out.append(-1 if row == NO_ROW else row)
    return tuple(out)


def _other_forms(key: bytes, now: int) -> frozenset[int]:
    """Kinds whose extra tile takes 13 tiles below ``now`` shanten as seven pairs or thirteen orphans.

    One tile lowers either form by one at most, and only a form already at ``now`` can get below it.
    """
    out: set[int] = set()
    pairs = key.count(2) + key.count(3) + key.count(4)
    kinds = 34 - key.count(0)
    if 6 - pairs + (7 - kinds if kinds < 7 else 0) == now:  # seven pairs: a second copy, or a new kind under 7
        out.update(k for k in range(34) if key[k] == 1 or (key[k] == 0 and kinds < 7))
    held = _yaochu(key)
    has_pair = max(held) >= 2
    if 13 - (13 - held.count(0)) - has_pair == now:  # orphans: a missing one, or the first pair
        out.update(k for k, c in zip(YAOCHU, held, strict=True) if c == 0 or (c == 1 and not has_pair))
    return frozenset(out)
