"""A third-party variant (examples/cautious.py) adds a bot and a command through the hooks, from the command line.

The module is no installed entry point here: ``mjsim --plugin cautious`` loads its commands and a command's
``--plugin cautious`` puts it in the rule set, with ``examples/`` on PYTHONPATH as a user would have it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from variants.riichi.logs.load import load_logs

ROOT = Path(__file__).resolve().parents[2]
CAUTIOUS_FIRST = "cautious,efficiency,efficiency,efficiency"


def _mjsim(*args: str, extra_path: Path | None = None) -> subprocess.CompletedProcess:
    """``mjsim ARGS`` in a fresh interpreter with this checkout and examples/ importable."""
    paths = [str(ROOT), str(ROOT / "examples"), *([str(extra_path)] if extra_path else [])]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    command = [sys.executable, "-c", "from mjsim.cli import main; main()", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)


@pytest.mark.parametrize(
    "prefix",
    [(), ("--plugin", "cautious")],
    ids=["command-plugin", "group-and-command-plugin"],
)
def test_cautious_bot_plays_checked_games_and_never_calls_nor_declares(prefix, tmp_path):
    games = tmp_path / "games"
    args = ["simulate", "--plugin", "cautious", "--agents", CAUTIOUS_FIRST, "--games", "2", "--seed", "5"]
    done = _mjsim(*prefix, *args, "--check", "--log-out", str(games), "--log-format", "tenhou6", "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["games"] == 2 and summary["invariant_violations"] == 0
    events = [e for game in load_logs(games) for rnd in game.rounds for e in rnd.events]
    calls = {seat: sum(e.seat == seat and e.kind in ("call", "riichi") for e in events) for seat in range(4)}
    assert calls[0] == 0
    assert sum(calls.values()) > 0  # the efficiency bots beside it do call or declare: the check can fail


def test_wait_table_prints_shanten_and_waits():
    done = _mjsim("--plugin", "cautious", "wait-table", "1112345678999m", "123m456p789s1234z")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "1112345678999m: tenpai, waits on 123456789m (23 tiles left)",
        "123m456p789s1234z: 2 shanten, improved by 1234z (12 tiles left)",
    ]


def test_wait_table_json_and_the_help_that_lists_it():
    done = _mjsim("--plugin", "cautious", "wait-table", "--json", "123m456p789s1122z")
    assert json.loads(done.stdout) == [{"hand": "123m456p789s1122z", "shanten": 0, "tiles": "12z", "left": 4}]
    assert "wait-table" in _mjsim("--plugin", "cautious", "--help").stdout
    assert "wait-table" not in _mjsim("--help").stdout  # only the group's --plugin adds it


def test_wait_table_refuses_a_hand_of_the_wrong_size_in_one_line():
    done = _mjsim("--plugin", "cautious", "wait-table", "123m")
    assert (done.returncode, done.stderr.strip()) == (
        2,
        "mjsim: error: 123m: a hand to wait on has 3n+1 tiles (13 when closed), not 3",
    )


@pytest.mark.parametrize(
    ("module", "source", "exception"),
    [
        ("no_such_plugin", None, "ModuleNotFoundError: No module named 'no_such_plugin'"),
        ("broken_plugin", "raise RuntimeError('half written')\n", "RuntimeError: half written"),
    ],
    ids=["missing", "raises-on-import"],
)
def test_a_plugin_that_fails_to_import_is_a_one_line_error(module, source, exception, tmp_path):
    if source:
        (tmp_path / f"{module}.py").write_text(source)
    done = _mjsim("--plugin", module, "wait-table", "1112345678999m", extra_path=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [f"mjsim: error: --plugin {module}: cannot import it: {exception}"]
