"""The numbers an option takes: whole (or decimal) numbers in a range, or tuples of them (one per rank, ...).

An option whose meaning is a number declares a ``Numbers``; ``mjsim rules`` shows its ``describe()``,
``Option.parse`` converts and checks with it, and ``mjsim check --vary-options`` draws values from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mjsim.errors import MjsimError

Number = int | float


@dataclass(frozen=True)
class Numbers:
    """A range of numbers ``low..high`` in multiples of ``step``, or tuples of ``length`` such numbers."""

    low: Number
    high: Number
    step: int = 1  # whole numbers: a multiple of this (100 for points); ignored when ``decimals`` > 0
    decimals: int = 0  # digits allowed after the point (uma in thousands: 1, so 7.5 is +7,500)
    length: int | None = None  # a tuple of exactly this many numbers; None: one number
    total: Number | None = None  # a tuple's numbers must add up to this (uma: 0)
    ordered: bool = False  # a tuple's numbers never rise (1st's bonus at least 2nd's, ...)
    at_least: str | None = None  # another option's key whose number this one may not be below

    def __post_init__(self) -> None:
        """A declaration whose range is empty is a bug: fail loudly."""
        if self.low > self.high or self.step < 1 or self.decimals < 0:
            raise MjsimError(f"bad numeric range {self.low}..{self.high} step {self.step}")

    def convert(self, raw: Any) -> Number | tuple[Number, ...]:
        """A number (or tuple) from TOML or ``--set`` text ("35000", "15,5,-5,-15"); the reason it is not one."""
        if self.length is None:
            return self.one(raw)
        if isinstance(raw, str):
            raw = raw.split(",")
        if not isinstance(raw, Sequence) or isinstance(raw, bytes):
            raise MjsimError(f"not a list of {self.length} numbers")
        return tuple(self.one(part) for part in raw)

    def problem(self, value: Any) -> str:
        """Why ``value`` is outside the range ("" when it is inside)."""
        if self.length is None:
            return self._one_problem(value)
        if not isinstance(value, tuple | list):
            return f"not a list of {self.length} numbers"
        if len(value) != self.length:
            return f"{len(value)} numbers, not {self.length}"
        for number in value:
            if why := self._one_problem(number):
                return why
        if self.total is not None and abs(sum(value) - self.total) > 1e-9:
            return f"they sum to {_text(sum(value))}, not {_text(self.total)}"
        if self.ordered and any(a < b for a, b in zip(value[:-1], value[1:], strict=True)):
            return "a later rank's number is above an earlier one's"
        return ""

    def describe(self) -> str:
        """The range in words, for ``mjsim rules`` and error messages."""
        kind = "a number" if self.decimals else "an integer"
        one = f"from {_text(self.low)} to {_text(self.high)}"
        if self.step > 1 and not self.decimals:
            one += f" in steps of {self.step}"
        if self.decimals:
            one += f" (at most {self.decimals} decimal{'s' if self.decimals > 1 else ''})"
        if self.length is None:
            text = f"{kind} {one}"
        else:
            text = f"{self.length} comma-separated numbers, each {one}"
            if self.total is not None:
                text += f", summing to {_text(self.total)}"
            if self.ordered:
                text += ", none above the one before"
        return text + (f", at least {self.at_least}" if self.at_least else "")

    def grid(self) -> tuple[int, int]:
        """The range in units of ``step`` (or of the last decimal): what a draw picks integers from."""
        unit = self.unit()
        return -int(-self.low // unit), int(self.high // unit)

    def unit(self) -> Number:
        """The smallest difference between two numbers of the range."""
        return 10**-self.decimals if self.decimals else self.step

    def one(self, raw: Any) -> Number:
        """One number: text parsed, booleans refused, a float only when decimals are allowed."""
        if isinstance(raw, str):
            text = raw.strip()
            try:
                number = float(text) if self.decimals else int(text)
            except ValueError:
                raise MjsimError(f"{text!r} is not {'a number' if self.decimals else 'an integer'}") from None
            return int(number) if isinstance(number, float) and number.is_integer() else number
        if isinstance(raw, bool) or not isinstance(raw, int | float):
            raise MjsimError(f"{raw!r} is not a number")
        if isinstance(raw, float) and not self.decimals:
            raise MjsimError(f"{raw!r} is not an integer")
        return raw

    def _one_problem(self, number: Any) -> str:
        """Why one number is outside the range ("" when inside)."""
        if isinstance(number, bool) or not isinstance(number, int | float):
            return f"{number!r} is not a number"
        if isinstance(number, float) and not self.decimals:
            return f"{number!r} is not an integer"
        if not self.low <= number <= self.high:
            return f"{_text(number)} is outside {_text(self.low)}..{_text(self.high)}"
        if self.decimals and abs(round(number, self.decimals) - number) > 1e-9:
            return f"{_text(number)} has more than {self.decimals} decimals"
        if not self.decimals and number % self.step:
            return f"{_text(number)} is not a multiple of {self.step}"
        return ""


def _text(number: Number) -> str:
    """A number as written: 35000, -7.5."""
    return f"{number:g}" if isinstance(number, float) else str(number)
