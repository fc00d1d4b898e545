"""Sweeps of an experiment: one or two options over values, every point a rule set playing the same seeds.

``[[sweep]] option = "riichi.uma"`` with ``values = [...]`` or, for a number, ``start``/``stop``/``step``
(``stop`` included). Every rule set of the experiment is played at every point (every combination of two
sweeps); a point's rule set is named ``option=value`` (``option=value, option=value`` for two sweeps), after its
base rule set's name when the experiment has several.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, replace
from typing import Any

from mjsim.errors import MjsimError
from mjsim.files import check_keys

MAX_SWEEPS = 2  # a response curve, or a heat map
MAX_POINTS = 1000  # values of one sweep at most
MAX_RULESETS = 2000  # rule sets of an experiment at most, every sweep point of every base (each plays its games)

Scalar = str | int | float | bool


@dataclass(frozen=True)
class Sweep:
    """One swept option and its values, in order."""

    option: str
    values: tuple[Scalar, ...]

    def numeric(self) -> bool:
        """Whether every value is a number (the curve then has a numeric axis)."""
        return all(isinstance(v, int | float) and not isinstance(v, bool) for v in self.values)


def parse_sweeps(where: str, raw: Any) -> tuple[Sweep, ...]:
    """``[[sweep]]`` tables: at most two, each over a different option."""
    if raw is None:
        return ()
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_SWEEPS:
        raise MjsimError(f"{where}: 'sweep' must be one or two [[sweep]] tables, got {raw!r}")
    sweeps = tuple(_sweep(where, i, table) for i, table in enumerate(raw))
    if len({s.option for s in sweeps}) != len(sweeps):
        raise MjsimError(f"{where}: two [[sweep]] tables sweep the same option {sweeps[0].option!r}")
    return sweeps


def _sweep(where: str, index: int, table: Any) -> Sweep:
    """One ``[[sweep]]``: ``option`` and either ``values`` or ``start``, ``stop`` and ``step``."""
    at = f"sweep[{index}]"
    if not isinstance(table, dict):
        raise MjsimError(f"{where}: {at} must be a table with 'option' and 'values' (or start, stop, step)")
    check_keys(where, f"{at}.", table, {"option", "values", "start", "stop", "step"})
    option = table.get("option")
    if not isinstance(option, str) or not option:
        raise MjsimError(f'{where}: {at}.option must name an option (e.g. "riichi.uma"), got {option!r}')
    has_range = {"start", "stop", "step"} & set(table)
    if ("values" in table) == bool(has_range):
        raise MjsimError(f"{where}: {at} needs either 'values' or 'start', 'stop' and 'step'")
    values = _values(where, at, table["values"]) if "values" in table else _range(where, at, table)
    return Sweep(option, values)


def _values(where: str, at: str, raw: Any) -> tuple[Scalar, ...]:
    """A list of distinct texts, numbers or booleans, two or more."""
    if not isinstance(raw, list) or not all(isinstance(v, Scalar) for v in raw):
        raise MjsimError(f"{where}: {at}.values must be a list of texts, numbers or true/false, got {raw!r}")
    if any(isinstance(v, float) and not math.isfinite(v) for v in raw):
        raise MjsimError(f"{where}: {at}.values must be finite numbers, got {raw!r}")
    if not 2 <= len(raw) <= MAX_POINTS or len(set(map(repr, raw))) != len(raw):
        raise MjsimError(f"{where}: {at}.values needs 2 to {MAX_POINTS} distinct values, got {raw!r}")
    return tuple(raw)


def _range(where: str, at: str, table: dict[str, Any]) -> tuple[Scalar, ...]:
    """``start`` to ``stop`` (included) by ``step``: integers when all three are integers."""
    parts = [table.get(k) for k in ("start", "stop", "step")]
    if not all(isinstance(p, int | float) and not isinstance(p, bool) for p in parts):
        raise MjsimError(f"{where}: {at}.start, stop and step must all be numbers, got {parts}")
    start, stop, step = parts
    if not all(math.isfinite(p) for p in parts):
        raise MjsimError(f"{where}: {at}.start, stop and step must be finite numbers, got {parts}")
    if step <= 0 or stop <= start:
        raise MjsimError(f"{where}: {at} needs start < stop and step > 0, got start={start}, stop={stop}, step={step}")
    span = (stop - start) / step + 1e-9  # a step of 1e-320 makes this inf: refused as too many values, not cast
    count = int(span) + 1 if span < MAX_POINTS else MAX_POINTS + 1
    if not 2 <= count <= MAX_POINTS:
        raise MjsimError(f"{where}: {at} gives {count} values; a sweep takes 2 to {MAX_POINTS}")
    exact = all(isinstance(p, int) for p in parts)
    return tuple(start + i * step if exact else round(start + i * step, 10) for i in range(count))


def point_name(point: tuple[tuple[str, Scalar], ...]) -> str:
    """``option=value`` of every swept option of a point."""
    return ", ".join(f"{key}={_text(value)}" for key, value in point)


def _text(value: Scalar) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def points(sweeps: tuple[Sweep, ...]) -> list[tuple[tuple[str, Scalar], ...]]:
    """Every combination of the swept values, the first sweep's slowest."""
    return [
        tuple(zip((s.option for s in sweeps), combo, strict=True))
        for combo in itertools.product(*(s.values for s in sweeps))
    ]


def expand(entries: tuple, sweeps: tuple[Sweep, ...], where: str = "the experiment") -> tuple:
    """Every rule set entry at every point of the sweeps (none: the entries as they are); more than
    ``MAX_RULESETS`` rule sets in all is refused before any is made."""
    if not sweeps:
        return entries
    total = len(entries) * math.prod(len(s.values) for s in sweeps)
    if total > MAX_RULESETS:
        sizes = " x ".join(str(n) for n in (len(entries), *(len(s.values) for s in sweeps)))
        raise MjsimError(
            f"{where}: the sweeps make {total:,} rule sets ({sizes}); an experiment plays at most {MAX_RULESETS:,}"
        )
    prefix = len(entries) > 1
    return tuple(
        replace(
            entry,
            name=f"{entry.name} {point_name(point)}" if prefix else point_name(point),
            options={**entry.options, **dict(point)},
            point=point,
        )
        for entry in entries
        for point in points(sweeps)
    )
