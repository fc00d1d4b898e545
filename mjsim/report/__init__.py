"""An experiment's report: summary.json, summary.md (tables with intervals, the command) and PNG plots."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mjsim import stats
from mjsim.errors import MjsimError
from mjsim.experiment import Experiment, command_line
from mjsim.experiment.lineups import LineUp, run_name
from mjsim.experiment.metrics import METRIC_FUNCTIONS, metric, metric_values, paired, target_estimate
from mjsim.experiment.sections import report_section
from mjsim.experiment.store import Store
from mjsim.files import write_file
from mjsim.report.lineups import ranking_robustness, robustness

Record = dict[str, Any]


def stored_records(experiment: Experiment, store: Store) -> dict[str, list[Record]]:
    """Every run's records (a rule set's, or ``RULESET @ LINEUP``'s), each checked against its table; a run with
    no games yet (what a Ctrl-C before its first shard leaves) is a one-line error naming it."""
    records = {}
    for run in experiment.runs():
        spec = experiment.spec(run.entry, run.line_up)
        seed_of = lambda index, spec=spec: spec.game(index)[0]  # noqa: E731 - the seed the run gives each game
        records[run.name] = store.checked_records(run.name, spec.rules().flow.setup, seed_of, experiment.max_games)
    empty = [name for name, recs in records.items() if not recs]
    if empty:
        raise MjsimError(
            f"{store.path}: no games stored yet for {', '.join(map(repr, empty))} "
            f"(an interrupted run?); finish it with: mjsim run {experiment.path or 'EXPERIMENT'} --resume"
        )
    return records


def _forced_resumes(experiment: Experiment, store: Store) -> list[dict[str, Any]]:
    """Each run resumed with ``--force-resume`` (its games then mix the code or options of two settings)."""
    found = []
    for run in experiment.runs():
        for forced in store.manifest(run.name).get("forced_resumes", []):
            found.append({"run": run.name, "difference": forced.get("difference"), "command": forced.get("command")})
    return found


def build_summary(
    experiment: Experiment, store: Store, records: dict[str, list[Record]] | None = None
) -> dict[str, Any]:
    """Every estimate of every rule set, and the paired comparisons (of ``records``, else the store's, checked)."""
    records = stored_records(experiment, store) if records is None else records
    line_ups = experiment.line_ups()
    extra = sorted({m for _, _, m in experiment.compare} | {experiment.target} | set(experiment.metrics))
    rulesets = {name: _ruleset_summary(recs, extra) for name, recs in records.items()}
    sections = asked_sections(experiment)
    for name, recs in records.items():
        side = side_summary(recs)
        if side:
            rulesets[name]["side"] = side
        for section in sections:
            rulesets[name][section] = report_section(section).summary(experiment, name, recs)
    comparisons = [
        {**_comparison(a, b, metric, records, line_up), **({"lineup": line_up.name} if line_up.name else {})}
        for line_up in experiment.line_ups()
        for a, b, metric in experiment.compare
    ]
    summary = {
        "experiment": experiment.name,
        "title": experiment.title,
        "question": experiment.question,
        # the command that played the games: the baseline's first run, which is named by its line-up when several
        "command": store.manifest(run_name(experiment.baseline, line_ups[0])).get("command", command_line()),
        "agents": list(experiment.line_up(experiment.baseline)),
        "seed": experiment.seed,
        "rulesets": rulesets,
        "comparisons": comparisons,
        "target": _jsonable(target_estimate(experiment, records[run_name(experiment.baseline, line_ups[0])])),
        "baseline": experiment.baseline,
        "ranking": [row for line_up in line_ups for row in _ranking(experiment, records, line_up)],
        "sections": list(sections),
    }
    forced = _forced_resumes(experiment, store)
    if forced:  # games played under two settings are mixed in these runs: the summary says so, first thing
        summary["forced_resumes"] = forced
    if experiment.sweeps:  # every point's metrics and its paired difference to the baseline point
        from mjsim.report.sweep import sweep_summary

        summary["sweep"] = _jsonable(sweep_summary(experiment, records))
    if experiment.lineups:  # several line-ups: whether each comparison holds across them
        summary["lineups"] = [{"name": u.name, "agents": list(u.agents)} for u in line_ups]
        summary["robustness"] = robustness(experiment, comparisons)
        summary["ranking_robustness"] = ranking_robustness(summary["ranking"])
    return summary


def asked_sections(experiment: Experiment) -> tuple[str, ...]:
    """The report sections of the experiment: how the players played, then those it asks for, each registered by
    a variant (``tournament = true``, ``sections = ["boo_dabuken"]``)."""
    asked = ("tournament",) if experiment.tournament else ()
    return tuple(dict.fromkeys(("play", *asked, *experiment.sections)))


def _ranking(experiment: Experiment, records: dict[str, list[Record]], line_up: LineUp) -> list[dict[str, Any]]:
    """The rule sets ranked by how much they move the experiment's ``rank`` metrics (none asked: empty), among
    the runs of one line-up (rows named by run)."""
    from mjsim.report.rank import rank_rulesets

    if not experiment.rank:
        return []
    mine = [r for r in experiment.runs() if r.line_up == line_up]
    runs = {r.name: records[r.name] for r in mine}
    metrics = {m: metric(m) for m in experiment.rank}
    rows = _jsonable(rank_rulesets(run_name(experiment.baseline, line_up), runs, metrics))
    if not line_up.name:
        return rows
    rule_sets = {r.name: r.entry.name for r in mine}  # a row's rule set without its line-up
    return [{**row, "lineup": line_up.name, "rule_set": rule_sets[row["ruleset"]]} for row in rows]


def _ruleset_summary(records: list[Record], extra: list[str]) -> dict[str, Any]:
    return {
        "games": len(records),
        "seats": _jsonable(stats.seat_summary(records)),
        "rates": _jsonable(stats.hand_rates(records)),
        "seat_balance": _jsonable(stats.seat_balance_test(records)),
        "metrics": {m: _metric_estimate(m, records) for m in dict.fromkeys([*METRIC_FUNCTIONS, *extra])},
        "violations": sum(len(r.get("violations", ())) for r in records),
    }


def side_summary(records: list[Record]) -> dict[str, list[dict[str, Any]]]:
    """Each side currency's (chips...) mean final balance per seat, with intervals ({} for points-only games)."""
    currencies = sorted({c for r in records for c in r["final"].get("side", {})})
    return {
        c: [
            _jsonable(stats.mean_ci([r["final"]["side"][c][seat] for r in records if c in r["final"].get("side", {})]))
            for seat in range(stats.seat_count(records))
        ]
        for c in currencies
    }


def _metric_estimate(name: str, records: list[Record]) -> dict[str, Any] | None:
    """The mean of a metric over the games that have it (None when none has)."""
    values = metric_values(name, records)
    return _jsonable(stats.mean_ci(values, name=name)) if values else None


def _comparison(a: str, b: str, name: str, records: dict[str, list[Record]], line_up: LineUp) -> dict[str, Any]:
    result = paired(name, records[run_name(a, line_up)], records[run_name(b, line_up)])
    return {"a": a, "b": b, "metric": name, "description": metric(name)[0], **_jsonable(result)}


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
    from mjsim.report.md import summary_markdown
    from mjsim.report.plots import write_plots

    records = stored_records(experiment, store)
    summary = build_summary(experiment, store, records)
    try:
        out.mkdir(parents=True, exist_ok=True)
        plots = write_plots(experiment, summary, records, out)
        if summary.get("sweep"):  # response curves or heat maps
            from mjsim.report.sweep_plots import sweep_plots

            plots += sweep_plots(summary["sweep"], out)
        summary["plots"] = [p.name for p in plots]
        write_file(out / "summary.json", json.dumps(summary, indent=1, ensure_ascii=False) + "\n")
        write_file(out / "summary.md", summary_markdown(summary))
    except OSError as exc:  # a read-only or full results folder: the store is untouched
        raise MjsimError(f"{out}: cannot write the report ({exc.strerror or exc}); the store is kept") from None
    return summary
