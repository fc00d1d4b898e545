"""Shanten: known values of each form, short hands (called sets), five-set hands, input paths and errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import mjsim
from mjsim import Form, MjsimError, parse_counts, shanten
from mjsim.hand.shanten import improving_kinds, orphans_shanten, seven_pairs_shanten, standard_shanten
from tests.strategies import random_counts


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # complete 14-tile hands
        pytest.param("123m456p789s11222z", -1, id="123m456p789s11222z-complete"),
        pytest.param("11112233445566m", -1, id="11112233445566m-quad-read-as-sets"),
        pytest.param("1133557799m1133p", -1, id="1133557799m1133p-seven-pairs"),
        pytest.param("119m19p19s1234567z", -1, id="119m19p19s1234567z-orphans"),
        pytest.param("11122233344455z", -1, id="11122233344455z-all-honours"),
        # ready (tenpai) 13-tile hands
        pytest.param("123m456p789s1122z", 0, id="123m456p789s1122z-shanpon"),
        pytest.param("1112345678999m", 0, id="1112345678999m-nine-gates"),
        pytest.param("19m19p19s1234567z", 0, id="19m19p19s1234567z-13-sided"),
        pytest.param("1122334455667m", 0, id="1122334455667m-pairs-or-sets"),
        # further away
        pytest.param("1111m234p567s789s", 1, id="1111m234p567s789s-fifth-1m-does-not-exist"),
        pytest.param("13579m13579p135s", 4, id="13579m13579p135s"),
        pytest.param("147m258p369s1234z", 6, id="147m258p369s1234z-seven-pairs-best"),
        pytest.param("147m258p369s12345z", 6, id="147m258p369s12345z-14-tiles"),
    ],
)
def test_known_values_13_and_14_tiles(hand, expected):
    assert shanten(hand) == expected


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        pytest.param("1m", 0, id="1m-tanki"),
        pytest.param("11m", -1, id="11m-pair-only"),
        pytest.param("12m", 0, id="12m"),
        pytest.param("1112m", 0, id="1112m"),
        pytest.param("12m34p", 1, id="12m34p"),
        pytest.param("123m11p", -1, id="123m11p-two-sets-called"),
        pytest.param("123m456p1z", 0, id="123m456p1z-two-sets-called"),
        pytest.param("1m2p", 0, id="1m2p"),
        pytest.param("123456m11z", -1, id="123456m11z-one-set-called"),
    ],
)
def test_hands_with_called_sets_have_fewer_tiles(hand, expected):
    assert shanten(hand) == expected


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        pytest.param("123456789m123p456s11z", -1, id="123456789m123p456s11z-17-tiles"),
        pytest.param("123456789m123p456s1z", 0, id="123456789m123p456s1z-16-tiles"),
        pytest.param("111222333444m555p66z", -1, id="111222333444m555p66z-17-triplets"),
        pytest.param("1234567899m12345p6s", 1, id="1234567899m12345p6s-16-tiles"),
    ],
)
def test_five_set_hands(hand, expected):
    assert shanten(hand) == expected


def test_five_set_hand_is_read_with_five_sets():
    counts = parse_counts("123456789m123p456s1z")
    assert shanten(counts) == standard_shanten(counts, 5) == 0


@pytest.mark.parametrize(
    ("hand", "form", "expected"),
    [
        pytest.param("1133557799m1133p", Form.SEVEN_PAIRS, -1, id="seven_pairs-complete"),
        pytest.param("1133557799m1133p", Form.STANDARD, 3, id="standard-of-seven-pairs"),
        pytest.param("1133557799m1133p", Form.ORPHANS, 9, id="orphans-of-seven-pairs"),
        pytest.param("11112233445566m", Form.SEVEN_PAIRS, 1, id="quad-is-one-pair"),
        pytest.param("19m19p19s1234567z", Form.ORPHANS, 0, id="orphans-13-sided"),
        pytest.param("19m19p19s1234567z", Form.STANDARD, 8, id="standard-of-orphans"),
        pytest.param("19m19p19s1234567z", Form.SEVEN_PAIRS, 6, id="seven-pairs-of-orphans"),
        pytest.param("147m258p369s1234z", "seven_pairs", 6, id="form-as-text"),
        pytest.param("123m11p", "standard", -1, id="standard-form-short-hand"),
    ],
)
def test_one_form(hand, form, expected):
    assert shanten(hand, form=form) == expected


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param("123m456p789s1122z", id="123m456p789s1122z"),
        pytest.param("1133557799m1133p", id="1133557799m1133p"),
        pytest.param("19m19p19s1234566z", id="19m19p19s1234566z"),
        pytest.param("147m258p369s1234z", id="147m258p369s1234z"),
    ],
)
def test_shanten_is_the_minimum_over_forms(hand):
    assert shanten(hand) == min(shanten(hand, form=f) for f in Form)


@pytest.mark.parametrize("form", list(Form), ids=[f.value for f in Form])
def test_form_helpers_agree_with_form_argument(form):
    counts = parse_counts("1122334455667m")
    helper = {
        Form.STANDARD: standard_shanten,
        Form.SEVEN_PAIRS: seven_pairs_shanten,
        Form.ORPHANS: orphans_shanten,
    }
    assert helper[form](counts) == shanten(counts, form=form)


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param("123m456p789s1122z", id="123m456p789s1122z"),
        pytest.param("1111m234p567s789s", id="1111m234p567s789s"),
        pytest.param("19m19p19s1234567z", id="19m19p19s1234567z"),
        pytest.param("123m11p", id="123m11p"),
        pytest.param("123456789m123p456s1z", id="123456789m123p456s1z-16"),
    ],
)
def test_string_list_and_tuple_inputs_agree(hand):
    counts = parse_counts(hand)
    assert shanten(hand) == shanten(counts) == shanten(tuple(counts)) == shanten(bytes(counts))


def test_package_level_shanten_is_the_same_function():
    assert mjsim.shanten is shanten


# --- bad input ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        pytest.param("123m", r"3n\+1 or 3n\+2 tiles", id="3-tiles"),
        pytest.param("123456789m123456p", r"3n\+1 or 3n\+2 tiles", id="15-tiles"),
        pytest.param("123456789m123p456s11z1p", "at most 17", id="18-tiles"),
        pytest.param([1] * 33, "34 entries", id="33-counts"),
        pytest.param([5] + [0] * 33, "from 0 to 4", id="count-5"),
        pytest.param([-1, 2] + [0] * 32, "from 0 to 4", id="negative-count"),
        pytest.param(["a"] * 34, "34 integers", id="not-integers"),
        pytest.param(None, "34 integers", id="None"),
    ],
)
def test_bad_hand_raises_mjsim_error(hand, message):
    with pytest.raises(MjsimError, match=message) as raised:
        shanten(hand)
    assert raised.value.__context__ is None or not isinstance(raised.value.__context__, MjsimError)  # checked once


def test_bad_notation_raises_notation_error():
    with pytest.raises(mjsim.NotationError, match="position 6"):
        shanten("123m45x")


@pytest.mark.parametrize(
    ("hand", "form"),
    [
        pytest.param("123m11p", Form.SEVEN_PAIRS, id="seven_pairs-5-tiles"),
        pytest.param("123456789m123p456s11z", Form.ORPHANS, id="orphans-17-tiles"),
    ],
)
def test_special_forms_need_13_or_14_tiles(hand, form):
    with pytest.raises(MjsimError, match="needs 13 or 14 tiles"):
        shanten(hand, form=form)


def test_unknown_form_raises_mjsim_error():
    with pytest.raises(MjsimError, match="bogus"):
        shanten("123m456p789s1122z", form="bogus")


def _improving_by_brute_force(counts: list[int], now: int) -> list[int]:
    """Kinds whose extra tile makes a 14-tile hand of lower shanten, each worked out from scratch."""
    out = []
    for kind in range(34):
        if counts[kind] < 4 and shanten([n + (i == kind) for i, n in enumerate(counts)]) < now:
            out.append(kind)
    return out


@settings(max_examples=60)
@given(random_counts(sizes=(13,)))
def test_improving_kinds_agrees_with_trying_every_tile(counts):
    """The table-driven useful tiles of a 13-tile hand, with or without its shanten given, match brute force."""
    now = shanten(counts)
    expected = (now, _improving_by_brute_force(counts, now))
    assert improving_kinds(counts) == expected
    assert improving_kinds(counts, now) == expected


@settings(max_examples=80)
@given(random_counts(sizes=(13, 10, 7, 4, 1)))
def test_a_draw_lowers_shanten_by_one_at_most(counts):
    """The riichi family skips a turn's full shanten on this bound: a hand of 3n+1 tiles that draws any tile is
    at most one step nearer (and never further from) ready."""
    before = shanten(counts)
    for kind in range(34):
        if counts[kind] < 4:
            after = shanten([n + (i == kind) for i, n in enumerate(counts)])
            assert before - 1 <= after <= before
