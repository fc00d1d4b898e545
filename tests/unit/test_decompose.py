"""Readings of complete hands and waits of ready hands."""

from __future__ import annotations

import pytest

from mjsim import format_kinds, parse_counts, parse_kinds, readings, waits
from mjsim.hand.decompose import SEQUENCE, TRIPLET, Group, Reading, is_complete


def _reading(pair: str, *sets: str) -> Reading:
    """A reading from text: ``_reading("1s", "s1m", "t9p")`` (s = sequence from, t = triplet of)."""
    shape = {"s": SEQUENCE, "t": TRIPLET}
    groups = tuple(sorted(Group(shape[s[0]], parse_kinds(s[1:])[0]) for s in sets))
    return Reading(parse_kinds(pair)[0], groups)


def _normalised(rs) -> set[Reading]:
    return {Reading(r.pair, tuple(sorted(r.sets))) for r in rs}


# --- readings ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        pytest.param("123m456p789s11222z", [_reading("1z", "s1m", "s4p", "s7s", "t2z")], id="123m456p789s11222z"),
        pytest.param(
            "111222333m456p11s",
            [_reading("1s", "t1m", "t2m", "t3m", "s4p"), _reading("1s", "s1m", "s1m", "s1m", "s4p")],
            id="111222333m456p11s-triplets-or-sequences",
        ),
        pytest.param(
            "11223344556677m",
            [
                _reading("7m", "s1m", "s1m", "s4m", "s4m"),
                _reading("4m", "s1m", "s1m", "s5m", "s5m"),
                _reading("1m", "s2m", "s2m", "s5m", "s5m"),
            ],
            id="11223344556677m-three-pair-places",
        ),
        pytest.param("11122233344455z", [_reading("5z", "t1z", "t2z", "t3z", "t4z")], id="11122233344455z"),
        pytest.param("123m11p", [_reading("1p", "s1m")], id="123m11p-five-tiles"),
        pytest.param("11z", [_reading("1z")], id="11z-pair-only"),
        pytest.param(
            "123456789m123p456s11z",
            [_reading("1z", "s1m", "s4m", "s7m", "s1p", "s4s")],
            id="123456789m123p456s11z-five-sets",
        ),
    ],
)
def test_readings_of_complete_hands(hand, expected):
    assert _normalised(readings(parse_counts(hand))) == set(expected)


def test_readings_are_not_repeated():
    found = readings(parse_counts("11223344556677m"))
    assert len(found) == len(_normalised(found))


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param("123m456p789s1123z", id="123m456p789s1123z-no-pair"),
        pytest.param("1133557799m1133p", id="1133557799m1133p-seven-pairs-only"),
        pytest.param("119m19p19s1234567z", id="119m19p19s1234567z-orphans-only"),
        pytest.param("123z456p789s1122m", id="honours-make-no-sequence"),
    ],
)
def test_readings_of_hands_without_a_standard_shape_are_empty(hand):
    assert readings(parse_counts(hand)) == []


def test_reading_groups_list_their_kinds():
    assert Group(SEQUENCE, 6).kinds() == (6, 7, 8)
    assert Group(TRIPLET, 31).kinds() == (31, 31, 31)


# --- waits -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        pytest.param("1112345678999m", "123456789m", id="1112345678999m-nine-sided"),
        pytest.param("19m19p19s1234567z", "19m19p19s1234567z", id="19m19p19s1234567z-13-sided"),
        pytest.param("119m19p19s123456z", "7z", id="119m19p19s123456z-orphans-single"),
        pytest.param("1133557799m113p", "3p", id="1133557799m113p-seven-pairs-tanki"),
        pytest.param("123m456p789s1122z", "12z", id="123m456p789s1122z-shanpon"),
        pytest.param("13m456p789s11z123s", "2m", id="kanchan"),
        pytest.param("12m456p789s11z123m", "3m", id="penchan"),
        pytest.param("23m456p789s11z123m", "14m", id="ryanmen"),
        pytest.param("1122334455667m", "147m", id="1122334455667m-pairs-and-sets"),
        pytest.param("1112223334445m", "23456m", id="1112223334445m"),
        pytest.param("1111m234p567s789s", "", id="1111m234p567s789s-no-fifth-copy"),
        pytest.param("1m", "1m", id="1m-tanki-after-four-calls"),
        pytest.param("11m22p", "1m2p", id="11m22p-after-three-calls"),
        pytest.param("123456789m123p456s1z", "1z", id="123456789m123p456s1z-16-tiles"),
    ],
)
def test_waits_of_ready_hands(hand, expected):
    assert format_kinds(waits(parse_counts(hand))) == expected


def test_waits_of_a_hand_that_is_not_ready_are_empty():
    assert waits(parse_counts("147m258p369s1234z")) == []


def test_seven_pairs_waits_can_be_switched_off():
    assert waits(parse_counts("1133557799m113p"), seven_pairs=False) == []


def test_orphans_waits_can_be_switched_off():
    assert waits(parse_counts("19m19p19s1234567z"), orphans=False) == []


# --- is_complete ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "complete"),
    [
        pytest.param("123m456p789s11222z", True, id="123m456p789s11222z"),
        pytest.param("123m11p", True, id="123m11p-five-tiles"),
        pytest.param("123456789m123p456s11z", True, id="17-tiles"),
        pytest.param("123m456p789s1123z", False, id="no-pair"),
        pytest.param("1133557799m1133p", False, id="seven-pairs-is-not-standard"),
    ],
)
def test_is_complete(hand, complete):
    assert is_complete(parse_counts(hand)) is complete


def test_is_complete_with_explicit_set_count():
    assert is_complete(parse_counts("123456789m123p456s11z"), sets=5)
