"""Shanten agrees with the ``mahjong`` package (``Shanten.calculate_shanten``) on seeded random hands.

100,000 hands drawn uniformly from the 136 tiles (half 13 tiles, half 14), plus 20,000 hands drawn from
one suit or honours with a few strays and any legal size, where the hard cases (many copies, long
connected runs) live.  Plain ``random`` with fixed seeds, not Hypothesis: the same hands every run.
"""

from __future__ import annotations

import random

import pytest

from mjsim import parse_counts, shanten
from mjsim.hand.notation import format_counts

mahjong_shanten = pytest.importorskip("mahjong.shanten")
Shanten = mahjong_shanten.Shanten

WALL = [k for k in range(34) for _ in range(4)]


def _uniform(rng: random.Random, size: int) -> list[int]:
    counts = [0] * 34
    for k in rng.sample(WALL, size):
        counts[k] += 1
    return counts


def _clustered(rng: random.Random) -> list[int]:
    suit = rng.randrange(4)
    kinds = list(range(suit * 9, suit * 9 + 9)) if suit < 3 else list(range(27, 34))
    kinds += rng.sample(range(34), rng.randrange(6))
    wall = [k for k in set(kinds) for _ in range(4)]
    counts = [0] * 34
    for k in rng.sample(wall, rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 14])):  # the wall has >= 28 tiles
        counts[k] += 1
    return counts


def _mismatches(hands) -> list[str]:
    out = []
    for counts in hands:
        ours, theirs = shanten(counts), Shanten.calculate_shanten(counts)
        if ours != theirs:
            out.append(f"{format_counts(counts)}: mjsim {ours}, mahjong {theirs}")
    return out


@pytest.mark.parametrize(
    ("size", "seed"), [pytest.param(13, 13013, id="13-tiles"), pytest.param(14, 14014, id="14-tiles")]
)
def test_uniform_random_hands_agree(size, seed):
    rng = random.Random(seed)
    bad = _mismatches(_uniform(rng, size) for _ in range(50_000))
    assert not bad, f"{len(bad)} of 50000 differ, e.g. {bad[:5]}"


def test_clustered_hands_of_every_size_agree():
    rng = random.Random(20_000)
    bad = _mismatches(_clustered(rng) for _ in range(20_000))
    assert not bad, f"{len(bad)} of 20000 differ, e.g. {bad[:5]}"


@pytest.mark.parametrize(
    "hand",
    [
        pytest.param("1111m234p567s789s", id="1111m234p567s789s-karaten"),
        pytest.param("1111222233334m", id="1111222233334m"),
        pytest.param("19m19p19s1234567z", id="19m19p19s1234567z"),
        pytest.param("1122334455667m", id="1122334455667m"),
        pytest.param("11112222333344m", id="11112222333344m"),
    ],
)
def test_hard_hands_agree(hand):
    counts = parse_counts(hand)
    assert shanten(counts) == Shanten.calculate_shanten(counts)
