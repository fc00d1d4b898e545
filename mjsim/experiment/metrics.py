"""Per-game metrics of stored records (named and parametric) and their estimates: what experiments target."""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from mjsim import stats

if TYPE_CHECKING:  # for the annotation only: the experiment module imports this one
    from mjsim.experiment import Experiment

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


def _last_hand_lead_change(r: Record) -> float | None:
    """1 when the game's last hand changes who is first (the points before it: the hand before's, or the start)."""
    if len(r["hands"]) < 2:
        return None
    before, after = r["hands"][-2]["scores"], r["final"]["ranks"]
    leader_before = min(range(len(before)), key=lambda seat: (-before[seat], seat))
    return float(after[leader_before] != 1)


# Named metrics an experiment asks for by name; unlike METRIC_FUNCTIONS they are not in every report's tables.
MORE_METRICS: dict[str, tuple[str, Callable[[Record], float | None]]] = {
    "first_dealer_result": (
        "settled final result of the first dealer (seat 0; uma and oka included)",
        lambda r: _number(r["final"].get("results", [None])[0]),
    ),
    "first_dealer_money": (
        "final result of the first dealer (seat 0) in money, at the rule set's stakes (none without them)",
        lambda r: _number(r["final"].get("money", [None])[0]),
    ),
    "results_spread": (
        "standard deviation of the settled final results (uma and oka included)",
        lambda r: statistics.pstdev(r["final"]["results"]) if r["final"].get("results") else None,
    ),
    "last_hand_lead_change": ("share of games whose last hand changes who is first", _last_hand_lead_change),
    "bust_rate": (
        "share of games that end with a player below zero points (箱割れ)",
        lambda r: float(min(r["final"]["points"]) < 0),
    ),
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
    if name in METRIC_FUNCTIONS or name in MORE_METRICS:
        return METRIC_FUNCTIONS.get(name) or MORE_METRICS[name]
    kind, sep, rest = name.partition(":")
    if not sep or kind not in _PARAMETRIC or not rest:
        return None
    describe, build = _PARAMETRIC[kind]
    return describe(rest), build(rest)


def metric_names() -> list[str]:
    """The named metrics, then the parametric forms (``final:KEY[=VALUE]``, ``hand_sum:KEY``, ...)."""
    return [*METRIC_FUNCTIONS, *MORE_METRICS, *(f"{kind}:KEY" for kind in _PARAMETRIC)]


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
