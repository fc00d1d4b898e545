"""地雷's advice to rule-aware players (``mjsim_unwise_actions``): reversed wins and a forbidden riichi are avoided."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from mjsim.agents.base import advised_actions
from mjsim.engine.actions import DECLARE_DISCARD, DISCARD, Action
from mjsim.rules import RuleSet
from mjsim.runner.games import run_games

FIXED_SEVEN = {"jirai.initial_count": "7", "jirai.max_count": "7"}  # every pool yaku forbidden, every hand


def _rules(options=None):
    return RuleSet.resolve("jirai", options or {}, ()).compile()


@pytest.mark.parametrize(
    ("extra", "avoided"),
    [
        ({"jirai_forbidden": ("riichi", "tanyao")}, True),
        ({"jirai_forbidden": ("pinfu", "tanyao")}, False),
        ({"jirai_forbidden_count": 7, "jirai_public": ()}, True),
        ({"jirai_forbidden_count": 1, "jirai_public": ()}, False),
        ({}, False),
    ],
    ids=["told-riichi-forbidden", "told-riichi-allowed", "all-seven-forbidden", "one-of-seven", "count-hidden"],
)
def test_a_riichi_more_likely_forbidden_than_not_is_advised_against(extra, avoided):
    riichi, plain = Action(DECLARE_DISCARD, tile=0), Action(DISCARD, tile=0)
    obs = SimpleNamespace(extra=extra)
    kept = advised_actions(_rules(), obs, [riichi, plain])
    assert kept == ([plain] if avoided else [riichi, plain])


def test_advice_never_leaves_a_player_without_a_choice():
    riichi = Action(DECLARE_DISCARD, tile=0)
    obs = SimpleNamespace(extra={"jirai_forbidden": ("riichi",)})
    assert advised_actions(_rules(), obs, [riichi]) == [riichi]


def test_the_human_player_takes_no_win_it_knows_is_reversed():
    """With the whole pool forbidden every seat knows the set: efficiency bots win into reversals, people do not."""
    reversed_wins = {}
    for agent in ("human", "efficiency"):
        records = run_games(_rules(FIXED_SEVEN), 3, 3, [agent] * 4)
        reversed_wins[agent] = sum(h.get("jirai.reversed", 0) for r in records for h in r.hands)
    assert reversed_wins["human"] == 0 < reversed_wins["efficiency"]
