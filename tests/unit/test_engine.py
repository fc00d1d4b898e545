"""The engine: determinism, conservation, illegal actions and the hand/game flow."""

from __future__ import annotations

import pytest

from mjsim.engine import core
from mjsim.engine.actions import Action
from mjsim.errors import MjsimError
from mjsim.invariants import check_invariants
from mjsim.rules import RuleSet
from mjsim.simulate import digest, play_game, run_games


@pytest.fixture(scope="module")
def rules():
    return RuleSet.from_preset("tenhou").compile()


def test_same_seed_same_digest(rules):
    first = run_games(rules, 3, root_seed=42, agent_names=["efficiency"] * 4)
    second = run_games(rules, 3, root_seed=42, agent_names=["efficiency"] * 4)
    assert digest(first) == digest(second)


def test_other_seed_other_digest(rules):
    a = run_games(rules, 2, root_seed=1, agent_names=["efficiency"] * 4)
    b = run_games(rules, 2, root_seed=2, agent_names=["efficiency"] * 4)
    assert digest(a) != digest(b)


@pytest.mark.parametrize(
    "agents",
    [["random"] * 4, ["tsumogiri"] * 4, ["efficiency", "defensive", "random", "tsumogiri"]],
    ids=["random", "tsumogiri", "mixed"],
)
def test_games_keep_the_invariants(rules, agents):
    record = play_game(rules, seed=7, agent_names=agents, check=True)
    assert record.violations == []
    assert sum(record.final["points"]) <= 100000
    assert sorted(record.final["ranks"]) == [1, 2, 3, 4]
    assert abs(sum(record.final["results"])) < 1e-6


def test_illegal_action_names_seat_action_and_legal_ones(rules):
    game = core.new_game(rules, 3)
    seat = next(iter(core.pending(game)))
    with pytest.raises(MjsimError, match=rf"seat {seat} chose .*legal actions: \["):
        core.step(game, {seat: Action("tsumo", 999)})


def test_dealer_starts_with_fourteen_tiles(rules):
    game = core.new_game(rules, 11)
    hand = game.hand
    assert [len(s.tiles) for s in hand.seats] == [14, 13, 13, 13]
    assert len(hand.wall) == 136 - 14 - 53
    assert len(hand.dora_indicators) == 1
    assert check_invariants(game) == []


def test_a_bust_or_the_schedule_ends_the_game(rules):
    record = play_game(rules, seed=5, agent_names=["efficiency"] * 4)
    last = record.hands[-1]
    busted = any(score < 0 for score in last["scores"])
    assert busted or len(record.hands) >= 8


def test_unplayable_rules_fail_clearly():
    rules = RuleSet("scoring-only", ("mjsim.errors",)).compile()
    with pytest.raises(MjsimError, match="cannot play games"):
        play_game(rules, 1, ["random"] * 4)


def test_replaying_the_choices_rebuilds_the_game(rules):
    game = core.new_game(rules, 21)
    import random

    from mjsim.agents import make_agent
    from mjsim.observation import observe

    bots = [make_agent("efficiency", random.Random(i)) for i in range(4)]
    for _ in range(300):
        offers = core.pending(game)
        if not offers:
            break
        core.step(game, {s: bots[s].act(observe(game, s), a) for s, a in offers.items()})
    again = core.replay_choices(rules, 21, game.choices)
    assert core.fingerprint(again) == core.fingerprint(game)
