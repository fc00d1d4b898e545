"""The value hints a rule set gives rule-aware players (``variants.riichi.hints``): joined, empty without a rule."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from mjsim.rules import RuleSet
from variants.riichi.hints import NO_HINTS, ValueHints, joined, value_hints


def test_answers_join_by_the_larger_risk_summed_han_and_the_union_of_yaku_tiles():
    a = ValueHints(
        yaku_risk={"tanyao": 0.2, "riichi": 0.9}, clean_han=2, kind_han={4: -1.0}, triplet_yaku=frozenset({9})
    )
    b = ValueHints(yaku_risk={"tanyao": 0.6}, kind_han={4: -1.0}, holding_han={13: 1.0}, triplet_yaku=frozenset({25}))
    both = joined([a, None, b])
    assert both.yaku_risk == {"tanyao": 0.6, "riichi": 0.9}
    assert (both.clean_han, both.kind_han, both.holding_han) == (2, {4: -2.0}, {13: 1.0})
    assert both.triplet_yaku == {9, 25}


@pytest.mark.parametrize("parts", [[], [None], [ValueHints()]], ids=["no-answer", "none", "empty"])
def test_no_hint_is_no_hints(parts):
    assert joined(parts) is NO_HINTS and not NO_HINTS


@pytest.mark.parametrize("preset", ["tenhou", "mahjongsoul"])
def test_a_plain_rule_set_gives_no_hints(preset):
    """No variant of a plain rule set answers: the human player keeps its plain estimate (Tenhou play unchanged)."""
    obs = SimpleNamespace(extra={}, indicators=(), seat=0, dealer=0)
    assert value_hints(RuleSet.resolve(preset).compile(), obs) is NO_HINTS


def test_no_rules_no_hints():
    assert value_hints(None, SimpleNamespace()) is NO_HINTS
