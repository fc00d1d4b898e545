"""``mjsim bench``: a thin command over the checkout's benchmarks package, refused (exit 2) without one."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
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


def _bench_game(*args: str):
    return CliRunner().invoke(
        cli_module.cli, ["bench", "game", "--blocks", "2", "--block-games", "1", "--build", "pure", *args]
    )


def test_bench_game_plays_the_line_up_it_is_given():
    """A custom line-up seats its names around the table; every block is played and timed in CPU seconds."""
    result = _bench_game("--lineup", "human,efficiency", "--no-peers", "--json")
    assert result.exit_code == 0, result.output
    [config] = json.loads(result.output)["configs"]
    assert config["agents"] == ["human", "efficiency", "human", "efficiency"] and config["hands"] > 0
    rate = config["hands_per_cpu_second"]
    assert rate["min"] <= rate["q1"] <= rate["median"] <= rate["q3"] <= rate["max"] and rate["min"] > 0


def test_bench_game_agents_are_measured_beside_the_efficiency_bots():
    result = _bench_game("--agents", "human", "--no-peers", "--json")
    assert result.exit_code == 0, result.output
    seated = [config["agents"] for config in json.loads(result.output)["configs"]]
    assert seated == [["efficiency"] * 4, ["human"] * 4]


def test_bench_game_pairs_each_line_up_with_riichienv_and_profiles_it():
    pytest.importorskip("riichienv")
    result = _bench_game("--lineup", "greedy", "--lineup", "tsumogiri", "--profile", "--json")
    assert result.exit_code == 0, result.output
    configs = {c["label"]: c for c in json.loads(result.output)["configs"]}
    assert sorted(configs) == [
        "mjsim greedy pure",
        "mjsim tsumogiri pure",
        "riichienv greedy",
        "riichienv tsumogiri",
    ]
    assert configs["mjsim tsumogiri pure"]["vs"]["peer"] == "riichienv tsumogiri"
    assert configs["mjsim greedy pure"]["vs"]["same_policy"] and configs["riichienv greedy"]["vs"] is None
    split = configs["mjsim greedy pure"]["profile"]
    assert abs(sum(split["share"].values()) - 1) < 0.01 and split["share"]["shanten/improving_kinds"] > 0


def test_bench_game_text_report_names_every_configuration():
    result = _bench_game("--lineup", "tsumogiri", "--no-peers", "--profile")
    assert result.exit_code == 0, result.output
    assert "mjsim tsumogiri pure" in result.output and "profile split (cProfile)" in result.output


def test_bench_game_refuses_an_unknown_agent_in_one_line():
    result = _bench_game("--lineup", "nobody", "--no-peers")
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1 and "unknown agent 'nobody'" in result.output


def test_bench_game_with_no_compiled_build_to_measure_says_so_in_one_line(tmp_path, monkeypatch):
    monkeypatch.setenv("MJSIM_NATIVE_DIR", str(tmp_path))  # an empty build folder: every worker is pure Python
    args = ["bench", "game", "--lineup", "tsumogiri", "--build", "compiled", "--no-peers", "--blocks", "1"]
    result = CliRunner().invoke(cli_module.cli, args)
    assert result.exit_code == 2
    [line] = result.output.strip().splitlines()
    assert "no configuration can run as asked" in line and "mjsim tsumogiri compiled: pure Python" in line


def test_the_greedy_policy_is_the_same_on_both_sides():
    """mjsim's greedy bot and riichienv's greedy policy pick the same discard, given the same shanten."""
    import random
    from types import SimpleNamespace

    from benchmarks import peers, policies
    from mjsim.engine.actions import DISCARD, Action
    from mjsim.hand.shanten import shanten

    def kinds(tiles):
        counts = [0] * 34
        for tile in tiles:
            counts[tile // 4] += 1
        return counts

    rng = random.Random(5)
    for _ in range(200):
        hand = rng.sample(range(136), 14)
        options = [Action(DISCARD, tile) for tile in hand]
        ours = policies.greedy_discard(SimpleNamespace(counts=tuple(kinds(hand))), options)
        theirs = peers.greedy_discard(hand, options, lambda rest: shanten(kinds(rest)))
        assert ours == theirs, hand


def test_bench_check_prices_both_check_modes():
    result = CliRunner().invoke(
        cli_module.cli, ["bench", "check", "--build", "pure", "--blocks", "1", "--block-games", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    configs = json.loads(result.output)["configs"]
    assert [c["check"] for c in configs] == ["", "sampled", "all"]
    assert configs[1]["vs"]["peer"] == configs[0]["label"] and configs[1]["hands"] == configs[0]["hands"]


def test_bench_process_times_whole_processes():
    result = CliRunner().invoke(
        cli_module.cli, ["bench", "process", "--games", "1", "--repeats", "1", "--build", "pure", "--json"]
    )
    assert result.exit_code == 0, result.output
    got = json.loads(result.output)
    [run] = got["mjsim"]["runs"]
    assert run["hands"] > 0 and run["cpu"] > 0 and run["wall"] >= run["cpu"] * 0.5
    assert got["riichienv"] is None or got["riichienv"]["runs"][0]["hands"] > 0


def test_bench_runner_runs_each_case_in_its_own_process_with_one_digest():
    result = CliRunner().invoke(cli_module.cli, ["bench", "runner", "--games", "4", "--no-ray", "--json"])
    assert result.exit_code == 0, result.output
    got = json.loads(result.output)
    assert got["same_digest"] and set(got["runs"]) == {"one worker", "two workers"}
    assert got["runs"]["two workers"]["worker_max_rss_mb"] > 0 and got["ray"] == "not measured: --no-ray"


@pytest.mark.parametrize(
    ("where", "expected"),
    [
        ("/x/mjsim/hand/shanten.py", "shanten/improving_kinds"),
        ("/x/mjsim/hand/discard_kernel.py", "shanten/improving_kinds"),
        ("/x/variants/riichi/human/discard.py", "bot code"),
        ("/x/variants/riichi/yaku.py", "scoring"),
        ("/x/variants/riichi/play.py", "riichi flow"),
        ("/x/site-packages/pluggy/_callers.py", "pluggy dispatch"),
        ("/x/mjsim/engine/offers.py", "offers"),
        ("/x/mjsim/engine/core.py", "engine core"),
        ("/usr/lib/python3.11/random.py", "other (stdlib)"),
    ],
    ids=lambda value: value.rsplit("/", 1)[-1],
)
def test_profile_categories_follow_the_issue(where, expected):
    from benchmarks.profile_split import COMPILED_CALL, category

    assert category(where) == expected
    found = COMPILED_CALL.search("<built-in method mjsim.hand.shanten.improving_kinds>")
    assert category(found.group(1).replace(".", "/")) == "shanten/improving_kinds"
