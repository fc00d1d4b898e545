"""The 広東 human player: the faan plans it reads, its discards toward the minimum, its worth of a win, its name."""

from __future__ import annotations

import random

import pytest

from mjsim.agents import make_agent
from mjsim.agents.bots import EfficiencyBot
from mjsim.agents.registry import default_agent
from mjsim.engine.actions import DISCARD, Action
from mjsim.hand.notation import parse_counts
from mjsim.hand.shanten import shanten
from mjsim.rules import RuleSet
from mjsim.scoring import Meld
from tests.positions import table_view
from variants.cantonese.human import CantoneseHuman
from variants.cantonese.human_plans import FAR, Hand, distance, plans

EAST = (27, 27)  # the seat's and the round's wind


def _rules(preset: str = "hongkong"):
    return RuleSet.resolve(preset).compile()


def _hand(text: str, melds=(), winds=EAST) -> Hand:
    return Hand.of(parse_counts(text), melds, *winds)


def _distance(text: str, minimum: int = 3, melds=()) -> tuple[int, float]:
    return distance(_hand(text, melds), shanten(parse_counts(text)), minimum)


def _obs(hand: str):
    counts = tuple(parse_counts(hand))
    tiles = tuple(kind * 4 + copy for kind, n in enumerate(counts) for copy in range(n))
    return table_view(tiles, seat=0, counts=counts)


def _discards(hand: str) -> list[Action]:
    return [Action(DISCARD, k * 4) for k, n in enumerate(parse_counts(hand)) if n]


def _pon(kind_text: str) -> Meld:
    kind = parse_counts(kind_text).index(1)
    return Meld("pon", (kind * 4, kind * 4 + 1, kind * 4 + 2), called=kind * 4 + 2)


# --- the plans ---------------------------------------------------------------------------------------------------


def test_the_half_flush_misses_the_other_suits_and_the_full_flush_the_honours_too():
    by_name = {p.name: p for p in plans(_hand("1112345789s12m77z"))}
    assert by_name["混一色 2"].missing == 2 and by_name["清一色 2"].missing == 4


def test_a_pung_meld_rules_out_the_common_hand_and_a_chow_meld_all_pungs():
    assert {p.name: p for p in plans(_hand("123456m789p11s", melds=(_pon("5z"),)))}["平糊"].missing == FAR
    chow = Meld("chi", (0, 4, 8), called=0)
    assert {p.name: p for p in plans(_hand("456m789p11s22z", melds=(chow,)))}["對對糊"].missing == FAR


def test_a_dragon_pung_and_a_concealed_hand_need_one_faan_more_which_a_dragon_pair_gives():
    """中 pung (1) + 門前清 or 自摸 (1) = 2; the 發 pair is one tile from the third faan."""
    text = "555z66z123m456p78s"
    d, faan = _distance(text)
    assert faan == 3 and d == max(shanten(parse_counts(text)), 1)


def test_with_no_minimum_every_hand_is_its_shanten_away():
    text = "147m258p369s1234z"
    assert _distance(text, minimum=0)[0] == shanten(parse_counts(text))


def test_an_open_hand_without_a_plan_is_far_from_three_faan():
    chow = Meld("chi", (0, 4, 8), called=0)
    assert _distance("456p789s1155z", melds=(chow,))[0] >= 2
    assert _distance("456p789s1155z", minimum=40, melds=(chow,))[0] == FAR


# --- play ----------------------------------------------------------------------------------------------------------


def test_the_human_keeps_its_pairs_for_all_pungs_where_efficiency_breaks_one():
    """Same shanten either way; the human's discard leaves the win of 3 faan a draw nearer."""
    hand = "1m1m3m7m8p1s1s3s4s9s9s4z7z7z"
    rules, obs, options = _rules(), _obs(hand), _discards(hand)
    human = CantoneseHuman(random.Random(0), rules)
    mine = human.discard(obs, options)
    theirs = EfficiencyBot(random.Random(0), rules).discard(obs, options)
    facts = human.planned(obs, options)
    assert facts[mine.tile // 4][0] < facts[theirs.tile // 4][0]


@pytest.mark.parametrize("preset", ["hongkong", "tuidao"])
def test_a_win_is_worth_more_with_more_faan_up_to_the_limit(preset):
    human = CantoneseHuman(random.Random(0), _rules(preset))
    worths = [human.worth(f) for f in (0, 3, 6, 13, 20)]
    assert worths == sorted(worths) and worths[0] > 0 and worths[-2] == worths[-1]


def test_cantonese_seats_its_human_by_name():
    assert isinstance(make_agent("human", random.Random(0), _rules()), CantoneseHuman)


@pytest.mark.parametrize("preset", ["hongkong", "laozhang", "tuidao", "xinzhang"])
def test_every_branch_seats_the_human_by_default(preset):
    assert default_agent(_rules(preset)) == "human"
