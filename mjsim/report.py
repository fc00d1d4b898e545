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
    "first_dealer_edge": (
        "final points of the first dealer (seat 0) minus the table's mean",
        lambda r: r["final"]["points"][0] - statistics.fmean(r["final"]["points"]),
    ),
    "first_dealer_rank": ("final rank of the first dealer (seat 0)", lambda r: r["final"]["ranks"][0]),
    "points_spread": ("standard deviation of the final scores", lambda r: statistics.pstdev(r["final"]["points"])),
    "hands_per_game": ("hands (kyoku) per game", lambda r: len(r["hands"])),
    "mean_win_value": ("mean value of a win within a game", _mean_win),
    "win_rate": ("share of hands that end in a win", _win_rate),
}


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return float(value)
    return float(value) if isinstance(value, int | float) else None


def _final_fact(spec: str) -> Callable[[Record], float | None]:
    key, sep, wanted = spec.partition("=")
    if sep:
        return lambda r: None if key not in r["final"] else float(str(r["final"][key]) == wanted)
    return lambda r: _number(r["final"].get(key))


def _hand_fact(key: str, how: str) -> Callable[[Record], float | None]:
    def value(r: Record) -> float | None:
        found = [v for v in (_number(h.get(key)) for h in r["hands"]) if v is not None]
        if not found:
            return None
        return sum(found) if how == "sum" else sum(found) / len(found)

    return value


def _side_balance(currency: str) -> Callable[[Record], float | None]:
    """The first dealer's (seat 0) final balance of a side currency (chips...), None when the game keeps none."""
    return lambda r: _number(r["final"].get("side", {}).get(currency, [None])[0])


_PARAMETRIC = {
    "final": (lambda spec: f"the game's final fact {spec}", _final_fact),
    "side": (lambda currency: f"final {currency} of the first dealer (seat 0)", _side_balance),
    "hand_sum": (lambda key: f"{key} summed over a game's hands", lambda key: _hand_fact(key, "sum")),
    "hand_mean": (lambda key: f"{key} averaged over a game's hands", lambda key: _hand_fact(key, "mean")),
}


def metric(name: str) -> tuple[str, Callable[[Record], float | None]] | None:
    """(description, function) of a metric: a named one, or final:KEY[=VALUE], hand_sum:KEY, hand_mean:KEY,
    side:CURRENCY."""
    if name in METRIC_FUNCTIONS:
        return METRIC_FUNCTIONS[name]
    kind, sep, rest = name.partition(":")
    if not sep or kind not in _PARAMETRIC or not rest:
        return None
    describe, build = _PARAMETRIC[kind]
    return describe(rest), build(rest)


def metric_values(name: str, records: list[Record]) -> list[float]:
    """The metric of every game that has one."""
    func = metric(name)[1]
    return [v for v in (func(r) for r in records) if v is not None]


def target_estimate(experiment: Experiment, records: list[Record]) -> stats.Estimate:
    """The experiment's target: the baseline's mean of its target metric, with its interval."""
    return stats.mean_ci(metric_values(experiment.target, records), name=experiment.target)


def paired(name: str, a: list[Record], b: list[Record]) -> stats.Estimate | dict[str, Any]:
    """B minus A on the games both played (matched by game index, so by seed)."""
    func = metric(name)[1]
    by_index = {r["index"]: r for r in b}
    pairs = [(func(r), func(by_index[r["index"]])) for r in a if r["index"] in by_index]
    pairs = [(x, y) for x, y in pairs if x is not None and y is not None]
    # stats computes first minus second: B first, so the difference reads "B minus A".
    return stats.paired_difference_values([y for _, y in pairs], [x for x, _ in pairs], name=f"{name} (B - A)")


def build_summary(experiment: Experiment, store: Store) -> dict[str, Any]:
    """Every estimate of every rule set, and the paired comparisons."""
    records = {e.name: store.records(e.name) for e in experiment.rulesets}
    extra = sorted({m for _, _, m in experiment.compare} | {experiment.target} | set(experiment.metrics))
    rulesets = {name: _ruleset_summary(recs, extra) for name, recs in records.items()}
    for name, recs in records.items():
        side = side_summary(recs)
        if side:
            rulesets[name]["side"] = side
        if experiment.tournament:
            rulesets[name]["tournament"] = tournament_summary(experiment, recs)
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
        "target": _jsonable(target_estimate(experiment, records[experiment.baseline])),
        "baseline": experiment.baseline,
        "ranking": _ranking(experiment, records),
    }


def _ranking(experiment: Experiment, records: dict[str, list[Record]]) -> list[dict[str, Any]]:
    """The rule sets ranked by how much they move the experiment's ``rank`` metrics (none asked: empty)."""
    from mjsim.report_rank import rank_rulesets

    if not experiment.rank:
        return []
    return _jsonable(rank_rulesets(experiment.baseline, records, {m: metric(m) for m in experiment.rank}))


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


def tournament_players(experiment: Experiment, records: list[Record]) -> dict[str, list[tuple[float, int, int]]]:
    """Each agent's games in game order: (settlement result, final points, rank) of the seat it played.

    A player is an agent position of the experiment; with rotated seats it moves seat every game.
    """
    players: dict[str, list[tuple[float, int, int]]] = {}
    for r in sorted(records, key=lambda r: r["index"]):
        final = r["final"]
        for position, agent in enumerate(experiment.agents):
            seat = (position + r.get("rotation", 0)) % len(final["points"])
            result = (final.get("results") or final["points"])[seat]
            label = f"{'agent' if experiment.rotate_seats else 'seat'} {position} ({agent})"
            players.setdefault(label, []).append((result, final["points"][seat], final["ranks"][seat]))
    return players


def tournament_summary(experiment: Experiment, records: list[Record]) -> dict[str, Any]:
    """Tournament figures per player (best run of three, average points / average rank) of one rule set."""
    entries = stats.tournament_entries(tournament_players(experiment, records))
    return {"min_games": stats.TOURNAMENT_MIN_GAMES, "players": _jsonable(entries)}


def _metric_estimate(name: str, records: list[Record]) -> dict[str, Any] | None:
    """The mean of a metric over the games that have it (None when none has)."""
    values = metric_values(name, records)
    return _jsonable(stats.mean_ci(values, name=name)) if values else None


def _comparison(a: str, b: str, name: str, records: dict[str, list[Record]]) -> dict[str, Any]:
    result = paired(name, records[a], records[b])
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
    from mjsim.report_md import summary_markdown
    from mjsim.report_plots import write_plots

    summary = build_summary(experiment, store)
    out.mkdir(parents=True, exist_ok=True)
    plots = write_plots(experiment, summary, {e.name: store.records(e.name) for e in experiment.rulesets}, out)
    summary["plots"] = [p.name for p in plots]
    (out / "summary.json").write_text(json.dumps(summary, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (out / "summary.md").write_text(summary_markdown(summary), encoding="utf-8")
    return summary
