"""Typed numeric options (issue 17): ``mjsim.rules.numbers.Numbers`` converts, checks and describes a range, an
``Option`` keeps its named choices as names beside it, and ``mjsim.checking.option_draws`` draws only values inside."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjsim.checking.option_draws import option_strategy, values_in
from mjsim.errors import MjsimError
from mjsim.rules.numbers import Numbers
from mjsim.rules.options import Option, option_values

POINTS = Numbers(100, 100_000, step=100)
UMA = Numbers(-100, 100, decimals=1, length=4, total=0, ordered=True)
START = Option("t.start", 25000, "start", (25000, 30000), numbers=POINTS)
RETURN = Option(
    "t.return", 30000, "return", ("none", 30000), numbers=Numbers(100, 100_000, step=100, at_least="t.start")
)


@pytest.mark.parametrize(
    ("numbers", "raw", "value"),
    [
        pytest.param(POINTS, "35000", 35000, id="text"),
        pytest.param(POINTS, 100_000, 100_000, id="top"),
        pytest.param(UMA, "15,5,-5,-15", (15, 5, -5, -15), id="tuple-text"),
        pytest.param(UMA, [7.5, 2.5, -2.5, -7.5], (7.5, 2.5, -2.5, -7.5), id="tuple-halves"),
    ],
)
def test_convert_and_check(numbers, raw, value):
    assert numbers.convert(raw) == value and numbers.problem(value) == ""


@pytest.mark.parametrize(
    ("numbers", "value", "why"),
    [
        pytest.param(POINTS, 0, "outside 100..100000", id="below"),
        pytest.param(POINTS, 25050, "not a multiple of 100", id="step"),
        pytest.param(POINTS, True, "not a number", id="bool"),
        pytest.param(POINTS, 2500.0, "not an integer", id="float"),
        pytest.param(UMA, (15, 5, -5), "3 numbers, not 4", id="length"),
        pytest.param(UMA, (15, 5, -5, -5), "sum to 10, not 0", id="total"),
        pytest.param(UMA, (5, 15, -5, -15), "above an earlier one", id="order"),
        pytest.param(UMA, (7.25, 2.75, -2.75, -7.25), "more than 1 decimals", id="decimals"),
    ],
)
def test_problems_name_the_reason(numbers, value, why):
    assert why in numbers.problem(value)


def test_describe_gives_the_range():
    assert POINTS.describe() == "an integer from 100 to 100000 in steps of 100"
    assert UMA.describe().startswith("4 comma-separated numbers, each from -100 to 100 (at most 1 decimal)")


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        pytest.param(30000, 30000, id="choice"),
        pytest.param("30000", 30000, id="choice-text"),
        pytest.param("26000", 26000, id="in-range"),
    ],
)
def test_an_option_takes_choices_and_the_range(raw, value):
    assert START.parse(raw) == value


def test_an_option_out_of_range_names_key_value_and_range():
    with pytest.raises(
        MjsimError, match=r"option t\.start: bad value 50 \(50 is outside 100\.\.100000\); expected one"
    ):
        START.parse(50)


def test_at_least_relates_two_options():
    declared = {"t.start": START, "t.return": RETURN}
    assert option_values(declared, {"t.return": "none", "t.start": 60000})["t.return"] == "none"  # a word is exempt
    with pytest.raises(MjsimError, match=r"t\.return: bad value 30000 \(below t\.start = 35000\)"):
        option_values(declared, {"t.start": 35000})


@settings(max_examples=60, derandomize=True, database=None)
@given(st.data())
def test_drawn_values_are_always_in_range(data):
    for numbers in (POINTS, UMA, Numbers(-1000, 1000, length=4, ordered=True), Numbers(-50, 50, length=3, total=0)):
        assert numbers.problem(data.draw(values_in(numbers))) == ""
    value = data.draw(option_strategy(RETURN, 30000, floor=35000))
    assert value == "none" or (RETURN.numbers.problem(value) == "" and value >= 35000)
