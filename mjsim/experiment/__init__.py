"""Experiment files (TOML) -> runs -> the results store -> the report.

An experiment names one or more rule sets (a preset plus option overrides),
one agent per seat of their table (default: the family's best bot in every seat, ``mjsim_default_agent``)
or several line-ups of them (``mjsim.experiment.lineups``: every rule set is then played
by each), how many games, a root seed, the target estimate for ``--until-ci``
and the comparisons to draw. Every rule set plays the same seeds, so
comparisons are paired game by game (within each line-up).
"""

from __future__ import annotations

import re
import shlex
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from mjsim.errors import MjsimError
from mjsim.experiment.balance_question import Question, question
from mjsim.experiment.lineups import LineUp, parse_lineups, run_name
from mjsim.experiment.store import Store
from mjsim.experiment.sweep import Sweep, expand, parse_sweeps
from mjsim.files import check_keys, load_toml, read_text
from mjsim.rules import RuleSet
from mjsim.rules.plugins import check_data_variant
from mjsim.rules.presets import relative_to
from mjsim.runner import RunSpec
from mjsim.runner.fingerprint import fingerprint_of, variant_version, with_games
from mjsim.runner.run import DEFAULT_SHARD, fill
from mjsim.runner.spec import MAX_COUNT
from mjsim.version import __version__

METRICS = (
    "first_dealer_points",
    "first_dealer_rank",
    "points_spread",
    "hands_per_game",
    "mean_win_value",
    "win_rate",
    "first_dealer_result",
    "results_spread",
    "last_hand_lead_change",
    "bust_rate",
)
_KEYS = {
    "name",
    "title",
    "question",
    "games",
    "seed",
    "agents",
    "lineups",
    "baseline",
    "target",
    "max_games",
    "shard_size",
    "rulesets",
    "compare",
    "rotate_seats",
    "metrics",
    "rank",
    "tournament",
    "sections",
    "sweep",
    "balance",
}


_PLAIN_NAME = re.compile(r"[A-Za-z0-9_.-]{1,100}")  # an experiment name becomes a folder name (255 bytes at most)


@dataclass(frozen=True)
class RuleSetEntry:
    """One rule set of an experiment."""

    name: str
    preset: str
    options: dict[str, Any] = field(default_factory=dict)
    plugins: tuple[str, ...] = ()
    without: tuple[str, ...] = ()  # variants of the preset left out, with their options (mjsim explain)
    point: tuple[tuple[str, Any], ...] = ()  # (option, value) of every swept option at this rule set's point

    def ruleset(self) -> RuleSet:
        """The resolved rule set: the preset, the plugins after its variants, the options over its own."""
        ruleset = RuleSet.resolve(self.preset, sorted(self.options.items()), self.plugins)
        if not self.without:
            return ruleset
        kept = {k: v for k, v in ruleset.options.items() if k.partition(".")[0] not in self.without}
        variants = tuple(v for v in ruleset.variants if v not in self.without)
        return RuleSet(ruleset.name, variants, kept, ruleset.description)


@dataclass(frozen=True)
class Run:
    """One rule set played by one line-up: a run of the store, called ``name``."""

    name: str
    entry: RuleSetEntry
    line_up: LineUp


@dataclass(frozen=True)
class Experiment:
    """A parsed, checked experiment file."""

    name: str
    title: str
    question: str
    games: int
    seed: int
    agents: tuple[str, ...]  # one per seat of every rule set's table (RunSpec checks it); () = the family's default
    rulesets: tuple[RuleSetEntry, ...]
    baseline: str
    target: str
    compare: tuple[tuple[str, str, str], ...]  # (a, b, metric)
    max_games: int
    metrics: tuple[str, ...] = ()  # more metrics to estimate for every rule set
    rank: tuple[str, ...] = ()  # rank the rule sets by how much they move these metrics from the baseline
    shard_size: int = DEFAULT_SHARD
    rotate_seats: bool = False
    tournament: bool = False  # report tournament scoring per rule set and player (other_variants.md §6-§7)
    sections: tuple[str, ...] = ()  # more report sections by name, each registered by a variant (boo_dabuken...)
    path: str = ""
    lineups: tuple[LineUp, ...] = ()  # two or more named line-ups, each playing every rule set; () = ``agents``
    sweeps: tuple[Sweep, ...] = ()  # [[sweep]]: the rule sets are then every base rule set at every point
    balance: Question | None = None  # [balance]: asked of the baseline rule set by `mjsim balance --experiment`
    commands: tuple[str, ...] = ()  # agents that run a command, when loaded with commands="never": none may play

    def line_ups(self) -> tuple[LineUp, ...]:
        """Every line-up: the named ones, else one unnamed line-up of ``agents``."""
        return self.lineups or (LineUp("", self.agents),)

    def runs(self) -> tuple[Run, ...]:
        """Every rule set played by every line-up, line-up by line-up (one line-up: one run per rule set)."""
        return tuple(Run(run_name(e.name, u), e, u) for u in self.line_ups() for e in self.rulesets)

    def run(self, name: str) -> Run:
        """The run called ``name`` (a rule set's name alone names its run of the first line-up)."""
        return next((r for r in self.runs() if r.name == name), None) or Run(name, self.entry(name), self.line_ups()[0])

    def spec(self, entry: RuleSetEntry, line_up: LineUp | None = None) -> RunSpec:
        """The run spec of one rule set played by ``line_up`` (default: the first; the preset resolved here)."""
        ruleset = entry.ruleset()
        agents = (line_up or self.line_ups()[0]).agents
        return RunSpec(ruleset, agents, self.seed, name=entry.name, rotate=self.rotate_seats)

    def line_up(self, name: str) -> tuple[str, ...]:
        """The agents by seat of the run (or rule set) called ``name``: its line-up's, else the family's default bot
        in every seat."""
        run = self.run(name)
        return self.spec(run.entry, run.line_up).line_up()

    def entry(self, name: str) -> RuleSetEntry:
        """The rule set called ``name``."""
        return next(e for e in self.rulesets if e.name == name)


def load_experiment(path: str | Path, commands: str = "allowed") -> Experiment:
    """Read and check an experiment file; every problem names the file and the key.

    An agent that runs a command (``mjai:CMD``) is refused unless the user allowed it (``mjsim.rules.consent``);
    ``commands="never"`` (``mjsim report``) loads the file anyway and lists those agents in ``commands``, so
    that whoever plays a game can leave theirs unplayed."""
    from mjsim.agents.commands import check_commands, runs_command

    path = Path(path)
    experiment = _experiment(path, load_toml(read_text(path, str(path)), str(path)))
    seated = [name for line_up in experiment.line_ups() for name in line_up.agents]
    if commands == "never":
        return replace(experiment, commands=tuple(dict.fromkeys(n for n in seated if runs_command(n))))
    check_commands(seated, str(path))
    return experiment


def experiment_from_dict(data: Mapping[str, Any]) -> Experiment:
    """An experiment given as a dict (what its TOML file would hold), checked as a file is; errors name it by its
    ``name`` (from Python: ``mjsim.run({...})``)."""
    if not isinstance(data, Mapping):
        raise MjsimError(f"an experiment must be a table of keys (a dict), got {type(data).__name__}")
    name = data.get("name", "experiment")
    return _experiment(Path(f"{name if isinstance(name, str) else 'experiment'}.toml"), dict(data))


def _experiment(path: Path, data: dict[str, Any]) -> Experiment:
    where = str(path)
    check_keys(where, "", data, _KEYS)
    sweeps = parse_sweeps(where, data.get("sweep"))
    bases = tuple(_ruleset(where, i, r) for i, r in enumerate(_need(where, data, "rulesets", list)))
    rulesets = expand(bases, sweeps, where)
    names = [r.name for r in rulesets]
    if len(set(names)) != len(names) or not names:
        raise MjsimError(f"{where}: 'rulesets' needs at least one entry and unique names, got {names}")
    baseline = data.get("baseline", names[0])
    target = data.get("target", "first_dealer_points")
    _check_choice(where, "baseline", baseline, names)
    _check_metric(where, "target", target)
    metrics = _metric_list(where, "metrics", data.get("metrics", []))
    games = _positive(where, data, "games", 100, least=2)  # intervals, paired tests and seat balance need two
    name = _plain_name(where, data.get("name", path.stem))
    agents, lineups = _players(where, data)
    return Experiment(
        name=name,
        title=_text(where, data, "title", name),
        question=_text(where, data, "question", ""),
        games=games,
        seed=_seed(where, data),
        agents=agents,
        lineups=lineups,
        rulesets=rulesets,
        baseline=baseline,
        target=target,
        compare=_comparisons(where, data, names, baseline, target if sweeps else "first_dealer_points"),
        metrics=metrics,
        rank=_metric_list(where, "rank", data.get("rank", [])),
        max_games=_max_games(where, data, games),
        shard_size=_positive(where, data, "shard_size", DEFAULT_SHARD),
        rotate_seats=_flag(where, data, "rotate_seats"),
        tournament=_flag(where, data, "tournament"),
        sections=_sections(where, data.get("sections", [])),
        path=str(path),
        sweeps=sweeps,
        balance=_balance(where, data.get("balance")),
    )


def _balance(where: str, raw: Any) -> Question | None:
    """``[balance]``: a balance question (mjsim.experiment.balance_question), or None."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise MjsimError(f"{where}: 'balance' must be a table with option, metric, target and low/high or values")
    return question(where, raw)


def _ruleset(where: str, index: int, raw: Any) -> RuleSetEntry:
    if not isinstance(raw, dict) or "preset" not in raw:
        raise MjsimError(f"{where}: rulesets[{index}] needs a table with at least 'preset'")
    check_keys(where, f"rulesets[{index}].", raw, {"name", "preset", "options", "plugins"})
    for key in ("name", "preset"):
        if not isinstance(raw.get(key, ""), str) or not raw.get(key, "x"):
            raise MjsimError(f"{where}: rulesets[{index}].{key} must be a non-empty text, got {raw[key]!r}")
    options = raw.get("options", {})
    if not isinstance(options, dict):
        raise MjsimError(f"{where}: rulesets[{index}].options must be a table of option = value")
    plugins = raw.get("plugins", [])
    if not isinstance(plugins, list) or not all(isinstance(p, str) and p for p in plugins):
        raise MjsimError(f"{where}: rulesets[{index}].plugins must be a list of variant names, got {plugins!r}")
    for plugin in plugins:
        check_data_variant(plugin, f"{where}: rulesets[{index}].plugins")
    preset = relative_to(str(raw["preset"]), where)  # a preset file beside the experiment, wherever mjsim runs
    return RuleSetEntry(str(raw.get("name", raw["preset"])), preset, dict(options), tuple(plugins))


def _comparisons(where: str, data: dict[str, Any], names: list[str], baseline: str, default_metric: str) -> tuple:
    raw = data.get("compare")
    if raw is None:
        return tuple((baseline, n, default_metric) for n in names if n != baseline)
    if not isinstance(raw, list):
        raise MjsimError(f"{where}: 'compare' must be a list of tables with 'a', 'b' and 'metric', got {raw!r}")
    out = []
    for i, c in enumerate(raw):
        if not isinstance(c, dict) or not {"a", "b"} <= set(c):
            raise MjsimError(f"{where}: compare[{i}] needs 'a' and 'b' (rule set names)")
        check_keys(where, f"compare[{i}].", c, {"a", "b", "metric"})
        for key in ("a", "b"):
            _check_choice(where, f"compare[{i}].{key}", c[key], names)
        metric = c.get("metric", "first_dealer_points")
        _check_metric(where, f"compare[{i}].metric", metric)
        out.append((c["a"], c["b"], metric))
    return tuple(out)


def _need(where: str, data: dict[str, Any], key: str, kind: type) -> Any:
    if not isinstance(data.get(key), kind):
        raise MjsimError(f"{where}: '{key}' is required and must be a {kind.__name__}")
    return data[key]


def _int(where: str, data: dict[str, Any], key: str, default: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise MjsimError(f"{where}: '{key}' must be an integer, got {value!r}")
    return value


MAX_SEED = 2**63 - 1  # seeds are drawn from the root seed as 64-bit numbers


def _seed(where: str, data: dict[str, Any]) -> int:
    """The root seed, from 0 to MAX_SEED."""
    value = _int(where, data, "seed", 0)
    if not 0 <= value <= MAX_SEED:
        raise MjsimError(f"{where}: 'seed' must be from 0 to {MAX_SEED}, got {value}")
    return value


def _max_games(where: str, data: dict[str, Any], games: int) -> int:
    """The cap of --until-ci: at least ``games`` (default ten times it, at most MAX_COUNT)."""
    value = _positive(where, data, "max_games", min(games * 10, MAX_COUNT))
    if value < games:
        raise MjsimError(f"{where}: 'max_games' ({value}) must be at least 'games' ({games})")
    return value


def _text(where: str, data: dict[str, Any], key: str, default: str) -> str:
    """A free text key (title, question)."""
    value = data.get(key, default)
    if not isinstance(value, str):
        raise MjsimError(f"{where}: '{key}' must be a text, got {value!r}")
    return value


def _plain_name(where: str, name: Any) -> str:
    """The experiment's name, which names its results folder: letters, digits and ``-_.`` only, so that output
    stays under the chosen results folder (no path separators, no ``..``, not empty)."""
    if not isinstance(name, str) or not _PLAIN_NAME.fullmatch(name) or set(name) == {"."}:
        raise MjsimError(
            f"{where}: 'name' must be a plain name (1 to 100 letters, digits, '-', '_', '.'), got {name!r}"
        )
    return name


def _flag(where: str, data: dict[str, Any], key: str) -> bool:
    """A true/false key (false when absent)."""
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise MjsimError(f"{where}: '{key}' must be true or false, got {value!r}")
    return value


def _sections(where: str, raw: Any) -> tuple[str, ...]:
    """``sections``: names of report sections that installed variants register (``mjsim_register_report_sections``)."""
    from mjsim.experiment.sections import report_section

    if not isinstance(raw, list) or not all(isinstance(name, str) for name in raw):
        raise MjsimError(f"{where}: 'sections' must be a list of report section names, got {raw!r}")
    for name in raw:
        try:
            report_section(name)
        except MjsimError as exc:
            raise MjsimError(f"{where}: sections: {exc}") from None
    return tuple(dict.fromkeys(raw))


def _positive(where: str, data: dict[str, Any], key: str, default: int, least: int = 1) -> int:
    """A count from ``least`` to MAX_COUNT (a run of more games than that would not fit in memory or a lifetime)."""
    value = _int(where, data, key, default)
    if not least <= value <= MAX_COUNT:
        raise MjsimError(f"{where}: '{key}' must be from {least} to {MAX_COUNT:,}, got {value}")
    return value


def _agents(where: str, raw: Any) -> tuple[str, ...]:
    """Known bots, one per seat ([]: the run seats the family's default bot in every seat); the table checks the
    count."""
    from mjsim.agents import agent_names
    from mjsim.agents.registry import base_name

    if not isinstance(raw, list):
        raise MjsimError(f"{where}: 'agents' must be a list of bots, one per seat, got {raw!r}")
    for name in raw:
        _check_choice(where, "agents", base_name(name) if isinstance(name, str) else name, agent_names())
    return tuple(raw)


def _players(where: str, data: dict[str, Any]) -> tuple[tuple[str, ...], tuple[LineUp, ...]]:
    """(agents, line-ups): ``agents`` or ``lineups``, not both; a single line-up is the same as ``agents``."""
    from mjsim.agents import agent_names

    if "lineups" not in data:
        return _agents(where, data.get("agents", [])), ()
    if "agents" in data:
        raise MjsimError(f"{where}: give 'agents' (one line-up) or 'lineups' (several), not both")
    lineups = parse_lineups(where, data["lineups"], agent_names())
    return (lineups[0].agents, ()) if len(lineups) == 1 else ((), lineups)


def _check_metric(where: str, key: str, value: Any) -> None:
    """A named metric or a parametric one (final:KEY[=VALUE], hand_sum:KEY, hand_mean:KEY, side:CURRENCY)."""
    from mjsim.experiment.metrics import metric

    if not isinstance(value, str) or metric(value) is None:
        raise MjsimError(
            f"{where}: {key} = {value!r} is not one of: {', '.join(METRICS)}, "
            "or final:KEY[=VALUE], hand_sum:KEY, hand_mean:KEY, side:CURRENCY"
        )


def _metric_list(where: str, key: str, raw: Any) -> tuple[str, ...]:
    """A list of metric names (``metrics``: more to estimate; ``rank``: to rank the rule sets by)."""
    if not isinstance(raw, list):
        raise MjsimError(f"{where}: {key} must be a list of metric names, got {raw!r}")
    for i, name in enumerate(raw):
        _check_metric(where, f"{key}[{i}]", name)
    return tuple(raw)


def _check_choice(where: str, key: str, value: Any, allowed) -> None:
    if value not in allowed:
        raise MjsimError(f"{where}: {key} = {value!r} is not one of: {', '.join(map(str, allowed))}")


def beside_presets(experiment: Experiment) -> list[Path]:
    """The preset files the experiment names by a relative path inside its own folder, and those they extend
    (what a copy of the experiment file in a results folder needs beside it)."""
    from mjsim.rules.presets import preset_file_chain

    folder = Path(experiment.path).parent
    found: dict[Path, None] = {}
    for preset in dict.fromkeys(entry.preset for entry in experiment.rulesets):
        for path in preset_file_chain(preset):  # the file and the files it extends
            if path.is_relative_to(folder) and ".." not in path.relative_to(folder).parts:
                found[path.relative_to(folder)] = None
    return list(found)


# --- Running -------------------------------------------------------------------------------------


def results_dir(experiment: Experiment, root: str | Path = "results") -> Path:
    """Where an experiment's store, summary and plots live."""
    return Path(root) / experiment.name


def run_experiment(
    experiment: Experiment,
    *,
    out: Path,
    backend: str = "multiprocessing",
    workers: int | None = None,
    address: str | None = None,
    resume: bool = False,
    until_ci: float | None = None,
    force_resume: bool = False,
) -> Store:
    """Fill the store with every rule set's games (only the missing ones with ``resume``).

    ``force_resume`` resumes even a run whose store was made with another fingerprint (and records that)."""
    resume = resume or force_resume
    for run in experiment.runs():
        _check_run(experiment, run)  # a bad preset, option or line-up fails before any game is played
    store = Store(out / "store.sqlite")  # locked until closed: a second run of this experiment is refused
    try:
        if not resume and any(store.done(run.name) for run in experiment.runs()):
            raise MjsimError(
                f"{out / 'store.sqlite'} already holds games: add --resume to finish them, "
                "or remove the folder to start again"
            )
        games = experiment.games
        while True:
            for run in experiment.runs():
                _fill_run(experiment, run, store, games, backend, workers, address, force_resume)
            more = _more_games(experiment, store, games, until_ci)
            if not more:
                return store
            games += more
    except BaseException:  # an error or Ctrl-C: every committed shard stays, the lock goes
        store.close()
        raise


def _check_run(experiment: Experiment, run: Run) -> None:
    """Compile a run's rule set and hold its line-up to the table (the error names a named line-up)."""
    spec = experiment.spec(run.entry, run.line_up)
    spec.rules()  # a bad preset or option is the rule set's error, whoever plays it
    try:
        spec.check()
    except MjsimError as exc:
        if not run.line_up.name:
            raise
        raise MjsimError(f"line-up {run.line_up.name!r}: {exc}") from None


def _fill_run(
    experiment: Experiment,
    run: Run,
    store: Store,
    games: int,
    backend: str,
    workers: int | None,
    address: str | None,
    force_resume: bool = False,
) -> None:
    spec = experiment.spec(run.entry, run.line_up)
    store.begin_run(run.name, _manifest(experiment, run, spec), force=force_resume)
    fill(
        spec,
        games,
        lambda records: store.add_shard(run.name, records),
        done=store.done(run.name),
        backend=backend,
        workers=workers,
        address=address,
        shard_size=experiment.shard_size,
        label=f"{run.name}: ",
    )


def _manifest(experiment: Experiment, run: Run, spec: RunSpec) -> dict[str, Any]:
    """What a reader of the store needs to know about how a run was made."""
    parts = with_games(spec.fingerprint_parts(), experiment.games)
    entry = run.entry
    named = {"lineup": run.line_up.name} if run.line_up.name else {}  # an only line-up's manifest is as before
    return {
        "fingerprint": fingerprint_of(parts),
        "fingerprint_parts": parts,
        "experiment": experiment.name,
        "preset": entry.preset,
        "options": entry.options,
        "plugins": list(entry.plugins),
        **({"without": list(entry.without)} if entry.without else {}),
        "agents": list(spec.line_up()),
        "root_seed": experiment.seed,
        "rotate_seats": experiment.rotate_seats,
        "mjsim": __version__,
        "variants": {v: variant_version(v) for v in spec.ruleset.variants},
        "command": command_line(),
        **named,
    }


def command_line() -> str:
    """The command that is running, as a person would type it."""
    args = list(sys.argv)
    if args and (args[0].endswith("mjsim") or args[0].endswith(("mjsim/__main__.py", "mjsim/__main__"))):
        args[0] = "mjsim"  # the console script and ``python -m mjsim`` are the same command
    return shlex.join(args)


def _more_games(experiment: Experiment, store: Store, games: int, until_ci: float | None) -> int:
    """With --until-ci: more games for every run while the target's half-width is too wide (in any line-up)."""
    if until_ci is None:
        return 0
    from mjsim.experiment.metrics import target_estimate
    from mjsim.stats import until_ci as decide

    more = 0
    for line_up in experiment.line_ups():
        estimate = target_estimate(experiment, store.records(run_name(experiment.baseline, line_up)))
        batch = decide(lambda e=estimate: e, games, until_ci, batch=experiment.games, cap=experiment.max_games)
        more = max(more, batch)
    return more
