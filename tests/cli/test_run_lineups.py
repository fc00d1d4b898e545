"""`mjsim run` with several line-ups: a run per rule set and line-up, comparisons per line-up, their verdict,
--resume per run, and bad line-ups as one line."""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjsim.cli import cli
from mjsim.experiment.store import Store
from mjsim.runner.games import digest

EFF = '["efficiency", "efficiency", "efficiency", "efficiency"]'
DEF = '["defensive", "defensive", "defensive", "defensive"]'
BODY = """
games = 4
seed = 2
shard_size = 2
rank = ["hands_per_game", "mean_win_value"]
[[rulesets]]
name = "hanchan"
preset = "tenhou"
options = { "riichi.game_length" = "east" }
[[rulesets]]
name = "aka0"
preset = "tenhou"
options = { "riichi.game_length" = "east", "riichi.red_fives" = 0 }
[[compare]]
a = "hanchan"
b = "aka0"
metric = "mean_win_value"
[[compare]]
a = "hanchan"
b = "aka0"
metric = "hands_per_game"
"""
TWO = f'name = "two"\nlineups = [{EFF}, {DEF}]\n' + BODY
RUNS = ["hanchan @ efficiency", "aka0 @ efficiency", "hanchan @ defensive", "aka0 @ defensive"]


def _run(tmp: Path, text: str, *extra: str):
    path = tmp / "e.toml"
    path.write_text(text)
    return CliRunner().invoke(cli, ["run", str(path), "--out", str(tmp / "out"), "--backend", "serial", *extra])


def _store(tmp: Path, name: str = "two") -> Path:
    return tmp / "out" / name / "store.sqlite"


def _digests(path: Path) -> dict[str, str]:
    store = Store(path, write=False)
    try:
        return {run: digest(store.records(run)) for run in store.runs()}
    finally:
        store.close()


@pytest.fixture(scope="module")
def two(tmp_path_factory) -> Path:
    """A finished run of two rule sets by two line-ups."""
    tmp = tmp_path_factory.mktemp("two")
    result = _run(tmp, TWO)
    assert result.exit_code == 0, result.output
    return tmp


def test_every_rule_set_is_played_by_every_line_up(two):
    assert sorted(_digests(_store(two))) == sorted(RUNS)
    summary = json.loads((two / "out" / "two" / "summary.json").read_text())
    assert list(summary["rulesets"]) == RUNS
    assert [u["name"] for u in summary["lineups"]] == ["efficiency", "defensive"]
    assert [(c["lineup"], c["metric"]) for c in summary["comparisons"]] == [
        ("efficiency", "mean_win_value"),
        ("efficiency", "hands_per_game"),
        ("defensive", "mean_win_value"),
        ("defensive", "hands_per_game"),
    ]


def test_a_later_report_names_the_command_that_played_the_games(two, monkeypatch):
    """``mjsim report`` of a finished run keeps the run's command (the baseline's run is named by its line-up)."""
    played = Store(_store(two), write=False)
    try:
        command = played.manifest("hanchan @ efficiency")["command"]
    finally:
        played.close()
    monkeypatch.setattr(sys, "argv", ["mjsim", "report", "out/two"])
    result = CliRunner().invoke(cli, ["report", str(two / "out" / "two")])
    assert result.exit_code == 0, result.output
    assert command != "mjsim report out/two"
    assert json.loads((two / "out" / "two" / "summary.json").read_text())["command"] == command


def test_each_comparison_says_whether_it_holds_across_line_ups(two):
    summary = json.loads((two / "out" / "two" / "summary.json").read_text())
    verdicts = {"holds", "direction differs", "significant in only some", "no clear difference in any"}
    assert [r["metric"] for r in summary["robustness"]] == ["mean_win_value", "hands_per_game"]
    for r in summary["robustness"]:
        assert set(r["differences"]) == {"efficiency", "defensive"}
        assert r["verdict"] in verdicts
    assert [(r["lineup"], r["ruleset"]) for r in summary["ranking"]] == [
        ("efficiency", "aka0 @ efficiency"),
        ("defensive", "aka0 @ defensive"),
    ]
    md = (two / "out" / "two" / "summary.md").read_text()
    assert "| 1 | aka0 @ efficiency |" in md and "| 1 | aka0 @ defensive |" in md
    assert "| A | B | metric | efficiency | defensive | robust to the player model |" in md
    ranked = [(r["rule_set"], r["metric"]) for r in summary["ranking_robustness"]]
    assert ranked == [("aka0", "hands_per_game"), ("aka0", "mean_win_value")]
    assert all(
        r["verdict"] in verdicts and set(r["effects"]) == {"efficiency", "defensive"}
        for r in summary["ranking_robustness"]
    )
    assert "| rule set | hands_per_game | mean_win_value |" in md
    assert "effects (each rule set on each ranking metric, against hanchan)" in md
    assert "| A | B | line-up | metric | B - A |" in md
    assert "Line-ups: **efficiency** (efficiency, efficiency, efficiency, efficiency)" in md


def test_line_ups_play_the_same_games_as_alone(two, tmp_path):
    """A line-up's runs are the games the same file with only ``agents`` plays (same seeds, same fingerprint parts
    but the games count)."""
    alone = _run(tmp_path, f'name = "alone"\nagents = {DEF}\n' + BODY)
    assert alone.exit_code == 0, alone.output
    together, single = _digests(_store(two)), _digests(_store(tmp_path, "alone"))
    assert single == {"hanchan": together["hanchan @ defensive"], "aka0": together["aka0 @ defensive"]}


def test_resume_finishes_each_run(two, tmp_path):
    """Games missing from one run of one line-up are played again by --resume, and only they."""
    (tmp_path / "out" / "two").mkdir(parents=True)
    path = _store(tmp_path)
    path.write_bytes(_store(two).read_bytes())
    with sqlite3.connect(path) as db:
        for table, column in (("games", "idx"), ("hands", "game"), ("side", "idx")):
            db.execute(f"DELETE FROM {table} WHERE run = 'aka0 @ defensive' AND {column} >= 2")
    assert _digests(path)["aka0 @ defensive"] != _digests(_store(two))["aka0 @ defensive"]
    result = _run(tmp_path, TWO, "--resume")
    assert result.exit_code == 0, result.output
    assert _digests(path) == _digests(_store(two))


def test_resume_with_another_line_up_is_refused(two, tmp_path):
    (tmp_path / "out" / "two").mkdir(parents=True)
    _store(tmp_path).write_bytes(_store(two).read_bytes())
    changed = TWO.replace(f"[{EFF}, {DEF}]", f'[{EFF}, {{ name = "defensive", agents = {EFF} }}]')
    result = _run(tmp_path, changed, "--resume")
    assert result.exit_code == 2, result.output
    assert "run 'hanchan @ defensive' was made with agents=defensive" in result.output


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        pytest.param(
            f'name = "x"\nlineups = [{EFF}, ["defensive", "defensive", "defensive"]]\n' + BODY,
            "line-up 'defensive': rule set tenhou seats 4 players, got 3 agents",
            id="a-line-up-of-three-at-a-table-of-four",
        ),
        pytest.param(
            f'name = "x"\nagents = {EFF}\nlineups = [{DEF}, {EFF}]\n' + BODY,
            "give 'agents' (one line-up) or 'lineups' (several), not both",
            id="agents-and-lineups",
        ),
    ],
)
def test_bad_line_ups_are_one_line_exit_2(tmp_path, text, fragment):
    result = _run(tmp_path, text)
    assert result.exit_code == 2, result.output
    assert fragment in result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_the_human_player_as_a_line_up(tmp_path):
    text = (
        'name = "h"\ngames = 2\n'
        'lineups = [["human", "human", "human", "human"], ["human", "efficiency", "human", "efficiency"]]\n'
        + BODY.replace("games = 4\n", "")
    )
    result = _run(tmp_path, text)
    assert result.exit_code == 0, result.output
    summary = json.loads((tmp_path / "out" / "h" / "summary.json").read_text())
    assert list(summary["rulesets"]) == [
        "hanchan @ human",
        "aka0 @ human",
        "hanchan @ human+efficiency+human+efficiency",
        "aka0 @ human+efficiency+human+efficiency",
    ]
    assert all(r["games"] == 2 for r in summary["rulesets"].values())
