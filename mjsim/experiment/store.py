"""The results store: one SQLite file per experiment, a shard written in one transaction.

Tables: ``manifest`` (per run: the fingerprint and its parts, versions,
agents, seeds, command, and any resume that accepted another fingerprint),
``games`` (one row per game: final points, ranks, results and the full
record), ``hands`` (one row per hand: outcome, winners, value, score changes)
and ``side`` (per game and side currency, e.g. chips: the final balance of
every seat). A game's primary key is (run, index), so no game is stored twice,
and a crashed or interrupted run keeps every shard it committed.

The store refuses what it cannot trust: a writer holds an exclusive lock
(``store.sqlite.lock`` beside it, ``flock``: the kernel drops it when the
process dies, so a killed run never leaves a stale lock); an empty, damaged
or foreign file (another program's SQLite file) is an error naming the file,
never a fresh start; our files carry ``PRAGMA application_id``; records read
for a report are checked against the table (points sum, ranks).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import itertools
import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from mjsim.engine.setup import TableSetup
from mjsim.errors import MjsimError
from mjsim.runner.fingerprint import difference

APPLICATION_ID = 0x4D4A534D  # "MJSM" in the SQLite header: this file is an mjsim results store
SCHEMA_VERSION = 1  # PRAGMA user_version of the tables below
_SQLITE_HEADER = b"SQLite format 3\x00"
_TABLES = {"manifest", "games", "hands", "side"}
_SCHEMA = """
CREATE TABLE IF NOT EXISTS manifest (run TEXT, key TEXT, value TEXT, PRIMARY KEY (run, key));
CREATE TABLE IF NOT EXISTS games (
    run TEXT, idx INTEGER, seed TEXT, points TEXT, ranks TEXT, results TEXT, record TEXT,
    PRIMARY KEY (run, idx));
CREATE TABLE IF NOT EXISTS hands (
    run TEXT, game INTEGER, hand INTEGER, dealer INTEGER, outcome TEXT, winners TEXT, value INTEGER,
    deltas TEXT, PRIMARY KEY (run, game, hand));
CREATE TABLE IF NOT EXISTS side (
    run TEXT, idx INTEGER, currency TEXT, balances TEXT, PRIMARY KEY (run, idx, currency));
"""
_KEPT = "every shard stored before is kept"
_BUSY_SECONDS = 5.0  # how long to wait for another process's transaction before calling the store busy


class Store:
    """An experiment's SQLite file: opened to write (locked, created when missing) or read-only (for reports)."""

    def __init__(self, path: str | Path, *, write: bool = True) -> None:
        self.path = Path(path)
        self._lock: Any = None
        if write:
            self._lock = _lock(self.path)
            if not self.path.exists():
                _create(self.path)
        elif not self.path.is_file():
            raise MjsimError(f"{self.path}: no results store here")
        self.db = _open(self.path, write)

    def close(self) -> None:
        """Close the file and release the lock."""
        self.db.close()
        if self._lock is not None:
            self._lock.close()  # closing the descriptor releases the flock
            self._lock = None

    @contextlib.contextmanager
    def _writing(self, what: str) -> Iterator[None]:
        """One transaction; a read-only or full disk is a one-line error (the transaction rolls back alone)."""
        try:
            with self.db:
                yield
        except (sqlite3.DatabaseError, OSError) as exc:
            raise MjsimError(f"{self.path}: cannot {what} ({exc}); {_KEPT}") from None

    def begin_run(self, run: str, manifest: dict[str, Any], force: bool = False) -> None:
        """Record a run's manifest, or check that a resumed run has the same fingerprint (code, options, agents...).

        With ``force`` a different fingerprint is accepted and the manifest records that it was."""
        stored = self.manifest(run)
        if stored and stored.get("fingerprint") != manifest.get("fingerprint"):
            found = difference(stored.get("fingerprint_parts"), manifest.get("fingerprint_parts", {}))
            if not force:
                raise MjsimError(
                    f"{self.path}: run {run!r} was made with {found}; "
                    "use --force-resume to accept it, another experiment name, or remove the store"
                )
            forced = {"from": stored.get("fingerprint"), "difference": found, "command": manifest.get("command")}
            manifest = {**manifest, "forced_resumes": [*stored.get("forced_resumes", []), forced]}
        elif stored.get("forced_resumes"):
            manifest = {**manifest, "forced_resumes": stored["forced_resumes"]}
        with self._writing(f"record the manifest of run {run!r}"):
            self.db.executemany(
                "INSERT OR REPLACE INTO manifest VALUES (?, ?, ?)",
                [(run, k, json.dumps(v)) for k, v in manifest.items()],
            )

    def manifest(self, run: str) -> dict[str, Any]:
        """A run's manifest ({} when the run is new)."""
        rows = self.db.execute("SELECT key, value FROM manifest WHERE run = ?", (run,))
        return {k: json.loads(v) for k, v in rows}

    def runs(self) -> list[str]:
        """The runs in this store, in name order."""
        return [r for (r,) in self.db.execute("SELECT DISTINCT run FROM manifest ORDER BY run")]

    def done(self, run: str) -> set[int]:
        """Indices of the games already stored for a run."""
        return {i for (i,) in self.db.execute("SELECT idx FROM games WHERE run = ?", (run,))}

    def add_shard(self, run: str, records: Iterable[dict[str, Any]]) -> None:
        """Store a shard's games and hands in one transaction (all or nothing)."""
        records = list(records)
        with self._writing(f"store a shard of run {run!r}"):
            self.db.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?)", [_game_row(run, r) for r in records])
            self.db.executemany(
                "INSERT INTO hands VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [row for r in records for row in _hand_rows(run, r)],
            )
            self.db.executemany(
                "INSERT INTO side VALUES (?, ?, ?, ?)",
                [(run, r["index"], c, json.dumps(v)) for r in records for c, v in r["final"].get("side", {}).items()],
            )

    def side(self, run: str, currency: str) -> list[list[int]]:
        """Each stored game's final balance per seat of a side currency (chips...), in game order."""
        rows = self.db.execute("SELECT balances FROM side WHERE run = ? AND currency = ? ORDER BY idx", (run, currency))
        return [json.loads(b) for (b,) in rows]

    def records(self, run: str) -> list[dict[str, Any]]:
        """Every stored game record of a run, in game order."""
        return [record for _, record in self._rows(run)]

    def _rows(self, run: str) -> list[tuple[Any, Any]]:
        """(index, record) of every stored game of a run, in game order."""
        rows = self.db.execute("SELECT idx, record FROM games WHERE run = ? ORDER BY idx", (run,))
        try:
            return [(idx, json.loads(r)) for idx, r in rows]
        except (TypeError, ValueError) as exc:
            raise MjsimError(f"{self.path}: run {run!r} holds a record that is not JSON ({exc})") from None

    def checked_records(
        self, run: str, table: TableSetup, seed_of: Callable[[int], int] | None = None, count: int | None = None
    ) -> list[dict[str, Any]]:
        """A run's records, each checked against its ``table`` (points sum, ranks) and against the run: its row's
        index, below ``count`` (the most games the run may hold), with the seed ``seed_of(index)`` that the run's
        root seed gives it. An edited or damaged store would otherwise give impossible or counted-twice figures."""
        records = []
        for idx, record in self._rows(run):
            problem = record_problem(record, table) or _index_problem(idx, record, seed_of, count)
            if problem:
                raise MjsimError(f"{self.path}: run {run!r}, game {idx}: {problem}; the store was edited or damaged")
            records.append(record)
        return records


def _index_problem(idx: Any, record: dict[str, Any], seed_of: Callable[[int], int] | None, count: int | None) -> str:
    """Why a stored row does not belong to its run at its index ("" when it does)."""
    if not isinstance(idx, int) or idx < 0 or (count is not None and idx >= count):
        return f"index {idx!r} is outside the run's games (0 to {count - 1 if count else '...'})"
    if record.get("index") != idx:
        return f"the row at index {idx} holds the record of game {record.get('index')!r}"
    if seed_of is not None and str(record.get("seed")) != str(seed_of(idx)):
        return f"its seed {record.get('seed')} is not the seed the run's root seed gives game {idx}"
    return ""


def record_problem(record: Any, table: TableSetup) -> str | None:
    """What makes a stored game impossible at ``table`` (None when nothing): the final points must sum to the
    start points of every seat, less whole deposits left on the table; the ranks 1..seats must follow the points."""
    try:
        points, ranks = record["final"]["points"], record["final"]["ranks"]
        seats = len(points)
        total = sum(points)
    except (KeyError, TypeError):
        return "the record has no final points and ranks"
    if seats != table.seats or len(ranks) != seats:
        return f"{seats} final points and {len(ranks)} ranks at a table of {table.seats} seats"
    expected = table.start_points * table.seats
    left = expected - total
    deposit = table.declaration_deposit
    if left != 0 and not (deposit > 0 and left > 0 and left % deposit == 0):
        return f"final points sum to {total}, the table holds {expected} (start points x seats, less deposits left)"
    if sorted(ranks) != list(range(1, seats + 1)):
        return f"ranks {ranks} are not 1 to {seats} once each"
    by_rank = sorted(range(seats), key=lambda seat: ranks[seat])
    if any(points[a] < points[b] for a, b in itertools.pairwise(by_rank)):
        return f"ranks {ranks} do not follow the points {points}"
    return None


def _lock(path: Path) -> Any:
    """Hold ``path``'s lock file (``flock``, exclusive) while writing; another writer is named by its pid."""
    lock_path = path.with_name(path.name + ".lock")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # O_NOFOLLOW: a lock file that is a symbolic link is refused, never followed (its target would be
        # truncated and overwritten with our pid).
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW, 0o644)
        handle = os.fdopen(fd, "r+", encoding="ascii")
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise MjsimError(
                f"{lock_path}: a symbolic link, not a lock file; mjsim does not follow it (remove it)"
            ) from None
        raise MjsimError(f"{path}: cannot write the results folder ({exc.strerror or exc})") from None
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.seek(0)
        pid = handle.read().strip() or "unknown"
        handle.close()
        raise MjsimError(f"{path} is being written by another run (pid {pid}); wait for it or stop it") from None
    handle.truncate(0)
    handle.write(str(os.getpid()))
    handle.flush()
    return handle


def _create(path: Path) -> None:
    """A new, empty store, made beside ``path`` and moved into place: a crash never leaves a 0-byte store."""
    fresh = path.with_name(path.name + ".new")
    fresh.unlink(missing_ok=True)
    try:
        db = sqlite3.connect(fresh)
        try:
            db.executescript(
                _SCHEMA + f"PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = {SCHEMA_VERSION};"
            )
        finally:
            db.close()
        os.replace(fresh, path)
    except (sqlite3.DatabaseError, OSError) as exc:
        fresh.unlink(missing_ok=True)
        raise MjsimError(f"{path}: cannot create the store ({exc})") from None


def _open(path: Path, write: bool) -> sqlite3.Connection:
    """Connect to a store that is one of ours and intact (read-only unless ``write``)."""
    _check_header(path)
    uri = f"{path.resolve().as_uri()}?mode={'rw' if write else 'ro'}"
    try:
        db = sqlite3.connect(uri, uri=True, timeout=_BUSY_SECONDS)
        problem = _problem(db)
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):  # another process holds it: the store is healthy
            raise MjsimError(
                f"{path}: in use by another process ({exc}); the store is not damaged: "
                "wait until that process ends, then run again"
            ) from None
        raise MjsimError(f"{path}: damaged results store ({exc}); remove it to start again") from None
    except sqlite3.DatabaseError as exc:
        raise MjsimError(f"{path}: damaged results store ({exc}); remove it to start again") from None
    if problem:
        db.close()
        raise MjsimError(f"{path}: {problem}")
    return db


def _check_header(path: Path) -> None:
    """An empty file or one that is not SQLite at all is refused (SQLite would silently start a fresh one)."""
    try:
        with open(path, "rb") as handle:
            header = handle.read(len(_SQLITE_HEADER))
    except OSError as exc:
        raise MjsimError(f"{path}: cannot read the store ({exc.strerror or exc})") from None
    if not header:
        raise MjsimError(f"{path}: empty file (0 bytes), not a results store; remove it to start again")
    if header != _SQLITE_HEADER:
        raise MjsimError(f"{path}: not a results store (not an SQLite file); remove it or choose another folder")


def _problem(db: sqlite3.Connection) -> str | None:
    """Why an SQLite file is not a store we can trust: damaged pages, another program's tables, a newer schema."""
    checked = [row[0] for row in db.execute("PRAGMA quick_check")]
    if checked != ["ok"]:
        return f"damaged results store (quick_check: {checked[0]}); remove it to start again"
    (app,) = db.execute("PRAGMA application_id").fetchone()
    (version,) = db.execute("PRAGMA user_version").fetchone()
    tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    ours = app == APPLICATION_ID or (app == 0 and tables == _TABLES)  # app 0: a store from before the stamp
    if not ours or not _TABLES <= tables:
        found = ", ".join(sorted(tables)) or "none"
        return f"not a results store (an SQLite file of another program, tables: {found}); choose another folder"
    if version > SCHEMA_VERSION:
        return f"a store of a newer mjsim (schema {version}, this one reads {SCHEMA_VERSION})"
    return None


def _game_row(run: str, r: dict[str, Any]) -> tuple:
    final = r["final"]
    return (
        run,
        r["index"],
        str(r["seed"]),  # 64-bit unsigned: more than SQLite's signed INTEGER holds
        json.dumps(final["points"]),
        json.dumps(final["ranks"]),
        json.dumps(final.get("results")),
        json.dumps(r, sort_keys=True, default=str),
    )


def _hand_rows(run: str, r: dict[str, Any]) -> list[tuple]:
    """One row per hand: outcome, winners, value and every seat's score change (riichi sticks included)."""
    rows = []
    for n, h in enumerate(r["hands"]):
        wins = h.get("wins") or []
        outcome = "win" if wins else f"draw:{h.get('draw')}"
        rows.append(
            (
                run,
                r["index"],
                n,
                h["dealer"],
                outcome,
                json.dumps([w["seat"] for w in wins]),
                sum(w["value"] for w in wins),
                json.dumps(h.get("deltas")),
            )
        )
    return rows
