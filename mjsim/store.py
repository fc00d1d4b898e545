"""The results store: one SQLite file per experiment, a shard written in one transaction.

Tables: ``manifest`` (per run: the fingerprint and its parts, versions,
agents, seeds, command, and any resume that accepted another fingerprint),
``games`` (one row per game: final points, ranks, results and the full
record), ``hands`` (one row per hand: outcome, winners, value, score changes)
and ``side`` (per game and side currency, e.g. chips: the final balance of
every seat). A game's primary key is (run, index), so no game is stored twice,
and a crashed or interrupted run keeps every shard it committed.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from mjsim.errors import MjsimError
from mjsim.runner.fingerprint import difference

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


class Store:
    """An experiment's SQLite file."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = sqlite3.connect(self.path)
            self.db.executescript(_SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise MjsimError(f"{self.path}: not a results store ({exc})") from None

    def close(self) -> None:
        """Close the file."""
        self.db.close()

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
        with self.db:
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
        with self.db:
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
        rows = self.db.execute("SELECT record FROM games WHERE run = ? ORDER BY idx", (run,))
        return [json.loads(r) for (r,) in rows]


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
