"""国标麻将's 换位 (the players change seats every round) and 错和 (a false win's penalty), through the engine's
``mjsim_seating`` and ``mjsim_refused_action`` hooks, under every invariant."""

from __future__ import annotations

import random
from functools import cache

import pytest

from mjsim.agents.registry import make_agent
from mjsim.engine import core
from mjsim.rules import RuleSet
from mjsim.runner.games import run_games
from mjsim.runner.loop import play_steps
from variants.mcr.penalties import REASON, ROUND_SEATING

MISTAKEN = ("efficiency~0.05~false_win",) * 4  # about one false win in twenty hands per player


@cache
def rules(**overrides):
    """The mcr preset with ``mcr.`` option overrides."""
    return RuleSet.resolve("mcr", {f"mcr.{k}": v for k, v in overrides.items()}).compile()


@cache
def games(agents: tuple[str, ...] = MISTAKEN, **overrides):
    """Two checked 16-hand games."""
    return run_games(rules(**overrides), 2, 5, agents, check=True)


def test_the_players_change_seats_every_round_as_the_rulebook_seats_them():
    for record in games():
        assert record.violations == []
        seating = [h.get("players", [0, 1, 2, 3]) for h in record.hands]
        assert seating == [list(ROUND_SEATING[r]) for r in range(4) for _ in range(4)]


def test_each_player_keeps_its_points_through_the_seat_changes():
    """A player's final points are the sum of what it won and lost at whichever seat it sat."""
    for record in games():
        won = [0, 0, 0, 0]
        for hand in record.hands:
            for seat, delta in enumerate(hand["deltas"]):
                won[hand.get("players", [0, 1, 2, 3])[seat]] += delta
        assert record.final["points"] == won


def test_without_seat_changes_nobody_moves():
    record = games(**{"seat_changes": False})[0]
    assert record.violations == [] and all("players" not in h for h in record.hands)


def _mistaken_game(penalty: int):
    """One whole game of bots that now and then declare a false win, played step by step for its log."""
    game = core.new_game(rules(false_win_penalty=penalty), 7)
    bots = [make_agent(name, random.Random(seat), game.rules) for seat, name in enumerate(MISTAKEN)]
    assert play_steps(game, bots, None) == []
    return game


@pytest.mark.parametrize("penalty", [10, 0], ids=["rulebook-10-each", "no-penalty"])
def test_a_false_win_pays_each_other_player_and_the_hand_plays_on(penalty):
    game = _mistaken_game(penalty)
    refused = [i for i, e in enumerate(game.log) if e.kind == "refused"]
    assert refused, "bots declaring a false win about once in twenty hands make some in 16 hands"
    for i in refused:
        seat, paid = game.log[i].seat, [e.data for e in game.log[i + 1 : i + 4] if e.kind == "transfer"]
        expected = [(seat, other, penalty) for other in range(4) if other != seat] if penalty else []
        assert [(t.payer, t.payee, t.amount) for t in paid if t.reason == REASON] == expected
        assert game.log[i + 1 + len(paid)].kind not in ("hand_end", "draw_end"), "the hand plays on"
    assert game.over and sum(game.final["points"]) == 0
