"""Same seed, same results: for one worker, two workers and Ray, the digest of a run is identical."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjsim.cli import cli
from mjsim.rules import RuleSet
from mjsim.runner import RunSpec
from mjsim.runner.games import digest, run_games
from mjsim.runner.run import collect

SPEC = RunSpec(RuleSet.resolve("tenhou"), agents=("efficiency", "defensive", "efficiency", "random"), root_seed=3)


@pytest.fixture(scope="module")
def in_process() -> str:
    return digest(run_games(SPEC.rules(), 8, 3, SPEC.agents))


@pytest.mark.parametrize(
    "backend, workers",
    [("serial", 1), ("multiprocessing", 1), ("multiprocessing", 2)],
    ids=["serial", "one-worker", "two-workers"],
)
def test_backends_agree(in_process, backend, workers):
    assert digest(collect(SPEC, 8, backend=backend, workers=workers, shard_size=3)) == in_process


def test_ray_agrees(in_process):
    pytest.importorskip("ray")
    assert digest(collect(SPEC, 8, backend="ray", workers=2, shard_size=3)) == in_process


def test_cli_digest_is_the_same_for_one_and_two_workers():
    runs = [
        CliRunner().invoke(cli, ["simulate", "--games", "6", "--seed", "4", "--workers", w, "--json"])
        for w in ("1", "2")
    ]
    digests = {json.loads(r.stdout)["digest"] for r in runs}
    assert len(digests) == 1


def test_rotation_plays_each_seed_four_times_with_agents_moved():
    spec = RunSpec(
        RuleSet.resolve("tenhou"), agents=("efficiency", "random", "random", "random"), root_seed=1, rotate=True
    )
    seeds = [spec.game(i)[0] for i in range(8)]
    assert seeds[:4] == [seeds[0]] * 4 and seeds[4] != seeds[0]
    assert [spec.game(i)[1].index("efficiency") for i in range(4)] == [0, 1, 2, 3]


def test_unreachable_ray_address_is_one_line_exit_2():
    pytest.importorskip("ray")
    result = CliRunner().invoke(cli, ["simulate", "--games", "2", "--backend", "ray", "--address", "127.0.0.1:9"])
    assert result.exit_code == 2
    assert "cannot start or reach Ray at 127.0.0.1:9" in result.output
