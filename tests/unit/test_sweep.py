"""Sweeps of an experiment file: [[sweep]] values or start/stop/step, the points as rule sets on the same seeds,
and bad sweeps as one line."""

from __future__ import annotations

import pytest

from mjsim.errors import MjsimError
from mjsim.experiment import RuleSetEntry, load_experiment
from mjsim.experiment.sweep import Sweep, expand, parse_sweeps, points

BASE = """
games = 3
[[rulesets]]
name = "tenhou"
preset = "tenhou"
"""


def _load(tmp_path, text: str, top: str = ""):
    path = tmp_path / "sweep.toml"
    path.write_text(top + BASE + text, encoding="utf-8")
    return load_experiment(path)


def test_values_make_one_rule_set_per_point(tmp_path):
    e = _load(tmp_path, '[[sweep]]\noption = "riichi.uma"\nvalues = ["0-0", "20-40"]\n')
    assert [r.name for r in e.rulesets] == ["riichi.uma=0-0", "riichi.uma=20-40"]
    assert e.rulesets[1].options == {"riichi.uma": "20-40"}
    assert e.baseline == "riichi.uma=0-0"
    assert e.compare == (("riichi.uma=0-0", "riichi.uma=20-40", "first_dealer_points"),)


def test_a_range_includes_its_stop():
    (sweep,) = parse_sweeps("f", [{"option": "riichi.start_points", "start": 20000, "stop": 30000, "step": 5000}])
    assert sweep.values == (20000, 25000, 30000)
    assert sweep.numeric()


def test_a_float_range_is_rounded():
    (sweep,) = parse_sweeps("f", [{"option": "x.y", "start": 0.1, "stop": 0.3, "step": 0.1}])
    assert sweep.values == (0.1, 0.2, 0.3)


def test_two_sweeps_give_every_combination_with_names_after_their_base():
    sweeps = (Sweep("a.x", (1, 2)), Sweep("a.y", ("p", "q")))
    assert len(points(sweeps)) == 4
    entries = expand((RuleSetEntry("one", "tenhou"), RuleSetEntry("two", "4play")), sweeps)
    assert entries[0].name == "one a.x=1, a.y=p"
    assert entries[-1].name == "two a.x=2, a.y=q"
    assert entries[-1].point == (("a.x", 2), ("a.y", "q"))


def test_the_target_is_the_default_comparison_of_a_sweep(tmp_path):
    e = _load(tmp_path, '[[sweep]]\noption = "riichi.red_fives"\nvalues = [0, 3]\n', top='target = "hands_per_game"\n')
    assert e.compare[0][2] == "hands_per_game"


@pytest.mark.parametrize(
    ("sweep", "message"),
    [
        pytest.param('option = "riichi.uma"\n', "either 'values' or", id="no-values"),
        pytest.param('option = "riichi.uma"\nvalues = ["0-0"]\n', "2 to 1000 distinct", id="one-value"),
        pytest.param('option = "riichi.uma"\nvalues = ["0-0", "0-0"]\n', "distinct", id="twice"),
        pytest.param("values = [1, 2]\n", "must name an option", id="no-option"),
        pytest.param('option = "a.b"\nstart = 1\nstop = 5\nstep = 0\n', "step > 0", id="step-zero"),
        pytest.param('option = "a.b"\nstart = 5\nstop = 1\nstep = 1\n', "start < stop", id="backwards"),
        pytest.param('option = "a.b"\nstart = "1"\nstop = 5\nstep = 1\n', "must all be numbers", id="text-start"),
        pytest.param('option = "a.b"\nvalues = [1, 2]\nstart = 1\n', "either 'values' or", id="both"),
        pytest.param('option = "a.b"\nvalues = [[1], [2]]\n', "texts, numbers", id="lists"),
        pytest.param('option = "a.b"\nvalue = [1, 2]\n', "value", id="unknown-key"),
    ],
)
def test_bad_sweeps_are_one_line(tmp_path, sweep, message):
    with pytest.raises(MjsimError, match=message) as err:
        _load(tmp_path, "[[sweep]]\n" + sweep)
    assert "\n" not in str(err.value)


def test_three_sweeps_or_one_option_twice_are_refused():
    with pytest.raises(MjsimError, match="one or two"):
        parse_sweeps("f", [{"option": f"a.{i}", "values": [1, 2]} for i in range(3)])
    with pytest.raises(MjsimError, match="same option"):
        parse_sweeps("f", [{"option": "a.b", "values": [1, 2]}, {"option": "a.b", "values": [3, 4]}])


def test_a_bad_value_fails_before_any_game_naming_the_option(tmp_path):
    from mjsim.experiment import run_experiment

    e = _load(tmp_path, '[[sweep]]\noption = "riichi.uma"\nvalues = ["0-0", "banana"]\n')
    with pytest.raises(MjsimError, match="riichi.uma"):
        run_experiment(e, out=tmp_path / "out")
    assert not (tmp_path / "out" / "store.sqlite").exists()
