"""A balance question: which value of an option makes a metric reach a target (``[balance]`` or the command)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from mjsim.errors import MjsimError
from mjsim.experiment.metrics import metric, metric_names
from mjsim.files import check_keys

MAX_GAMES = 10_000_000


@dataclass(frozen=True)
class Question:
    """Which value of ``option`` makes ``metric`` reach ``target``: within [low, high], or among ``values``."""

    option: str
    metric: str
    target: float
    low: float | None = None
    high: float | None = None
    values: tuple[Any, ...] = ()
    games: int = 100  # per value in the first round (a choice: per choice)
    max_games: int = 4000  # over every value and round
    tolerance: float | None = None  # stop once the interval is this narrow


_KEYS = {"option", "metric", "target", "low", "high", "values", "games", "max_games", "tolerance"}


def _number(where: str, key: str, value: Any) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise MjsimError(f"{where}: balance {key} must be a finite number, got {value!r}")
    return value


def _count(where: str, key: str, value: Any, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= MAX_GAMES:
        raise MjsimError(f"{where}: balance {key} must be a whole number from {least} to {MAX_GAMES:,}, got {value!r}")
    return value


def question(where: str, raw: dict[str, Any]) -> Question:
    """A checked balance question (an experiment's ``[balance]`` table, or the command line's options)."""
    check_keys(where, "balance.", raw, _KEYS)
    for key in ("option", "metric", "target"):
        if raw.get(key) is None:
            raise MjsimError(f"{where}: balance needs {key!r}")
    for key in ("option", "metric"):
        if not isinstance(raw[key], str):
            raise MjsimError(f"{where}: balance {key} must be a name (text), got {raw[key]!r}")
    if metric(raw["metric"]) is None:
        raise MjsimError(f"{where}: unknown metric {raw['metric']!r}; known metrics: {', '.join(metric_names())}")
    values = tuple(raw.get("values") or ())
    low, high = _number(where, "low", raw.get("low")), _number(where, "high", raw.get("high"))
    if bool(values) == (low is not None or high is not None) or (not values and (low is None or high is None)):
        raise MjsimError(f"{where}: balance needs either 'low' and 'high' (a number) or 'values' (choices)")
    if low is not None and not low < high:
        raise MjsimError(f"{where}: balance needs low < high, got {low} and {high}")
    tolerance = _number(where, "tolerance", raw.get("tolerance"))
    if tolerance is not None and tolerance <= 0:  # a width never reached: the search would run to max_games
        raise MjsimError(f"{where}: balance tolerance must be above 0 (an interval width), got {tolerance}")
    games = _count(where, "games", raw.get("games", 100), 2)
    return Question(
        raw["option"],
        raw["metric"],
        _number(where, "target", raw["target"]),
        low,
        high,
        values,
        games,
        _count(where, "max_games", raw.get("max_games", max(4000, games * 10)), games),
        tolerance,
    )
