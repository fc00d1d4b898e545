"""Whole games play alike under the compiled build and the pure-Python one: the same seeds, the same digests.

Each build plays in a fresh interpreter (a process picks its build at its first import, mjsim/native.py).
Without a compiled build that matches the sources the test skips, unless ``MJSIM_REQUIRE_COMPILED`` is set
(CI sets it: there the build must exist, and a stale one fails).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mjsim import native

PRESETS = ("tenhou", "jirai", "chengdu", "taiwan")  # riichi, a riichi delta, Sichuan, Taiwanese
GAMES, SEED = 2, 3
REPO_ROOT = Path(__file__).resolve().parents[2]

_PLAY = """
import json, sys
from click.testing import CliRunner
from mjsim import native
from mjsim.cli import cli
print(native.build_status())
for preset in sys.argv[3:]:
    args = ["simulate", "--preset", preset, "--games", sys.argv[1], "--seed", sys.argv[2], "--json"]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    print(preset, json.loads(result.stdout)["digest"])
"""


def play(pure: bool) -> tuple[str, dict[str, str]]:
    """(build status, digest per preset) of the seeded games in a fresh interpreter, on one build."""
    env = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    if pure:
        env[native.PURE_ENV] = "1"
    done = subprocess.run(
        [sys.executable, "-c", _PLAY, str(GAMES), str(SEED), *PRESETS],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO_ROOT,
        timeout=600,
        check=True,
    )
    status, *lines = done.stdout.strip().splitlines()
    return status, dict(line.split() for line in lines)


def test_whole_games_have_the_same_digest_under_both_builds():
    compiled_status, compiled_digests = play(pure=False)
    if not compiled_status.startswith("compiled"):
        if os.environ.get("MJSIM_REQUIRE_COMPILED"):
            pytest.fail(f"MJSIM_REQUIRE_COMPILED is set but a fresh interpreter runs {compiled_status}")
        pytest.skip(f"no compiled build for these sources: a fresh interpreter runs {compiled_status}")
    pure_status, pure_digests = play(pure=True)
    assert pure_status == f"pure Python: {native.PURE_ENV} is set"
    assert set(compiled_digests) == set(PRESETS)
    assert compiled_digests == pure_digests
