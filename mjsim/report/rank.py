"""Which rule sets change the game most: paired, standardised effects against the baseline, ranked.

For every metric M and every rule set R, the effect of R is the mean paired difference (R minus the
baseline, on the same seeds) divided by the standard deviation of M under the baseline, so a points
metric and a count of hands speak the same unit: "how many baseline standard deviations does the
rule move the average game". A rule set's change score is the root mean square of its effects over
the ranking metrics; its interval comes from a paired bootstrap over games. A rule that never fires
plays the very same games as the baseline, so its score is exactly 0, not noise.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from mjsim import stats

Record = dict[str, Any]
MetricFunction = Callable[[Record], float | None]

BOOTSTRAP_SAMPLES = 2000
BOOTSTRAP_SEED = 20261130  # fixed: the same store always gives the same report


def _aligned(func: MetricFunction, base: list[Record], other: list[Record]) -> tuple[np.ndarray, np.ndarray]:
    """The metric on the games both rule sets played (by game index), NaN where a game has no value."""
    by_index = {r["index"]: r for r in other}
    pairs = [(func(r), func(by_index[r["index"]])) for r in base if r["index"] in by_index]
    x = np.array([np.nan if a is None else a for a, _ in pairs], dtype=float)
    y = np.array([np.nan if b is None else b for _, b in pairs], dtype=float)
    return x, y


def _scale(x: np.ndarray) -> float:
    """The baseline's spread of a metric over games (1 when it does not vary, so effects stay finite)."""
    values = x[~np.isnan(x)]
    sd = float(np.std(values, ddof=1)) if values.size > 1 else 0.0
    return sd if sd > 0 else 1.0


def effect(func: MetricFunction, base: list[Record], other: list[Record]) -> dict[str, Any]:
    """The standardised paired effect of one metric: value and 95% interval in baseline SDs."""
    x, y = _aligned(func, base, other)
    d = y - x
    d = d[~np.isnan(d)]
    scale = _scale(x)
    est = stats.mean_ci(d / scale) if d.size else None
    raw = stats.mean_ci(d) if d.size else None
    return {
        "value": None if est is None else est.value,
        "low": None if est is None else est.low,
        "high": None if est is None else est.high,
        "difference": None if raw is None else {"value": raw.value, "low": raw.low, "high": raw.high},
        "baseline_sd": scale,
        "pairs": int(d.size),
    }


def _rms_of_means(diffs: np.ndarray) -> float:
    """Root mean square over metrics of each metric's mean difference (NaN games left out per metric)."""
    means = np.nanmean(diffs, axis=0)
    means = means[~np.isnan(means)]
    return float(math.sqrt(np.mean(means**2))) if means.size else math.nan


def change_score(funcs: Sequence[MetricFunction], base: list[Record], other: list[Record]) -> dict[str, float]:
    """The rule set's change score with a paired-bootstrap 95% interval (percentile)."""
    columns = []
    for func in funcs:
        x, y = _aligned(func, base, other)
        columns.append((y - x) / _scale(x))
    diffs = np.column_stack(columns)  # one row per game, one column per metric
    value = _rms_of_means(diffs)
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    n = diffs.shape[0]
    draws = [_rms_of_means(diffs[rng.integers(0, n, n)]) for _ in range(BOOTSTRAP_SAMPLES)]
    low, high = np.nanpercentile(draws, [2.5, 97.5]) if n > 1 else (math.nan, math.nan)
    return {"value": value, "low": float(low), "high": float(high)}


def rank_rulesets(
    baseline: str, records: dict[str, list[Record]], metrics: dict[str, tuple[str, MetricFunction]]
) -> list[dict[str, Any]]:
    """Every rule set other than the baseline, most changed first, with its per-metric effects."""
    base = records[baseline]
    funcs = [func for _, func in metrics.values()]
    rows = []
    for name, recs in records.items():
        if name == baseline:
            continue
        rows.append(
            {
                "ruleset": name,
                "score": change_score(funcs, base, recs),
                "effects": {m: effect(func, base, recs) for m, (_, func) in metrics.items()},
            }
        )
    return sorted(rows, key=lambda row: -row["score"]["value"] if not math.isnan(row["score"]["value"]) else 0.0)
