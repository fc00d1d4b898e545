"""Game records as tables: one row per game, per hand and per seat of a game, with typed columns.

Every row carries its run's labels (run, rule set, preset, option overrides, line-up), so the tables of several
rule sets and line-ups stack into one. The tables are plain Python (:class:`Table`); ``to_pandas`` and
``to_arrow`` give typed DataFrames and Arrow tables when pandas or pyarrow are installed (``mjsim[data]``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from mjsim.errors import MjsimError
from mjsim.hand.tiles import EAST, HONOR_NAMES

INT, UINT64, FLOAT, TEXT, BOOL = "int", "uint64", "float", "str", "bool"
"""Column types: a column of one type holds values of it or None (missing: a seat the table does not have)."""
TABLES = ("games", "hands", "seats")
_PER_SEAT_FINAL = ("points", "ranks", "results")  # per seat: in the seats table, not the games table


@dataclass(frozen=True)
class RunLabel:
    """What names the games of one run in every row: the store's run name, the rule set and the line-up."""

    run: str
    ruleset: str
    preset: str
    options: dict[str, Any] = field(default_factory=dict)
    lineup: str = ""
    agents: tuple[str, ...] = ()

    def columns(self) -> dict[str, Any]:
        """The label columns of a row (the option overrides as one JSON text)."""
        options = json.dumps(self.options, sort_keys=True, ensure_ascii=False, default=str)
        return {
            "run": self.run,
            "ruleset": self.ruleset,
            "preset": self.preset,
            "options": options,
            "lineup": self.lineup,
        }


@dataclass
class Table:
    """A table as columns of equal length, each with a type (INT, UINT64, FLOAT, TEXT, BOOL)."""

    name: str
    columns: dict[str, list[Any]]
    types: dict[str, str]

    def __len__(self) -> int:
        return len(next(iter(self.columns.values()), []))

    def rows(self) -> Iterator[dict[str, Any]]:
        """Each row as a dict of column -> value."""
        names = list(self.columns)
        for values in zip(*self.columns.values(), strict=True):
            yield dict(zip(names, values, strict=True))

    def to_pandas(self) -> Any:
        """A pandas DataFrame with typed columns (nullable integers where a value is missing)."""
        pandas = _need("pandas", "a DataFrame")
        data = {
            name: pandas.Series(values, dtype=_pandas_dtype(self.types[name], values), name=name)
            for name, values in self.columns.items()
        }
        return pandas.DataFrame(data, columns=list(self.columns))

    def to_arrow(self) -> Any:
        """A pyarrow Table with typed columns (what Parquet files keep)."""
        pyarrow = _need("pyarrow", "Parquet")
        kinds = {
            INT: pyarrow.int64(),
            UINT64: pyarrow.uint64(),
            FLOAT: pyarrow.float64(),
            TEXT: pyarrow.string(),
            BOOL: pyarrow.bool_(),
        }
        schema = pyarrow.schema([(name, kinds[self.types[name]]) for name in self.columns])
        return pyarrow.table(self.columns, schema=schema)


def _pandas_dtype(kind: str, values: Sequence[Any]) -> str:
    """The pandas dtype of a column: NumPy's where no value is missing, pandas' nullable types where one is."""
    missing = any(v is None for v in values)
    return {
        INT: "Int64" if missing else "int64",
        UINT64: "UInt64" if missing else "uint64",
        FLOAT: "float64",
        TEXT: "string",
        BOOL: "boolean" if missing else "bool",
    }[kind]


def _need(module: str, what: str) -> Any:
    """Import an optional package, or a one-line error saying how to install it."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise MjsimError(f"{what} needs {module}: pip install 'mjsim[data]'") from None


def tables(runs: Iterable[tuple[RunLabel, Sequence[dict[str, Any]]]]) -> dict[str, Table]:
    """The games, hands and seats tables of every run's records (dicts, as the store and ``as_dict`` give them)."""
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in TABLES}
    for label, records in runs:
        for record in records:
            rows["games"].append(game_row(label, record))
            rows["seats"] += seat_rows(label, record)
            rows["hands"] += hand_rows(label, record)
    return {name: typed(name, table_rows, fixed={"seed": UINT64}) for name, table_rows in rows.items()}


def game_row(label: RunLabel, record: dict[str, Any]) -> dict[str, Any]:
    """One game: its index and seed, hands played, invariant violations, and each scalar of the final settlement."""
    final = record["final"]
    row = {
        **label.columns(),
        "game": record["index"],
        "seed": int(record["seed"]),
        "seats": len(final["points"]),
        "hands": len(record["hands"]),
        "violations": len(record.get("violations", ())),
    }
    row.update({f"final.{k}": v for k, v in final.items() if k not in _PER_SEAT_FINAL and _scalar(v)})
    return row


def seat_rows(label: RunLabel, record: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per seat of a game: who sat there, final points, rank, result and side-currency balances."""
    final = record["final"]
    agents = record.get("play", {}).get("agents") or label.agents  # rotated line-ups: the game's own seating
    results = final.get("results")
    rows = []
    for seat, points in enumerate(final["points"]):
        row = {
            **label.columns(),
            "game": record["index"],
            "seat": seat,
            "agent": agents[seat] if seat < len(agents) else None,
            "points": points,
            "rank": final["ranks"][seat],
            "result": _number(results[seat]) if results else None,
        }
        row.update({f"side.{c}": balances[seat] for c, balances in sorted(final.get("side", {}).items())})
        rows.append(row)
    return rows


def hand_rows(label: RunLabel, record: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per hand: its place in the game, how it ended, the winners, each seat's score change and the
    variants' facts of the hand ("<variant>.<fact>")."""
    rows = []
    for hand in record["hands"]:
        wins = hand.get("wins") or []
        winners = sorted({w["seat"] for w in wins})
        row = {
            **label.columns(),
            "game": record["index"],
            "hand": hand["hand"],
            "round_wind": _wind(hand.get("round")),
            "dealer": hand["dealer"],
            "honba": hand.get("honba", 0),
            "outcome": "win" if wins else "draw",
            "draw": None if wins else str(hand.get("draw")),
            "wins": len(wins),
            "winners": ",".join(map(str, winners)),
            "tsumo_wins": sum(1 for w in wins if w.get("from") is None),
            "value": sum(w["value"] for w in wins),
            "dealer_won": hand["dealer"] in winners,
        }
        row.update({f"delta_{seat}": d for seat, d in enumerate(hand.get("deltas") or ())})
        row.update({k: v for k, v in hand.items() if "." in k and _scalar(v)})
        rows.append(row)
    return rows


def _wind(kind: int | None) -> str | None:
    """A round wind kind (27 = East) as its name."""
    return None if kind is None else HONOR_NAMES[kind - EAST]


def _scalar(value: Any) -> bool:
    """A value that fits one cell (lists and tables of a record stay in the record)."""
    return value is None or isinstance(value, bool | int | float | str)


def _number(value: Any) -> Any:
    """A result as a number (settlements give ints or floats)."""
    return value if isinstance(value, int | float) else None


def typed(name: str, rows: Sequence[dict[str, Any]], fixed: dict[str, str] | None = None) -> Table:
    """A :class:`Table` of dict rows: every key of any row is a column (None where a row lacks it), typed by its
    values (``fixed`` names the type of some columns)."""
    names = list(dict.fromkeys(k for row in rows for k in row))
    columns = {n: [row.get(n) for row in rows] for n in names}
    types = {n: (fixed or {}).get(n) or column_type(values) for n, values in columns.items()}
    for n, kind in types.items():
        if kind == TEXT:
            columns[n] = [v if v is None or isinstance(v, str) else str(v) for v in columns[n]]
        elif kind == FLOAT:
            columns[n] = [None if v is None else float(v) for v in columns[n]]
    return Table(name, columns, types)


def column_type(values: Iterable[Any]) -> str:
    """The narrowest type that holds every value: bool, int, float, else text."""
    present = [v for v in values if v is not None]
    if present and all(isinstance(v, bool) for v in present):
        return BOOL
    if present and all(isinstance(v, int) and not isinstance(v, bool) for v in present):
        return INT
    if present and all(isinstance(v, int | float) and not isinstance(v, bool) for v in present):
        return FLOAT
    return TEXT
