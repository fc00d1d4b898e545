"""Exactness against an independent fan calculator: pymahjonggb (MahjongGB), on seeded hands of every kind.

The default run draws 1,500 hands; ``HYPOTHESIS_PROFILE=thorough`` draws 20,000 and asks every one of the 81 fans
to be hit at least 50 times. The only difference allowed is the documented rulebook case below.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

from tests.variants.mcr.hands import hands, reference
from variants.mcr.calculator import score
from variants.mcr.fan import FANS
from variants.mcr.hand import KONG, Meld, Win
from variants.mcr.tiles import parse_tiles

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
COUNT, MIN_HITS = (20_000, 50) if THOROUGH else (1_500, 1)

#: pymahjonggb adds 明暗杠 (5) for one concealed and one exposed kong, a fan the rulebook's 81 do not have
#: (its header: SUPPORT_CONCEALED_KONG_AND_MELDED_KONG); the rulebook counts 明杠 (1) and 暗杠 (2).
KONG_PAIR = (Counter({"明暗杠": 1}), Counter({"明杠": 1, "暗杠": 1}))


def _rulebook_case(mine: Counter, ref: Counter) -> bool:
    """Whether the only difference is the documented 明暗杠 case."""
    return (ref - mine, mine - ref) == KONG_PAIR


@pytest.fixture(scope="module")
def drawn() -> list[tuple[Win, Counter, Counter]]:
    return [(w, score(w).names(), reference(w)) for w in hands(COUNT)]


def test_no_disagreement_with_pymahjonggb(drawn):
    bad = [(w, dict(m - r), dict(r - m)) for w, m, r in drawn if m != r and not _rulebook_case(m, r)]
    assert bad == [], f"{len(bad)} of {len(drawn)} hands disagree, first: {bad[:3]}"


def test_every_fan_is_hit(drawn):
    hits = Counter(name for _, mine, _ in drawn for name in mine)
    short = {f.name: hits[f.name] for f in FANS if hits[f.name] < MIN_HITS}
    assert short == {}, f"fans hit fewer than {MIN_HITS} times in {len(drawn)} hands"


def test_rulebook_case_concealed_and_melded_kong():
    """明杠 + 暗杠 are two fans of the rulebook (1 + 2); the reference's extension 明暗杠 (5) is not counted."""
    win = Win(
        tuple(parse_tiles("333m567p7z")),
        parse_tiles("7z")[0],
        (Meld(KONG, 0, concealed=True), Meld(KONG, 1)),
    )
    mine, ref = score(win).names(), reference(win)
    assert mine["明杠"] == mine["暗杠"] == 1 and "明暗杠" not in mine
    assert _rulebook_case(mine, ref)
