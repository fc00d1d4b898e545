"""``mjsim bench``: a thin command over the checkout's benchmarks package, refused (exit 2) without one."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from mjsim import cli as cli_module

REPO_ROOT = Path(__file__).resolve().parents[2]


def test_bench_without_a_checkout_says_so_in_one_line(tmp_path, monkeypatch):
    monkeypatch.setattr(cli_module, "CHECKOUT", tmp_path)
    result = CliRunner().invoke(cli_module.cli, ["bench", "hand", "--shanten-calls", "10", "--hands", "2"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"mjsim: error: mjsim bench runs from a source checkout: no benchmarks package at {tmp_path / 'benchmarks'}"
    ]


def test_python_m_benchmarks_runs_the_same_commands():
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks", "hand", "--shanten-calls", "50", "--hands", "5", "--no-peers", "--json"],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        check=True,
        timeout=120,
    )
    result = json.loads(done.stdout)
    assert (result["shanten"]["calls"], result["score"]["hands"], result["peers"]) == (50, 5, {"mahjong": None})


def test_bench_game_plays_the_line_up_it_is_given():
    """``--agents human,efficiency`` seats the names around the table, and the result says which bots played."""
    result = CliRunner().invoke(
        cli_module.cli, ["bench", "game", "--games", "1", "--agents", "human,efficiency", "--no-peers", "--json"]
    )
    assert result.exit_code == 0, result.output
    got = json.loads(result.output)
    assert got["agents"] == ["human", "efficiency", "human", "efficiency"] and got["hands"] > 0


def test_bench_game_refuses_an_unknown_agent_in_one_line():
    result = CliRunner().invoke(cli_module.cli, ["bench", "game", "--games", "1", "--agents", "nobody", "--no-peers"])
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1 and "unknown agent 'nobody'" in result.output
