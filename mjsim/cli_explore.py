"""The commands that explore the rule space: ``mjsim explain A B`` and ``mjsim balance``."""

from __future__ import annotations

from pathlib import Path

import click

from mjsim.errors import MjsimError
from mjsim.experiment import MAX_COUNT, RuleSetEntry


def _quiet(_ctx: click.Context, _param: click.Parameter, quiet: bool) -> None:
    from mjsim.runner.progress import set_quiet

    set_quiet(quiet)


def _check_workers(_ctx: click.Context, _param: click.Parameter, workers: int | None) -> int | None:
    from mjsim.runner.backends import check_workers

    return None if workers is None else check_workers(workers)


QUIET = click.option("--quiet", is_flag=True, expose_value=False, callback=_quiet, help="show no progress on stderr")
WORKERS = click.option("--workers", type=int, callback=_check_workers, help="worker processes (default: every core)")


def _settings(settings: tuple[str, ...], flag: str) -> dict[str, str]:
    """``KEY=VALUE`` pairs as a dict."""
    found = {}
    for item in settings:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise MjsimError(f"{flag} takes KEY=VALUE, got {item!r}")
        found[key.strip()] = value.strip()
    return found


def agent_list(text: str | None) -> tuple[str, ...]:
    """``--agents a,b,c,d`` as names, each a known bot (none given: an efficiency bot in every seat)."""
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
@click.option("--agents", default=None, help="one bot per seat, comma-separated  [default: efficiency]")
@WORKERS
@click.option("--resume", is_flag=True, help="play only the games the store is missing")
@click.option("--out", "root", default="results", show_default=True, type=click.Path(file_okay=False))
@QUIET
def explain(a, b, experiment_file, set_a, set_b, metrics, games, seed, agents, workers, resume, root) -> None:
    """Which options make rule sets A and B differ: each difference switched alone, paired, ranked."""
    from mjsim.experiment import command_line, results_dir, run_experiment
    from mjsim.explain import DEFAULT_METRICS, plan
    from mjsim.explain_effects import explanation
    from mjsim.report import stored_records
    from mjsim.report_explain import write_explain

    ea, eb, source = _entries(a, b, experiment_file, _settings(set_a, "--set-a"), _settings(set_b, "--set-b"))
    the_plan = plan(
        ea,
        eb,
        games=games or (source.games if source else 100),
        seed=seed if seed is not None else (source.seed if source else 0),
        agents=agent_list(agents) if agents is not None else (source.agents if source else ()),
        metrics=tuple(metrics) or DEFAULT_METRICS,
    )
    out = results_dir(the_plan.experiment, root)
    out.mkdir(parents=True, exist_ok=True)
    store = run_experiment(the_plan.experiment, out=out, workers=workers, resume=resume)
    try:
        found = explanation(the_plan, stored_records(the_plan.experiment, store))
        command = store.manifest(ea.name).get("command", command_line())
    finally:
        store.close()
    write_explain(found, out, command)
    click.echo(f"wrote {Path(out) / 'explain.md'}")
