"""The commands that explore the rule space on tiny runs: `mjsim run` with a sweep, `mjsim explain A B` and
`mjsim balance` (a choice, an experiment's [balance]), and their bad input as one line with exit status 2."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjsim.cli import cli

SWEEP = """
games = 2
seed = 3
target = "results_spread"
metrics = ["first_dealer_result"]
[[rulesets]]
name = "east"
preset = "tenhou"
options = { "riichi.game_length" = "east" }
[[sweep]]
option = "riichi.uma"
values = ["0-0", "20-40"]
[balance]
option = "riichi.uma"
metric = "results_spread"
target = 30
values = ["0-0", "20-40"]
games = 2
"""


def _run(*args: str):
    return CliRunner().invoke(cli, [*args], catch_exceptions=False)


@pytest.fixture(scope="module")
def swept(tmp_path_factory):
    root = tmp_path_factory.mktemp("sweep")
    (root / "uma.toml").write_text(SWEEP, encoding="utf-8")
    result = _run("run", str(root / "uma.toml"), "--out", str(root / "results"), "--workers", "1", "--quiet")
    assert result.exit_code == 0, result.output
    return root


def test_a_sweep_reports_every_point_with_curves(swept):
    out = swept / "results" / "uma"
    summary = json.loads((out / "summary.json").read_text(encoding="utf-8"))
    points = summary["sweep"]["points"]
    assert [p["point"] for p in points] == [{"riichi.uma": "0-0"}, {"riichi.uma": "20-40"}]
    assert points[1]["paired"]["results_spread"]["value"] > 0  # a wider uma spreads the results on the same games
    assert points[1]["paired"]["first_dealer_result"]["n"] == 2
    assert "sweep_curves.png" in summary["plots"] and (out / "sweep_curves.png").is_file()
    assert "## Sweep" in (out / "summary.md").read_text(encoding="utf-8")


def test_run_answers_an_experiment_s_balance_question(swept):
    data = json.loads((swept / "results" / "uma" / "balance.json").read_text(encoding="utf-8"))
    assert data["kind"] == "choice" and data["value"] in ("0-0", "20-40") and data["ruleset"] == "riichi.uma=0-0"


def test_balance_asks_an_experiment_s_question(swept):
    result = _run("balance", "--experiment", str(swept / "uma.toml"), "--workers", "1", "--json", "--quiet")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["kind"] == "choice" and data["ruleset"] == "tenhou"
    assert [p["value"] for p in data["points"]] == ["0-0", "20-40"]


def test_explain_refuses_a_rule_set_twice_and_a_missing_experiment(tmp_path):
    args = ["explain", "tenhou", "tenhou", "--set-b", "riichi.red_fives=0", "--set-a", "riichi.game_length=east"]
    args += ["--set-b", "riichi.game_length=east", "--games", "2", "--metric", "mean_win_value"]
    result = _run(*args, "--out", str(tmp_path), "--workers", "1", "--quiet")
    assert result.exit_code == 2  # A and B are both called tenhou
    result = _run(*args, "--experiment", str(tmp_path / "none.toml"), "--out", str(tmp_path), "--quiet")
    assert result.exit_code == 2 and "none.toml" in result.output


def test_explain_an_experiment_s_rule_sets(tmp_path):
    (tmp_path / "e.toml").write_text(
        'games = 2\n[[rulesets]]\nname = "a"\npreset = "tenhou"\noptions = { "riichi.game_length" = "east" }\n'
        '[[rulesets]]\nname = "b"\npreset = "tenhou"\n'
        'options = { "riichi.game_length" = "east", "riichi.red_fives" = 0 }\n',
        encoding="utf-8",
    )
    result = _run(
        "explain",
        "a",
        "b",
        "--experiment",
        str(tmp_path / "e.toml"),
        "--metric",
        "mean_win_value",
        "--out",
        str(tmp_path),
        "--workers",
        "1",
        "--quiet",
    )
    assert result.exit_code == 0, result.output
    found = json.loads((tmp_path / "explain_a_b" / "explain.json").read_text(encoding="utf-8"))
    assert found["switches"] == ["riichi.red_fives"] and found["metrics"][0]["games"] == 2
    assert "riichi.red_fives" in (tmp_path / "explain_a_b" / "explain.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["explain", "tenhou", "nope"], id="explain-unknown-preset"),
        pytest.param(["explain", "tenhou", "4play", "--metric", "nope"], id="explain-unknown-metric"),
        pytest.param(["explain", "tenhou", "4play", "--games", "1"], id="explain-one-game"),
        pytest.param(["balance", "--metric", "bust_rate", "--target", "0.1"], id="balance-no-option"),
        pytest.param(
            [
                "balance",
                "--option",
                "riichi.nope",
                "--metric",
                "bust_rate",
                "--target",
                "0.1",
                "--low",
                "1",
                "--high",
                "2",
            ],
            id="balance-unknown-option",
        ),
        pytest.param(
            [
                "balance",
                "--option",
                "riichi.start_points",
                "--metric",
                "bust_rate",
                "--target",
                "0.1",
                "--low",
                "3",
                "--high",
                "2",
            ],
            id="balance-backwards",
        ),
        pytest.param(
            [
                "balance",
                "--option",
                "riichi.start_points",
                "--metric",
                "bust_rate",
                "--target",
                "0.1",
                "--values",
                "1,2",
                "--low",
                "1",
            ],
            id="balance-values-and-range",
        ),
        pytest.param(["balance", "--experiment", "nowhere.toml"], id="balance-no-file"),
        pytest.param(
            ["balance", "--option", "riichi.start_points", "--metric", "nope", "--target", "0.1", "--low", "1"]
            + ["--high", "2"],
            id="balance-unknown-metric",
        ),
    ],
)
def test_bad_input_is_one_line(args):
    result = _run(*args, "--quiet")
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "error" in result.output
