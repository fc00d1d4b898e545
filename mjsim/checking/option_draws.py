"""Hypothesis strategies for numeric option values, so ``mjsim check --vary-options`` plays each example under
its own rule set: the rule set's value, a named choice, either end of the declared range, or any value in it.

The rule set's own value comes first, so a failure shrinks towards the rule set as it was given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hypothesis import strategies as st

from mjsim.rules.numbers import Number, Numbers
from mjsim.rules.options import Option


def varied_options(declared: Mapping[str, Option]) -> list[str]:
    """The keys of the numeric options, an option with a floor (``at_least``) after the options without."""
    keys = [key for key, opt in declared.items() if opt.numbers is not None]
    return sorted(keys, key=lambda key: declared[key].numbers.at_least is not None)


def option_strategy(option: Option, current: Any, floor: Any = None) -> st.SearchStrategy[Any]:
    """The values drawn for ``option``: ``current`` first, then its named choices, its range's ends, its range.

    ``floor`` is the drawn value of the option this one may not be below (a number, or None)."""
    numbers = option.numbers
    bounded = _floored(numbers, floor)
    named = [c for c in option.choices or () if _fits(c, floor) and not isinstance(c, bool)]
    if not _fits(current, floor) and bounded is not None:
        current = _number(bounded.grid()[0], bounded)  # the rule set's value is below the drawn floor: the floor
    branches = [st.just(current)]
    if named:
        branches.append(st.sampled_from(named))
    if bounded is not None:
        ends = [end for end in _ends(bounded) if not bounded.problem(end)]
        branches += [st.sampled_from(ends)] if ends else []
        branches.append(values_in(bounded))
    return st.one_of(branches)


def values_in(numbers: Numbers) -> st.SearchStrategy[Any]:
    """Any value in the range: one number, or a tuple meeting its length, total and order."""
    if numbers.length is None:
        return _scalars(numbers)
    if numbers.total is None:
        items = st.lists(_scalars(numbers), min_size=numbers.length, max_size=numbers.length)
        return items.map(lambda xs: tuple(sorted(xs, reverse=True)) if numbers.ordered else tuple(xs))
    general = st.lists(_scalars(numbers), min_size=numbers.length - 1, max_size=numbers.length - 1).map(
        lambda xs: _closed(numbers, xs)
    )
    general = general.filter(lambda value: not numbers.problem(value))
    if numbers.total == 0 and numbers.ordered:
        return st.one_of(_mirrored(numbers), general)  # the common spreads (+b/+a/-a/-b) without rejection
    return general


def _scalars(numbers: Numbers) -> st.SearchStrategy[Number]:
    """One number of the range, as a multiple of its unit."""
    low, high = numbers.grid()
    return st.integers(low, high).map(lambda k: _number(k, numbers))


def _mirrored(numbers: Numbers) -> st.SearchStrategy[tuple[Number, ...]]:
    """Tuples summing to 0 and never rising: the top half's bonuses, mirrored below (0 in the middle if odd)."""
    half = numbers.length // 2
    low, high = numbers.grid()
    top = st.lists(st.integers(0, min(high, -low)), min_size=half, max_size=half)

    def spread(ks: list[int]) -> tuple[Number, ...]:
        upper = [_number(k, numbers) for k in sorted(ks, reverse=True)]
        middle = [0] * (numbers.length - 2 * half)
        return (*upper, *middle, *(-x for x in reversed(upper)))

    return top.map(spread)


def _closed(numbers: Numbers, xs: list[Number]) -> tuple[Number, ...]:
    """``xs`` (sorted when the range is ordered) with the last number that makes the total."""
    first = sorted(xs, reverse=True) if numbers.ordered else list(xs)
    last = _tidy(round(numbers.total - sum(first), numbers.decimals))
    return (*first, last)


def _floored(numbers: Numbers, floor: Any) -> Numbers | None:
    """The range above ``floor`` (None when nothing is left of it)."""
    if not _is_number(floor) or numbers.length is not None:
        return numbers
    if floor > numbers.high:
        return None
    return Numbers(max(numbers.low, floor), numbers.high, numbers.step, numbers.decimals)


def _ends(numbers: Numbers) -> list[Any]:
    """The extreme values of the range: its lowest and highest number (or tuple)."""
    low, high = numbers.grid()
    lowest, highest = _number(low, numbers), _number(high, numbers)
    if numbers.length is None:
        return [lowest, highest]
    if numbers.total is None:
        return [(lowest,) * numbers.length, (highest,) * numbers.length]
    return [(0,) * numbers.length, _mirrored_value(numbers, min(high, -low))]  # flat, and the widest spread


def _mirrored_value(numbers: Numbers, k: int) -> tuple[Number, ...]:
    """The spread with every upper bonus at ``k`` units (+k/+k/-k/-k)."""
    half = numbers.length // 2
    value = _number(k, numbers)
    return (*(value,) * half, *(0,) * (numbers.length - 2 * half), *(-value,) * half)


def _number(k: int, numbers: Numbers) -> Number:
    """``k`` units of the range as a number (an int whenever it is whole)."""
    if not numbers.decimals:
        return k * numbers.step
    return _tidy(round(k * numbers.unit(), numbers.decimals))


def _tidy(number: Number) -> Number:
    """7.0 as 7, 7.5 as 7.5."""
    return int(number) if isinstance(number, float) and number.is_integer() else number


def _fits(choice: Any, floor: Any) -> bool:
    """A named choice above the floor (a word always fits)."""
    return not (_is_number(choice) and _is_number(floor) and choice < floor)


def _is_number(value: Any) -> bool:
    """An int or float that is not a bool."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def format_setting(value: Any) -> str:
    """A drawn value as ``--set`` text: 35000, 15,5,-5,-15, none."""
    if isinstance(value, tuple | list):
        return ",".join(str(v) for v in value)
    return str(value)
