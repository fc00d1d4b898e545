"""The Python API (``mjsim.simulate``, ``mjsim.run``, ``mjsim.load``) and its result tables."""

from __future__ import annotations

import json
import sys

import pytest
from click.testing import CliRunner

import mjsim
from mjsim.cli import cli
from mjsim.errors import MjsimError

SMALL = {
    "name": "api_small",
    "games": 2,
    "seed": 3,
    "rulesets": [
        {"name": "tenhou", "preset": "tenhou"},
        {"name": "no_aka", "preset": "tenhou", "options": {"riichi.red_fives": 0}},
    ],
    "lineups": [
        {"name": "eff", "agents": ["efficiency"] * 4},
        {"name": "mixed", "agents": ["efficiency", "random"] * 2},
    ],
}


@pytest.fixture(scope="module")
def experiment(tmp_path_factory) -> mjsim.Result:
    return mjsim.run(SMALL, tmp_path_factory.mktemp("results"), backend="serial")


def test_simulate_is_the_function_after_the_submodule_is_imported() -> None:
    import mjsim.runner.summary  # noqa: F401 - the submodule of the same name

    assert callable(mjsim.simulate) and mjsim.simulate is mjsim.api.simulate


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-sanma", "chengdu"])
def test_simulate_plays_the_games_of_the_command_line(preset: str) -> None:
    result = mjsim.simulate(preset, games=2, seed=5)
    printed = CliRunner().invoke(cli, ["simulate", "--preset", preset, "--games", "2", "--seed", "5", "--json"])
    assert result.summary["digest"] == json.loads(printed.stdout)["digest"]


def test_simulate_tables_have_one_row_per_game_hand_and_seat() -> None:
    result = mjsim.simulate("tenhou-sanma", games=3, seed=1, agents="random")
    assert len(result.games) == 3 and len(result.seats) == 9 and len(result.hands) == result.summary["hands"]
    assert set(result.seats["agent"]) == {"random"} and result.seats["points"].dtype == "int64"
    assert result.games["seed"].dtype == "uint64" and result.hands["dealer_won"].dtype == "bool"
    assert (result.seats.groupby("game")["points"].sum() == 3 * 35000).all()


def test_without_pandas_the_tables_are_plain(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now raises ImportError
    table = mjsim.simulate(games=1).seats
    assert isinstance(table, mjsim.api.table.Table) and len(table) == 4
    with pytest.raises(MjsimError, match=r"pip install 'mjsim\[data\]'"):
        table.to_pandas()


@pytest.mark.parametrize(
    "kwargs, message",
    [
        pytest.param({"agents": "nobody"}, "unknown agent 'nobody'", id="agent"),
        pytest.param({"games": 0}, "games must be", id="games"),
        pytest.param({"preset": "nowhere"}, "nowhere", id="preset"),
        pytest.param({"options": {"riichi.red_fives": "lots"}}, "riichi.red_fives", id="option"),
    ],
)
def test_simulate_refuses_bad_input(kwargs: dict, message: str) -> None:
    with pytest.raises(MjsimError, match=message):
        mjsim.simulate(**kwargs)


def test_run_gives_every_run_with_its_rule_set_and_line_up(experiment: mjsim.Result) -> None:
    games = experiment.games
    assert list(experiment.records) == ["tenhou @ eff", "no_aka @ eff", "tenhou @ mixed", "no_aka @ mixed"]
    assert sorted(set(zip(games["ruleset"], games["lineup"], strict=True))) == [
        ("no_aka", "eff"),
        ("no_aka", "mixed"),
        ("tenhou", "eff"),
        ("tenhou", "mixed"),
    ]
    assert set(games[games["ruleset"] == "no_aka"]["options"]) == {'{"riichi.red_fives": 0}'}
    mixed = experiment.seats[experiment.seats["lineup"] == "mixed"]
    assert list(mixed[mixed["game"] == 0]["agent"])[:4] == ["efficiency", "random"] * 2
    assert experiment.summary["experiment"] == "api_small" and (experiment.folder / "summary.md").is_file()


def test_load_reads_back_what_run_wrote(experiment: mjsim.Result) -> None:
    loaded = mjsim.load(experiment.folder)
    assert loaded.summary == json.loads((experiment.folder / "summary.json").read_text(encoding="utf-8"))
    assert loaded.hands.equals(experiment.hands)


def test_the_result_shows_itself_in_a_notebook(experiment: mjsim.Result) -> None:
    page = experiment._repr_html_()
    assert page.count("<table>") == 1 and "tenhou @ mixed" in page and "mean rank" in page


def test_run_refuses_a_bad_experiment(tmp_path) -> None:
    with pytest.raises(MjsimError, match="rulesets"):
        mjsim.run({"name": "bad", "games": 2}, tmp_path)
