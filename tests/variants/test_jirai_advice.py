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


def test_the_human_player_takes_a_reversed_win_only_when_it_is_cheaper_than_playing_on(monkeypatch):
    """With the whole pool forbidden every seat knows the set: efficiency bots win into reversals; people take
    one only as the lesser loss, when it costs less than the visible threats are expected to cost
    (``advice.threat_cost``: docs/players.md, 地雷)."""
    from variants.jirai import advice
    from variants.jirai.bots import win_worth

    taken_costs: list[tuple[float, float]] = []
    advise = advice.unwise_actions

    def watched(rules, obs, actions):
        unwise = advise(rules, obs, actions)
        for a in actions:
            worth = win_worth(obs, a, rules) if a.kind in ("ron", "tsumo") else None
            if worth is not None and worth < 0.0 and a not in unwise:
                taken_costs.append((-worth, advice.threat_cost(rules, obs)))
        return unwise

    monkeypatch.setattr(advice, "unwise_actions", watched)
    reversed_wins = {}
    for agent in ("human", "efficiency"):
        records = run_games(_rules(FIXED_SEVEN), 3, 3, [agent] * 4)
        reversed_wins[agent] = sum(h.get("jirai.reversed", 0) for r in records for h in r.hands)
    assert reversed_wins["human"] < reversed_wins["efficiency"]
    assert all(cost <= stops for cost, stops in taken_costs)
    assert reversed_wins["human"] <= len(taken_costs)  # every reversed win the human took was allowed so
