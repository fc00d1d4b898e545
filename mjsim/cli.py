"""The ``mjsim`` command line: score, variants, rules, bench and demo."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import click

from mjsim.errors import MjsimError
from mjsim.rules import RuleSet


class _Group(click.Group):
    """A click group that turns user errors into one line and exit status 2."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except MjsimError as exc:
            click.echo(f"mjsim: error: {exc}", err=True)
            ctx.exit(2)


@click.group(cls=_Group)
@click.version_option(package_name="mjsim")
def cli() -> None:
    """Simulate mahjong rule variants and check their properties."""


def _overrides(settings: tuple[str, ...]) -> dict[str, str]:
    """``--set KEY=VALUE`` pairs as a dict."""
    overrides = {}
    for item in settings:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise MjsimError(f"--set takes KEY=VALUE, got {item!r}")
        overrides[key.strip()] = value.strip()
    return overrides


def _ruleset(preset: str, settings: tuple[str, ...], plugins: tuple[str, ...] = ()) -> RuleSet:
    """The preset, with ``--plugin`` modules added after its variants and ``--set KEY=VALUE`` overrides."""
    base = RuleSet.from_preset(preset)
    return RuleSet(
        base.name, base.variants + tuple(plugins), {**base.options, **_overrides(settings)}, base.description
    )


_SITUATION_FLAGS = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
)


@cli.command()
@click.argument("hand", required=False)
@click.option("--win", help="the winning tile (default: the hand's last tile)")
@click.option("--tsumo", is_flag=True, help="self-drawn win")
@click.option("--riichi", is_flag=True)
@click.option("--double-riichi", is_flag=True)
@click.option("--ippatsu", is_flag=True)
@click.option("--rinshan", is_flag=True)
@click.option("--chankan", is_flag=True)
@click.option("--haitei", is_flag=True)
@click.option("--houtei", is_flag=True)
@click.option("--tenhou", "tenhou_win", is_flag=True, help="天和: the dealer's first draw")
@click.option("--chiihou", is_flag=True)
@click.option("--renhou", is_flag=True)
@click.option("--dora", multiple=True, help="dora indicator(s), e.g. --dora 3m or --dora 3m4z")
@click.option("--ura", multiple=True, help="ura dora indicator(s)")
@click.option("--seat-wind", default=None, help="E, S, W or N (default E with --dealer, else S)")
@click.option("--round-wind", default="E", show_default=True)
@click.option("--dealer", is_flag=True, help="the winner is East")
@click.option("--from", "discarder", default=None, help="wind of the discarder on a ron")
@click.option("--honba", default=0, type=int)
@click.option("--sticks", default=0, type=int, help="riichi sticks on the table")
@click.option("--meld", multiple=True, help="a called set: chi:123m, pon:555z, kan:1111p, ankan:9999s")
@click.option("--preset", default="tenhou", show_default=True)
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE", help="override an option")
@click.option("--plugin", "plugins", multiple=True, metavar="MODULE", help="a variant to add to the preset's")
@click.option(
    "--extra",
    multiple=True,
    metavar="KEY=VALUE",
    help="a variant's context, e.g. --extra jirai.forbidden=pinfu,tanyao (comma lists become tuples)",
)
@click.option("--cases", type=click.Path(dir_okay=False), help="score every case of a file and compare")
@click.option("--json", "as_json", is_flag=True, help="print JSON")
def score(hand, cases, preset, settings, plugins, as_json, **kw) -> None:
    """Score HAND (mpsz, winning tile included or given by --win), or every line of --cases."""
    ruleset = _ruleset(preset, settings, plugins)
    if cases:
        sys.exit(_score_cases(cases, ruleset, as_json))
    if not hand:
        raise MjsimError("give a HAND to score, or --cases FILE")
    _score_one(hand, ruleset.compile(), as_json, **kw)


def _score_one(hand: str, rules, as_json: bool, **kw) -> None:
    """Score one hand described on the command line and print it."""
    from mjsim.score_report import han_unit, score_json, score_text
    from mjsim.win_input import win_context
    from variants.riichi.yaku import red_five_count

    seat = kw["seat_wind"] or ("E" if kw["dealer"] else "S")
    if kw["dealer"] and seat.upper() != "E":
        raise MjsimError("--dealer means seat wind E; drop --seat-wind or --dealer")
    situation = {name for name in _SITUATION_FLAGS if kw.get("tenhou_win" if name == "tenhou" else name)}
    ctx = win_context(
        hand,
        kw["win"],
        melds=kw["meld"],
        tsumo=kw["tsumo"] or bool({"tenhou", "chiihou"} & situation),
        situation=situation,
        dora=kw["dora"],
        ura=kw["ura"],
        seat_wind=seat,
        round_wind=kw["round_wind"],
        discarder=kw["discarder"],
        honba=kw["honba"],
        sticks=kw["sticks"],
        red_fives=red_five_count(rules.values) if "riichi.red_fives" in rules.values else 0,  # no riichi: none
    )
    ctx = replace(ctx, extra={**ctx.extra, **_extra(kw["extra"], rules)})
    result = rules.score_win(ctx=ctx, rules=rules)
    if as_json:  # default=float: a rado win below 1 han can have an exact fractional base (fractions.Fraction)
        click.echo(json.dumps(score_json(ctx, result, han_unit(rules)), ensure_ascii=False, default=float))
    else:
        click.echo(score_text(ctx, result, han_unit(rules)))


def _extra(items: tuple[str, ...], rules) -> dict:
    """``--extra KEY=VALUE`` as a context dict; the key must belong to a variant of the rule set."""
    prefixes = {key.split(".", 1)[0] for key in rules.declared}
    out: dict = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or "." not in key or key.split(".", 1)[0] not in prefixes:
            raise MjsimError(
                f"--extra takes VARIANT.KEY=VALUE for a variant of the rule set "
                f"({', '.join(sorted(prefixes))}), got {item!r}"
            )
        out[key] = tuple(v.strip() for v in value.split(",") if v.strip())
    return out


def _score_cases(path: str, ruleset: RuleSet, as_json: bool) -> int:
    """Compare every case of a file; exit status 0 only when all agree."""
    from mjsim.conformance import CaseScorer, summarize
    from mjsim.logs.agari_cases import read_cases

    scorer = CaseScorer(ruleset)
    summary = summarize(scorer.check(case) for case in read_cases(path))
    if as_json:
        click.echo(json.dumps(summary, ensure_ascii=False, indent=1))
    else:
        click.echo(
            f"{summary['total']} cases: {summary['agree']} agree, {summary['disagree']} disagree, "
            f"{summary['errors']} errors, {summary['skipped']} skipped"
        )
        for m in summary["mismatches"]:
            click.echo(f"  {m['id']}: {m['status']} {m['differences'] or m['detail']}")
    return 0 if summary["disagree"] == summary["errors"] == 0 else 1


@cli.command()
@click.option("--preset", default="tenhou", show_default=True)
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE")
@click.option("--games", default=10, show_default=True, type=click.IntRange(min=1))
@click.option("--seed", default=0, show_default=True, type=int)
@click.option("--agents", default="efficiency,efficiency,efficiency,efficiency", show_default=True)
@click.option("--check", is_flag=True, help="check the invariants after every step (in this process)")
@click.option("--log-out", type=click.Path(file_okay=False), help="write every game as tenhou.net/6 JSON here")
@click.option("--workers", type=click.IntRange(min=1), help="worker processes (default: this process only)")
@click.option("--backend", type=click.Choice(["serial", "multiprocessing", "ray"]), default=None)
@click.option("--address", help="Ray cluster address (with --backend ray)")
@click.option("--plugin", "plugins", multiple=True, metavar="MODULE", help="a variant module of yours to add")
@click.option("--json", "as_json", is_flag=True)
def simulate(
    preset, settings, games, seed, agents, check, log_out, workers, backend, address, plugins, as_json
) -> None:
    """Play GAMES games and print a summary (with a digest: the same seed gives the same digest anywhere)."""
    from mjsim.simulate import digest, run_games, summarize

    names = _agents(agents)
    ruleset = _ruleset(preset, settings, plugins)
    if backend is None and workers is None or check or log_out:
        records = run_games(ruleset.compile(), games, seed, names, check, Path(log_out) if log_out else None)
    else:
        from mjsim.runner import RunSpec
        from mjsim.runner.run import collect

        spec = RunSpec(preset, tuple(_overrides(settings).items()), tuple(names), seed, tuple(plugins))
        records = collect(spec, games, backend=backend or "multiprocessing", workers=workers, address=address)
    summary = {**summarize(records), "digest": digest(records), "preset": preset, "seed": seed, "agents": names}
    if as_json:
        click.echo(json.dumps(summary, indent=1))
        return
    click.echo(_simulate_text(summary))


def _agents(text: str) -> list[str]:
    names = [a.strip() for a in text.split(",")]
    if len(names) != 4:
        raise MjsimError(f"--agents takes four comma-separated bots, got {len(names)}: {text!r}")
    from mjsim.agents import agent_names

    unknown = [n for n in names if n not in agent_names()]
    if unknown:
        raise MjsimError(f"unknown agent {unknown[0]!r}; known agents: {', '.join(agent_names())}")
    return names


def _simulate_text(s: dict) -> str:
    lines = [f"{s['games']} games, {s['hands']} hands ({s['hands_per_game']:.2f} per game), preset {s['preset']}"]
    for seat, st in enumerate(s["seats"]):
        dist = " ".join(f"{p:.2f}" for p in st["rank_distribution"])
        lines.append(f"  seat {seat}: mean points {st['mean_points']:8.0f}   ranks 1-4: {dist}")
    lines.append(
        f"  win {s['win_rate']:.3f}  tsumo {s['tsumo_rate']:.3f}  deal-in {s['deal_in_rate']:.3f}  "
        f"draw {s['draw_rate']:.3f}  mean win {s['mean_win_value']:.0f}"
    )
    lines.append("  winners per hand " + "  ".join(f"{n}: {k}" for n, k in s["winners_per_hand"].items()))
    lines.append(f"  invariant violations {s['invariant_violations']}  digest {s['digest'][:16]}")
    return "\n".join(lines)


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--json", "as_json", is_flag=True)
def replay(paths, as_json) -> None:
    """Replay real Tenhou games (mjlog XML or tenhou.net/6 JSON) through the engine and compare every round."""
    from mjsim.logs.load import load_logs
    from mjsim.logs.replay import replay_game, summarize_replay

    logs = load_logs(paths)
    outcomes = [o for game in logs for o in replay_game(game)]
    summary = summarize_replay(outcomes, len(logs))
    if as_json:
        click.echo(json.dumps(summary, ensure_ascii=False, indent=1))
    else:
        click.echo(
            f"{summary['games']} games, {summary['rounds']} rounds: {summary['rounds_agree']} of "
            f"{summary['rounds_replayed']} replayed rounds agree, {len(summary['skipped'])} skipped"
        )
        for m in summary["mismatches"]:
            click.echo(f"  {m['source']} round {m['round']}: {m['detail']}")
    sys.exit(0 if summary["rounds_agree"] == summary["rounds_replayed"] else 1)


@cli.command("run")
@click.argument("experiment_file", type=click.Path(dir_okay=False))
@click.option("--workers", type=click.IntRange(min=1), help="worker processes (default: every core)")
@click.option(
    "--backend", type=click.Choice(["serial", "multiprocessing", "ray"]), default="multiprocessing", show_default=True
)
@click.option("--address", help="Ray cluster address (with --backend ray; without it Ray starts locally)")
@click.option("--resume", is_flag=True, help="finish a run that was interrupted: play only the missing games")
@click.option("--until-ci", type=float, help="add games until the target's 95% half-width is below this")
@click.option("--out", "root", default="results", show_default=True, type=click.Path(file_okay=False))
def run_cmd(experiment_file, workers, backend, address, resume, until_ci, root) -> None:
    """Run an experiment file: fill its store, then write summary.json, summary.md and plots."""
    import shutil

    from mjsim.experiment import load_experiment, results_dir, run_experiment
    from mjsim.report import write_report

    experiment = load_experiment(experiment_file)
    out = results_dir(experiment, root)
    out.mkdir(parents=True, exist_ok=True)
    try:
        store = run_experiment(
            experiment, out=out, backend=backend, workers=workers, address=address, resume=resume, until_ci=until_ci
        )
    except KeyboardInterrupt:
        click.echo("\ninterrupted: every finished shard is stored; run again with --resume", err=True)
        sys.exit(130)
    if Path(experiment_file).resolve() != (out / "experiment.toml").resolve():
        shutil.copyfile(experiment_file, out / "experiment.toml")  # so `mjsim report DIR` can rebuild it
    summary = write_report(experiment, store, out)
    click.echo(f"wrote {out / 'summary.md'}, {out / 'summary.json'} and {len(summary['plots'])} plots")


@cli.command()
@click.argument("directory", type=click.Path(file_okay=False))
def report(directory) -> None:
    """Rebuild summary.json, summary.md and the plots of a results folder from its store."""
    from mjsim.experiment import load_experiment
    from mjsim.report import write_report
    from mjsim.store import Store

    folder = Path(directory)
    for needed in ("experiment.toml", "store.sqlite"):
        if not (folder / needed).is_file():
            raise MjsimError(f"{folder}: no {needed} (is it a results folder written by mjsim run?)")
    experiment = load_experiment(folder / "experiment.toml")
    write_report(experiment, Store(folder / "store.sqlite"), folder)
    click.echo(f"wrote {folder / 'summary.md'}")


@cli.command()
@click.argument("preset_a")
@click.argument("preset_b")
@click.option("--set-a", "set_a", multiple=True, metavar="KEY=VALUE", help="override an option of A")
@click.option("--set-b", "set_b", multiple=True, metavar="KEY=VALUE", help="override an option of B")
@click.option("--games", default=100, show_default=True, type=click.IntRange(min=2))
@click.option("--seed", default=0, show_default=True)
@click.option("--agents", default="efficiency,efficiency,efficiency,efficiency", show_default=True)
@click.option("--rotate", is_flag=True, help="play each seed four times with the agents rotated")
@click.option("--workers", type=click.IntRange(min=1))
@click.option("--json", "as_json", is_flag=True)
def compare(preset_a, preset_b, set_a, set_b, games, seed, agents, rotate, workers, as_json) -> None:
    """Paired comparison of two rule sets on the same seeds (B minus A, 95% intervals)."""
    from mjsim.report import METRIC_FUNCTIONS, paired
    from mjsim.runner import RunSpec
    from mjsim.runner.run import collect

    names = tuple(_agents(agents))
    specs = [
        RunSpec(p, tuple(_overrides(o).items()), names, seed, rotate=rotate)
        for p, o in ((preset_a, set_a), (preset_b, set_b))
    ]
    a, b = (collect(spec, games, workers=workers) for spec in specs)
    rows = {m: paired(m, a, b) for m in METRIC_FUNCTIONS}
    if as_json:
        from mjsim.report import _jsonable

        click.echo(json.dumps(_jsonable(rows), indent=1))
        return
    click.echo(f"{preset_b} minus {preset_a}, {games} games on the same seeds (95% intervals):")
    for metric, result in rows.items():
        click.echo(f"  {metric:<20} {result.difference.format(3)}  (paired t p={result.t_pvalue:.3g})")


@cli.command()
@click.option("--preset", default="tenhou", show_default=True)
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE")
@click.option("--plugin", "plugins", multiple=True, metavar="MODULE", help="a variant module of yours to include")
@click.option("--examples", default=100, show_default=True, type=click.IntRange(min=1))
@click.option("--seed", default=0, show_default=True)
def check(preset, settings, plugins, examples, seed) -> None:
    """Check the invariants of a rule set with Hypothesis; a failure prints a replayable counterexample."""
    from mjsim.check import format_check, run_check

    result = run_check(preset, _overrides(settings), plugins, examples=examples, seed=seed)
    click.echo(format_check(result))
    sys.exit(0 if result.passed else 1)


@cli.command()
def variants() -> None:
    """List the installed variants."""
    from mjsim.plugins import installed_variants, load_variant

    for name in sorted(installed_variants()):
        module = load_variant(name)
        click.echo(f"{name:<16} {getattr(module, 'DESCRIPTION', (module.__doc__ or '').strip())}")


@cli.command()
@click.option("--preset", default="tenhou", show_default=True)
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE")
@click.option("--json", "as_json", is_flag=True)
def rules(preset, settings, as_json) -> None:
    """List every option of a rule set with its value, default and description."""
    compiled = _ruleset(preset, settings).compile()
    rows = []
    for key, opt in sorted(compiled.declared.items()):
        value, default = compiled.values[key], opt.parse(opt.default)
        rows.append(
            {
                "key": key,
                "value": _show(value),
                "default": _show(default),
                "description": opt.description,
                "allowed": opt.allowed(),
            }
        )
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    click.echo(f"rule set {compiled.ruleset.name}: variants {', '.join(compiled.ruleset.variants)}")
    for r in rows:
        mark = " " if r["value"] == r["default"] else "*"
        click.echo(f"{mark} {r['key']:<34} {r['value']:<22} (default {r['default']}) {r['description']}")


def _show(value) -> str:
    if isinstance(value, frozenset):
        return ",".join(sorted(map(str, value))) or "none"
    return str(value).lower() if isinstance(value, bool) else str(value)


@cli.group()
def bench() -> None:
    """Benchmarks (speed is measured here, never asserted in tests)."""


@bench.command("hand")
@click.option("--shanten-calls", default=50_000, show_default=True)
@click.option("--hands", default=2_000, show_default=True, help="winning hands to score")
@click.option("--seed", default=0, show_default=True)
@click.option("--json", "as_json", is_flag=True)
def bench_hand_cmd(shanten_calls, hands, seed, as_json) -> None:
    """Time per shanten call and per scored win on one core, beside the mahjong package."""
    from mjsim.bench import bench_hand, format_hand_report

    result = bench_hand(shanten_calls=shanten_calls, winning_hands=hands, seed=seed)
    click.echo(json.dumps(result, indent=1) if as_json else format_hand_report(result))


@bench.command("game")
@click.option("--games", default=20, show_default=True, type=click.IntRange(min=1))
@click.option("--seed", default=0, show_default=True)
@click.option("--preset", default="tenhou", show_default=True)
@click.option("--json", "as_json", is_flag=True)
def bench_game_cmd(games, seed, preset, as_json) -> None:
    """Hands per second on one core with four efficiency bots, and peak memory."""
    from mjsim.bench import bench_game, format_game_report

    result = bench_game(games=games, seed=seed, preset=preset)
    click.echo(json.dumps(result, indent=1) if as_json else format_game_report(result))


@bench.command("runner")
@click.option("--games", default=200, show_default=True, type=click.IntRange(min=4))
@click.option("--seed", default=0, show_default=True)
@click.option("--no-ray", is_flag=True, help="leave the Ray backend out")
@click.option("--json", "as_json", is_flag=True)
def bench_runner_cmd(games, seed, no_ray, as_json) -> None:
    """Games per second with one worker, two workers and Ray; the digest must not change."""
    from mjsim.bench import bench_runner, format_runner_report

    result = bench_runner(games=games, seed=seed, ray=not no_ray)
    click.echo(json.dumps(result, indent=1) if as_json else format_runner_report(result))


@cli.command()
def demo() -> None:
    """Shanten and scoring of a few hands: what `make run` shows until the runner exists."""
    from mjsim.demo import run_demo

    click.echo(run_demo())


def main() -> None:
    """Console-script entry point."""
    cli(prog_name="mjsim")
