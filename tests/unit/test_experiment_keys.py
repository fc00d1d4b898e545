"""The experiment file's optional keys `metrics` and `rank` are kept, and bad values are named."""

from __future__ import annotations

import pytest

from mjsim.errors import MjsimError
from mjsim.experiment import load_experiment

BASE = '[[rulesets]]\nname = "tenhou"\npreset = "tenhou"\n'


def _load(tmp_path, text: str):
    path = tmp_path / "exp.toml"
    path.write_text(text, encoding="utf-8")
    return load_experiment(path)


def test_metrics_and_rank_are_kept(tmp_path):
    exp = _load(tmp_path, 'metrics = ["hand_sum:x"]\nrank = ["points_spread", "hands_per_game"]\n' + BASE)
    assert exp.metrics == ("hand_sum:x",)
    assert exp.rank == ("points_spread", "hands_per_game")


@pytest.mark.parametrize(
    "line, named",
    [
        pytest.param('rank = "points_spread"', "rank must be a list", id="rank-not-a-list"),
        pytest.param('rank = ["nonsense"]', "rank[0] = 'nonsense'", id="rank-unknown-metric"),
        pytest.param('metrics = ["final"]', "metrics[0] = 'final'", id="metric-without-key"),
    ],
)
def test_bad_values_name_the_key(tmp_path, line, named):
    with pytest.raises(MjsimError, match=named.replace("[", r"\[").replace("]", r"\]")):
        _load(tmp_path, line + "\n" + BASE)
