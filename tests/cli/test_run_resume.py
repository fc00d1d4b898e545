"""A run survives a killed worker and an interrupted parent: --resume ends at the digest of an uninterrupted run."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mjsim.simulate import digest
from mjsim.store import Store

EXPERIMENT = """
name = "resume"
games = 24
seed = 5
shard_size = 2
agents = ["efficiency", "efficiency", "efficiency", "efficiency"]
[[rulesets]]
name = "tenhou"
preset = "tenhou"
"""


def _run(tmp: Path, *extra: str, wait: bool = True) -> subprocess.Popen | subprocess.CompletedProcess:
    (tmp / "resume.toml").write_text(EXPERIMENT)
    cmd = [sys.executable, "-m", "mjsim", "run", str(tmp / "resume.toml"), "--out", str(tmp / "results"), *extra]
    if wait:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _stored(tmp: Path) -> int:
    path = tmp / "results" / "resume" / "store.sqlite"
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(path) as db:
            return db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    except sqlite3.OperationalError:  # the table is not created yet
        return 0


def _wait_for(tmp: Path, games: int, proc: subprocess.Popen) -> None:
    deadline = time.time() + 300
    while _stored(tmp) < games:
        assert proc.poll() is None, proc.communicate()
        assert time.time() < deadline
        time.sleep(0.05)


def _digest(tmp: Path) -> str:
    store = Store(tmp / "results" / "resume" / "store.sqlite")
    records = store.records("tenhou")
    assert [r["index"] for r in records] == list(range(24))  # every game once, none twice
    return digest(records)


def _children(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(x) for x in out.split()]


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> str:
    tmp = tmp_path_factory.mktemp("reference")
    result = _run(tmp, "--backend", "serial")
    assert result.returncode == 0, result.stderr
    return _digest(tmp)


def test_killed_worker_then_resume(tmp_path, reference):
    proc = _run(tmp_path, "--workers", "2", wait=False)
    _wait_for(tmp_path, 4, proc)
    workers = _children(proc.pid)
    assert workers, "no worker processes found"
    os.kill(workers[-1], signal.SIGKILL)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 2 and "--resume" in err
    assert "Traceback" not in err
    resumed = _run(tmp_path, "--workers", "2", "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert _digest(tmp_path) == reference


def test_interrupted_parent_then_resume(tmp_path, reference):
    proc = _run(tmp_path, "--workers", "2", wait=False)
    _wait_for(tmp_path, 4, proc)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 130 and "--resume" in err
    assert 0 < _stored(tmp_path) < 24
    resumed = _run(tmp_path, "--resume", "--backend", "serial")
    assert resumed.returncode == 0, resumed.stderr
    assert _digest(tmp_path) == reference


def test_rerun_without_resume_is_refused(tmp_path, reference):
    assert _run(tmp_path, "--backend", "serial").returncode == 0
    again = _run(tmp_path, "--backend", "serial")
    assert again.returncode == 2 and "--resume" in again.stderr
