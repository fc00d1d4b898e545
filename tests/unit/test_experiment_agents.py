"""An experiment's agents: the table decides how many; without any, the family's best sits in every seat."""

from __future__ import annotations

import pytest

from mjsim.experiment import load_experiment

RULESET = '[[rulesets]]\nname = "t"\npreset = "tenhou"\n'


@pytest.mark.parametrize(
    ("agents", "line_up"),
    [
        pytest.param("", ("human",) * 4, id="default-the-familys-human-in-every-seat"),  # issue 43: was efficiency
        pytest.param(
            'agents = ["random", "efficiency", "random", "defensive"]\n',
            ("random", "efficiency", "random", "defensive"),
            id="listed-bots-by-seat",
        ),
    ],
)
def test_line_up_by_seat_of_the_table(tmp_path, agents, line_up):
    path = tmp_path / "e.toml"
    path.write_text(agents + RULESET)
    experiment = load_experiment(path)
    assert experiment.line_up("t") == line_up


def test_a_wrong_count_is_left_to_the_table(tmp_path):
    """Loading accepts any count of known bots: the run checks it against the table (tests/cli/test_run_errors)."""
    path = tmp_path / "e.toml"
    path.write_text('agents = ["efficiency"]\n' + RULESET)
    assert load_experiment(path).agents == ("efficiency",)
