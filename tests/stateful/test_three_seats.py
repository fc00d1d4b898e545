"""The three-seat test family (``mjsim.checking.testing``) plays whole games: every invariant holds after every step.

The family is loaded by module path (it has no entry point). Random legal actions come from a random generator
that Hypothesis seeds, so a failing game shrinks to a small wall seed and choice seed.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjsim.checking import testing
from mjsim.checking.invariants import StepMark, check_step, step_mark
from mjsim.engine import core
from mjsim.rules import RuleSet

GAMES = 200  # whole games per run (about 15 s in pure Python)
STEP_CAP = 5000  # a game of HANDS hands takes a few hundred steps; a game that never ends fails the test

RULES = RuleSet("three-seat", ("mjsim.checking.testing",)).compile()


def play(seed: int, rng: random.Random, after_step=None) -> core.Game:
    """A whole game with uniformly random legal actions; ``after_step(game, mark)`` runs after every step."""
    game = core.new_game(RULES, seed)
    for _ in range(STEP_CAP):
        offers = core.pending(game)
        if not offers:
            break
        before = step_mark(game)
        core.step(game, {seat: rng.choice(actions) for seat, actions in offers.items()})
        if after_step is not None:
            after_step(game, before)
    return game


def _holds(game: core.Game, before: StepMark) -> None:
    """Every invariant and ledger check, and the points of the three seats summing to their start."""
    assert check_step(game, before) == []
    assert len(game.scores) == 3
    assert sum(game.scores) + game.table == 3 * testing.START_POINTS


@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), rng=st.randoms(use_true_random=True))
def test_three_seat_games_keep_every_invariant(seed, rng):
    game = play(seed, rng, _holds)
    assert game.over, "the game did not end within the step cap"
    assert len(game.history) == testing.HANDS
    assert sorted(game.final["ranks"]) == [1, 2, 3]
    assert sum(game.final["points"]) == 3 * testing.START_POINTS


def test_three_seat_games_win_by_ron_and_tsumo_and_rotate_the_deal():
    games = [play(seed, random.Random(seed)) for seed in range(10)]
    wins = [w for g in games for h in g.history for w in h.get("wins", ())]
    assert any(w["from"] is None for w in wins) and any(w["from"] is not None for w in wins)
    assert {w["seat"] for w in wins} == {0, 1, 2}
    assert [h["dealer"] for h in games[0].history] == [0, 1, 2, 0, 1, 2]


def test_three_seat_hands_deal_three_hands_and_three_seat_winds():
    game = core.new_game(RULES, 7)
    hand = game.hand
    assert len(hand.seats) == 3
    assert [hand.wind_of(seat) for seat in range(3)] == [27, 28, 29]
    assert len(hand.wall) == len(testing.TILES) - 3 * testing.HAND_SIZE - 1  # the dealer has drawn


def test_three_seat_game_replays_from_its_choices():
    game = play(11, random.Random(11))
    again = core.replay_choices(RULES, game.seed, game.choices)
    assert core.fingerprint(again) == core.fingerprint(game)
