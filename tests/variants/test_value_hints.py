"""What each variant tells rule-aware players a yaku or a tile is worth (``mjsim_value_hints``), and how the
human player's estimate and 地雷's advice use it."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from mjsim.agents.base import advised_actions
from mjsim.engine.actions import RON, Action
from mjsim.hand.notation import parse_kinds, parse_tiles
from mjsim.hand.tiles import kind_of
from mjsim.rules import RuleSet
from variants.riichi.hints import ValueHints, value_hints
from variants.riichi.human import hinted
from variants.riichi.human.profile_file import DEFAULT, shipped_profile
from variants.riichi.human.value import HandFacts

POOL = ("riichi", "menzen_tsumo", "pinfu", "tanyao", "yakuhai", "chiitoitsu", "honitsu")


def _jirai(k: int = 1):
    return RuleSet.resolve("jirai", {"jirai.initial_count": str(k), "jirai.max_count": str(k)}, ()).compile()


def _obs(extra=None, indicators="", **fields):
    return SimpleNamespace(extra=extra or {}, indicators=tuple(parse_tiles(indicators)), seat=1, dealer=0, **fields)


@pytest.mark.parametrize(
    ("extra", "tanyao", "riichi", "bonus"),
    [
        ({"jirai_forbidden": ("tanyao", "pinfu"), "jirai_forbidden_count": 2}, 1.0, 0.0, 2),
        ({"jirai_forbidden_count": 7, "jirai_public": ()}, 1.0, 1.0, 7),
        ({"jirai_forbidden_count": 1, "jirai_public": ()}, 1 / 7, 1 / 7, 1),
    ],
    ids=["dealer-told", "all-seven", "one-of-seven"],
)
def test_jirai_hints_each_pool_yaku_by_its_chance_of_being_forbidden(extra, tanyao, riichi, bonus):
    hints = value_hints(_jirai(), _obs(extra))
    assert hints.yaku_risk["tanyao"] == pytest.approx(tanyao) and hints.yaku_risk["riichi"] == pytest.approx(riichi)
    assert "chinitsu" not in hints.yaku_risk  # exempt by default (jirai.exempt_higher)
    assert set(POOL) <= set(hints.yaku_risk) and hints.clean_han == bonus


def test_jirai_gives_no_hint_when_the_count_is_hidden():
    assert not value_hints(_jirai(), _obs({}))


def test_rado_makes_each_indicated_kind_minus_one_han_per_indicator():
    hints = value_hints(RuleSet.resolve("rado").compile(), _obs(indicators="4p4p9m"))
    assert hints.kind_han == {parse_kinds("5p")[0]: -2.0, parse_kinds("1m")[0]: -1.0}


@pytest.mark.parametrize(
    ("variant", "options", "expected"),
    [
        ("local_yakuhai", {"local_yakuhai.tiles": "8s"}, ValueHints(triplet_yaku=frozenset(parse_kinds("8s")))),
        ("gopin", {}, ValueHints(holding_han={parse_kinds("5p")[0]: 1.0})),
    ],
    ids=["local-yakuhai-8s", "gopin"],
)
def test_house_rules_hint_their_tiles(variant, options, expected):
    rules = RuleSet.resolve("tenhou", options, (variant,)).compile()
    assert value_hints(rules, _obs()) == expected


def _facts(hand: str, doras=(), value="") -> HandFacts:
    counts = [0] * 34
    for k in parse_kinds(hand):
        counts[k] += 1
    honours = frozenset(parse_kinds(value)) if value else frozenset(range(31, 34))
    return HandFacts(counts, (), 0, list(doras), honours, kuitan=True, atozuke=True)


def test_a_rado_kept_in_hand_lowers_the_human_estimate():
    hand, five_pin = "234m456p678s2345s", parse_kinds("5p")[0]
    plain = hinted.hinted_points(_facts(hand, [five_pin]), True, False, ValueHints(kind_han={13: 0.0}), _profile())
    rado = hinted.hinted_points(_facts(hand, [five_pin]), True, False, ValueHints(kind_han={13: -1.0}), _profile())
    assert rado < plain


def _profile():
    return shipped_profile(DEFAULT)


ALL_FORBIDDEN = ValueHints(yaku_risk=dict.fromkeys(POOL, 1.0), clean_han=7)


@pytest.mark.parametrize(
    ("hand", "worth"),
    [("234m456p678s2345s", "none"), ("123456789m789p1z", "positive")],
    ids=["tanyao-pinfu-only", "ittsu"],
)
def test_with_every_common_yaku_forbidden_only_a_clean_yaku_is_worth_building(hand, worth):
    points = hinted.hinted_points(_facts(hand), True, False, ALL_FORBIDDEN, _profile())
    assert (points > 0) == (worth == "positive")


def _ron_offer(k: int):
    """Seat 1 holds a tanyao-only shanpon (2s/5s) and may ron 5s from seat 0 with ``k`` forbidden yaku."""
    used: set[int] = set()
    tiles = tuple(parse_tiles("234m456p678s2255s", used=used))
    tile = parse_tiles("5s", used=used)[0]
    obs = SimpleNamespace(
        extra={"jirai_forbidden_count": k, "jirai_public": ()},
        tiles=tiles,
        melds=((),) * 4,
        seat=1,
        dealer=0,
        seat_wind=28,
        round_wind=27,
        last_discard=(0, tile),
        declared=(False,) * 4,
        scores=(25000,) * 4,  # the seats, as a real observation has them (the threat cost reads every seat)
        indicators=tuple(parse_tiles("1z", used=used)),
    )
    assert kind_of(tile) == parse_kinds("5s")[0]
    return obs, Action(RON, tile=tile)


@pytest.mark.parametrize(("k", "taken"), [(5, True), (7, False)], ids=["five-forbidden", "seven-forbidden"])
def test_a_win_more_likely_reversed_than_not_is_taken_when_its_bonus_pays(k, taken):
    """At five of seven forbidden a tanyao win is reversed with chance 5/7, but clean it earns 6 han."""
    obs, ron = _ron_offer(k)
    kept = advised_actions(_jirai(k), obs, [ron, Action("pass")])
    assert (ron in kept) == taken
