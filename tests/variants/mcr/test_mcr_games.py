"""国标麻将 games: invariants, 16 hands with the deal passing every hand, wins at the minimum, payments, seeds."""

from __future__ import annotations

from functools import cache

import pytest

from mjsim.rules import RuleSet
from mjsim.runner.games import digest, run_games


@cache
def rules(preset: str = "mcr", **overrides):
    """A preset with ``mcr.`` option overrides."""
    return RuleSet.resolve(preset, {f"mcr.{k}": v for k, v in overrides.items()}).compile()


@cache
def full_game():
    """One checked game of the mcr preset (16 hands) by efficiency bots."""
    return run_games(rules(), 1, 38, ("efficiency",) * 4, check=True)[0]


def test_a_game_is_sixteen_hands_the_deal_passing_every_hand():
    record = full_game()
    assert record.violations == []
    assert [h["dealer"] for h in record.hands] == [0, 1, 2, 3] * 4
    assert [h["round"] for h in record.hands] == [27] * 4 + [28] * 4 + [29] * 4 + [30] * 4


def test_every_win_reaches_the_minimum_and_pays_eight_from_each_plus_the_fans():
    wins = [(h, w) for h in full_game().hands for w in h.get("wins", [])]
    assert wins, "16 hands of efficiency bots win at least once"
    for hand, win in wins:
        fan = hand["mcr.fan"]
        assert fan >= 8
        winner_gets = 3 * 8 + fan * (3 if win["from"] is None else 1)
        assert hand["deltas"][win["seat"]] == winner_gets
        assert sum(hand["deltas"]) == 0


@pytest.mark.parametrize(
    "overrides",
    [
        pytest.param({"flowers": False}, id="no-flowers-136"),
        pytest.param({"minimum": 0}, id="no-minimum"),
        pytest.param({"minimum": 16, "base": 5}, id="minimum-16-base-5"),
    ],
)
def test_option_flips_keep_every_invariant(overrides):
    records = run_games(
        rules("mcr_botzone", **overrides), 3, 5, ("efficiency", "random", "efficiency", "tsumogiri"), check=True
    )
    assert [r.violations for r in records] == [[], [], []]
    assert all(
        f >= overrides.get("minimum", 8) for r in records for h in r.hands if (f := h.get("mcr.fan")) is not None
    )


def test_botzone_plays_one_hand():
    records = run_games(rules("mcr_botzone"), 2, 1, ("efficiency",) * 4)
    assert [len(r.hands) for r in records] == [1, 1]


def test_same_seed_same_digest():
    first = run_games(rules("mcr_botzone"), 3, 9, ("efficiency",) * 4)
    assert digest(first) == digest(run_games(rules("mcr_botzone"), 3, 9, ("efficiency",) * 4))
    assert digest(first) != digest(run_games(rules("mcr_botzone"), 3, 10, ("efficiency",) * 4))


def test_the_invariants_catch_a_broken_game():
    """Each MCR invariant names what it finds wrong (a fake game state)."""
    from types import SimpleNamespace

    from variants.mcr import checks

    values = {"mcr.base": 8, "mcr.minimum": 8, "mcr.flowers": True}
    hand = SimpleNamespace(index=5, dealer=0, round_wind=28, seats=[SimpleNamespace(tiles=[140], flowers=[])], wall=[])
    game = SimpleNamespace(hand=hand, rules=values, stash={checks.WINS: [(6, 6, False, 30)]})
    assert checks.deal_passes(game) == "hand 5 dealt by seat 0 in round 28, expected (1, 28)"
    assert checks.flowers_in_place(game) == "flowers [140] kept in a concealed hand"
    assert checks.wins_at_the_minimum_and_paid(game) == "a win of 6 fan below the minimum 8"
    game.stash[checks.WINS] = [(9, 9, True, 51)]
    assert checks.wins_at_the_minimum_and_paid(game) is None
    game.stash[checks.WINS] = [(9, 9, True, 50)]
    assert checks.wins_at_the_minimum_and_paid(game) == "a win of 9 fan (tsumo) took 50, expected 51"


@pytest.mark.parametrize(("discarder", "rons", "winner"), [(1, (2, 3), 2), (3, (1, 2), 1), (0, (3, 2), 2)])
def test_several_rons_the_nearest_after_the_discarder_wins_alone(discarder, rons, winner):
    """截和: one tile, one winner (found by mjsim check: two winners paid each other 8)."""
    from types import SimpleNamespace

    from mjsim.engine.actions import PASS, RON, Action
    from variants.mcr.flow import resolve_claims

    game = SimpleNamespace(hand=SimpleNamespace(discard=(discarder, 5), robbed=None))
    answers = {seat: Action(RON) if seat in rons else Action(PASS) for seat in range(4) if seat != discarder}
    assert [seat for seat, _ in resolve_claims(game, answers).answers] == [winner]
