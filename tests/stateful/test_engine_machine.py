"""Hypothesis drives the engine with legal actions it draws itself; the invariants and ledger checks hold after
every step."""

from __future__ import annotations

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from mjsim.checking.invariants import check_invariants, ledger_checks, step_mark
from mjsim.engine import core
from mjsim.rules import RuleSet, preset_names

_RULES: dict[str, object] = {}


def compiled(preset: str):
    """Each preset compiled once per test session."""
    if preset not in _RULES:
        _RULES[preset] = RuleSet.resolve(preset).compile()
    return _RULES[preset]


PLAYABLE = [p for p in preset_names() if compiled(p).flow is not None]


class EngineMachine(RuleBasedStateMachine):
    """One game under a drawn preset and seed; each rule step answers every pending seat."""

    @initialize(preset=st.sampled_from(PLAYABLE), seed=st.integers(0, 2**32 - 1))
    def start(self, preset, seed):
        self.game = core.new_game(compiled(preset), seed)

    @precondition(lambda self: hasattr(self, "game") and not self.game.over)
    @rule(data=st.data())
    def play(self, data):
        offers = core.pending(self.game)
        if self.game.over:  # pending() itself ended the game (mcr_botzone plays one hand)
            return
        chosen = {seat: data.draw(st.sampled_from(actions), label=f"seat {seat}") for seat, actions in offers.items()}
        before = step_mark(self.game)
        core.step(self.game, chosen)
        assert ledger_checks(self.game, before) == []

    @invariant()
    def invariants_hold(self):
        if hasattr(self, "game"):
            assert check_invariants(self.game) == []

    @precondition(lambda self: hasattr(self, "game") and self.game.over)
    @rule()
    def game_over(self):
        """A finished game stays finished: nothing is pending and the invariants still hold."""
        assert core.pending(self.game) == {}

    def teardown(self):
        """Replaying the chosen actions from the seed rebuilds the same game."""
        if hasattr(self, "game"):
            again = core.replay_choices(self.game.rules, self.game.seed, self.game.choices)
            if self.game.over:  # the last play's pending() may have ended the game by itself (a one-hand game)
                core.pending(again)
            assert core.fingerprint(again) == core.fingerprint(self.game)


EngineMachine.TestCase.settings = settings(stateful_step_count=200, deadline=None)
TestEngine = EngineMachine.TestCase


@pytest.mark.parametrize("preset", preset_names())
def test_every_playable_preset_has_a_table(preset):
    """Every preset plays, on a table that deals: distinct tiles, each seat its hand, the rest in the wall."""
    rules = compiled(preset)
    assert rules.flow is not None, f"{preset} compiles without a game flow, so the machine never plays it"
    setup = rules.flow.setup
    tiles = set(setup.tiles)
    assert len(tiles) == len(setup.tiles) and setup.red_ids | setup.bonus_ids <= tiles
    game = core.new_game(rules, 0)
    seats = game.hand.seats
    dead_wall = setup.replacement_tiles + setup.indicator_tiles
    assert len(tiles) > len(seats) * setup.hand_size + dead_wall + setup.reserve
    sizes = sorted(len(seat.tiles) for seat in seats)  # the dealer may have drawn its first tile
    assert sizes[:-1] == [setup.hand_size] * (len(seats) - 1) and sizes[-1] - setup.hand_size in (0, 1)
    dealt = [t for seat in seats for t in (*seat.tiles, *seat.flowers)] + list(game.hand.wall)
    assert len(set(dealt)) == len(dealt) and set(dealt) <= tiles
