"""The mpsz notation: parsing to kinds, ids and counts, formatting back, and errors that name the position."""

from __future__ import annotations

import pytest

from mjsim import (
    MjsimError,
    NotationError,
    format_kinds,
    format_tiles,
    parse_counts,
    parse_kinds,
    parse_tiles,
)
from mjsim.hand.notation import format_counts
from mjsim.hand.tiles import RED_FIVE_IDS, kind_of, next_in_cycle

# --- parse_kinds ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        pytest.param("123m", [0, 1, 2], id="123m"),
        pytest.param("19p", [9, 17], id="19p"),
        pytest.param("19s", [18, 26], id="19s"),
        pytest.param("1234567z", [27, 28, 29, 30, 31, 32, 33], id="1234567z"),
        pytest.param("0m0p0s", [4, 13, 22], id="0m0p0s-red-fives-are-fives"),
        pytest.param("18f", [34, 41], id="18f-flowers"),
        pytest.param("3m1m2m", [2, 0, 1], id="3m1m2m-order-kept"),
        pytest.param("12m 3p", [0, 1, 11], id="whitespace-ignored"),
        pytest.param("", [], id="empty"),
    ],
)
def test_parse_kinds(text, kinds):
    assert parse_kinds(text) == kinds


# --- parse_tiles -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "red_fives", "ids"),
    [
        pytest.param("0m", 3, [16], id="0m-is-16"),
        pytest.param("0p", 3, [52], id="0p-is-52"),
        pytest.param("0s", 3, [88], id="0s-is-88"),
        pytest.param("00p", 4, [52, 53], id="00p-with-four-reds"),
    ],
)
def test_parse_tiles_red_fives(text, red_fives, ids):
    assert sorted(parse_tiles(text, red_fives)) == ids


def test_parse_tiles_gives_distinct_copies_of_the_right_kind():
    ids = parse_tiles("1111m")
    assert len(set(ids)) == 4
    assert {kind_of(t) for t in ids} == {0}


def test_parse_tiles_plain_five_is_never_red():
    assert not set(parse_tiles("555m", 3)) & set(RED_FIVE_IDS[3])


def test_parse_tiles_shares_used_copies():
    used: set[int] = set()
    first = parse_tiles("11m", used=used)
    second = parse_tiles("11m", used=used)
    assert len(set(first) | set(second)) == 4


def test_parse_tiles_fifth_copy_is_an_error():
    used: set[int] = set()
    parse_tiles("1111m", used=used)
    with pytest.raises(NotationError, match="1m"):
        parse_tiles("1m", used=used)


def test_parse_tiles_with_three_reds_has_three_plain_fives():
    with pytest.raises(NotationError, match="no copy left"):
        parse_tiles("5555m", 3)


def test_parse_tiles_without_reds_has_four_plain_fives():
    assert len(parse_tiles("5555m", 0)) == 4


def test_parse_tiles_second_red_needs_four_red_set():
    with pytest.raises(NotationError, match="red five"):
        parse_tiles("00p", 3)


def test_parse_tiles_flower_ids():
    assert parse_tiles("18f") == [136, 143]


# --- parse_counts ------------------------------------------------------------------------------------------


def test_parse_counts_gives_34_counts():
    counts = parse_counts("1123m55z")
    assert len(counts) == 34
    assert (counts[0], counts[1], counts[2], counts[31]) == (2, 1, 1, 2)
    assert sum(counts) == 6


def test_parse_counts_drops_flowers():
    assert sum(parse_counts("123m1f")) == 3


def test_parse_counts_counts_red_as_five():
    assert parse_counts("05m")[4] == 2


def test_parse_counts_rejects_a_fifth_copy():
    with pytest.raises(NotationError, match="more than four of 1m"):
        parse_counts("11111m")


def test_parse_counts_duplicate_flower_message_says_one_copy():
    with pytest.raises(NotationError) as info:
        parse_counts("11f")
    assert "four" not in str(info.value)


# --- formatting ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kinds", "text"),
    [
        pytest.param([2, 0, 1], "123m", id="sorted-within-suit"),
        pytest.param([27, 18, 9, 0], "1m1p1s1z", id="suits-in-mpsz-order"),
        pytest.param([33, 27], "17z", id="honours"),
        pytest.param([34, 41], "18f", id="flowers"),
        pytest.param([], "", id="empty"),
    ],
)
def test_format_kinds(kinds, text):
    assert format_kinds(kinds) == text


def test_format_tiles_writes_red_five_as_zero():
    assert format_tiles([16, 17, 52, 88]) in ("05m0p0s", "50m0p0s")  # the red five sorts with the fives


def test_format_tiles_with_no_reds_writes_fives():
    assert format_tiles([16], red_fives=0) == "5m"


def test_format_counts():
    counts = [0] * 34
    counts[0], counts[31] = 3, 2
    assert format_counts(counts) == "111m55z"


@pytest.mark.parametrize("kind", [-1, 42, 100], ids=lambda k: f"kind={k}")
def test_format_kinds_rejects_unknown_kind(kind):
    with pytest.raises(NotationError, match=f"no tile kind {kind}"):
        format_kinds([kind])


# --- round trips ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("123m456p789s1122z", id="123m456p789s1122z"),
        pytest.param("19m19p19s1234567z", id="19m19p19s1234567z"),
        pytest.param("1112345678999m", id="1112345678999m"),
        pytest.param("112233445566z", id="112233445566z"),
        pytest.param("5555m", id="5555m"),
    ],
)
def test_format_of_parse_is_identity_for_canonical_text(text):
    assert format_kinds(parse_kinds(text)) == text
    assert format_counts(parse_counts(text)) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        pytest.param("3m1m2m", "123m", id="3m1m2m->123m"),
        pytest.param("1z1m", "1m1z", id="1z1m->1m1z"),
        pytest.param("0m", "5m", id="0m->5m"),
    ],
)
def test_format_kinds_canonicalises(text, canonical):
    assert format_kinds(parse_kinds(text)) == canonical


@pytest.mark.parametrize(
    ("text", "red_fives"),
    [
        pytest.param("055m", 3, id="055m"),
        pytest.param("0m0p0s", 3, id="0m0p0s"),
        pytest.param("005p", 4, id="005p-four-reds"),
    ],
)
def test_tiles_round_trip_keeps_red_fives(text, red_fives):
    out = format_tiles(parse_tiles(text, red_fives), red_fives)
    assert sorted(parse_kinds(out)) == sorted(parse_kinds(text))
    assert out.count("0") == text.count("0")
    assert format_tiles(parse_tiles(out, red_fives), red_fives) == out


# --- errors name the bad character and its position ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("123m45x", "bad character 'x' at position 6", id="123m45x"),
        pytest.param("12-3m", "bad character '-' at position 2", id="12-3m"),
        pytest.param("１２m", "bad character '１' at position 0", id="fullwidth-digit"),
        pytest.param("m123", "suit letter 'm' at position 0 has no digits", id="m123"),
        pytest.param("123m p", "suit letter 'p' at position 5 has no digits", id="123m-p"),
        pytest.param("123", "digits at position 0", id="123-no-suit"),
        pytest.param("123m45", "digits at position 4", id="123m45-trailing"),
        pytest.param("8z", "no tile '8z' (position 0", id="8z"),
        pytest.param("12349f", "no tile '9f' (position 4", id="9f"),
        pytest.param("0z", "red five '0z' at position 0", id="0z"),
        pytest.param("1230f", "red five '0f' at position 3", id="0f"),
    ],
)
def test_bad_text_names_character_and_position(text, message):
    with pytest.raises(NotationError) as info:
        parse_kinds(text)
    assert message in str(info.value)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("value", [123, None, ["1m"]], ids=["int", "None", "list"])
def test_non_string_is_a_notation_error(value):
    with pytest.raises(NotationError, match="expected a tile string"):
        parse_kinds(value)


def test_notation_error_is_an_mjsim_error_and_a_value_error():
    assert issubclass(NotationError, MjsimError)
    assert issubclass(MjsimError, ValueError)


# --- tiles.py helpers --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [
        pytest.param("1m", "2m", id="1m->2m"),
        pytest.param("9m", "1m", id="9m->1m"),
        pytest.param("9p", "1p", id="9p->1p"),
        pytest.param("9s", "1s", id="9s->1s"),
        pytest.param("1z", "2z", id="E->S"),
        pytest.param("4z", "1z", id="N->E"),
        pytest.param("5z", "6z", id="white->green"),
        pytest.param("7z", "5z", id="red->white"),
    ],
)
def test_next_in_cycle(indicator, dora):
    assert next_in_cycle(parse_kinds(indicator)[0]) == parse_kinds(dora)[0]


@pytest.mark.parametrize(
    ("tile_id", "kind"),
    [
        pytest.param(0, 0, id="0->1m"),
        pytest.param(16, 4, id="16->5m"),
        pytest.param(135, 33, id="135->7z"),
        pytest.param(136, 34, id="136->1f"),
        pytest.param(143, 41, id="143->8f"),
    ],
)
def test_kind_of(tile_id, kind):
    assert kind_of(tile_id) == kind
