"""The README's example variant (examples/dealer_bonus.py) loads, plays, pays its bonus and passes mjsim check."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from mjsim.agents import make_agent
from mjsim.agents.observation import observe
from mjsim.checking.check import run_check
from mjsim.checking.invariants import check_invariants
from mjsim.engine import core
from mjsim.rules import RuleSet

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(autouse=True)
def importable_examples(monkeypatch):
    monkeypatch.syspath_prepend(str(EXAMPLES))
    yield
    sys.modules.pop("dealer_bonus", None)


def test_example_variant_pays_dealer_rons_a_bonus():
    base = RuleSet.resolve("tenhou")
    rules = RuleSet("bonus", base.variants + ("dealer_bonus",), {**base.options, "dealer_bonus.amount": 2000}).compile()
    bonuses = []
    for seed in range(6):
        game = core.new_game(rules, seed)
        bots = [make_agent("efficiency", random.Random(i), rules) for i in range(4)]
        while not game.over:
            offers = core.pending(game)
            core.step(game, {s: bots[s].act(observe(game, s), a) for s, a in offers.items()})
        assert check_invariants(game) == [] or game.over
        bonuses += [t for t in game.ledger if t.reason == "dealer bonus"]
    assert bonuses and all(t.amount == 2000 for t in bonuses)


def test_example_variant_passes_mjsim_check():
    result = run_check("tenhou", plugins=["dealer_bonus"], examples=10)
    assert result.passed
    assert "dealer bonus amount" in result.invariants


def test_example_variant_is_about_thirty_lines():
    lines = [line for line in (EXAMPLES / "dealer_bonus.py").read_text().splitlines() if line.strip()]
    assert len(lines) <= 35
