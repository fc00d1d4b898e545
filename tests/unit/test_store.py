"""The store refuses what it cannot trust: a second writer, empty, damaged or foreign files, impossible records,
read-only and full disks; each a one-line error naming the file, with every stored shard kept."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

import mjsim.experiment.store as store_module
from mjsim.engine.setup import TableSetup
from mjsim.errors import MjsimError
from mjsim.experiment.store import Store, record_problem

TABLE = TableSetup(tiles=(), start_points=25000, seats=4, declaration_deposit=1000)


def _record(index: int, points=(40000, 30000, 20000, 10000), ranks=(1, 2, 3, 4), padding: int = 0) -> dict:
    hand = {"dealer": 0, "wins": [], "draw": "exhaustive", "deltas": [0, 0, 0, 0], "note": "x" * padding}
    return {"index": index, "seed": index, "final": {"points": list(points), "ranks": list(ranks)}, "hands": [hand]}


def _one_line(exc: pytest.ExceptionInfo) -> str:
    text = str(exc.value)
    assert "\n" not in text
    return text


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "results" / "e" / "store.sqlite"


def test_a_second_writer_is_refused_naming_the_first(path):
    first = Store(path)
    with pytest.raises(MjsimError) as exc:
        Store(path)
    assert _one_line(exc) == f"{path} is being written by another run (pid {os.getpid()}); wait for it or stop it"
    first.close()
    Store(path).close()  # closing released the lock


def test_a_reader_needs_no_lock_and_writes_nothing(path):
    writer = Store(path)
    writer.add_shard("a", [_record(0)])
    reader = Store(path, write=False)
    assert reader.done("a") == {0}
    with pytest.raises(MjsimError) as exc:
        reader.add_shard("a", [_record(1)])
    assert "cannot store a shard of run 'a' (attempt to write a readonly database)" in _one_line(exc)
    assert "every shard stored before is kept" in str(exc.value)


def test_a_reader_creates_no_store(path):
    with pytest.raises(MjsimError) as exc:
        Store(path, write=False)
    assert _one_line(exc) == f"{path}: no results store here"
    assert not path.exists()


def _foreign(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE people (name TEXT)")


def _newer(path: Path) -> None:
    Store(path).close()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")


def _legacy_with_extra_table(path: Path) -> None:
    Store(path).close()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA application_id = 7")


@pytest.mark.parametrize(
    ("make", "message"),
    [
        pytest.param(lambda p: p.write_bytes(b""), "empty file (0 bytes), not a results store", id="empty"),
        pytest.param(
            lambda p: p.write_bytes(os.urandom(4096)), "not a results store (not an SQLite file)", id="random"
        ),
        pytest.param(_foreign, "an SQLite file of another program, tables: people", id="foreign"),
        pytest.param(_legacy_with_extra_table, "an SQLite file of another program", id="other-application-id"),
        pytest.param(_newer, "a store of a newer mjsim (schema 99, this one reads 1)", id="newer-schema"),
    ],
)
@pytest.mark.parametrize("write", [True, False], ids=["run", "report"])
def test_an_untrusted_file_is_refused_never_restarted(path, make, message, write):
    path.parent.mkdir(parents=True)
    make(path)
    before = path.read_bytes()
    with pytest.raises(MjsimError) as exc:
        Store(path, write=write)
    assert _one_line(exc).startswith(f"{path}") and message in str(exc.value)
    assert path.read_bytes() == before  # never a silent fresh start


def test_a_truncated_store_is_refused(path):
    store = Store(path)
    store.add_shard("a", [_record(i, padding=3000) for i in range(40)])
    store.close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(MjsimError) as exc:
        Store(path)
    assert _one_line(exc).startswith(f"{path}: damaged results store (")


def test_a_store_of_before_the_stamp_is_read(path):
    """A store written before application_id was set (our four tables, id 0) is still ours."""
    store = Store(path)
    store.add_shard("a", [_record(0)])
    store.close()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA application_id = 0")
    assert Store(path, write=False).done("a") == {0}


def test_a_full_disk_is_one_line_and_keeps_earlier_shards(path):
    store = Store(path)
    store.add_shard("a", [_record(0)])
    (pages,) = store.db.execute("PRAGMA page_count").fetchone()
    store.db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own SQLITE_FULL, as on a full disk
    with pytest.raises(MjsimError) as exc:
        store.add_shard("a", [_record(i, padding=20000) for i in range(1, 5)])
    assert "cannot store a shard of run 'a' (database or disk is full); every shard stored before is kept" in (
        _one_line(exc)
    )
    store.close()
    assert Store(path).done("a") == {0}


def test_a_read_only_results_folder_is_one_line(path, monkeypatch):
    """Simulated (tests may run as root, whom chmod does not stop): opening the lock file fails with EACCES."""

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(store_module.os, "open", refuse)  # the lock file is opened with os.open (O_NOFOLLOW)
    with pytest.raises(MjsimError) as exc:
        Store(path)
    assert _one_line(exc) == f"{path}: cannot write the results folder (Permission denied)"


@pytest.mark.parametrize(
    ("record", "problem"),
    [
        pytest.param(_record(0), None, id="good"),
        pytest.param(_record(0, (40000, 30000, 20000, 9000)), None, id="one-deposit-left"),
        pytest.param(
            _record(0, (40000, 30000, 20000, 9500)), "final points sum to 99500, the table holds 100000", id="sum"
        ),
        pytest.param(_record(0, (140000, 30000, 20000, 10000)), "final points sum to 200000", id="inflated"),
        pytest.param(_record(0, ranks=(1, 1, 3, 4)), "ranks [1, 1, 3, 4] are not 1 to 4 once each", id="ranks-twice"),
        pytest.param(_record(0, ranks=(2, 1, 3, 4)), "ranks [2, 1, 3, 4] do not follow the points", id="ranks-order"),
        pytest.param(_record(0, (50000, 50000, 0)), "3 final points and 4 ranks at a table of 4 seats", id="seats"),
        pytest.param({"index": 0, "final": {}}, "the record has no final points and ranks", id="no-final"),
    ],
)
def test_record_problems(record, problem):
    found = record_problem(record, TABLE)
    assert found == problem if problem is None else problem in found


def test_an_edited_record_is_refused_naming_the_run_and_game(path):
    store = Store(path)
    store.add_shard("tenhou", [_record(0), _record(1, (57085, 30000, 20000, 10000))])
    with pytest.raises(MjsimError) as exc:
        store.checked_records("tenhou", TABLE)
    assert _one_line(exc) == (
        f"{path}: run 'tenhou', game 1: final points sum to 117085, the table holds 100000 "
        "(start points x seats, less deposits left); the store was edited or damaged"
    )
