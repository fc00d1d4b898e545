"""``mjsim export``: a results folder's store as tables (games, hands, seats) in CSV or Parquet files."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from mjsim.api.table import RunLabel, Table, tables
from mjsim.errors import MjsimError
from mjsim.experiment.lineups import SEPARATOR
from mjsim.experiment.store import Store

FORMATS = ("csv", "parquet")
STORE = "store.sqlite"


def stored_runs(directory: str | Path) -> list[tuple[RunLabel, list[dict[str, Any]]]]:
    """Every run of a results folder's store with its label (from the run's manifest) and its game records."""
    path = Path(directory)
    if not path.is_dir():
        raise MjsimError(f"{path}: no such results folder")
    store = Store(path / STORE, write=False)
    try:
        return [(run_label(run, store.manifest(run)), store.records(run)) for run in store.runs()]
    finally:
        store.close()


def run_label(run: str, manifest: dict[str, Any]) -> RunLabel:
    """A run's label from its manifest: the rule set is the run's name before `` @ LINEUP``."""
    agents = tuple(manifest.get("agents") or ())
    lineup = manifest.get("lineup") or ",".join(agents)
    ruleset = run.split(SEPARATOR)[0]
    return RunLabel(run, ruleset, str(manifest.get("preset", "")), dict(manifest.get("options") or {}), lineup, agents)


def export(directory: str | Path, fmt: str, out: str | Path | None = None) -> list[tuple[Path, int]]:
    """Write the games, hands and seats tables of ``directory``'s store to ``out`` (default ``DIRECTORY/export``)
    as ``games.csv`` ... or ``games.parquet`` ...; returns each file with its row count."""
    if fmt not in FORMATS:
        raise MjsimError(f"export: --format {fmt!r} is not one of: {', '.join(FORMATS)}")
    runs = stored_runs(directory)
    if not runs:
        raise MjsimError(f"{Path(directory) / STORE}: the store holds no games yet")
    folder = Path(out) if out is not None else Path(directory) / "export"
    built = tables(runs)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return [(_write(table, folder / f"{name}.{fmt}", fmt), len(table)) for name, table in built.items()]
    except OSError as exc:
        raise MjsimError(f"{folder}: cannot write the tables ({exc.strerror or exc})") from None


def _write(table: Table, path: Path, fmt: str) -> Path:
    """One table as a CSV file (a header row; missing values empty) or a Parquet file (typed columns)."""
    if fmt == "parquet":
        arrow = table.to_arrow()  # before the file is opened: a missing pyarrow leaves no empty file behind
        import pyarrow.parquet

        pyarrow.parquet.write_table(arrow, path)
        return path
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(table.columns)
        for row in table.rows():
            writer.writerow(["" if v is None else _cell(v) for v in row.values()])
    return path


def _cell(value: Any) -> Any:
    """A CSV cell: booleans as true/false (as pandas and most readers parse them), the rest as is."""
    return json.dumps(value) if isinstance(value, bool) else value
