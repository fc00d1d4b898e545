"""The payoff-aware human (issue 35): stakes from the rule set's settlement, side payoffs, the optional stop."""

from __future__ import annotations

import dataclasses
import random

import pytest

from mjsim.agents import make_agent
from mjsim.agents.payoff import DEFAULT_CHIP_RATE, side_payoffs
from mjsim.engine.actions import DECLARE_DISCARD, DISCARD, END_GAME, PLAY_ON, Action
from mjsim.hand.notation import parse_tiles
from mjsim.hand.tiles import kind_of
from mjsim.rules import RuleSet
from tests.positions import table_view


def _rules(options=None, plugins=()):
    return RuleSet.resolve("tenhou", options or {}, plugins).compile()


def _player(name: str = "human", options=None, plugins=()):
    return make_agent(name, random.Random(0), _rules(options, plugins))


def _all_last(scores, seat=3, sticks=0, wall_left=50, tiles="23m456p678p234s99s1z", extra=None):
    """The all-last hand (South 4, dealer seat 3) at ``scores``, ``seat`` holding ``tiles``."""
    used: set[int] = set()
    hand = tuple(parse_tiles(tiles, used=used))
    counts = [0] * 34
    for t in hand:
        counts[kind_of(t)] += 1
    return table_view(
        hand,
        seat=seat,
        dealer=3,
        round_wind=28,
        scores=tuple(scores),
        sticks=sticks,
        counts=tuple(counts),
        wall_left=wall_left,
        hand_index=8,
        extra=extra or {},
    )


def test_the_blind_player_is_registered_and_reads_no_payoff():
    blind, aware = _player("human:blind"), _player("human")
    assert blind.reader is None and aware.reader is not None


def test_at_all_last_the_leader_fears_a_deal_in_more_than_it_wants_a_win():
    player = _player()
    obs = _all_last((31000, 27000, 22000, 20000), seat=0)
    player.first_dealer = 0
    stakes = player._stakes(obs, (1,))
    assert stakes.aware and stakes.loss_to(1) > 1.5 * stakes.gain


def test_without_uma_or_oka_a_point_is_a_point_everywhere():
    player = _player(options={"riichi.uma": "none", "riichi.return_points": "none"})
    player.first_dealer = 0
    stakes = player._stakes(_all_last((31000, 27000, 22000, 20000), seat=0), (1,))
    assert stakes.gain == pytest.approx(1.0, abs=0.01) and stakes.loss_to(1) == pytest.approx(1.0, abs=0.01)


def test_without_uma_or_oka_a_win_is_worth_its_points_whatever_its_size():
    player = _player(options={"riichi.uma": "none", "riichi.return_points": "none"})
    player.first_dealer = 0
    stakes = player._stakes(_all_last((31000, 27000, 22000, 20000), seat=0), ())
    for points in (1000, 5800, 12000, 30000):
        assert stakes.win_value(points) == pytest.approx(points, rel=0.02)


@pytest.mark.parametrize(
    "options, scores, seat, low, high",
    [
        pytest.param({}, (30000, 28000, 22000, 20000), 0, 0.0, 0.67, id="the-leader-gains-less-per-point-of-a-big-win"),
        pytest.param({"riichi.uma": "none"}, (34000, 25000, 20000, 21000), 2, 1.5, 9.9, id="no-uma-the-last-needs-top"),
    ],
)
def test_at_all_last_a_point_of_a_win_is_worth_what_the_win_changes_in_the_ranks(options, scores, seat, low, high):
    player = _player(options=options)
    player.first_dealer = 0
    stakes = player._stakes(_all_last(scores, seat=seat), ())
    per_point_big_over_small = (stakes.win_value(12000) / 12000) / (stakes.win_value(1000) / 1000)
    assert low < per_point_big_over_small < high


def test_the_blind_player_values_a_win_at_its_points():
    from variants.riichi.human.stakes import BLIND

    assert [BLIND.win_value(p) for p in (0, 1000, 12000)] == [0, 1000, 12000]


@pytest.mark.parametrize(
    "scores, expected",
    [((32000, 25000, 23000, 20000), END_GAME), ((12000, 15000, 13000, 60000), PLAY_ON)],
    ids=["narrow-lead-stops", "top-locked-plays-on"],
)
def test_the_optional_stop_is_chosen_by_expected_settlement(scores, expected):
    """A dealer whose top is safe plays on for its dealer's edge; a narrow lead takes the top."""
    player = _player(options={"riichi.agari_yame": "optional"})
    player.first_dealer = 0
    leader = max(range(4), key=lambda s: scores[s])
    obs = dataclasses.replace(_all_last(scores, seat=leader), dealer=leader)
    chosen = player.act(obs, [Action(END_GAME), Action(PLAY_ON)])
    assert chosen.kind == expected


def test_the_blind_player_always_stops():
    player = _player("human:blind", options={"riichi.agari_yame": "optional"})
    obs = dataclasses.replace(_all_last((12000, 15000, 13000, 60000), seat=3), dealer=3)
    assert player.act(obs, [Action(END_GAME), Action(PLAY_ON)]).kind == END_GAME


def test_chips_are_valued_at_the_default_rate_when_the_rule_set_keeps_them_apart():
    rules = _rules(plugins=("chips",))
    side = side_payoffs(rules, _all_last((25000,) * 4))
    assert side.default_rate and side.chip_rate == DEFAULT_CHIP_RATE
    assert side.events["ura"] == DEFAULT_CHIP_RATE
    own = side_payoffs(_rules({"chips.value": 5}, ("chips",)), _all_last((25000,) * 4))
    assert not own.default_rate and own.events["ura"] == 5


def test_a_first_win_is_worth_something_only_to_a_seat_without_one():
    rules = _rules(plugins=("yakitori",))
    marked = side_payoffs(rules, _all_last((25000,) * 4, seat=1, extra={"yakitori.marked": (1, 2)}))
    cleared = side_payoffs(rules, _all_last((25000,) * 4, seat=0, extra={"yakitori.marked": (1, 2)}))
    assert marked.first_win == 3 * DEFAULT_CHIP_RATE  # it stops paying seats 0 and 3, and seat 2 pays it
    assert cleared.first_win == 0


@pytest.mark.parametrize(
    "marked, gaeshi, change",
    [
        pytest.param((0, 1, 2, 3), False, 3, id="all-marked-the-other-three-pay-it"),
        pytest.param((1, 2, 3), False, 3, id="three-marked-it-stops-paying-one-and-two-pay-it"),
        pytest.param((1,), False, 3, id="the-last-mark-stops-paying-three"),
        pytest.param((1,), True, 6, id="gaeshi-the-last-mark-also-marks-the-other-three"),
    ],
)
def test_a_first_win_changes_the_end_balance_by_the_rules_own_payments(marked, gaeshi, change):
    from variants.yakitori.marks import first_win_change

    assert first_win_change(frozenset(marked), 1, 1, False, gaeshi) == change


def test_a_bust_prize_is_what_busting_a_seat_earns():
    assert side_payoffs(_rules(plugins=("bust_prize",)), _all_last((25000,) * 4)).bust == 10


def test_a_dearer_deposit_turns_a_cheap_riichi_into_dama():
    """Ready without a yaku on a closed wait (2m): riichi under a 1,000 deposit, dama under 3,000."""
    tiles = "13m456p678p234s99s1z"
    used: set[int] = set()
    hand = tuple(parse_tiles(tiles, used=used))
    offers = []
    for t in hand:
        if not any(kind_of(a.tile) == kind_of(t) for a in offers):
            offers.append(Action(DISCARD, t))
    east = next(a for a in offers if kind_of(a.tile) == kind_of(parse_tiles("1z")[0]))
    chosen = {}
    for deposit in (1000, 3000):
        player = _player(options={"riichi.riichi_deposit": deposit})
        obs = _all_last((25000,) * 4, seat=1, tiles=tiles)
        obs = dataclasses.replace(obs, round_wind=27, dealer=0, hand_index=0)
        chosen[deposit] = player.act(obs, [*offers, Action(DECLARE_DISCARD, east.tile)]).kind
    assert chosen == {1000: DECLARE_DISCARD, 3000: DISCARD}
