"""An experiment's report: summary.json, summary.md (tables with intervals, the command) and PNG plots."""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mjsim import stats
from mjsim.experiment import Experiment, command_line
from mjsim.store import Store

Record = dict[str, Any]


def _mean_win(r: Record) -> float | None:
    values = [w["value"] for h in r["hands"] for w in h.get("wins", ())]
    return sum(values) / len(values) if values else None


def _win_rate(r: Record) -> float | None:
    return sum(1 for h in r["hands"] if h.get("wins")) / len(r["hands"]) if r["hands"] else None


METRIC_FUNCTIONS: dict[str, tuple[str, Callable[[Record], float | None]]] = {
    "first_dealer_points": ("final points of the first dealer (seat 0)", lambda r: r["final"]["points"][0]),
    "first_dealer_rank": ("final rank of the first dealer (seat 0)", lambda r: r["final"]["ranks"][0]),
    "points_spread": ("standard deviation of the four final scores", lambda r: statistics.pstdev(r["final"]["points"])),
    "hands_per_game": ("hands (kyoku) per game", lambda r: len(r["hands"])),
    "mean_win_value": ("mean value of a win within a game", _mean_win),
    "win_rate": ("share of hands that end in a win", _win_rate),
}


def metric_values(metric: str, records: list[Record]) -> list[float]:
    """The metric of every game that has one."""
    func = METRIC_FUNCTIONS[metric][1]
    return [v for v in (func(r) for r in records) if v is not None]


def target_estimate(experiment: Experiment, records: list[Record]) -> stats.Estimate:
    """The experiment's target: the baseline's mean of its target metric, with its interval."""
    return stats.mean_ci(metric_values(experiment.target, records), name=experiment.target)


def paired(metric: str, a: list[Record], b: list[Record]) -> stats.Estimate | dict[str, Any]:
    """B minus A on the games both played (matched by game index, so by seed)."""
    func = METRIC_FUNCTIONS[metric][1]
    by_index = {r["index"]: r for r in b}
    pairs = [(func(r), func(by_index[r["index"]])) for r in a if r["index"] in by_index]
    pairs = [(x, y) for x, y in pairs if x is not None and y is not None]
    # stats computes first minus second: B first, so the difference reads "B minus A".
    return stats.paired_difference_values([y for _, y in pairs], [x for x, _ in pairs], name=f"{metric} (B - A)")


def build_summary(experiment: Experiment, store: Store) -> dict[str, Any]:
    """Every estimate of every rule set, and the paired comparisons."""
    records = {e.name: store.records(e.name) for e in experiment.rulesets}
    rulesets = {name: _ruleset_summary(recs) for name, recs in records.items()}
    comparisons = [_comparison(a, b, metric, records) for a, b, metric in experiment.compare]
    return {
        "experiment": experiment.name,
        "title": experiment.title,
        "question": experiment.question,
        "command": store.manifest(experiment.baseline).get("command", command_line()),
        "agents": list(experiment.agents),
        "seed": experiment.seed,
        "rulesets": rulesets,
        "comparisons": comparisons,
        "target": _as_dict(target_estimate(experiment, records[experiment.baseline])),
    }


def _ruleset_summary(records: list[Record]) -> dict[str, Any]:
    return {
        "games": len(records),
        "seats": _jsonable(stats.seat_summary(records)),
        "rates": _jsonable(stats.hand_rates(records)),
        "seat_balance": _jsonable(stats.seat_balance_test(records)),
        "metrics": {m: _as_dict(stats.mean_ci(metric_values(m, records), name=m)) for m in METRIC_FUNCTIONS},
        "violations": sum(len(r.get("violations", ())) for r in records),
    }


def _comparison(a: str, b: str, metric: str, records: dict[str, list[Record]]) -> dict[str, Any]:
    result = paired(metric, records[a], records[b])
    return {"a": a, "b": b, "metric": metric, "description": METRIC_FUNCTIONS[metric][0], **_jsonable(result)}


def _as_dict(estimate) -> dict[str, Any]:
    return _jsonable(estimate)


def _jsonable(value: Any) -> Any:
    """Estimates and other dataclasses as plain JSON data (infinite or undefined bounds become null)."""
    import math
    from dataclasses import fields, is_dataclass

    if is_dataclass(value):
        data = {f.name: _jsonable(getattr(value, f.name)) for f in fields(value)}
        if hasattr(value, "half_width"):
            data["half_width"] = _jsonable(value.half_width)
        return data
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if hasattr(value, "item"):  # numpy scalars
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def write_report(experiment: Experiment, store: Store, out: Path) -> dict[str, Any]:
    """summary.json, summary.md and the plots in ``out``."""
    from mjsim.report_md import summary_markdown
    from mjsim.report_plots import write_plots

    summary = build_summary(experiment, store)
    out.mkdir(parents=True, exist_ok=True)
    plots = write_plots(experiment, summary, {e.name: store.records(e.name) for e in experiment.rulesets}, out)
    summary["plots"] = [p.name for p in plots]
    (out / "summary.json").write_text(json.dumps(summary, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (out / "summary.md").write_text(summary_markdown(summary), encoding="utf-8")
    return summary
