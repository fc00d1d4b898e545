"""Experiment reports: tournament scoring (`tournament = true`) and side currencies (chips) per rule set."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjsim.cli import cli

EXPERIMENT = """
name = "t"
games = 4
seed = 2
agents = ["efficiency", "efficiency", "efficiency", "efficiency"]
tournament = true
sections = ["tenhou_rating"]
metrics = ["side:chips"]
[[rulesets]]
name = "4play"
preset = "4play"
[[rulesets]]
name = "tenhou"
preset = "tenhou"
"""


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """summary.json and summary.md of a small experiment with tournament scoring."""
    tmp = tmp_path_factory.mktemp("tournament")
    (tmp / "t.toml").write_text(EXPERIMENT)
    result = CliRunner().invoke(cli, ["run", str(tmp / "t.toml"), "--out", str(tmp / "out"), "--backend", "serial"])
    assert result.exit_code == 0, result.output
    folder = tmp / "out" / "t"
    return json.loads((folder / "summary.json").read_text()), (folder / "summary.md").read_text()


def test_summary_has_tournament_figures_per_player(report):
    summary, _ = report
    players = summary["rulesets"]["4play"]["tournament"]["players"]
    assert sorted(p["player"] for p in players) == [f"seat {i} (efficiency)" for i in range(4)]
    assert all(p["games"] == 4 and not p["eligible"] and p["best_run"] is not None for p in players)
    points = [p["point"] for p in players]
    assert points == sorted(points, reverse=True)


def test_summary_md_shows_tournament_and_chips(report):
    _, md = report
    assert "## Tournament scoring: 4play" in md and "## Tournament scoring: tenhou" in md
    assert "| 4play | chips |" in md and "| tenhou | chips |" not in md


def test_side_metric_estimated_for_chip_games_only(report):
    summary, _ = report
    assert summary["rulesets"]["4play"]["metrics"]["side:chips"]["n"] == 4
    assert summary["rulesets"]["tenhou"]["metrics"]["side:chips"] is None


def test_tournament_off_by_default(tmp_path):
    (tmp_path / "t.toml").write_text(EXPERIMENT.replace("tournament = true\n", "").replace("games = 4", "games = 2"))
    result = CliRunner().invoke(cli, ["run", str(tmp_path / "t.toml"), "--out", str(tmp_path), "--backend", "serial"])
    assert result.exit_code == 0, result.output
    assert "tournament" not in json.loads((tmp_path / "t" / "summary.json").read_text())["rulesets"]["4play"]


@pytest.mark.parametrize("value", ['"yes"', "1"], ids=["string", "integer"])
def test_malformed_tournament_value_names_the_key(tmp_path, value):
    (tmp_path / "t.toml").write_text(EXPERIMENT.replace("tournament = true", f"tournament = {value}"))
    result = CliRunner().invoke(cli, ["run", str(tmp_path / "t.toml"), "--out", str(tmp_path), "--backend", "serial"])
    assert result.exit_code == 2
    assert "'tournament' must be true or false" in result.output and "Traceback" not in result.output


def test_tenhou_rating_over_the_run(report):
    """Every player starts at R1500; with everyone in every game the changes sum to zero, and the first game moves
    R by exactly 30/10/-10/-30 (no table correction yet)."""
    summary, md = report
    players = summary["rulesets"]["4play"]["tenhou_rating"]["players"]
    assert all(p["games"] == 4 for p in players) and abs(sum(p["r"] for p in players) - 6000) < 0.5
    assert [p["r"] for p in players] == sorted((p["r"] for p in players), reverse=True)
    assert "## Tenhou rating: 4play" in md
