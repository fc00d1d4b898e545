"""The observation shows what a person at the table sees: which discard declared, and which were tsumogiri."""

from __future__ import annotations

import random

from mjsim.agents import make_agent
from mjsim.agents.observation import observe
from mjsim.engine import core
from mjsim.engine.actions import DECLARE_DISCARD, DISCARD
from mjsim.rules import RuleSet


def _played_hand(seed: int):
    """Play the first hand of a Tenhou game with efficiency bots; yield each step's events and an observation."""
    rules = RuleSet.resolve("tenhou").compile()
    game = core.new_game(rules, seed)
    bots = [make_agent("efficiency", random.Random(i), rules) for i in range(4)]
    start = 0
    while game.hand is not None and not game.history:
        offers = core.pending(game)  # it may draw for the next seat: events are read from where the last read ended
        if not offers or game.history:
            return
        core.step(game, {s: bots[s].act(observe(game, s), a) for s, a in offers.items()})
        if game.hand is not None and not game.history:
            yield game.log[start:], observe(game, 0)
            start = len(game.log)


def test_each_discard_says_whether_it_was_the_drawn_tile():
    """tsumogiri[seat][i] is True exactly when river tile i was the tile the seat had just drawn."""
    drawn: dict[int, int | None] = {}
    checked = 0
    for events, obs in _played_hand(seed=3):
        for e in events:
            if e.kind == "draw":
                drawn[e.seat] = e.data
            elif e.kind in (DISCARD, DECLARE_DISCARD):
                assert obs.rivers[e.seat][-1] == e.data
                assert obs.tsumogiri[e.seat][-1] == (drawn.get(e.seat) == e.data)
                drawn[e.seat] = None
                checked += 1
        assert [len(r) for r in obs.tsumogiri] == [len(r) for r in obs.rivers]
    assert checked > 20


def test_the_declaring_discard_is_marked_in_the_river():
    """declared_at[seat] is the river index of the seat's riichi discard; None before it declares."""
    found = False
    for seed in range(12):
        for events, obs in _played_hand(seed):
            for e in events:
                if e.kind == DECLARE_DISCARD:
                    assert obs.declared_at[e.seat] == len(obs.rivers[e.seat]) - 1
                    assert obs.rivers[e.seat][obs.declared_at[e.seat]] == e.data
                    found = True
            assert all((at is None) == (not d) for at, d in zip(obs.declared_at, obs.declared, strict=True))
        if found:
            return
    raise AssertionError("no riichi in twelve hands")
