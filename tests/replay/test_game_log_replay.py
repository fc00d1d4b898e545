"""``mjsim replay``: mjsim game logs under their own rules (exit 0 only when every one replays exactly), and any
log under another rule set with ``--preset`` (logged actions while offered, then a bot), with its report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjsim.cli import cli
from mjsim.rules import RuleSet
from mjsim.runner.games import run_games
from tests.shared import shared_path


def run(*args: str):
    """The CLI in-process (not --quiet: that would silence progress for the tests after these, in this process)."""
    return CliRunner().invoke(cli, list(args))


@pytest.fixture(scope="module")
def folders(tmp_path_factory) -> dict[str, Path]:
    """Two games each of a few rule sets, written by --log-out."""
    root = tmp_path_factory.mktemp("replay")
    out = {}
    for preset in ("tenhou", "chengdu", "taiwan", "tenhou-sanma"):
        rules = RuleSet.resolve(preset).compile()
        run_games(rules, 2, root_seed=11, agent_names=["efficiency"] * rules.flow.setup.seats, log_out=root / preset)
        out[preset] = root / preset
    return out


def test_replay_of_game_logs_checks_every_one_and_exits_0(folders):
    result = run("replay", str(folders["chengdu"]), str(folders["taiwan"]), "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["logs"] == summary["agree"] == 4 and summary["transfers"] > 0 and summary["mismatches"] == []


def test_a_tampered_log_exits_1_naming_the_hand_and_event(folders, tmp_path):
    log = json.loads((folders["tenhou"] / "game_00000.json").read_text(encoding="utf-8"))
    hand = log["hands"][0]
    deal = next(e for e in hand["events"] if e["kind"] == "deal")
    deal["hands"][0][0], deal["hands"][1][0] = deal["hands"][1][0], deal["hands"][0][0]
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert "1 game logs" in result.stdout and "0 replay exactly, 1 differ" in result.stdout
    assert "tampered.json: hand 0 event 1: logged" in result.stdout


def test_a_log_under_its_own_preset_keeps_every_step_and_every_result(folders):
    result = run("replay", str(folders["chengdu"]), "--preset", "chengdu", "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["changed"] == 0 and summary["kept_steps"] == summary["logged_steps"] > 0
    assert summary["reasons"] == [{"why": "same result", "hands": summary["hands"], "changed": 0}]


def test_a_rule_set_that_forbids_logged_wins_lets_the_bot_play_on():
    logs = shared_path("validation", "tenhou", "tenhou6", "mjlog2json")
    result = run("replay", str(logs), "--preset", "tenhou", "--set", "riichi.kuitan=false", "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    reasons = {r["why"]: r for r in summary["reasons"]}
    assert {"a logged ron is not offered", "same result"} <= set(reasons)
    assert summary["kept_steps"] < summary["logged_steps"]
    assert summary["changed"] == sum(r["changed"] for r in summary["reasons"]) > 0


def test_tenhou_games_under_mahjongsoul_report_how_many_rounds_changed_and_why():
    logs = shared_path("validation", "tenhou", "tenhou6")
    result = run("replay", str(logs), "--preset", "mahjongsoul")
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert text.startswith("replayed under mahjongsoul (efficiency plays on where the log cannot): 55 games, ")
    assert "| why | hands | changed result |" in text and "| same result |" in text
    assert "changed result;" in text


def test_a_game_of_other_tiles_is_not_replayed_and_says_why(folders):
    result = run("replay", str(folders["taiwan"]), "--preset", "tenhou", "--json")
    assert result.exit_code == 1  # not one hand could be replayed
    (reason,) = json.loads(result.stdout)["reasons"]
    assert reason["why"] == "not replayed: other tiles" and reason["changed"] == 0


@pytest.mark.parametrize(
    "args, message",
    [
        (("--preset", "tenhou"), "a 3-seat game cannot be replayed at 4 seats"),
        (("--set", "riichi.kuitan=false"), "--set and --plugin go with --preset"),
        (("--preset", "tenhou", "--bot", "nobody"), "unknown agent 'nobody'"),
        (("--preset", "no-such-preset"), "no-such-preset"),
    ],
    ids=["other-seat-count", "set-without-preset", "unknown-bot", "unknown-preset"],
)
def test_bad_replay_requests_are_one_line(folders, args, message):
    result = run("replay", str(folders["tenhou-sanma"]), *args)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mjsim: error: ") and message in lines[0], result.stderr


@pytest.mark.parametrize("preset", ["jirai", "boo-classic", "4play", "rado"])
def test_simulate_log_out_then_replay_agrees_for_the_deltas_tenhou6_could_not_hold(preset, tmp_path):
    done = run("simulate", "--preset", preset, "--games", "1", "--seed", "6", "--log-out", str(tmp_path))
    assert done.exit_code == 0, done.output
    result = run("replay", str(tmp_path), "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["logs"] == summary["agree"] == 1 and summary["transfers"] > 0
