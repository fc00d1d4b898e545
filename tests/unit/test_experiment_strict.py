"""Experiment and preset files are strict: every key typed and in range, an unknown key named with the nearest."""

from __future__ import annotations

import pytest

from mjsim.errors import MjsimError
from mjsim.experiment import MAX_SEED, load_experiment, results_dir
from mjsim.rules.presets import load_preset

RULESET = '[[rulesets]]\npreset = "tenhou"\n'
GOOD = 'name = "e"\ngames = 2\n' + RULESET


def _experiment(tmp_path, text: str):
    path = tmp_path / "e.toml"
    path.write_text(text, encoding="utf-8")
    return load_experiment(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("gmaes = 2\n" + RULESET, "unknown key 'gmaes'; did you mean 'games'?", id="typo-top"),
        pytest.param("rotate_seat = true\n" + RULESET, "did you mean 'rotate_seats'?", id="typo-rotate"),
        pytest.param("zzz = 1\n" + RULESET, "unknown key 'zzz'; known keys: agents,", id="no-near-key"),
        pytest.param(RULESET + 'prest = "x"\n', "unknown key rulesets[0].'prest'; did you mean 'preset'", id="ruleset"),
        pytest.param(RULESET + "option = {}\n", "did you mean 'options'", id="ruleset-options-typo"),
        pytest.param("[[rulesets]]\npreset = 5\n", "rulesets[0].preset must be a non-empty text", id="preset-int"),
        pytest.param('[[rulesets]]\npreset = ""\n', "rulesets[0].preset must be a non-empty text", id="preset-empty"),
        pytest.param(RULESET + "name = 3\n", "rulesets[0].name must be a non-empty text", id="ruleset-name-int"),
        pytest.param("rulesets = 3\n", "'rulesets' is required and must be a list", id="rulesets-int"),
        pytest.param("title = 5\n" + RULESET, "'title' must be a text, got 5", id="title-int"),
        pytest.param("question = [1]\n" + RULESET, "'question' must be a text", id="question-list"),
        pytest.param("seed = -1\n" + RULESET, "'seed' must be from 0 to", id="seed-negative"),
        pytest.param(f"seed = {MAX_SEED + 1}\n" + RULESET, "'seed' must be from 0 to", id="seed-too-big"),
        pytest.param("seed = 1.5\n" + RULESET, "'seed' must be an integer", id="seed-float"),
        pytest.param("seed = true\n" + RULESET, "'seed' must be an integer, got True", id="seed-bool"),
        pytest.param("games = 10\nmax_games = 5\n" + RULESET, "'max_games' (5) must be at least", id="max-below"),
        pytest.param("shard_size = 0\n" + RULESET, "'shard_size' must be from 1 to", id="shard-zero"),
        pytest.param("games = 10_000_001\n" + RULESET, "'games' must be from 2 to 10,000,000", id="games-huge"),
        pytest.param('metrics = "win_rate"\n' + RULESET, "metrics must be a list of metric names", id="metrics-text"),
        pytest.param('rank = "win_rate"\n' + RULESET, "rank must be a list of metric names", id="rank-text"),
        pytest.param('compare = "x"\n' + RULESET, "'compare' must be a list of tables", id="compare-text"),
        pytest.param(
            RULESET + '[[compare]]\na = "tenhou"\nb = "tenhou"\nmetirc = "win_rate"\n',
            "unknown key compare[0].'metirc'; did you mean 'metric'",
            id="compare-typo",
        ),
        pytest.param("baseline = 1\n" + RULESET, "baseline = 1 is not one of", id="baseline-int"),
        pytest.param("tournament = 1\n" + RULESET, "'tournament' must be true or false", id="tournament-int"),
        pytest.param('agents = "efficiency"\n' + RULESET, "'agents' must be a list", id="agents-text"),
        pytest.param('name = ""\n' + RULESET, "'name' must be a plain name", id="name-empty"),
        pytest.param('name = ".."\n' + RULESET, "'name' must be a plain name", id="name-dotdot"),
        pytest.param('name = "a/b"\n' + RULESET, "'name' must be a plain name", id="name-slash"),
    ],
)
def test_a_bad_experiment_key_is_one_line_naming_the_file(tmp_path, text, message):
    with pytest.raises(MjsimError) as info:
        _experiment(tmp_path, text)
    assert message in str(info.value)
    assert str(info.value).startswith(str(tmp_path / "e.toml")) and "\n" not in str(info.value)


def test_a_good_experiment_keeps_its_values_and_stays_under_the_results_folder(tmp_path):
    text = 'title = "T"\nquestion = "Q?"\nseed = 7\nmax_games = 4\nmetrics = ["win_rate"]\n' + GOOD
    experiment = _experiment(tmp_path, text)
    assert (experiment.title, experiment.question, experiment.seed, experiment.max_games) == ("T", "Q?", 7, 4)
    assert experiment.metrics == ("win_rate",)
    root = tmp_path / "results"
    assert results_dir(experiment, root).resolve().parent == root.resolve()


def _preset(tmp_path, text: str) -> str:
    path = tmp_path / "p.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param('variant = ["riichi"]\n', "unknown key 'variant'; did you mean 'variants'?", id="typo"),
        pytest.param('variants = ["riichi"]\nextend = "tenhou"\n', "did you mean 'extends'", id="extends-typo"),
        pytest.param('variants = ["riichi"]\nname = 5\n', "'name' must be a text, got 5", id="name-int"),
        pytest.param('variants = ["riichi"]\ndescription = []\n', "'description' must be a text", id="desc-list"),
        pytest.param('variants = ["riichi"]\nextends = 1\n', "'extends' takes the name of one preset", id="extends"),
        pytest.param('variants = "riichi"\n', "needs a non-empty list of variant names", id="variants-text"),
        pytest.param("variants = [[1]]\n", "needs a non-empty list of variant names", id="variants-nested"),
    ],
)
def test_a_bad_preset_key_is_one_line(tmp_path, text, message):
    path = _preset(tmp_path, text)
    with pytest.raises(MjsimError) as info:
        load_preset(path)
    assert message in str(info.value) and path in str(info.value) and "\n" not in str(info.value)
