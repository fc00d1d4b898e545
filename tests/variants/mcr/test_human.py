"""The 国标麻将 human player: the plans it reads, its discards and calls toward the minimum, push/fold, its name."""

from __future__ import annotations

import random

import pytest

from mjsim.agents import make_agent
from mjsim.agents.bots import EfficiencyBot
from mjsim.agents.observation import Observation
from mjsim.agents.registry import default_agent
from mjsim.engine.actions import CHI, DISCARD, PASS, PON, Action
from mjsim.hand.notation import parse_counts
from mjsim.hand.shanten import shanten
from mjsim.rules import RuleSet
from mjsim.scoring import Meld
from tests.positions import table_view
from variants.mcr.human import MCRHuman
from variants.mcr.human_plans import FAR, Hand, distance, plans


def _rules(preset: str = "mcr", **options):
    rs = RuleSet.resolve(preset)
    for name, value in options.items():
        rs = rs.with_option(name, value)
    return rs.compile()


def _obs(hand: str, rivers=((),) * 4, melds=((),) * 4, wall_left=60) -> Observation:
    """A minimal observation of seat 0 (East, dealer, East round) holding ``hand``."""
    counts = tuple(parse_counts(hand))
    tiles = tuple(kind * 4 + copy for kind, n in enumerate(counts) for copy in range(n))
    melds, rivers = tuple(map(tuple, melds)), tuple(map(tuple, rivers))
    return table_view(tiles, seat=0, counts=counts, melds=melds, rivers=rivers, wall_left=wall_left)


def _discards(hand: str) -> list[Action]:
    counts = parse_counts(hand)
    return [Action(DISCARD, k * 4 + n - 1) for k, n in enumerate(counts) if n]


def _hand(text: str, melds=()) -> Hand:
    return Hand.of(parse_counts(text), melds, 27, 27)


def _distance(text: str, minimum: int = 8, melds=()) -> tuple[int, float]:
    counts = parse_counts(text)
    return distance(_hand(text, melds), shanten(counts), minimum)


def _pon(kind_text: str) -> Meld:
    kind = parse_counts(kind_text).index(1)
    return Meld("pon", (kind * 4, kind * 4 + 1, kind * 4 + 2), called=kind * 4 + 2)


def _chi(text: str) -> Meld:
    kinds = [k for k, n in enumerate(parse_counts(text)) if n]
    return Meld("chi", tuple(k * 4 for k in kinds), called=kinds[0] * 4)


# --- the plans ---------------------------------------------------------------------------------------------------


def test_a_one_suit_hand_is_as_far_from_the_minimum_as_its_off_suit_tiles():
    """Ten characters without a straight and three others: 清一色 (24) misses three tiles, so the nearest win of
    8 fans is three draws away."""
    d, fans = _distance("1112224557m12p5s")
    assert d == 3 and fans >= 24


@pytest.mark.parametrize("others", ["12p5s", "12p5s6s", "12p5s6s7z"], ids=["three", "four", "five"])
def test_the_flush_plans_miss_the_tiles_outside_their_suit(others):
    by_name = {p.name: p for p in plans(_hand("111222455m" + others))}
    off = sum(parse_counts(others))
    assert by_name["清一色 0"].missing == off
    assert by_name["混一色 0"].missing == sum(parse_counts(others)[:27]) + (0 if "z" in others else 1)


def test_a_chow_meld_rules_out_all_pungs_and_a_meld_of_another_suit_rules_out_the_flush():
    by_name = {p.name: p for p in plans(_hand("1112223334m", melds=(_chi("234p"),)))}
    assert by_name["碰碰和"].missing == FAR
    assert by_name["清一色 0"].missing == FAR and by_name["混一色 0"].missing == FAR
    assert by_name["七对"].missing == FAR  # a meld opens the hand


def test_dragon_pungs_and_a_concealed_hand_count_toward_the_minimum_without_a_plan():
    """Three dragon pungs (6) and 门前清 (2) are 8 already: the distance is the shanten."""
    text = "555666777z1234m"
    assert _distance(text) == (shanten(parse_counts(text)), pytest.approx(8.0))


def test_no_plan_within_reach_of_a_high_minimum_is_far():
    assert _distance("147m258p369s1234z", minimum=40)[0] == FAR


# --- discards ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "keeps"),
    [("1m24669p25588s366z", "3z"), ("133678m2479p199s2z", "2z")],
    ids=["keeps-the-seven-pairs-plan", "keeps-the-honour-for-the-plan"],
)
def test_the_human_discards_toward_a_win_of_the_minimum_where_efficiency_does_not(hand, keeps):
    """Both bots see the same shanten; the efficiency bot's discard leaves the win of 8 fans a draw further."""
    rules, obs, options = _rules(), _obs(hand), _discards(hand)
    human = MCRHuman(random.Random(0), rules)
    mine = human.discard(obs, options)
    theirs = EfficiencyBot(random.Random(0), rules).discard(obs, options)
    facts = human.planned(obs, options)
    assert facts[mine.tile // 4][0] < facts[theirs.tile // 4][0]
    assert mine.tile // 4 != parse_counts(keeps).index(1)


def _far_hand_against(discards: int):
    """A scattered hand of seat 0 against seat 1, which shows two pons and ``discards`` discards (three 7z among
    them), twenty tiles before the wall ends."""
    hand = "3p5p5m6s7z" + "1m9m2p8p5p" + "1s1s3s4s"
    river = (*(33 * 4 + i for i in range(3)), *range(0, 36, 4), *(28 * 4 + i for i in range(4)), 29 * 4, 29 * 4 + 1)
    rivers = ((), river[:discards], (), ())
    melds = ((), (_pon("7s"), _pon("8s")), (), ())
    return _obs(hand, rivers=rivers, melds=melds, wall_left=20), _discards(hand)


def test_against_a_seat_at_the_readiness_cap_a_far_hand_folds_to_a_safe_honour():
    """Eighteen discards and two open melds: the hand drops the fourth 7z, not a middle tile."""
    obs, options = _far_hand_against(18)
    human = MCRHuman(random.Random(0), _rules())
    assert human.threats_now(obs)
    assert human.discard(obs, options).tile // 4 == 33


def test_a_seat_below_the_readiness_cap_is_not_played_around():
    """Twelve discards and two open melds: likely enough ready for the riichi player, not for this one (folding on
    so little loses points here, docs/players.md)."""
    obs, _ = _far_hand_against(12)
    assert MCRHuman(random.Random(0), _rules()).threats_now(obs) == []


# --- calls ---------------------------------------------------------------------------------------------------------


def test_the_human_passes_a_chow_that_breaks_its_flush_and_pons_one_that_builds_it():
    hand = "1134567899m34p5s"
    human = MCRHuman(random.Random(0), _rules())
    obs = _obs(hand)
    chow = Action(CHI, 13 * 4, (11 * 4, 12 * 4))  # 5p with 3p4p (kinds 13, 11, 12)
    assert human.claim(obs, [chow, Action(PASS)]).kind == PASS
    obs = _obs("1134567899m9p5s7z")
    pon = Action(PON, 3, (0, 1))  # a third 1m: the hand stays one suit and gains a set
    assert human.claim(obs, [pon, Action(PASS)]).kind == PON


# --- the family's player -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["mcr", "mcr_botzone"])
def test_mcr_seats_its_human_by_name_and_by_default(preset):
    assert isinstance(make_agent("human", random.Random(0), _rules(preset)), MCRHuman)
    assert default_agent(_rules(preset)) == "human"
