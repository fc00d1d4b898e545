"""The Python API: ``mjsim.simulate``, ``mjsim.run`` and ``mjsim.load``, each returning a :class:`Result`.

A result holds the summary (what ``mjsim simulate --json`` prints, or an experiment's summary.json) and the game
records, and gives them as tables (``games``, ``hands``, ``seats``: pandas DataFrames when pandas is installed,
else :class:`mjsim.api.table.Table`). In a notebook it shows itself as an HTML table (``_repr_html_``).
"""

from __future__ import annotations

import contextlib
import html
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mjsim.api.table import RunLabel, Table, tables
from mjsim.errors import MjsimError

Record = dict[str, Any]


@dataclass
class Result:
    """What a simulation or an experiment leaves: its summary, its game records per run, and their tables."""

    summary: dict[str, Any]
    runs: list[tuple[RunLabel, list[Record]]]
    folder: Path | None = None  # an experiment's results folder (store, summary.json, plots); None for simulate
    _tables: dict[str, Table] | None = field(default=None, repr=False)

    def table(self, name: str) -> Table:
        """The ``games``, ``hands`` or ``seats`` table as a plain :class:`mjsim.api.table.Table` (no pandas needed)."""
        if self._tables is None:
            self._tables = tables(self.runs)
        if name not in self._tables:
            raise MjsimError(f"no table {name!r}; the tables are: {', '.join(self._tables)}")
        return self._tables[name]

    @property
    def games(self) -> Any:
        """One row per game (a DataFrame when pandas is installed)."""
        return _frame(self.table("games"))

    @property
    def hands(self) -> Any:
        """One row per hand (a DataFrame when pandas is installed)."""
        return _frame(self.table("hands"))

    @property
    def seats(self) -> Any:
        """One row per seat of every game: agent, points, rank, result (a DataFrame when pandas is installed)."""
        return _frame(self.table("seats"))

    @property
    def records(self) -> dict[str, list[Record]]:
        """Every run's game records, by run name."""
        return {label.run: records for label, records in self.runs}

    def __repr__(self) -> str:
        games = sum(len(records) for _, records in self.runs)
        where = f", folder={str(self.folder)!r}" if self.folder else ""
        return f"<mjsim.Result: {len(self.runs)} run(s), {games} games{where}>"

    def _repr_html_(self) -> str:
        """Per run: games, hands per game and each seat's mean points and mean rank (with the question, if any)."""
        seats = self.table("seats")
        lines = []
        title = self.summary.get("title") or self.summary.get("preset")
        if title:
            lines.append(f"<p><b>{html.escape(str(title))}</b></p>")
        if self.summary.get("question"):
            lines.append(f"<p>{html.escape(self.summary['question'])}</p>")
        head = "<tr><th>run</th><th>games</th><th>hands/game</th><th>seat</th><th>mean points</th><th>mean rank</th>"
        rows = [f"<table>{head}</tr>"]
        for label, records in self.runs:
            hands = sum(len(r["hands"]) for r in records) / max(len(records), 1)
            for seat, (points, rank) in enumerate(_seat_means(seats, label.run)):
                cells = (html.escape(label.run), str(len(records)), f"{hands:.2f}") if seat == 0 else ("", "", "")
                first = "".join(f"<td>{c}</td>" for c in cells)
                rows.append(f"<tr>{first}<td>{seat}</td><td>{points:.0f}</td><td>{rank:.2f}</td></tr>")
        rows.append("</table>")
        return "\n".join([*lines, *rows])


def _seat_means(seats: Table, run: str) -> list[tuple[float, float]]:
    """Each seat's mean final points and mean rank in a run."""
    sums: dict[int, list[float]] = {}
    for row in seats.rows():
        if row["run"] == run:
            acc = sums.setdefault(row["seat"], [0.0, 0.0, 0])
            acc[0] += row["points"]
            acc[1] += row["rank"]
            acc[2] += 1
    return [(p / n, r / n) for _, (p, r, n) in sorted(sums.items())]


def _frame(table: Table) -> Any:
    """A DataFrame when pandas is installed, else the plain table."""
    try:
        import pandas  # noqa: F401 - only asks whether it is installed
    except ImportError:
        return table
    return table.to_pandas()


@contextlib.contextmanager
def _progress(show: bool) -> Iterator[None]:
    """Progress on stderr only when asked for (a notebook or a script is quiet by default)."""
    from mjsim import progress

    before = progress.is_quiet()
    progress.set_quiet(not show)
    try:
        yield
    finally:
        progress.set_quiet(before)


def simulate(
    preset: str | None = None,
    games: int = 10,
    seed: int = 0,
    agents: str | Sequence[str] | None = None,
    options: Mapping[str, Any] | None = None,
    plugins: Sequence[str] = (),
    workers: int | None = None,
    progress: bool = False,
) -> Result:
    """Play ``games`` games of a preset (with option overrides and added variant modules) and return the result;
    the same seed gives the same games (``result.summary["digest"]``) as ``mjsim simulate`` with the same
    arguments. ``agents``: one bot name per seat, or one for every seat (default: an efficiency bot in each).
    ``workers``: play in that many processes (default: this one)."""
    from mjsim.rules import RuleSet
    from mjsim.rules.presets import default_preset
    from mjsim.runner import RunSpec
    from mjsim.runner.run import collect
    from mjsim.runner.summary import digest, summarize

    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise MjsimError(f"simulate: games must be a whole number of at least 1, got {games!r}")
    preset = preset or default_preset()
    ruleset = RuleSet.resolve(preset, sorted((options or {}).items()), tuple(plugins))
    line_up = _line_up(agents, RunSpec(ruleset, (), seed))
    spec = RunSpec(ruleset, line_up, seed, name=preset)
    spec.check()
    with _progress(progress):
        backend = "serial" if workers is None else "multiprocessing"
        records = collect(spec, games, backend=backend, workers=workers)
    summary = {**summarize(records), "digest": digest(records), "preset": preset, "seed": seed, "agents": list(line_up)}
    label = RunLabel(preset, preset, preset, dict(options or {}), ",".join(line_up), line_up)
    return Result(summary, [(label, records)])


def _line_up(agents: str | Sequence[str] | None, spec: Any) -> tuple[str, ...]:
    """One agent per seat: the names given (one name fills every seat), else the run's default line-up."""
    from mjsim.agents import agent_names
    from mjsim.agents.registry import base_name

    if agents is None:
        return spec.line_up()
    names = [agents] if isinstance(agents, str) else list(agents)
    seats = spec.rules().flow.setup.seats if spec.rules().flow is not None else len(names)
    if len(names) == 1:
        names = names * seats
    known = {*agent_names(), *agent_names(spec.rules())}
    unknown = [n for n in names if base_name(n) not in known]
    if unknown:
        raise MjsimError(f"unknown agent {unknown[0]!r}; known agents: {', '.join(sorted(known))}")
    return tuple(names)


def run(
    experiment: str | Path | Mapping[str, Any] | Any,
    out: str | Path = "results",
    *,
    workers: int | None = None,
    backend: str = "multiprocessing",
    resume: bool = False,
    until_ci: float | None = None,
    report: bool = True,
    progress: bool = False,
) -> Result:
    """Run an experiment (a TOML file's path, its contents as a dict, or a loaded ``Experiment``) into
    ``out/NAME`` as ``mjsim run`` does, write its report (summary.json, summary.md, plots) unless ``report`` is
    False, and return the result with the summary and every run's games."""
    from mjsim.experiment import Experiment, experiment_from_dict, load_experiment, results_dir, run_experiment
    from mjsim.report import build_summary, stored_records, write_report

    if isinstance(experiment, Experiment):
        loaded = experiment
    elif isinstance(experiment, Mapping):
        loaded = experiment_from_dict(experiment)
    else:
        loaded = load_experiment(experiment)
    folder = results_dir(loaded, out)
    with _progress(progress):
        store = run_experiment(loaded, out=folder, backend=backend, workers=workers, resume=resume, until_ci=until_ci)
    try:
        records = stored_records(loaded, store)
        summary = write_report(loaded, store, folder) if report else build_summary(loaded, store, records)
    finally:
        store.close()
    from mjsim.api.export import stored_runs

    return Result(summary, _in_experiment_order(stored_runs(folder), [r.name for r in loaded.runs()]), folder)


def _in_experiment_order(runs: list[tuple[RunLabel, list[Record]]], order: list[str]) -> list:
    """The store's runs (in name order) in the experiment's order."""
    rank = {name: i for i, name in enumerate(order)}
    return sorted(runs, key=lambda run: rank.get(run[0].run, len(rank)))


def load(folder: str | Path) -> Result:
    """The result of an experiment already run: its folder's store and summary.json (``{}`` when it has none)."""
    from mjsim.api.export import stored_runs

    path = Path(folder)
    runs = stored_runs(path)
    summary_path = path / "summary.json"
    summary = json.loads(summary_path.read_text(encoding="utf-8")) if summary_path.is_file() else {}
    order = list(summary.get("rulesets", {}))
    return Result(summary, _in_experiment_order(runs, order) if order else runs, path)
