"""The commands that explore the rule space: ``mjsim explain A B`` and ``mjsim balance``."""

from __future__ import annotations

from pathlib import Path

import click

from mjsim.cli.options import (
    key_values,
    preset_option,
    quiet_option,
    results_root_option,
    settings_option,
    workers_option,
)
from mjsim.errors import MjsimError
from mjsim.experiment import RuleSetEntry
from mjsim.runner.spec import MAX_COUNT


def agent_list(text: str | None) -> tuple[str, ...]:
    """``--agents a,b,c,d`` as names, each a known bot (none given: the family's default bot in every seat)."""
    from mjsim.experiment import _agents

    return () if text is None else _agents("--agents", [a.strip() for a in text.split(",")])


def _entries(a: str, b: str, experiment_file: str | None, set_a: dict, set_b: dict):
    """The two rule sets: presets, or rule sets of an experiment file (then also its games, seed and agents)."""
    if experiment_file is None:
        return RuleSetEntry(a, a, set_a), RuleSetEntry(b, b, set_b), None
    from mjsim.experiment import load_experiment

    experiment = load_experiment(experiment_file)
    names = [e.name for e in experiment.rulesets]
    for name in (a, b):
        if name not in names:
            raise MjsimError(f"{experiment_file}: no rule set {name!r}; its rule sets: {', '.join(names)}")
    ea, eb = experiment.entry(a), experiment.entry(b)
    return (
        RuleSetEntry(a, ea.preset, {**ea.options, **set_a}, ea.plugins),
        RuleSetEntry(b, eb.preset, {**eb.options, **set_b}, eb.plugins),
        experiment,
    )


@click.command()
@click.argument("a")
@click.argument("b")
@click.option("--experiment", "experiment_file", type=click.Path(dir_okay=False), help="A and B are its rule sets")
@click.option("--set-a", "set_a", multiple=True, metavar="KEY=VALUE", help="override an option of A")
@click.option("--set-b", "set_b", multiple=True, metavar="KEY=VALUE", help="override an option of B")
@click.option("--metric", "metrics", multiple=True, metavar="NAME", help="a metric to explain; repeatable")
@click.option("--games", type=click.IntRange(2, MAX_COUNT), help="games per rule set  [default: 100]")
@click.option("--seed", type=int, help="root seed  [default: 0]")
@click.option("--agents", default=None, help="one bot per seat, comma-separated  [default: the family's best]")
@workers_option()
@click.option("--resume", is_flag=True, help="play only the games the store is missing")
@results_root_option("the folder that holds the results folder")
@quiet_option
def explain(a, b, experiment_file, set_a, set_b, metrics, games, seed, agents, workers, resume, root) -> None:
    """Which options make rule sets A and B differ: each difference switched alone, paired, ranked."""
    from mjsim.experiment import command_line, results_dir, run_experiment
    from mjsim.explore.explain import DEFAULT_METRICS, plan
    from mjsim.explore.explain_effects import explanation
    from mjsim.report import stored_records
    from mjsim.report.explain import write_explain

    ea, eb, source = _entries(a, b, experiment_file, key_values(set_a, "--set-a"), key_values(set_b, "--set-b"))
    the_plan = plan(
        ea,
        eb,
        games=games or (source.games if source else 100),
        seed=seed if seed is not None else (source.seed if source else 0),
        agents=agent_list(agents) if agents is not None else (source.agents if source else ()),
        metrics=tuple(metrics) or DEFAULT_METRICS,
    )
    out = results_dir(the_plan.experiment, root)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise MjsimError(f"{out}: cannot create the results folder ({exc.strerror or exc})") from None
    store = run_experiment(the_plan.experiment, out=out, workers=workers, resume=resume)
    try:
        found = explanation(the_plan, stored_records(the_plan.experiment, store))
        command = store.manifest(ea.name).get("command", command_line())
    finally:
        store.close()
    write_explain(found, out, command)
    click.echo(f"wrote {Path(out) / 'explain.md'}")


@click.command()
@preset_option("the rule set to search (mjsim presets lists them)")
@settings_option("override an option of the preset")
@click.option("--experiment", "experiment_file", type=click.Path(dir_okay=False), help="ask its [balance] question")
@click.option("--option", "option", metavar="KEY", help="the option to balance")
@click.option("--metric", metavar="NAME", help="the metric to bring to the target")
@click.option("--target", type=float, help="the metric's wanted mean")
@click.option("--low", type=float, help="the lowest value to try (a numeric option)")
@click.option("--high", type=float, help="the highest value to try (a numeric option)")
@click.option("--values", "choices", metavar="A,B,...", help="the choices to try (a choice-valued option)")
@click.option("--games", type=click.IntRange(2, MAX_COUNT), help="games per value in the first round  [default: 100]")
@click.option("--max-games", type=click.IntRange(2, MAX_COUNT), help="games in all at most  [default: 4000]")
@click.option("--tolerance", type=float, help="stop once the 95% interval is this narrow")
@click.option("--seed", type=int, help="root seed  [default: 0]")
@click.option("--agents", default=None, help="one bot per seat, comma-separated  [default: the family's best]")
@workers_option()
@click.option("--out", type=click.Path(file_okay=False), help="write balance.json, balance.md and balance.png here")
@click.option("--json", "as_json", is_flag=True, help="print the answer as JSON")
@quiet_option
def balance(preset, settings, experiment_file, agents, seed, workers, out, as_json, **asked) -> None:
    """The option value at which a metric reaches a target: stochastic root finding on paired simulations."""
    import json

    from mjsim.experiment import command_line
    from mjsim.explore.balance_run import balance_data, balance_markdown, run_balance, write_balance

    ruleset, q, source = _balance_question(preset, settings, experiment_file, asked)
    found = run_balance(
        ruleset,
        q,
        agents=agent_list(agents) if agents is not None else (source.agents if source else ()),
        seed=seed if seed is not None else (source.seed if source else 0),
        workers=workers,
    )
    data = balance_data(found, ruleset.name, command_line())
    if out:
        write_balance(data, Path(out))
    click.echo(json.dumps(data, indent=1) if as_json else balance_markdown(data).split("\n\n")[1])


def answer_balance(experiment, out: Path, workers: int | None) -> None:
    """An experiment's [balance] question, asked by ``mjsim run``: balance.json, balance.md and balance.png in
    its results folder."""
    from mjsim.experiment import command_line
    from mjsim.explore.balance_run import balance_data, run_balance, write_balance

    entry = experiment.entry(experiment.baseline)
    found = run_balance(
        entry.ruleset(), experiment.balance, agents=experiment.agents, seed=experiment.seed, workers=workers
    )
    write_balance(balance_data(found, entry.name, command_line()), out)
    click.echo(f"wrote {out / 'balance.md'}")


def _balance_question(preset: str, settings: tuple[str, ...], experiment_file: str | None, asked: dict):
    """(rule set, question, experiment or None): the command line's question, or an experiment's [balance] with
    the command line's keys over it, asked of its baseline rule set."""
    from mjsim.experiment.balance_question import question
    from mjsim.rules import RuleSet

    raw = {k: v for k, v in asked.items() if v is not None}
    if "choices" in raw:
        raw["values"] = [v.strip() for v in raw.pop("choices").split(",")]
    if experiment_file is None:
        return RuleSet.resolve(preset, key_values(settings, "--set")), question("balance", raw), None
    from mjsim.experiment import load_experiment

    experiment = load_experiment(experiment_file)
    if experiment.balance is None:
        raise MjsimError(f"{experiment_file}: no [balance] table")
    base = {k: v for k, v in vars(experiment.balance).items() if v not in (None, ())}
    entry = experiment.entry(experiment.baseline)
    ruleset = entry.ruleset().with_options(key_values(settings, "--set"))
    return ruleset, question(experiment_file, {**base, **raw}), experiment
