"""Workers die with their parent; Ctrl-C and SIGTERM stop everything; --workers never forks more than it needs."""

from __future__ import annotations

import logging
import os
import re
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjsim import cli as cli_module
from mjsim.errors import MjsimError
from mjsim.runner import backends
from mjsim.runner.backends import check_workers, execute, max_workers
from mjsim.runner.spec import RunSpec

EXPERIMENT = """
name = "procs"
games = 400
seed = 3
shard_size = 2
agents = ["efficiency", "efficiency", "efficiency", "efficiency"]
[[rulesets]]
name = "tenhou"
preset = "tenhou"
"""
GONE_WITHIN = 5.0  # seconds a worker may outlive its parent (the bound)


def _start_run(tmp: Path) -> subprocess.Popen:
    (tmp / "procs.toml").write_text(EXPERIMENT)
    cmd = [sys.executable, "-m", "mjsim", "run", str(tmp / "procs.toml"), "--out", str(tmp / "results")]
    # stderr to a file, not a pipe: an orphaned worker would hold a pipe open and hang the test instead of failing it
    with open(tmp / "stderr.txt", "w") as err:
        return subprocess.Popen([*cmd, "--workers", "2"], stdout=subprocess.DEVNULL, stderr=err)


def _children(pid: int) -> set[int]:
    """The live child processes of ``pid``, read from /proc (psutil is not a dependency)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found.update(int(child) for child in (task / "children").read_text().split())
        except OSError:  # the task ended while we read
            continue
    return {child for child in found if _alive(child)}


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie no one has reaped yet counts as gone)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def _stored(tmp: Path) -> int:
    path = tmp / "results" / "procs" / "store.sqlite"
    try:
        with sqlite3.connect(path) as db:
            return db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    except sqlite3.OperationalError:  # no file or no table yet
        return 0


def _poll(condition, limit: float = 300.0, proc: subprocess.Popen | None = None) -> bool:
    """Poll ``condition`` until it holds or ``limit`` seconds pass; a run that ended early fails at once."""
    deadline = time.monotonic() + limit
    while not condition():
        if proc is not None and proc.poll() is not None:
            pytest.fail(f"the run ended early with status {proc.returncode}")
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def _workers_once_playing(tmp: Path, proc: subprocess.Popen) -> set[int]:
    """The run's two workers, once the first shards are stored."""
    assert _poll(lambda: len(_children(proc.pid)) >= 2 and _stored(tmp) >= 2, proc=proc)
    return _children(proc.pid)


needs_proc = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc")


@needs_proc
def test_kill_9_of_the_parent_leaves_no_worker(tmp_path):
    proc = _start_run(tmp_path)
    workers = _workers_once_playing(tmp_path, proc)
    proc.kill()
    proc.wait()
    try:
        assert _poll(lambda: not any(map(_alive, workers)), limit=GONE_WITHIN), f"orphans: {workers}"
    finally:
        _kill(workers)


@needs_proc
@pytest.mark.parametrize(("stop", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)], ids=["sigterm", "ctrl-c"])
def test_a_stopped_parent_stops_its_workers_and_keeps_its_games(tmp_path, stop, status):
    proc = _start_run(tmp_path)
    workers = _workers_once_playing(tmp_path, proc)
    proc.send_signal(stop)
    proc.wait(timeout=60)
    err = (tmp_path / "stderr.txt").read_text()
    assert proc.returncode == status, err
    assert "Traceback" not in err
    kept = _stored(tmp_path)
    assert 0 < kept < 400
    assert err.splitlines()[-1] == f"interrupted: {kept} games kept; run again with --resume"
    assert _poll(lambda: not any(map(_alive, workers)), limit=GONE_WITHIN), f"orphans: {workers}"


def _kill(pids: set[int]) -> None:
    """End the orphans a failed test left behind."""
    for pid in pids:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)


WATCHED = """
import os, sys, time
from mjsim.runner.worker import watch_parent

parent = os.getpid()
child = os.fork()
if child == 0:
    watch_parent(parent, every=0.05)
else:
    print(child, flush=True)
    time.sleep(600)
"""


@needs_proc
def test_the_watchdog_ends_a_worker_whose_parent_died():
    """The fallback where the kernel has no parent-death signal: the worker sees its parent change."""
    proc = subprocess.Popen([sys.executable, "-c", textwrap.dedent(WATCHED)], stdout=subprocess.PIPE, text=True)
    child = int(proc.stdout.readline())
    assert _alive(child)
    proc.kill()
    proc.wait()
    try:
        assert _poll(lambda: not _alive(child), limit=GONE_WITHIN)
    finally:
        _kill({child})


# --- How many workers ------------------------------------------------------------------------------


@pytest.fixture
def started(monkeypatch) -> list[int]:
    """Record how many worker processes ``execute`` would start, without starting any."""
    counts: list[int] = []

    def fake_processes(spec, shards, workers):
        counts.append(workers)
        return iter(())

    monkeypatch.setattr(backends, "_processes", fake_processes)
    monkeypatch.setattr(backends, "play_shard", lambda spec, shard: [])
    return counts


@pytest.fixture
def spec() -> RunSpec:
    from mjsim.rules import RuleSet

    return RunSpec(RuleSet.resolve("tenhou"), ("efficiency",) * 4, 0)


@pytest.mark.parametrize(
    ("shards", "workers", "expected"),
    [(1, 4, []), (3, 8, [3]), (5, 2, [2]), (2, None, [2])],
    ids=["one-shard-plays-here", "more-workers-than-shards", "fewer-workers", "default-every-core"],
)
def test_workers_never_outnumber_the_shards(started, spec, monkeypatch, shards, workers, expected):
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    list(execute(spec, [[i] for i in range(shards)], "multiprocessing", workers))
    assert started == expected


@pytest.mark.parametrize(
    "workers", [0, -1, max_workers() + 1, True, 2.5], ids=["zero", "negative", "above-cap", "bool", "float"]
)
def test_a_bad_worker_count_is_refused(workers):
    with pytest.raises(MjsimError, match="--workers"):
        check_workers(workers)


def test_the_cap_is_four_per_core_at_most_256(monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert max_workers() == 8
    monkeypatch.setattr(os, "cpu_count", lambda: 128)
    assert max_workers() == 256


@pytest.mark.parametrize("command", ["simulate", "run", "compare"])
@pytest.mark.parametrize("workers", ["0", "-2", "100000"], ids=["zero", "negative", "huge"])
def test_the_cli_refuses_a_bad_worker_count_in_one_line(tmp_path, command, workers):
    args = {"simulate": ["simulate"], "run": ["run", str(tmp_path / "x.toml")], "compare": ["compare", "tenhou", "fl8"]}
    result = CliRunner().invoke(cli_module.cli, [*args[command], "--workers", workers])
    assert result.exit_code == 2
    assert re.fullmatch(r"mjsim: error: --workers .*\n", result.stderr), result.stderr


def _warn_from_worker(spec, shard):
    """Stands in for play_shard: a worker that logs one warning per shard."""
    logging.getLogger("mjsim.test").warning("worker says %s", shard)
    return []


def test_worker_records_reach_the_parent_once_and_its_handlers_are_given_back(spec, monkeypatch, caplog):
    monkeypatch.setattr(backends, "play_shard", _warn_from_worker)
    before = list(logging.getLogger().handlers)
    for _ in range(2):  # a second run in the same process must not wrap the handlers twice
        caplog.clear()
        with caplog.at_level("WARNING", logger="mjsim.test"):
            list(execute(spec, [[1], [2]], "multiprocessing", 2))
        assert sorted(caplog.messages) == ["worker says [1]", "worker says [2]"]
    assert logging.getLogger().handlers == before
