"""Properties of hands: notation round trips, shanten and waits of generated complete and ready hands."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mjsim import (
    Form,
    format_kinds,
    format_tiles,
    parse_counts,
    parse_kinds,
    parse_tiles,
    readings,
    shanten,
    waits,
)
from mjsim.hand.decompose import is_complete
from mjsim.hand.notation import format_counts
from tests.strategies import complete_counts, five_set_counts, random_counts, winning_hands

kinds_lists = st.lists(st.integers(0, 41), max_size=20)
count_lists = random_counts((1, 2, 4, 5, 7, 8, 10, 11, 13, 14))


# --- notation ---------------------------------------------------------------------------------------------


@given(kinds_lists)
def test_format_then_parse_gives_the_sorted_kinds(kinds):
    assert parse_kinds(format_kinds(kinds)) == sorted(kinds)


@given(kinds_lists)
def test_formatted_text_is_canonical(kinds):
    text = format_kinds(kinds)
    assert format_kinds(parse_kinds(text)) == text


@given(count_lists)
def test_parse_of_format_of_counts_is_identity(counts):
    assert parse_counts(format_counts(counts)) == counts


@given(st.lists(st.integers(0, 135), unique=True, max_size=14))
def test_tile_ids_round_trip_keeps_kinds_and_red_fives(ids):
    text = format_tiles(ids)
    again = parse_tiles(text)
    assert sorted(t // 4 for t in again) == sorted(t // 4 for t in ids)
    assert format_tiles(again) == text


# --- shanten of generated hands ----------------------------------------------------------------------------


@given(winning_hands())
def test_complete_hand_has_shanten_minus_one(hand):
    assert shanten(hand.concealed_counts) == -1


@given(complete_counts())
def test_complete_standard_hand_has_a_reading(counts):
    assert is_complete(counts)
    assert readings(counts)


@given(five_set_counts())
def test_five_set_hand_is_complete(counts):
    assert sum(counts) == 17
    assert shanten(counts) == -1
    assert all(len(r.sets) == 5 for r in readings(counts))
    assert readings(counts)


@given(st.one_of(winning_hands().map(lambda h: h.concealed_counts), five_set_counts()), st.data())
def test_removing_a_tile_leaves_a_ready_hand_that_waits_on_it(counts, data):
    kind = data.draw(st.sampled_from([k for k, n in enumerate(counts) if n]), label="removed kind")
    ready = list(counts)
    ready[kind] -= 1
    assert shanten(ready) == 0
    assert kind in waits(ready)


@given(st.one_of(winning_hands().map(lambda h: h.concealed_counts), five_set_counts()), st.data())
def test_waits_are_exactly_the_tiles_that_complete(counts, data):
    kind = data.draw(st.sampled_from([k for k, n in enumerate(counts) if n]), label="removed kind")
    ready = list(counts)
    ready[kind] -= 1
    completing = []
    for k in range(34):
        if ready[k] < 4:
            ready[k] += 1
            if shanten(ready) == -1:
                completing.append(k)
            ready[k] -= 1
    assert waits(ready) == completing


# --- shanten of arbitrary hands -----------------------------------------------------------------------------


@given(count_lists)
def test_list_tuple_and_text_inputs_agree(counts):
    """The unchecked list fast path agrees with the checked path."""
    expected = shanten(tuple(counts))
    assert shanten(counts) == expected
    assert shanten(format_counts(counts)) == expected


@given(random_counts((13, 14)))
def test_shanten_is_the_minimum_over_the_forms(counts):
    assert shanten(counts) == min(shanten(counts, form=f) for f in Form)


@given(random_counts((13,)), st.integers(0, 33))
def test_drawing_a_tile_lowers_shanten_by_at_most_one(counts, kind):
    if counts[kind] == 4:
        kind = counts.index(min(counts))
    before = shanten(counts)
    counts[kind] += 1
    after = shanten(counts)
    assert before - 1 <= after <= before


@given(random_counts((13, 14)))
def test_shanten_bounds(counts):
    assert -1 <= shanten(counts) <= 6  # seven pairs is never more than 6 away


@given(random_counts((1, 4, 7, 10, 13)))
def test_a_hand_has_waits_exactly_when_it_is_ready(counts):
    assert bool(waits(counts)) == (shanten(counts) == 0)
