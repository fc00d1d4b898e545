"""The sweep part of a report: every point's metrics with intervals, paired against the baseline point, and the
tables (the plots: mjsim.report.sweep_plots)."""

from __future__ import annotations

from typing import Any

from mjsim.experiment import Experiment
from mjsim.experiment.lineups import run_name
from mjsim.experiment.metrics import metric, metric_values, paired
from mjsim.experiment.sweep import point_name

Record = dict[str, Any]


def sweep_metrics(experiment: Experiment) -> list[str]:
    """The metrics a sweep draws: the target, the asked metrics, then the compared ones."""
    return list(dict.fromkeys([experiment.target, *experiment.metrics, *(m for _, _, m in experiment.compare)]))


def sweep_summary(experiment: Experiment, records: dict[str, list[Record]]) -> dict[str, Any]:
    """Every point of every line-up: its option values, metric estimates, and paired differences to the baseline
    (estimates as dataclasses: the report makes them JSON data)."""
    from mjsim import stats

    names = sweep_metrics(experiment)
    rows = []
    for line_up in experiment.line_ups():
        base_run = run_name(experiment.baseline, line_up)
        for entry in experiment.rulesets:
            run = run_name(entry.name, line_up)
            label = point_name(entry.point)
            series = run.replace(label, "").replace("  ", " ").strip() if run != label else ""
            estimates = {m: stats.mean_ci(v) if (v := metric_values(m, records[run])) else None for m in names}
            differences = {m: paired(m, records[base_run], records[run]).difference for m in names}
            rows.append(
                {
                    "run": run,
                    "series": series,
                    "point": {k: v for k, v in entry.point},
                    "metrics": estimates,
                    "paired": differences,
                    "games": len(records[run]),
                }
            )
    return {
        "options": [s.option for s in experiment.sweeps],
        "values": [list(s.values) for s in experiment.sweeps],
        "metrics": {m: metric(m)[0] for m in names},
        "baseline": experiment.baseline,
        "points": rows,
    }


def sweep_markdown(sweep: dict[str, Any], estimate) -> list[str]:
    """The sweep tables: every point's metrics, then their paired differences to the baseline point."""
    names = list(sweep["metrics"])
    head = ["| point | games | " + " | ".join(names) + " |", "| --- | --- |" + " --- |" * len(names)]
    lines = ["## Sweep", "", f"Swept: {', '.join(sweep['options'])}; every point plays the same seeds.", ""]
    lines += [f"- {m}: {text}" for m, text in sweep["metrics"].items()] + ["", "### Mean per game (95% CI)", ""]
    lines += head + [_row(p, "metrics", names, estimate) for p in sweep["points"]] + [""]
    lines += [f"### Paired against {sweep['baseline']} (same seeds, point minus baseline, 95% CI)", ""]
    lines += head + [_row(p, "paired", names, estimate) for p in sweep["points"]] + [""]
    return lines


def _row(point: dict[str, Any], key: str, names: list[str], estimate) -> str:
    cells = [estimate(point[key][m]) for m in names]
    return f"| {point['run']} | {point['games']} | " + " | ".join(cells) + " |"
