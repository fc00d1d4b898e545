"""Balance search: on a synthetic metric with a known root the search finds it within its 95% interval; choices,
integer options, an unreachable target and bad questions."""

from __future__ import annotations

import numpy as np
import pytest

from mjsim.errors import MjsimError
from mjsim.experiment.balance_question import question
from mjsim.explore.balance import choice_balance, fitted_root, numeric_balance

ROOT = 1234.0


def synthetic(seed: int, slope: float = -0.002, game_noise: float = 1.0, own_noise: float = 0.3):
    """A metric of game i at value x: 2.5 + slope * (x - ROOT) + a game's own level + noise that depends on x too.

    Game i is the same game at every x (its level is shared: common random numbers), as in a simulation."""
    rng = np.random.default_rng(seed)
    level = rng.normal(0, game_noise, 200_000)

    def evaluate(x, games):
        noise = np.random.default_rng([seed, int(x * 1000) % 2**32]).normal(0, own_noise, games)
        return list(2.5 + slope * (x - ROOT) + level[:games] + noise)

    return evaluate


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_search_finds_a_known_root_within_its_interval(seed):
    found = numeric_balance(synthetic(seed), "x.y", "m", 2.5, 0, 5000, games=200, max_games=40_000, tolerance=50)
    assert found.low <= ROOT <= found.high
    assert found.high - found.low < 500  # the interval is informative, a tenth of the range
    assert found.kind == "numeric" and found.games >= 1000 and found.slope < 0


def test_the_rounds_narrow_the_bracket_around_the_root():
    found = numeric_balance(synthetic(5), "x.y", "m", 2.5, 0, 5000, games=100, max_games=40_000, rounds=3)
    tried = sorted(p.value for p in found.points)
    assert len(tried) > 5  # later rounds add values
    near = [v for v in tried if abs(v - ROOT) < 1000]
    assert len(near) >= 4


def test_a_whole_number_option_tries_multiples_of_its_step():
    found = numeric_balance(synthetic(6), "x.y", "m", 2.5, 0, 5000, games=100, max_games=8000, step=100)
    assert all(isinstance(p.value, int) and p.value % 100 == 0 for p in found.points)
    assert found.nearest % 100 == 0 and abs(found.nearest - found.value) <= 50


def test_a_target_outside_the_range_is_one_line():
    with pytest.raises(MjsimError, match="not between them") as err:
        numeric_balance(synthetic(7), "x.y", "m", 100.0, 0, 5000, games=50)
    assert "\n" not in str(err.value)


def test_a_flat_response_has_no_bounded_interval():
    xs = np.array([0.0, 1.0, 2.0, 3.0, 4.0])
    matrix = np.random.default_rng(0).normal(0, 1, (50, 1)) + np.zeros((50, 5))
    matrix += np.random.default_rng(1).normal(0, 1, (50, 5))
    _, interval, _ = fitted_root(xs, matrix, 0.0, np.random.default_rng(2))
    assert interval == (None, None)


def test_a_choice_reports_the_closest_with_every_choice():
    found = choice_balance(synthetic(8), "x.y", "m", 2.5, [1000, 1200, 2000], games=100)
    assert found.value == 1200
    assert [p.value for p in found.points] == [1000, 1200, 2000]
    assert found.low <= 2.5 + -0.002 * (1200 - ROOT) <= found.high


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        pytest.param({"metric": "bust_rate", "target": 0.1, "low": 1, "high": 2}, "needs 'option'", id="no-option"),
        pytest.param({"option": "a.b", "metric": "nope", "target": 1, "low": 1, "high": 2}, "metric", id="bad-metric"),
        pytest.param({"option": "a.b", "metric": "bust_rate", "target": 1}, "either 'low'", id="no-range"),
        pytest.param(
            {"option": "a.b", "metric": "bust_rate", "target": 1, "low": 2, "high": 1}, "low < high", id="lo>hi"
        ),
        pytest.param(
            {"option": "a.b", "metric": "bust_rate", "target": 1, "low": 1, "high": 2, "values": [1]},
            "either",
            id="both",
        ),
        pytest.param({"option": "a.b", "metric": "bust_rate", "target": "x", "values": [1, 2]}, "number", id="text"),
        pytest.param(
            {"option": "a.b", "metric": "bust_rate", "target": 1, "values": [1], "games": 1}, "games", id="g1"
        ),
        pytest.param({"option": "a.b", "metric": "bust_rate", "target": 1, "values": [1], "step": 1}, "step", id="key"),
    ],
)
def test_bad_questions_are_one_line(raw, message):
    with pytest.raises(MjsimError, match=message) as err:
        question("q", raw)
    assert "\n" not in str(err.value)
