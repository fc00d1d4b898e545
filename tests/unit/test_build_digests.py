"""Whole games play alike under the compiled build and the pure-Python one: the same seeds, the same digests.

Every preset plays a seeded game with efficiency bots, and each family's own bots and the human player play
theirs, once per build, each build in a fresh interpreter (a process picks its build at its first import,
mjsim/native.py). Without a compiled build that matches the sources the test skips, unless
``MJSIM_REQUIRE_COMPILED`` is set (CI sets it: there the build must exist, and a stale one fails).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mjsim import native

SEED = 3
REPO_ROOT = Path(__file__).resolve().parents[2]

# Besides efficiency bots at every preset: each family's own bots, the generic ones and the human player.
FAMILY_LINEUPS = {
    "tenhou": [["human"] * 4, ["human:blind"] * 4, ["defensive", "tsumogiri", "random", "efficiency"]],
    "boo-classic": [["boo", "boo", "efficiency", "tsumogiri"]],
    "boo-modern": [["boo_topper", "boo_topper_a", "defensive", "efficiency"]],
    "chengdu": [["chengdu"] * 4, ["chengdu_random_void", "chengdu_worst_void", "chengdu", "efficiency"]],
    "jirai": [["jirai_dealer_aware", "efficiency", "jirai_naive", "random"]],
    "taiwan": [["taiwan", "taiwan_decline", "efficiency", "taiwan"], ["taiwan_tsumo", "taiwan", "random", "defensive"]],
}

_PLAY = """
import json, sys
from mjsim import native
from mjsim.rules.presets import preset_names
from mjsim.rules import RuleSet
from mjsim.runner.games import digest, run_games
lineups, seed = json.loads(sys.argv[1]), int(sys.argv[2])
print(native.build_status())
for preset in preset_names():
    rules = RuleSet.resolve(preset).compile()
    for agents in lineups.get(preset, []) + [["efficiency"] * rules.flow.setup.seats]:
        print(preset + "/" + ",".join(agents), digest(run_games(rules, 1, root_seed=seed, agent_names=agents)))
"""


def play(pure: bool) -> tuple[str, dict[str, str]]:
    """(build status, digest per preset and line-up) of the seeded games in a fresh interpreter, on one build."""
    env = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    if pure:
        env[native.PURE_ENV] = "1"
    done = subprocess.run(
        [sys.executable, "-c", _PLAY, json.dumps(FAMILY_LINEUPS), str(SEED)],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO_ROOT,
        timeout=900,
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
    assert len(compiled_digests) > 40  # every preset, and the families' line-ups
    differ = [game for game in pure_digests if compiled_digests.get(game) != pure_digests[game]]
    assert not differ, f"the builds play these games differently: {differ}"
    assert compiled_digests.keys() == pure_digests.keys()
