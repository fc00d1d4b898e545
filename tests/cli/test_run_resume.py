"""A run survives a killed worker and an interrupted parent: --resume ends at the digest of an uninterrupted run."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mjsim.experiment.store import Store
from mjsim.runner.games import digest

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


# --- A resumed run must be the run it resumes: code, versions, variants, options, agents, seeds ----------------

SMALL = {"agents": '["efficiency", "efficiency", "efficiency", "efficiency"]', "seed": "5", "rotate": "false"}


def _small(tmp: Path, options: str = "", plugins: str = "", **top: str) -> Path:
    """An experiment of two games in one shard; ``top`` replaces keys of SMALL."""
    keys = {**SMALL, **top}
    text = (
        f'name = "fp"\ngames = 2\nshard_size = 2\nseed = {keys["seed"]}\nagents = {keys["agents"]}\n'
        f'rotate_seats = {keys["rotate"]}\n[[rulesets]]\nname = "tenhou"\npreset = "tenhou"\n{plugins}'
        f"[rulesets.options]\n{options}"
    )
    path = tmp / "fp.toml"
    path.write_text(text)
    return path


def _run_small(tmp: Path, experiment: Path, *extra: str) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "mjsim", "run", str(experiment), "--out", str(tmp / "results"), "--backend", "serial"]
    return subprocess.run([*cmd, *extra], capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def small_store(tmp_path_factory) -> Path:
    """A finished two-game store made with riichi.uma=10-20 (tenhou's)."""
    tmp = tmp_path_factory.mktemp("small")
    result = _run_small(tmp, _small(tmp, '"riichi.uma" = "10-20"\n'))
    assert result.returncode == 0, result.stderr
    return tmp / "results" / "fp"


def _copy(small_store: Path, tmp: Path) -> None:
    import shutil

    shutil.copytree(small_store, tmp / "results" / "fp")


def _tamper(tmp: Path, part: str, value: str) -> None:
    """Pretend the store was made by other code: change one stored fingerprint part (and so the fingerprint)."""
    with sqlite3.connect(tmp / "results" / "fp" / "store.sqlite") as db:
        (raw,) = db.execute("SELECT value FROM manifest WHERE run = 'tenhou' AND key = 'fingerprint_parts'").fetchone()
        parts = {**json.loads(raw), part: value}
        db.execute(
            "UPDATE manifest SET value = ? WHERE run = 'tenhou' AND key = 'fingerprint_parts'", (json.dumps(parts),)
        )
        db.execute("UPDATE manifest SET value = '\"0000\"' WHERE run = 'tenhou' AND key = 'fingerprint'")


CHANGED_RUNS = [
    pytest.param({"options": '"riichi.uma" = "5-10"\n'}, r"riichi\.uma=10-20, this run has 5-10", id="option"),
    pytest.param({"agents": '["random", "efficiency", "efficiency", "efficiency"]'}, "agents=efficiency,", id="agents"),
    pytest.param({"seed": "6"}, r"root_seed=5, this run has 6", id="seed"),
    pytest.param({"rotate": "true"}, r"rotate=false, this run has true", id="rotation"),
    pytest.param({"plugins": 'plugins = ["gopin"]\n'}, r"variants=riichi, this run has riichi,gopin", id="variants"),
]


@pytest.mark.parametrize(("change", "message"), CHANGED_RUNS)
def test_resume_with_another_run_is_refused_naming_the_difference(tmp_path, small_store, change, message):
    _copy(small_store, tmp_path)
    options = change.pop("options", '"riichi.uma" = "10-20"\n')
    result = _run_small(tmp_path, _small(tmp_path, options, **change), "--resume")
    assert result.returncode == 2, result.stderr
    assert re.search(rf"run 'tenhou' was made with {message}", result.stderr), result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


TAMPERED = [
    pytest.param("code", "a1b2", r"other mjsim code \(digest a1b2 vs [0-9a-f]{16}\)", id="code"),
    pytest.param("mjsim", "0.0.1", r"mjsim=0\.0\.1, this run has ", id="mjsim-version"),
    pytest.param("version of riichi", "0.0.1", r"version of riichi=0\.0\.1, this run has ", id="variant-version"),
]


@pytest.mark.parametrize(("part", "value", "message"), TAMPERED)
def test_resume_with_other_code_is_refused_naming_it(tmp_path, small_store, part, value, message):
    _copy(small_store, tmp_path)
    _tamper(tmp_path, part, value)
    result = _run_small(tmp_path, _small(tmp_path, '"riichi.uma" = "10-20"\n'), "--resume")
    assert result.returncode == 2, result.stderr
    assert re.search(rf"was made with {message}", result.stderr), result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_resume_of_the_same_run_is_accepted(tmp_path, small_store):
    _copy(small_store, tmp_path)
    result = _run_small(tmp_path, _small(tmp_path, '"riichi.uma" = "10-20"\n'), "--resume")
    assert result.returncode == 0, result.stderr


def test_force_resume_accepts_other_code_and_records_it(tmp_path, small_store):
    _copy(small_store, tmp_path)
    _tamper(tmp_path, "code", "a1b2")
    result = _run_small(tmp_path, _small(tmp_path, '"riichi.uma" = "10-20"\n'), "--force-resume")
    assert result.returncode == 0, result.stderr
    manifest = Store(tmp_path / "results" / "fp" / "store.sqlite").manifest("tenhou")
    [forced] = manifest["forced_resumes"]
    assert forced["from"] == "0000" and forced["difference"].startswith("other mjsim code (digest a1b2 vs ")
    assert "--force-resume" in forced["command"]


def test_resume_with_another_number_of_games_is_refused(tmp_path, small_store):
    _copy(small_store, tmp_path)
    experiment = _small(tmp_path, '"riichi.uma" = "10-20"\n')
    experiment.write_text(experiment.read_text().replace("games = 2", "games = 4"))
    result = _run_small(tmp_path, experiment, "--resume")
    assert result.returncode == 2, result.stderr
    assert "run 'tenhou' was made with games=2, this run has 4; use --force-resume" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_force_resume_accepts_another_number_of_games_and_records_it(tmp_path, small_store):
    _copy(small_store, tmp_path)
    experiment = _small(tmp_path, '"riichi.uma" = "10-20"\n')
    experiment.write_text(experiment.read_text().replace("games = 2", "games = 3"))
    result = _run_small(tmp_path, experiment, "--force-resume")
    assert result.returncode == 0, result.stderr
    store = Store(tmp_path / "results" / "fp" / "store.sqlite", write=False)
    [forced] = store.manifest("tenhou")["forced_resumes"]
    assert forced["difference"] == "games=2, this run has 3"
    assert store.done("tenhou") == {0, 1, 2}


# --- A store that refuses what it cannot trust ---------------------------------------------------------------


def _one_error_line(result: subprocess.CompletedProcess, text: str) -> None:
    assert result.returncode == 2, result.stderr
    assert text in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_a_second_run_of_one_experiment_is_refused_naming_the_first(tmp_path):
    first = _run(tmp_path, "--backend", "serial", wait=False)
    _wait_for(tmp_path, 2, first)
    second = _run(tmp_path, "--backend", "serial", "--resume")
    first.kill()
    first.communicate()
    _one_error_line(second, f"store.sqlite is being written by another run (pid {first.pid})")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param(b"", "store.sqlite: empty file (0 bytes), not a results store", id="empty"),
        pytest.param(b"\x00garbage" * 512, "store.sqlite: not a results store (not an SQLite file)", id="corrupt"),
    ],
)
def test_a_broken_store_is_refused_not_restarted(tmp_path, content, message):
    store = tmp_path / "results" / "fp" / "store.sqlite"
    store.parent.mkdir(parents=True)
    store.write_bytes(content)
    result = _run_small(tmp_path, _small(tmp_path), "--resume")
    _one_error_line(result, message)
    assert store.read_bytes() == content


def _report(folder: Path) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "mjsim", "report", str(folder)]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600)


def test_report_of_a_rule_set_with_no_games_yet_says_which(tmp_path, small_store):
    _copy(small_store, tmp_path)
    folder = tmp_path / "results" / "fp"
    with (folder / "experiment.toml").open("a") as file:  # a second rule set, as a Ctrl-C before its first shard
        file.write('[[rulesets]]\nname = "b"\npreset = "tenhou"\n')
    _one_error_line(_report(folder), "store.sqlite: no games stored yet for 'b' (an interrupted run?); finish it with")


def test_report_of_a_hand_edited_store_names_the_run_and_game(tmp_path, small_store):
    _copy(small_store, tmp_path)
    folder = tmp_path / "results" / "fp"
    with sqlite3.connect(folder / "store.sqlite") as db:
        (raw,) = db.execute("SELECT record FROM games WHERE run = 'tenhou' AND idx = 1").fetchone()
        record = json.loads(raw)
        record["final"]["points"][0] += 57085
        db.execute("UPDATE games SET record = ? WHERE run = 'tenhou' AND idx = 1", (json.dumps(record),))
    _one_error_line(_report(folder), "run 'tenhou', game 1: final points sum to 157085, the table holds 100000")


def test_report_of_a_good_store_still_works(tmp_path, small_store):
    _copy(small_store, tmp_path)
    result = _report(tmp_path / "results" / "fp")
    assert result.returncode == 0, result.stderr


# --- --log-out holds one run's logs, so that replay mixes in no stale game ---------------------------------------


def _simulate(tmp: Path, *extra: str) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "mjsim", "simulate", "--games", "1", "--log-out", str(tmp / "logs"), *extra]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600)


def test_log_out_refuses_another_runs_logs_and_rewrites_its_own(tmp_path):
    assert _simulate(tmp_path, "--seed", "1").returncode == 0
    assert _simulate(tmp_path, "--seed", "1").returncode == 0  # the same games: its files replace the old ones
    _one_error_line(
        _simulate(tmp_path, "--seed", "2"), "the folder holds another run's logs, which replay would mix in"
    )
    assert sorted(p.name for p in (tmp_path / "logs").iterdir()) == ["game_00000.json", "mjsim-logs.run"]


def test_log_out_refuses_a_folder_of_other_files(tmp_path):
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "old.json").write_text("{}")
    _one_error_line(_simulate(tmp_path), "the folder holds 1 other file(s), e.g. old.json, which replay would mix in")
