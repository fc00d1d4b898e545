"""The ``mjsim`` command line: score, simulate, run, check, rules, bench; variants add their own commands."""

from __future__ import annotations

import importlib
import json
import math
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from mjsim.cli.interrupt import exit_status, handle_sigterm
from mjsim.cli.options import (
    complete_presets,
    preset_option,
    quiet_option,
    results_root_option,
    settings_option,
    workers_option,
)
from mjsim.cli.options import key_values as _overrides
from mjsim.errors import MjsimError, unexpected_error
from mjsim.gamelog.formats import MJSIM as MJSIM_LOG
from mjsim.rules import RuleSet
from mjsim.rules import plugins as _plugins  # a module: the name "plugins" is the --plugin option
from mjsim.rules.asking import variant_answer
from mjsim.rules.hooks import register_variant
from mjsim.runner.spec import MAX_COUNT


class _Group(click.Group):
    """A click group that turns user errors into one line and exit status 2, and takes the variants' commands."""

    variants_error: str | None = None  # None until the installed variants added their commands; then "" or why not
    # Commands imported when named (or listed by --help): their modules pull in scipy, a second of start-up
    # that `simulate` and the other commands never need.
    lazy_commands = {"explain": "mjsim.cli.explore:explain", "balance": "mjsim.cli.explore:balance"}
    lazy_commands["stats"] = "mjsim.cli.stats:stats"  # how the players of game logs played

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command's name, the lazy ones included."""
        return sorted({*super().list_commands(ctx), *self.lazy_commands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command of that name, importing a lazy one at its first use."""
        if cmd_name not in self.commands and cmd_name in self.lazy_commands:
            module, attr = self.lazy_commands[cmd_name].split(":")
            self.add_command(getattr(importlib.import_module(module), attr), cmd_name)
        return super().get_command(ctx, cmd_name)

    def main(self, *args, **kwargs):
        """Let every installed variant add its commands once, then run the command line."""
        if self.variants_error is None:
            self.variants_error = _commands_error(self)
        if self.variants_error:
            click.echo(f"mjsim: error: {self.variants_error}", err=True)
            sys.exit(2)
        if not kwargs.pop("standalone_mode", True):
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)
        except click.ClickException as exc:  # usage errors, bad option values, missing files
            click.echo(f"mjsim: error: {_usage_message(exc)}", err=True)
            sys.exit(2 if isinstance(exc, click.UsageError) else exc.exit_code)
        except click.Abort:
            click.echo("mjsim: interrupted", err=True)
            sys.exit(130)
        sys.exit(code if isinstance(code, int) else 0)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except MjsimError as exc:
            click.echo(f"mjsim: error: {exc}", err=True)
            ctx.exit(2)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except Exception as exc:  # never a traceback: a variant's hook, a full disk, a bug, named in one line
            if os.environ.get("MJSIM_TRACEBACK"):
                raise
            click.echo(f"mjsim: error: {unexpected_error(exc)}", err=True)
            ctx.exit(2)
        except KeyboardInterrupt as interrupt:  # Ctrl-C or SIGTERM (mjsim.cli.interrupt): click would say "Aborted!"
            click.echo("mjsim: interrupted", err=True)
            ctx.exit(exit_status(interrupt))
        finally:  # --quiet is one command line's: a process that runs several (tests, scripts) is not left quiet
            from mjsim.progress import set_quiet

            set_quiet(False)


# What there is to choose from: `mjsim presets`, `mjsim agents` (mjsim/cli/discover.py), imported when named.
_Group.lazy_commands.update(presets="mjsim.cli.discover:presets", agents="mjsim.cli.discover:agents")


def _usage_message(exc: click.ClickException) -> str:
    """Click's error as one line, prefixed by the command it belongs to (click prints usage and help hints)."""
    ctx = getattr(exc, "ctx", None)
    command = " ".join(ctx.command_path.split()[1:]) if ctx else ""  # without the program name
    return (f"{command}: " if command else "") + " ".join(exc.format_message().split())


def _commands_error(group: click.Group) -> str:
    """Why the installed variants could not add their commands to ``group`` ("" when they all did)."""
    try:
        add_variant_commands(group, _plugins.installed_variants())
    except MjsimError as exc:
        return str(exc)
    return ""


def add_variant_commands(group: click.Group, variants: Mapping[str, str]) -> None:
    """Call ``mjsim_register_commands(cli=group)`` on each of ``variants`` (name -> module), in name order.

    A variant that fails to import or fails in the hook raises an MjsimError naming it.
    """
    pm = _plugins.PluginManager()
    modules = {}
    for name in sorted(variants):
        with _named_failure(name, variants[name]):
            modules[name] = importlib.import_module(variants[name])
    _plugins.add_family_specs(pm, modules.values())  # a delta may answer a hook its family declares
    for name, module in modules.items():
        if pm.is_registered(module):  # one module under two names adds its commands once
            continue
        with _named_failure(name, variants[name]):
            register_variant(pm, module, name)  # an unknown hook name or bad arguments: refused in one line
            variant_answer(pm, "mjsim_register_commands", name, cli=group)


@contextmanager
def _named_failure(name: str, module: str) -> Iterator[None]:
    """Any failure of a variant's code while adding its commands, raised as one line naming the variant."""
    try:
        yield
    except Exception as exc:  # any failure of a variant's code is that variant's, named in one line
        detail = str(exc) if isinstance(exc, MjsimError) else f"{type(exc).__name__}: {exc}"
        raise MjsimError(f"variant {name!r} ({module}) cannot add its commands: {detail}") from None


def _load_plugins(ctx: click.Context, _param: click.Parameter, modules: tuple[str, ...]) -> None:
    """``mjsim --plugin MODULE``: import each module and let it add its commands (before the command is looked up).

    A module that cannot be imported, or fails adding its commands, is a one-line error naming it (exit 2).
    """
    for module in modules:
        _plugins.allow_plugin(module)  # named on the command line: experiment and preset files may name it too
        try:
            importlib.import_module(module)
            if module not in _plugins.installed_variants().values():  # an installed one added its commands already
                add_variant_commands(ctx.command, {module: module})
        except MjsimError as exc:
            _fail(ctx, str(exc))
        except Exception as exc:  # any failure of the user's module is named in one line
            _fail(ctx, f"--plugin {module}: cannot import it: {type(exc).__name__}: {exc}")


def _allow_plugins(_ctx: click.Context, _param: click.Parameter, modules: tuple[str, ...]) -> None:
    """``mjsim --allow-plugin MODULE``: experiment and preset files may name MODULE (imported when used)."""
    for module in modules:
        _plugins.allow_plugin(module)


def _allow_commands(_ctx: click.Context, _param: click.Parameter, names: tuple[str, ...]) -> None:
    """``mjsim --allow-command NAME``: experiment files may seat the agent NAME, which runs a command."""
    from mjsim.rules.consent import allow_command

    for name in names:
        allow_command(name)


def _fail(ctx: click.Context, message: str) -> None:
    click.echo(f"mjsim: error: {message}", err=True)
    ctx.exit(2)


@click.group(cls=_Group)
@click.version_option(package_name="mjsim")
@click.option(
    "--plugin",
    "group_plugins",
    multiple=True,
    metavar="MODULE",
    is_eager=True,  # before --help, so the help lists the module's commands
    expose_value=False,
    callback=_load_plugins,
    help="a variant module of yours whose commands (mjsim_register_commands) to add; repeatable",
)
@click.option(
    "--allow-plugin",
    multiple=True,
    metavar="MODULE",
    is_eager=True,
    expose_value=False,
    callback=_allow_plugins,
    help="a module of yours (not an installed variant) that experiment and preset files may name; repeatable",
)
@click.option(
    "--allow-command",
    multiple=True,
    metavar="AGENT",
    is_eager=True,
    expose_value=False,
    callback=_allow_commands,
    help="an agent that runs a command (mjai:CMD) that experiment files may seat; repeatable (never by report)",
)
def cli() -> None:
    """Simulate mahjong rule variants and check their properties.

    What to choose from: `mjsim presets` (the rule sets), `mjsim agents` (the players; without --agents a game
    seats its family's best), `mjsim rules --preset NAME` (one rule set's options). Shell completion:
    eval "$(_MJSIM_COMPLETE=bash_source mjsim)" (zsh_source, fish_source).
    """


def _ruleset(preset: str, settings: tuple[str, ...], plugins: tuple[str, ...] = ()) -> RuleSet:
    """The preset, with ``--plugin`` modules added after its variants and ``--set KEY=VALUE`` overrides."""
    return RuleSet.resolve(preset, _overrides(settings), plugins)


class SituationFlag(click.Option):
    """A ``score`` flag a family adds that stands for ``--situation NAME`` (``tsumo=True``: the win is self-drawn)."""

    def __init__(self, flag: str, situation: str, *, tsumo: bool = False, help: str | None = None) -> None:
        super().__init__([flag, f"situation_{situation}"], is_flag=True, help=help)
        self.situation = situation
        self.implies_tsumo = tsumo


class TableFact(click.Option):
    """A ``score`` option a family adds that gives one of its table facts of the win (``WinContext.table[key]``).

    ``family`` is the variant whose scoring reads it: a rule set without that variant refuses the option.
    ``tiles``: the value is mpsz text, repeatable, parsed with the hand (no tile used twice); else a whole
    number of at least 0.
    """

    def __init__(self, flag: str, key: str, family: str, *, tiles: bool = False, help: str | None = None) -> None:
        kind: dict[str, Any] = {"multiple": True} if tiles else {"type": click.IntRange(min=0), "default": None}
        super().__init__([flag, f"table_{key}"], help=help, **kind)
        self.key, self.family, self.tiles = key, family, tiles


class ScoreMode(click.Option):
    """A ``score`` option a family adds that scores something else than one HAND (e.g. every case of a file).

    ``handler(value, ruleset, as_json)`` prints the result and returns the exit status; ``usage`` is how
    the error for a missing HAND names the alternative (``--cases FILE``).
    """

    def __init__(self, flag: str, handler: Callable[[Any, RuleSet, bool], int], usage: str, **option) -> None:
        super().__init__([flag], **option)
        self.handler = handler
        self.usage = usage


@cli.command()
@click.argument("hand", required=False)
@click.option("--win", help="the winning tile (default: the hand's last tile)")
@click.option("--tsumo", is_flag=True, help="self-drawn win")
@click.option("--situation", "situations", multiple=True, metavar="NAME", help="a named moment of the win")
@click.option("--seat-wind", default=None, help="E, S, W or N (default E with --dealer, else S)")
@click.option("--round-wind", default="E", show_default=True, help="the round wind: E, S, W or N")
@click.option("--dealer", is_flag=True, help="the winner is East")
@click.option("--from", "discarder", default=None, help="wind of the discarder on a ron")
@click.option("--meld", multiple=True, help="a called set: chi:123m, pon:555z, kan:1111p, ankan:9999s")
@preset_option()
@settings_option("override an option")
@click.option("--plugin", "plugins", multiple=True, metavar="MODULE", help="a variant to add to the preset's")
@click.option(
    "--extra",
    multiple=True,
    metavar="KEY=VALUE",
    help="a variant's context, e.g. --extra jirai.forbidden=pinfu,tanyao (comma lists become tuples)",
)
@click.option("--json", "as_json", is_flag=True, help="print JSON")
@click.pass_context
def score(ctx: click.Context, hand, preset, settings, plugins, as_json, **kw) -> None:
    """Score HAND (mpsz, winning tile included or given by --win), or what an option a variant adds names."""
    ruleset = _ruleset(preset, settings, plugins)
    modes = [p for p in ctx.command.params if isinstance(p, ScoreMode)]
    for mode in modes:
        if kw.get(mode.name):
            if hand:
                raise MjsimError(f"give a HAND or {mode.usage}, not both")
            sys.exit(mode.handler(kw[mode.name], ruleset, as_json))
    if not hand:
        raise MjsimError("give a HAND to score" + "".join(f", or {mode.usage}" for mode in modes))
    flags = [p for p in ctx.command.params if isinstance(p, SituationFlag) and kw.get(p.name)]
    kw["situation"] = {*kw["situations"], *(flag.situation for flag in flags)}
    kw["tsumo"] = kw["tsumo"] or any(flag.implies_tsumo for flag in flags)
    rules = ruleset.compile()
    _check_situations(kw["situations"], rules, ctx.command.params)
    kw["table_tiles"], kw["table"] = _table_facts(kw, ruleset, ctx.command.params)
    _score_one(hand, rules, as_json, **kw)


def _table_facts(kw: dict[str, Any], ruleset: RuleSet, params: list[click.Parameter]) -> tuple[dict, dict]:
    """The family table facts given on the command line: (those that are tiles, as text; the others)."""
    tiles: dict[str, Any] = {}
    numbers: dict[str, Any] = {}
    for p in params:
        if not isinstance(p, TableFact) or kw.get(p.name) in (None, ()):
            continue
        if p.family not in ruleset.variants:
            raise MjsimError(f"{p.opts[0]} is a table fact of the {p.family} family; this rule set does not play it")
        (tiles if p.tiles else numbers)[p.key] = kw[p.name]
    return tiles, numbers


def _check_situations(names: tuple[str, ...], rules, params: list[click.Parameter]) -> None:
    """Each ``--situation`` must be one the rule set knows: a pattern's circumstance or a family's flag."""
    known = {p.when for p in rules.patterns if p.when} | {p.situation for p in params if isinstance(p, SituationFlag)}
    for name in names:
        if name not in known:
            known_text = ", ".join(sorted(known))
            raise MjsimError(f"--situation {name!r} is not a situation of this rule set; known: {known_text}")


def _score_one(hand: str, rules, as_json: bool, **kw) -> None:
    """Score one hand described on the command line and print it."""
    from mjsim.rules.plugins import family_words
    from mjsim.scoring.report import score_json, score_text
    from mjsim.scoring.win_input import refuse_impossible, win_context

    seat = kw["seat_wind"] or ("E" if kw["dealer"] else "S")
    if kw["dealer"] and seat.upper() != "E":
        raise MjsimError("--dealer means seat wind E; drop --seat-wind or --dealer")
    ctx = win_context(
        hand,
        kw["win"],
        melds=kw["meld"],
        tsumo=kw["tsumo"],
        situation=kw["situation"],
        seat_wind=seat,
        round_wind=kw["round_wind"],
        discarder=kw["discarder"],
        table_tiles=kw["table_tiles"],
        table=kw["table"],
        red_fives=len(rules.flow.setup.red_ids) if rules.flow else 0,  # the table's red fives (a family without: 0)
    )
    ctx = replace(ctx, extra={**ctx.extra, **_extra(kw["extra"], rules)})
    refuse_impossible(ctx, rules)
    result = rules.score_win(ctx=ctx, rules=rules)
    if as_json:  # default=float: a rado win below 1 han can have an exact fractional base (fractions.Fraction)
        click.echo(json.dumps(score_json(ctx, result, family_words(rules)), ensure_ascii=False, default=float))
    else:
        click.echo(score_text(ctx, result, family_words(rules)))


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


@cli.command()
@preset_option()
@settings_option()
@click.option("--games", default=10, show_default=True, type=click.IntRange(1, MAX_COUNT), help="games to play")
@click.option("--seed", default=0, show_default=True, type=int, help="root seed: the same seed gives the same games")
@click.option(
    "--agents",
    default=None,
    help="one bot per seat, comma-separated, or one name for every seat  [default: the family's best, "
    "e.g. human: mjsim agents]",
)
@click.option("--check", is_flag=True, help="check the invariants after every step (in this process)")
@click.option(
    "--check-all", is_flag=True, help="as --check, the seats' views too after every step (--check: a seeded tenth)"
)
@click.option("--log-out", type=click.Path(file_okay=False), help="write every game's log here (docs/game_log.md)")
@click.option("--log-format", help="format of --log-out: mjsim (the default), or a variant's (riichi: tenhou6, mjai)")
@workers_option("worker processes (default: this process only; at most the shards)")
@click.option(
    "--backend",
    type=click.Choice(["serial", "multiprocessing", "ray"]),
    default=None,
    help="where the games run (default: this process, or multiprocessing with --workers)",
)
@click.option("--address", help="Ray cluster address (with --backend ray)")
@click.option("--plugin", "plugins", multiple=True, metavar="MODULE", help="a variant module of yours to add")
@click.option(
    "--reference",
    "reference_file",
    type=click.Path(dir_okay=False),
    help="compare the play with this reference file (e.g. one `mjsim stats --reference-out` wrote)",
)
@click.option("--json", "as_json", is_flag=True, help="print the summary as JSON")
@quiet_option
def simulate(
    preset,
    settings,
    games,
    seed,
    agents,
    check,
    check_all,
    log_out,
    log_format,
    workers,
    backend,
    address,
    plugins,
    reference_file,
    as_json,
) -> None:
    """Play GAMES games and print a summary (with a digest: the same seed gives the same digest anywhere)."""
    from mjsim.checking.invariants import OBSERVE_SHARE
    from mjsim.play.terms import load_reference, play_reference
    from mjsim.progress import Progress
    from mjsim.runner.games import run_games
    from mjsim.runner.summary import Summary

    ruleset = _ruleset(preset, settings, plugins)
    compiled = ruleset.compile()
    names = _agents(agents, compiled)
    if len(names) == 1 and compiled.flow is not None:  # one name: that bot in every seat of the table
        names = names * compiled.flow.setup.seats
    if log_format is not None and not log_out:
        raise MjsimError("--log-format needs --log-out DIR")
    check = check or check_all
    given = load_reference(Path(reference_file)) if reference_file else None  # a bad file: before any game
    tally = Summary()  # records are counted as they come, never all held: constant memory for any --games
    if backend is None and workers is None or check or log_out:
        with Progress(games) as progress:
            out = Path(log_out) if log_out else None
            share = 1.0 if check_all else OBSERVE_SHARE
            fmt = log_format or MJSIM_LOG
            run_games(compiled, games, seed, names, check, out, progress, fmt, observe_share=share, sink=tally.add)
    else:
        from mjsim.runner import RunSpec
        from mjsim.runner.run import fill

        spec = RunSpec(ruleset, tuple(names), seed)
        spec.check()
        shards = lambda records: [tally.add(r) for r in records]  # noqa: E731 - each shard counted, then dropped
        fill(spec, games, shards, backend=backend or "multiprocessing", workers=workers, address=address)
    summary = {**tally.result(), "digest": tally.digest(), "preset": preset, "seed": seed, "agents": names}
    summary["default_agents"] = agents is None  # seated by the family (mjsim_default_agent), not by --agents
    reference = given if reference_file else play_reference(compiled)
    if as_json:
        if reference is not None:
            summary["reference"] = {"name": reference.name, "about": reference.about, **reference.figures}
        click.echo(json.dumps(summary, indent=1, ensure_ascii=False))
        return
    click.echo(_simulate_text(summary, reference))


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option(
    "--preset",
    default=None,
    help="replay the logged walls and actions under this rule set instead",
    shell_complete=complete_presets,
)
@settings_option("with --preset: an option override")
@click.option("--plugin", "plugins", multiple=True, metavar="MODULE", help="with --preset: a variant module to add")
@click.option("--bot", default="efficiency", show_default=True, help="with --preset: plays once the log cannot")
@click.option("--json", "as_json", is_flag=True, help="print the replay report as JSON")
@quiet_option
def replay(paths, preset, settings, plugins, bot, as_json) -> None:
    """Replay game logs: mjsim's under their logged rules (every action, event and transfer checked), Tenhou's
    under Tenhou's; with --preset, every logged hand under another rule set, compared with the log."""
    from mjsim.gamelog.commands import replay_paths, retry_paths

    if preset is None:
        if settings or plugins:
            raise MjsimError("replay: --set and --plugin go with --preset (a log replays under its own rules)")
        sys.exit(replay_paths(paths, as_json))
    ruleset = _ruleset(preset, settings, plugins)
    _agents(bot, ruleset.compile())  # an unknown bot is one line before any log is read
    sys.exit(retry_paths(paths, ruleset, bot, as_json))


def _positive_width(value: float | None) -> float | None:
    """``--until-ci``: a finite half-width above zero (nan or a negative width would play until ``max_games``)."""
    if value is not None and not (math.isfinite(value) and value > 0):
        raise click.BadParameter(f"must be a number above 0, got {value}")
    return value


def _agents(text: str | None, rules=None) -> list[str]:
    """The agent names of ``--agents`` (none: the family's default bot in every seat of the table of ``rules``),
    each known to an installed variant or to the variants of ``rules``."""
    if text is None:
        from mjsim.agents.registry import default_agents

        return list(default_agents(rules))
    names = [a.strip() for a in text.split(",")]  # one per seat: the game checks the count against its table
    from mjsim.agents import agent_names
    from mjsim.agents.registry import base_name

    known = sorted({*agent_names(), *(agent_names(rules) if rules is not None else ())})
    unknown = [n for n in names if base_name(n) not in known]
    if unknown:
        raise MjsimError(f"unknown agent {unknown[0]!r}; known agents: {', '.join(known)}")
    return names


def _simulate_text(s: dict, reference=None) -> str:
    from mjsim.play.table import text_table

    lines = [f"{s['games']} games, {s['hands']} hands ({s['hands_per_game']:.2f} per game), preset {s['preset']}"]
    if s.get("default_agents"):
        lines.append(f"  players: {s['agents'][0]} in every seat, the family's default (--agents to choose others)")
    for seat, st in enumerate(s["seats"]):
        dist = " ".join(f"{p:.2f}" for p in st["rank_distribution"])
        lines.append(f"  seat {seat}: mean points {st['mean_points']:8.0f}   ranks 1-{len(s['seats'])}: {dist}")
    lines += ["", "how the players played (rates per player-hand; shares of wins):", *text_table(s["play"], reference)]
    lines.append("  winners per hand " + "  ".join(f"{n}: {k}" for n, k in s["winners_per_hand"].items()))
    for fact, by_seat in s.get("agent_facts", {}).items():  # the bots' own counts, e.g. mjai answers replaced
        lines.append(f"  {fact} by seat: {' '.join(str(n) for n in by_seat)}")
    lines.append(f"  invariant violations {s['invariant_violations']}  digest {s['digest'][:16]}")
    return "\n".join(lines)


@cli.command("run")
@click.argument("experiment_file", type=click.Path(dir_okay=False))
@workers_option("worker processes (default: every core; at most the shards)")
@click.option(
    "--backend",
    type=click.Choice(["serial", "multiprocessing", "ray"]),
    default="multiprocessing",
    show_default=True,
    help="where the games run: this process, worker processes, or Ray (pip install 'ray>=2.9')",
)
@click.option("--address", help="Ray cluster address (with --backend ray; without it Ray starts locally)")
@click.option("--resume", is_flag=True, help="finish a run that was interrupted: play only the missing games")
@click.option(
    "--force-resume",
    is_flag=True,
    help="resume even a store made with other code or options (the manifest records it)",
)
@click.option(
    "--until-ci",
    type=float,
    callback=lambda ctx, param, value: _positive_width(value),
    help="add games until the target's 95% half-width is below this",
)
@results_root_option("the folder that holds the results folder of the experiment")
@quiet_option
def run_cmd(experiment_file, workers, backend, address, resume, force_resume, until_ci, root) -> None:
    """Run an experiment file: fill its store, then write summary.json, summary.md and plots."""
    from mjsim.experiment import beside_presets, load_experiment, results_dir, run_experiment
    from mjsim.files import write_file
    from mjsim.report import write_report

    experiment = load_experiment(experiment_file)
    out = results_dir(experiment, root)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise MjsimError(f"{out}: cannot create the results folder ({exc.strerror or exc})") from None
    try:
        store = run_experiment(
            experiment,
            out=out,
            backend=backend,
            workers=workers,
            address=address,
            resume=resume,
            until_ci=until_ci,
            force_resume=force_resume,
        )
    except KeyboardInterrupt as interrupt:  # Ctrl-C or SIGTERM: the workers are stopped, finished shards stored
        status = exit_status(interrupt)
    else:
        status = 0
    if status:
        click.echo(f"interrupted: {_games_kept(experiment, out)} games kept; run again with --resume", err=True)
        sys.exit(status)
    if Path(experiment_file).resolve() != (out / "experiment.toml").resolve():
        try:
            write_file(out / "experiment.toml", Path(experiment_file).read_bytes())  # so `report DIR` rebuilds it
            for relative in beside_presets(experiment):  # and the preset files it names beside it, read from there
                (out / relative).parent.mkdir(parents=True, exist_ok=True)
                write_file(out / relative, (Path(experiment_file).parent / relative).read_bytes())
        except OSError as exc:
            raise MjsimError(
                f"{out}: cannot copy the experiment file ({exc.strerror or exc}); the store is kept"
            ) from None
    summary = write_report(experiment, store, out)
    from mjsim.report.md import summary_lead

    click.echo(summary_lead(summary) + "\n")  # the answer first, then where the files are
    click.echo(f"wrote {out / 'summary.md'}, {out / 'summary.json'} and {len(summary['plots'])} plots")
    _warn_forced(summary)
    if experiment.balance is not None:  # [balance]: asked of the baseline rule set after the runs
        from mjsim.cli.explore import answer_balance

        answer_balance(experiment, out, workers)


def _warn_forced(summary: dict) -> None:
    """A warning on stderr for each run whose games mix two settings (resumed with --force-resume)."""
    for forced in summary.get("forced_resumes", []):
        click.echo(
            f"mjsim: warning: run {forced['run']} was resumed with --force-resume after it was made with "
            f"{forced['difference']}: its figures mix both (summary.md says so)",
            err=True,
        )


def _games_kept(experiment, out: Path) -> str:
    """How many games the store of an interrupted run holds (``finished`` when the store cannot be read)."""
    from mjsim.experiment.store import Store

    try:
        store = Store(out / "store.sqlite")
    except MjsimError:
        return "finished"
    try:
        return str(sum(len(store.done(entry.name)) for entry in experiment.rulesets))
    finally:
        store.close()


@cli.command("export")
@click.argument("directory", type=click.Path(file_okay=False))
@click.option(
    "--format", "fmt", type=click.Choice(["csv", "parquet"]), default="csv", show_default=True, help="file format"
)
@click.option("--out", type=click.Path(file_okay=False), help="folder of the tables  [default: DIRECTORY/export]")
def export_cmd(directory, fmt, out) -> None:
    """Write a results folder's games as tables for pandas and other tools: games, hands and seats (one row per
    game, per hand, per seat of a game; the rule set and line-up as columns). docs/python.md describes them."""
    from mjsim.api.export import export

    for path, rows in export(directory, fmt, out):
        click.echo(f"wrote {path} ({rows} rows)")


@cli.command()
@click.argument("directory", type=click.Path(file_okay=False))
@click.option(
    "--html", "as_html", is_flag=True, help="also write summary.html (plots inline) and viewer pages of notable games"
)
def report(directory, as_html) -> None:
    """Rebuild summary.json, summary.md and the plots of a results folder from its store."""
    from mjsim.experiment import load_experiment
    from mjsim.experiment.store import Store
    from mjsim.report import write_report

    folder = Path(directory)
    for needed in ("experiment.toml", "store.sqlite"):
        if not (folder / needed).is_file():
            raise MjsimError(f"{folder}: no {needed} (is it a results folder written by mjsim run?)")
    experiment = load_experiment(folder / "experiment.toml", commands="never")  # replays none of its commands
    store = Store(folder / "store.sqlite", write=False)  # read-only: no lock, no writes
    _warn_forced(write_report(experiment, store, folder))
    if as_html and experiment.commands:
        click.echo(
            f"mjsim: warning: notable games seating {', '.join(map(repr, experiment.commands))} are not replayed: "
            "a report runs no command a results folder names",
            err=True,
        )
    if not as_html:
        click.echo(f"wrote {folder / 'summary.md'}")
        return
    from mjsim.experiment import command_line
    from mjsim.report.html import write_summary_html

    pages = write_summary_html(experiment, store, folder, command_line())
    click.echo(f"wrote {folder / 'summary.md'} and {folder / 'summary.html'} ({pages} game pages under games/)")


@cli.command()
@click.argument("log", type=click.Path(dir_okay=False))
@click.option("-o", "--out", type=click.Path(dir_okay=False), help="the page to write  [default: LOG with .html]")
@click.option(
    "--advise", "advisor", metavar="BOT", help="mark each decision where this bot (e.g. human) would choose otherwise"
)
def view(log, out, advisor) -> None:
    """Write one self-contained HTML page per game in a log (any format replay reads: mjsim's, Tenhou mjlog and
    tenhou.net/6, mjai) that steps through it at the table; it opens from file://."""
    from mjsim.view.load import write_views

    targets, notes = write_views(Path(log), Path(out) if out else None, advisor)
    for note in notes:
        click.echo(note, err=True)
    for target in targets:
        click.echo(f"wrote {target}")


@cli.command()
@click.argument("preset_a", shell_complete=complete_presets)
@click.argument("preset_b", shell_complete=complete_presets)
@click.option("--set-a", "set_a", multiple=True, metavar="KEY=VALUE", help="override an option of A")
@click.option("--set-b", "set_b", multiple=True, metavar="KEY=VALUE", help="override an option of B")
@click.option(
    "--games",
    default=100,
    show_default=True,
    type=click.IntRange(2, MAX_COUNT),
    help="games per rule set (the same seeds for both)",
)
@click.option("--seed", default=0, show_default=True, help="root seed of the games")
@click.option("--agents", default=None, help="one bot per seat, comma-separated  [default: the family's best]")
@click.option("--rotate", is_flag=True, help="play each seed once per seat with the agents rotated")
@workers_option()
@click.option("--json", "as_json", is_flag=True, help="print the comparison as JSON")
@quiet_option
def compare(preset_a, preset_b, set_a, set_b, games, seed, agents, rotate, workers, as_json) -> None:
    """Paired comparison of two rule sets on the same seeds (B minus A, 95% intervals)."""
    from mjsim.experiment.metrics import METRIC_FUNCTIONS, paired
    from mjsim.runner import RunSpec
    from mjsim.runner.run import collect

    rulesets = [_ruleset(p, o) for p, o in ((preset_a, set_a), (preset_b, set_b))]
    names = tuple(_agents(agents)) if agents is not None else ()  # (): the family's default bot in every seat
    specs = [RunSpec(ruleset, names, seed, rotate=rotate) for ruleset in rulesets]
    for spec in specs:  # both rule sets are checked before A's games are played
        spec.check()
    labels = (f"A {preset_a}: ", f"B {preset_b}: ")
    a, b = (collect(spec, games, workers=workers, label=label) for spec, label in zip(specs, labels, strict=True))
    rows = {m: paired(m, a, b) for m in METRIC_FUNCTIONS}
    if as_json:
        from mjsim.report import _jsonable

        click.echo(json.dumps(_jsonable(rows), indent=1))
        return
    click.echo(f"{preset_b} minus {preset_a}, {games} games on the same seeds (95% intervals):")
    if not names:
        seated = " / ".join(dict.fromkeys(spec.line_up()[0] for spec in specs))
        click.echo(f"  players: {seated} in every seat, the family's default (--agents to choose others)")
    for metric, result in rows.items():
        click.echo(f"  {metric:<20} {result.difference.format(3)}  (paired t p={result.t_pvalue:.3g})")


@cli.command()
@preset_option()
@settings_option()
@click.option("--plugin", "plugins", multiple=True, metavar="MODULE", help="a variant module of yours to include")
@click.option(
    "--examples",
    default=100,
    show_default=True,
    type=click.IntRange(1, MAX_COUNT),
    help="games Hypothesis plays (each one checked after every step)",
)
@click.option("--seed", default=0, show_default=True, help="Hypothesis seed: the same seed gives the same examples")
@click.option("--vary-options", is_flag=True, help="each example also draws every numeric option within its range")
@quiet_option
def check(preset, settings, plugins, examples, seed, vary_options) -> None:
    """Check the invariants of a rule set with Hypothesis; a failure prints a replayable counterexample."""
    from mjsim.checking.check import format_check, run_check

    result = run_check(preset, _overrides(settings), plugins, examples=examples, seed=seed, vary_options=vary_options)
    click.echo(format_check(result))
    sys.exit(0 if result.passed else 1)


@cli.command()
def variants() -> None:
    """List the installed variants."""
    from mjsim.rules.plugins import installed_variants, load_variant

    for name in sorted(installed_variants()):
        module = load_variant(name)
        click.echo(f"{name:<16} {getattr(module, 'DESCRIPTION', (module.__doc__ or '').strip())}")


@cli.command()
@preset_option()
@settings_option()
@click.option("--json", "as_json", is_flag=True, help="print the options as JSON")
def rules(preset, settings, as_json) -> None:
    """List every option of a rule set with its value, default and description."""
    compiled = _ruleset(preset, settings).compile()
    rows = []
    for key, opt in sorted(compiled.declared.items()):
        value, default = compiled[key], opt.parse(opt.default)
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
        ranged = f" [{r['allowed']}]" if compiled.declared[r["key"]].numbers is not None else ""
        click.echo(f"{mark} {r['key']:<34} {r['value']:<22} (default {r['default']}) {r['description']}{ranged}")


def _show(value) -> str:
    if isinstance(value, frozenset):
        return ",".join(sorted(map(str, value))) or "none"
    return str(value).lower() if isinstance(value, bool) else str(value)


CHECKOUT = Path(__file__).resolve().parents[2]  # the source checkout, when mjsim runs from one


def _benchmark_commands() -> click.Group:
    """The ``bench`` commands of the checkout's ``benchmarks`` package (an installed mjsim ships none)."""
    init = CHECKOUT / "benchmarks" / "__init__.py"
    if not init.is_file():
        raise MjsimError(f"mjsim bench runs from a source checkout: no benchmarks package at {init.parent}")
    if "benchmarks" not in sys.modules:  # loaded by its place, beside this mjsim, not from the working directory
        import importlib.util

        spec = importlib.util.spec_from_file_location("benchmarks", init, submodule_search_locations=[str(init.parent)])
        sys.modules["benchmarks"] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    from benchmarks.cli import bench as commands

    return commands


class _Benchmarks(click.Group):
    """``mjsim bench``: the commands of the checkout's benchmarks/, loaded only when asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return _benchmark_commands().list_commands(ctx)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        return _benchmark_commands().get_command(ctx, name)


@cli.group(cls=_Benchmarks)
def bench() -> None:
    """Benchmarks of a source checkout (benchmarks/): hand, game, runner."""


def main() -> None:
    """Console-script entry point."""
    handle_sigterm()
    cli(prog_name="mjsim")
