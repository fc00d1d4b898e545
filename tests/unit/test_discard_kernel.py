"""The discard kernel gives the readable version's answers: random, themed, five-set hands and whole games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjsim import MjsimError
from mjsim.agents.bots import EfficiencyBot, best_discard, best_discards, readable_best_discards
from mjsim.agents.observation import visible_counts
from mjsim.hand.discard_kernel import discard_facts, readable_discard_facts, shanten_after_discards
from mjsim.hand.shanten import shanten
from mjsim.hand.tiles import YAOCHU, kind_of
from mjsim.runner.games import play_game

_POOLS = {
    "any": list(range(34)),
    "terminals-and-honours": list(YAOCHU),  # thirteen orphans
    "few-kinds": list(range(0, 34, 5)),  # seven pairs and pair-heavy hands
    "one-suit": list(range(9)),
}


@st.composite
def hands(draw, sizes=(14, 11, 8, 5, 2)):
    """A 3n+2 hand of distinct physical tiles of one of the pools, and copies of each kind in sight."""
    pool = _POOLS[draw(st.sampled_from(sorted(_POOLS)))]
    size = draw(st.sampled_from(sizes))
    tiles = draw(st.lists(st.integers(0, 4 * len(pool) - 1), min_size=size, max_size=size, unique=True))
    counts = [0] * 34
    for tile in tiles:
        counts[pool[tile // 4]] += 1
    seen = draw(st.lists(st.integers(0, 4), min_size=34, max_size=34))
    return counts, [min(4, c + v) for c, v in zip(counts, seen, strict=True)]


def _held(counts: list[int]) -> list[int]:
    return [k for k, c in enumerate(counts) if c]


@settings(max_examples=400, deadline=None)
@given(hands(), st.integers(0, 2))
def test_the_kernel_agrees_with_the_readable_version(hand, slack):
    counts, visible = hand
    kinds = _held(counts)
    random.Random(sum(counts) * 31 + slack).shuffle(kinds)  # any order of kinds is kept
    assert discard_facts(counts, visible, kinds, slack) == readable_discard_facts(counts, visible, kinds, slack)


@settings(max_examples=60, deadline=None)
@given(hands(sizes=(17,)), st.integers(0, 1))
def test_five_set_hands_agree_too(hand, slack):
    """16-tile hands after the discard (Taiwan) read the five-set tables and no other form."""
    counts, visible = hand
    kinds = _held(counts)
    assert discard_facts(counts, visible, kinds, slack) == readable_discard_facts(counts, visible, kinds, slack)


@settings(max_examples=100, deadline=None)
@given(hands())
def test_shanten_after_discards_is_shanten_of_each_smaller_hand(hand):
    counts, _ = hand
    kinds = _held(counts)
    expected = [shanten([c - (k == j) for j, c in enumerate(counts)]) for k in kinds]
    assert shanten_after_discards(counts, kinds) == expected


def test_dealt_hands_agree(dealt_hands):
    """Hands as a game deals them: 3,000 seeded 14-tile draws from a wall, with the rest of a river in sight."""
    for counts, visible in dealt_hands:
        kinds = _held(counts)
        for slack in (0, 1):
            assert discard_facts(counts, visible, kinds, slack) == readable_discard_facts(counts, visible, kinds, slack)


@pytest.fixture(scope="module")
def dealt_hands() -> list[tuple[list[int], list[int]]]:
    rng = random.Random(22)
    out = []
    for _ in range(3000):
        wall = rng.sample(range(136), 14 + rng.randrange(40))
        counts, visible = [0] * 34, [0] * 34
        for i, tile in enumerate(wall):
            (counts if i < 14 else visible)[tile // 4] += 1
        out.append((counts, [c + v for c, v in zip(counts, visible, strict=True)]))
    return out


@pytest.mark.parametrize(
    ("counts", "message"),
    [
        pytest.param([1] * 13 + [0] * 21, "3n\\+2 tiles", id="13-tiles"),
        pytest.param([2] * 9 + [0] * 25, "3n\\+2 tiles", id="18-tiles"),
    ],
)
def test_a_hand_of_the_wrong_size_is_refused(counts, message):
    with pytest.raises(MjsimError, match=message):
        discard_facts(counts, [4] * 34, _held(counts))


def test_a_kind_not_in_the_hand_is_refused():
    counts = [2] * 7 + [0] * 27
    with pytest.raises(MjsimError, match="not in the hand"):
        discard_facts(counts, counts, [20])


def test_no_kinds_give_no_facts():
    assert discard_facts([2] * 7 + [0] * 27, [2] * 7 + [0] * 27, []) == []


class _CheckingBot(EfficiencyBot):
    """The efficiency bot, checking the kernel's ranking against the readable one at every decision it ranks."""

    checked: list[int] = []

    def discard(self, obs, options):
        ranked = best_discards(obs, options)
        assert ranked == readable_best_discards(obs, options)
        assert best_discard(obs, options) == ranked[0][1]  # the bot's own shortcut to the first of them
        counts = list(obs.counts)
        kinds = sorted({kind_of(a.tile) for a in options})
        seen = visible_counts(obs)
        assert discard_facts(counts, seen, kinds, 1) == readable_discard_facts(counts, seen, kinds, 1)
        self.checked.append(1)
        return super().discard(obs, options)


@pytest.mark.parametrize("preset", ["tenhou", "taiwan"])
def test_the_decisions_of_whole_games_agree(rules_with, preset):
    """Every discard of two seeded games (Tenhou: 14 tiles; Taiwan: 17): the same ranking and facts both ways."""
    rules = rules_with(preset)
    _CheckingBot.checked = []
    for seed in (1, 2):
        play_game(
            rules, seed, ["efficiency"] * rules.flow.setup.seats, seat_agent=lambda _, rng: _CheckingBot(rng, rules)
        )
    assert len(_CheckingBot.checked) > 200
