"""The effects of ``mjsim explain``: every switch's paired effect per metric, the interaction, the ranking."""

from __future__ import annotations

from typing import Any

import numpy as np

from mjsim import stats
from mjsim.experiment.metrics import metric
from mjsim.explore.explain import Plan

Record = dict[str, Any]
DRIVER_SHARE = 0.1  # a driver moves the metric clearly and by at least this share of B - A


def _values(name: str, records: list[Record]) -> dict[int, float]:
    """The metric of every game that has one, by game index (so by seed)."""
    func = metric(name)[1]
    return {r["index"]: v for r in records if (v := func(r)) is not None}


def _estimate(values: np.ndarray) -> dict[str, Any]:
    """The mean with its 95% interval, as JSON data (an interval needs two games)."""
    from mjsim.report import _jsonable

    return _jsonable(stats.mean_ci(values)) if values.size else {"value": None, "low": None, "high": None, "n": 0}


def _clear(e: dict[str, Any]) -> bool:
    """The interval excludes zero."""
    return e.get("low") is not None and e.get("high") is not None and (e["low"] > 0 or e["high"] < 0)


def metric_effects(plan: Plan, records: dict[str, list[Record]], name: str) -> dict[str, Any]:
    """B - A, each switch's effect toward B (in A) and away from B (in B), the interaction, ranked switches."""
    runs = [
        plan.a.name,
        plan.b.name,
        *(s.toward_b.name for s in plan.switches),
        *(s.toward_a.name for s in plan.switches),
    ]
    by_run = {run: _values(name, records[run]) for run in runs}
    games = sorted(set.intersection(*(set(v) for v in by_run.values())))
    column = {run: np.array([by_run[run][g] for g in games], dtype=float) for run in runs}
    total = column[plan.b.name] - column[plan.a.name]
    rows, sum_on, sum_off = [], np.zeros(len(games)), np.zeros(len(games))
    for switch in plan.switches:
        on = column[switch.toward_b.name] - column[plan.a.name]
        off = column[plan.b.name] - column[switch.toward_a.name]
        sum_on, sum_off = sum_on + on, sum_off + off
        rows.append(
            {
                "option": switch.name,
                "a": switch.a_value,
                "b": switch.b_value,
                "on": _estimate(on),
                "off": _estimate(off),
            }
        )
    difference = _estimate(total)
    for row in rows:
        row["size"] = max(abs(row["on"]["value"] or 0), abs(row["off"]["value"] or 0))
        row["driver"] = _driver(row, difference)
    rows.sort(key=lambda row: -row["size"])
    return {
        "metric": name,
        "description": metric(name)[0],
        "games": len(games),
        "difference": difference,
        "interaction_on": _estimate(total - sum_on),
        "interaction_off": _estimate(total - sum_off),
        "switches": rows,
    }


def _driver(row: dict[str, Any], difference: dict[str, Any]) -> bool:
    """A switch that clearly moves the metric (either way round) by at least DRIVER_SHARE of B - A."""
    scale = abs(difference["value"] or 0)
    clear = [e for e in (row["on"], row["off"]) if _clear(e) and abs(e["value"]) >= DRIVER_SHARE * scale]
    return bool(clear) and scale > 0


def explanation(plan: Plan, records: dict[str, list[Record]]) -> dict[str, Any]:
    """Everything the explain report shows: the rule sets, every metric's effects and what could not be switched."""
    return {
        "a": plan.a.name,
        "b": plan.b.name,
        "games": plan.experiment.games if plan.experiment else None,
        "seed": plan.experiment.seed if plan.experiment else None,
        "switches": [s.name for s in plan.switches],
        "skipped": [{"option": s.name, "why": s.why} for s in plan.skipped],
        "metrics": [metric_effects(plan, records, m) for m in plan.metrics],
    }
