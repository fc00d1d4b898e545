"""The two examples of ``mjsim.env`` run and print what they say (a few short games)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

CHECKOUT = Path(__file__).resolve().parents[2]


def run_example(name: str, *args: str) -> str:
    """An example's output, run as a user runs it (this checkout's mjsim first on the path)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(CHECKOUT), os.environ.get("PYTHONPATH")) if p)}
    done = subprocess.run(
        [sys.executable, str(CHECKOUT / "examples" / name), *args], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("preset", ["tenhou-sanma", "chengdu"])
def test_random_agents_play_whole_games(preset: str) -> None:
    lines = run_example("env_random.py", "--preset", preset, "--games", "2", "--seed", "3").splitlines()
    assert len(lines) == 2 and all(re.match(r"game \d: \d+ decisions; rewards seat_0 ", line) for line in lines)


def test_random_agents_games_can_be_truncated() -> None:
    out = run_example("env_random.py", "--preset", "taiwan", "--games", "1", "--max-steps", "50")
    assert "(truncated)" in out


def test_the_training_loop_runs_its_iterations() -> None:
    out = run_example("env_training_loop.py", "--preset", "chengdu", "--iterations", "2", "--games", "1")
    assert [line.split(":")[0] for line in out.splitlines()] == ["iteration 0", "iteration 1"]
    assert "4 seat-games" in out
