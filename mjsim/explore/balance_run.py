"""Balance questions on simulations: what ``mjsim balance`` and an experiment's ``[balance]`` ask, how their games
are played (the same seeds at every value), and the report (balance.json, balance.md, balance.png)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mjsim.errors import MjsimError
from mjsim.experiment.balance_question import Question
from mjsim.experiment.metrics import metric
from mjsim.explore.balance import Balance, Evaluate, choice_balance, numeric_balance
from mjsim.files import write_file
from mjsim.rules import RuleSet


def simulation(ruleset: RuleSet, q: Question, agents: tuple[str, ...], seed: int, workers: int | None) -> Evaluate:
    """The metric of games 0..n-1 of ``ruleset`` with the option at a value; game i has the same seed at every
    value, and a value's games are kept so that a later round plays only the new ones."""
    from mjsim.runner import RunSpec
    from mjsim.runner.run import fill

    func = metric(q.metric)[1]
    played: dict[Any, list[dict[str, Any]]] = {}

    def evaluate(value: Any, games: int) -> list[float | None]:
        spec = RunSpec(ruleset.with_options({q.option: value}), agents, seed)
        spec.check()  # a value the option refuses is its one-line error
        have = played.setdefault(value, [])
        fill(spec, games, have.extend, done={r["index"] for r in have}, workers=workers, label=f"{q.option}={value}: ")
        have.sort(key=lambda r: r["index"])
        return [func(r) for r in have[:games]]

    return evaluate


def option_step(ruleset: RuleSet, option: str) -> int | None:
    """The step of a whole-number option (its declared range's, else 1 for an integer default); None otherwise."""
    declared = ruleset.compile().declared
    if option not in declared:
        raise MjsimError(f"unknown option {option!r} in rule set {ruleset.name}")
    numbers = getattr(declared[option], "numbers", None)
    if numbers is not None and numbers.length is None:
        return numbers.step if not numbers.decimals else None
    default = declared[option].default
    return 1 if isinstance(default, int) and not isinstance(default, bool) else None


def run_balance(
    ruleset: RuleSet, q: Question, *, agents: tuple[str, ...] = (), seed: int = 0, workers: int | None = None
) -> Balance:
    """Answer a balance question on simulations of ``ruleset``."""
    step = option_step(ruleset, q.option)
    for value in (q.low, q.high) if not q.values else q.values:  # the search stays in what the option takes
        try:
            ruleset.with_options({q.option: value}).compile()
        except MjsimError as exc:
            raise MjsimError(f"balance: {q.option} = {value!r} is not a value of the option: {exc}") from None
    evaluate = simulation(ruleset, q, agents, seed, workers)
    if q.values:
        return choice_balance(evaluate, q.option, q.metric, q.target, q.values, q.games)
    return numeric_balance(
        evaluate,
        q.option,
        q.metric,
        q.target,
        q.low,
        q.high,
        games=q.games,
        max_games=q.max_games,
        tolerance=q.tolerance,
        step=step,
        seed=seed,
    )


def balance_data(b: Balance, ruleset: str, command: str) -> dict[str, Any]:
    """The result as JSON data."""
    from mjsim.report import _jsonable

    return {"ruleset": ruleset, "command": command, **_jsonable(b)}


def balance_markdown(data: dict[str, Any]) -> str:
    """balance.md: the answer in a sentence, the evaluated values, the command."""
    from mjsim.report.md import _estimate

    interval = (
        "an unbounded interval (the response may be flat)"
        if data["low"] is None
        else f"95% interval {data['low']:.6g} to {data['high']:.6g}"
    )
    what = "closest choice" if data["kind"] == "choice" else "value"
    tried = data.get("tried")
    if tried and not tried[0] <= data["value"] <= tried[1]:
        what = f"outside the range tried, {tried[0]:g} to {tried[1]:g}: an extrapolation"
    lines = [
        f"# Balance: {data['option']} for {data['metric']} = {data['target']:g} ({data['ruleset']})",
        "",
        f"**Answer.** {data['metric']} ({metric(data['metric'])[0]}) reaches {data['target']:g} at {data['option']} "
        f"= {_value(data['value'])} ({what}{_nearest(data)}; {interval}), "
        f"found with {data['games']} games in {data['rounds']} round(s).",
        "",
        "Produced by:",
        "",
        "```sh",
        data["command"],
        "```",
        "",
        "Every value plays the same seeds (game i is the same deal at every value). " + _method(data),
        "",
        f"| {data['option']} | games | {data['metric']} (mean, 95% CI) |",
        "| --- | --- | --- |",
    ]
    lines += [f"| {_value(p['value'])} | {p['estimate']['n']} | {_estimate(p['estimate'])} |" for p in data["points"]]
    return "\n".join([*lines, "", "![balance.png](balance.png)", ""])


def _method(data: dict[str, Any]) -> str:
    if data["kind"] == "choice":
        return "Each choice's interval is its mean's t interval; the closest choice's is the answer's interval."
    return (
        "Stochastic root finding: in each round a straight line is fitted by least squares to the mean metric at five "
        "values of the bracket and its root found with scipy.optimize.brentq; the interval is a bootstrap over games "
        "(whole games resampled, so the pairing holds) of that root; the next round narrows the bracket around it "
        f"and doubles the games. Fitted slope near the root: {data['slope']:.4g} per unit."
    )


def _nearest(data: dict[str, Any]) -> str:
    """ ", nearest allowed value N" when the root is not a value the option takes."""
    nearest = data.get("nearest")
    return "" if nearest is None or nearest == data["value"] else f", nearest allowed value {_value(nearest)}"


def _value(value: Any) -> str:
    return f"{value:.6g}" if isinstance(value, float) else str(value)


def _plot(data: dict[str, Any], path: Path) -> Path:
    """The evaluated values' means with intervals, the target and the answer."""
    from mjsim.report.plots import _save, plt

    fig, ax = plt.subplots(figsize=(7, 3.6))
    points = data["points"]
    numeric = data["kind"] == "numeric"
    xs = [p["value"] for p in points] if numeric else list(range(len(points)))
    for x, p in zip(xs, points, strict=True):
        e = p["estimate"]
        if e["low"] is not None:
            ax.errorbar(
                x,
                e["value"],
                yerr=[[e["value"] - e["low"]], [e["high"] - e["value"]]],
                fmt="o",
                capsize=3,
                color="tab:blue",
            )
    ax.axhline(data["target"], color="grey", linestyle="--", linewidth=0.8, label=f"target {data['target']:g}")
    if numeric:
        ax.axvline(data["value"], color="tab:red", linewidth=0.8, label=f"answer {_value(data['value'])}")
        if data["low"] is not None:
            ax.axvspan(data["low"], data["high"], color="tab:red", alpha=0.15, label="95% interval")
    else:
        ax.set_xticks(xs, [str(p["value"]) for p in points])
    ax.set_xlabel(data["option"])
    ax.set_ylabel(data["metric"])
    ax.legend(fontsize=7)
    return _save(fig, path, f"Balance search: {data['metric']} against {data['option']} ({data['ruleset']})")


def write_balance(data: dict[str, Any], out: Path) -> None:
    """balance.json, balance.md and balance.png in ``out``."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        write_file(out / "balance.json", json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        write_file(out / "balance.md", balance_markdown(data))
        _plot(data, out / "balance.png")
    except OSError as exc:
        raise MjsimError(f"{out}: cannot write the balance report ({exc.strerror or exc})") from None
