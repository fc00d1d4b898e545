"""Balance search: the option value at which a metric reaches a target (``mjsim balance``).

Every evaluated value plays the same games (common random numbers: game ``i`` has the same seed at every
value), so the differences between values are paired and their noise largely cancels. A numeric option is
searched in rounds: a grid over the current bracket, a straight line fitted by least squares to the mean metric at
the grid's values, its root found by ``scipy.optimize.brentq``; a bootstrap over games (resampling whole games,
so every value keeps its pairing) gives the root's 95% interval. The next round narrows the bracket around that
interval and doubles the games, until the interval is narrower than the tolerance or the game budget is spent.
A choice-valued option reports every choice with its interval and the one closest to the target.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from scipy.optimize import brentq

from mjsim import stats
from mjsim.errors import MjsimError

# evaluate(value, games) -> the metric of games 0..games-1 at that value (None where a game has none)
Evaluate = Callable[[Any, int], Sequence[float]]
BOOTSTRAP = 2000  # bootstrap replicates of the root
GRID = 5  # values per round


@dataclass(frozen=True)
class Point:
    """One evaluated value: the metric's mean over its games with the 95% interval."""

    value: Any
    estimate: stats.Estimate


@dataclass(frozen=True)
class Balance:
    """The value where the metric meets the target, its 95% interval, and what it took."""

    option: str
    metric: str
    target: float
    kind: str  # "numeric" or "choice"
    value: Any
    low: float | None  # None: the interval is unbounded (the fitted slope may be zero)
    high: float | None
    games: int  # games played in all, over every evaluated value
    points: tuple[Point, ...] = field(default=())
    rounds: int = 1
    slope: float | None = None  # the fitted response per unit of the option, near the root
    tried: tuple[float, float] | None = None  # the range searched (a numeric option)
    nearest: Any = None  # the allowed value nearest the root (a multiple of the option's step)


class _Cache:
    """Each value's per-game metric, extended on demand so that game ``i`` is the same game at every value."""

    def __init__(self, evaluate: Evaluate) -> None:
        self.evaluate = evaluate
        self.values: dict[Any, np.ndarray] = {}
        self.played = 0

    def get(self, value: Any, games: int) -> np.ndarray:
        have = self.values.get(value)
        if have is None or have.size < games:
            fresh = np.array([math.nan if v is None else v for v in self.evaluate(value, games)], dtype=float)
            self.played += games - (0 if have is None else have.size)
            self.values[value] = fresh[:games]
        return self.values[value][:games]


def choice_balance(evaluate: Evaluate, option: str, metric: str, target: float, choices: Sequence[Any], games: int):
    """Every choice on the same games; the one whose mean is closest to the target (each with its interval)."""
    cache = _Cache(evaluate)
    found = tuple(Point(c, stats.mean_ci(_finite(cache.get(c, games)), name=metric)) for c in choices)
    best = min(found, key=lambda p: abs(p.estimate.value - target))
    return Balance(
        option, metric, target, "choice", best.value, best.estimate.low, best.estimate.high, cache.played, found
    )


def _finite(values: np.ndarray) -> np.ndarray:
    kept = values[np.isfinite(values)]
    if kept.size < 2:
        raise MjsimError("the metric has fewer than two values at a point: play more games or pick another metric")
    return kept


def numeric_balance(
    evaluate: Evaluate,
    option: str,
    metric: str,
    target: float,
    low: float,
    high: float,
    *,
    games: int = 100,
    max_games: int = 4000,
    tolerance: float | None = None,
    step: int | None = None,
    rounds: int = 4,
    seed: int = 0,
) -> Balance:
    """Stochastic root finding over paired simulations: narrowing brackets, a fitted line, a bootstrap interval."""
    if not low < high:
        raise MjsimError(f"balance needs low < high, got {low} and {high}")
    cache, rng, bracket, n = _Cache(evaluate), np.random.default_rng(seed), (low, high), games
    for round_number in range(1, rounds + 1):
        grid = _grid(*bracket, step)
        matrix = np.column_stack([cache.get(x, n) for x in grid])
        matrix = matrix[np.all(np.isfinite(matrix), axis=1)]
        if round_number == 1:
            _check_reached(metric, target, grid, matrix)
        root, interval, slope = fitted_root(np.array(grid, dtype=float), matrix, target, rng)
        done = tolerance is not None and interval[0] is not None and interval[1] - interval[0] <= tolerance
        if done or round_number == rounds or cache.played + 2 * n * GRID > max_games:
            break
        bracket, n = _narrow(bracket, root, interval, low, high, step), 2 * n
    if not low <= root <= high:  # a line fitted to noise can cross the target far away: never an answer
        raise MjsimError(
            f"{option}: the fitted answer {root:g} lies outside the searched range [{low:g}, {high:g}]; "
            f"{metric} may not reach {target} there (widen --low/--high, or play more --games)"
        )
    points = tuple(
        Point(x, stats.mean_ci(_finite(v), name=metric)) for x, v in sorted(cache.values.items(), key=lambda kv: kv[0])
    )
    return Balance(
        option,
        metric,
        target,
        "numeric",
        root,
        *interval,
        cache.played,
        points,
        round_number,
        slope,
        (low, high),
        int(round(root / step)) * step if step else root,
    )


def _grid(low: float, high: float, step: int | None) -> list[float]:
    """GRID values spread over the bracket (distinct multiples of ``step`` for a whole-number option)."""
    values = np.linspace(low, high, GRID)
    if step:
        return sorted({int(round(v / step)) * step for v in values})
    return [float(v) for v in values]


def _check_reached(metric: str, target: float, grid: list[float], matrix: np.ndarray) -> None:
    """Refuse a bracket whose two ends both clearly lie on the same side of the target."""
    ends = [stats.mean_ci(matrix[:, i]) for i in (0, -1)]
    if all(e.low > target for e in ends) or all(e.high < target for e in ends):
        raise MjsimError(
            f"{metric} is {ends[0].format(3)} at {grid[0]} and {ends[1].format(3)} at {grid[-1]}: "
            f"the target {target} is not between them (widen --low/--high)"
        )


def fitted_root(
    xs: np.ndarray, matrix: np.ndarray, target: float, rng: np.random.Generator
) -> tuple[float, tuple[float | None, float | None], float]:
    """The root of the least-squares line through the grid's means, and its bootstrap 95% interval over games.

    ``matrix`` holds one row per game, one column per grid value (the same game in every column)."""
    slope, intercept = np.polyfit(xs, matrix.mean(axis=0), 1)
    if slope == 0:
        return float(np.mean(xs)), (None, None), 0.0
    line = np.poly1d([slope, intercept - target])
    span = max(xs[-1] - xs[0], 1.0)
    far = max(abs(xs[0]), abs(xs[-1])) + 1e6 * span  # brentq needs a bracket: the line's root lies well inside
    root = brentq(line, -far, far)
    weights = rng.multinomial(matrix.shape[0], np.full(matrix.shape[0], 1 / matrix.shape[0]), size=BOOTSTRAP)
    means = weights @ matrix / matrix.shape[0]  # (replicate, grid value): the same games resampled at every value
    centred = xs - xs.mean()
    slopes = means @ centred / (centred @ centred)
    intercepts = means.mean(axis=1) - slopes * xs.mean()
    with np.errstate(divide="ignore", invalid="ignore"):
        roots = (target - intercepts) / slopes
    if np.mean(np.sign(slopes) != np.sign(slope)) > 0.025:  # the slope's sign is uncertain: no bounded interval
        return float(root), (None, None), float(slope)
    low, high = np.quantile(roots, [0.025, 0.975])
    return float(root), (float(low), float(high)), float(slope)


def _narrow(bracket, root: float, interval, low: float, high: float, step: int | None) -> tuple[float, float]:
    """The next round's bracket: the root's interval widened by half its width, within the option's range."""
    if interval[0] is None:
        return bracket
    half = max((interval[1] - interval[0]) / 2, (bracket[1] - bracket[0]) / (4 * GRID), step or 0)
    lo, hi = max(low, min(root, interval[0]) - half), min(high, max(root, interval[1]) + half)
    if step:
        lo, hi = math.floor(lo / step) * step, math.ceil(hi / step) * step
    return (lo, hi) if hi - lo >= ((GRID - 1) * step if step else 1e-12) else bracket
