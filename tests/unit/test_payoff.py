"""The payoff model (mjsim/agents/payoff.py): the family's own settlement, its rank form, the expected settlement."""

from __future__ import annotations

import dataclasses

import pytest

from mjsim.agents.payoff import PayoffModel, Swing, payoff_model, rank_chances
from mjsim.rules import RuleSet
from variants.riichi.payoff import start_view


def _model(options=None, plugins=(), preset="tenhou") -> PayoffModel:
    model = payoff_model(RuleSet.resolve(preset, options or {}, plugins).compile())
    assert model is not None
    return model


@pytest.mark.parametrize(
    "options, prizes",
    [
        ({}, (10.0, -20.0, -40.0, -50.0)),  # 30,000 return: -30 each, uma +20/+10/-10/-20, oka +20 to the top
        ({"riichi.uma": "20-40"}, (30.0, -10.0, -50.0, -70.0)),
        ({"riichi.uma": "none"}, (-10.0, -30.0, -30.0, -30.0)),
    ],
    ids=["tenhou", "uma-20-40", "uma-none"],
)
def test_the_rank_form_is_read_off_the_family_settlement(options, prizes) -> None:
    form = _model(options).form
    assert form is not None
    assert form.per_point == pytest.approx(0.001)
    assert form.by_rank == pytest.approx(prizes)


def test_with_no_hands_left_the_expectation_is_the_settlement() -> None:
    model = _model()
    scores = (41000, 30000, 19000, 10000)
    assert model.expected(scores, 0) == model.settle(scores)
    assert model.settle(scores) == (51.0, 10.0, -21.0, -40.0)


def test_rank_chances_sum_to_one_and_favour_the_leader() -> None:
    chances = rank_chances([40000.0, 25000.0, 20000.0, 15000.0], 4000.0)
    assert all(sum(row) == pytest.approx(1.0) for row in chances)
    assert chances[0][0] > 0.9 and chances[3][3] > 0.6
    even = rank_chances([25000.0] * 4, 4000.0)
    assert all(p == pytest.approx(0.25, abs=1e-3) for row in even for p in row)


def test_a_point_is_worth_more_with_a_bigger_uma_and_nothing_extra_without_uma_or_oka() -> None:
    views = {}
    flat = {"riichi.uma": "none", "riichi.return_points": "none"}
    for name, options in (("tenhou", {}), ("big", {"riichi.uma": "20-40"}), ("none", flat)):
        model = _model(options)
        views[name] = model.point_value(start_view(model.rules, 0))
    assert views["big"] > views["tenhou"] > views["none"]
    assert views["none"] == pytest.approx(0.001, rel=0.05)  # points are points


def test_at_all_last_a_leader_loses_more_by_a_deal_in_than_it_gains_by_a_win() -> None:
    model = _model()
    view = dataclasses.replace(start_view(model.rules, 0), scores=(31000, 27000, 22000, 20000), hands_left=0.5)
    won = model.worth(view, {0: 8000, 1: -8000})
    lost = -model.worth(view, {0: -8000, 1: 8000})
    assert lost > won > 0


def test_without_a_rank_form_the_settlement_is_sampled() -> None:
    model = _model(preset="boo-modern")
    assert model.form is None
    scores = tuple(model.rules.flow.setup.start_points for _ in range(4))
    assert len(model.expected(scores, 3.0)) == 4


def test_a_settlement_with_a_rank_form_is_probed_not_rewritten() -> None:
    """The model asks the family's own hook: a changed oka moves the form."""
    plain = _model().form
    no_oka = _model({"riichi.return_points": "none"}).form
    assert plain is not None and no_oka is not None
    assert plain.by_rank[0] - no_oka.by_rank[0] == pytest.approx(20.0 - 5.0)


def test_swing_sets_how_fast_ranks_are_settled() -> None:
    model = PayoffModel(_model().rules, Swing(sd=1.0), 4)
    scores = (26000, 25000, 25000, 24000)
    assert model.expected(scores, 5.0)[0] == pytest.approx(model.settle(scores)[0], abs=0.5)


def test_the_calibration_predicts_every_seat_at_every_hand_and_a_perfect_prediction_has_slope_one():
    from benchmarks.payoff_calibration import _slope, predictions
    from mjsim.runner.games import as_dict, play_game

    rules = RuleSet.resolve("tenhou").compile()
    record = as_dict(play_game(rules, 7, ["efficiency"] * 4))
    rows = predictions(rules, record)
    assert len(rows) == 4 * len(record["hands"])
    realised = [float(v) for v in record["final"]["results"]]
    assert [r["realised"] for r in rows[:4]] == realised
    assert sum(r["predicted"] for r in rows[:4]) == pytest.approx(0.0, abs=0.05)  # zero-sum, up to the quadrature
    perfect = [{"predicted": x, "realised": 2.0 * x} for x in (-3.0, -1.0, 0.0, 1.0, 3.0)]
    assert _slope(perfect)[0] == pytest.approx(2.0)
