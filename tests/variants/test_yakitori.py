"""焼き鳥 (variants/yakitori): the spec's settlements, 焼き鳥返し, nagashi, invariants (§9)."""

from __future__ import annotations

from functools import cache
from types import SimpleNamespace

import pytest

from mjsim.engine.actions import Transfer
from mjsim.rules import RuleSet
from mjsim.runner.games import play_game
from tests.moves import net
from variants.yakitori import checks
from variants.yakitori.marks import final_marks, marks_after, payments


@cache
def rules(preset="tenhou", **options):
    """A preset with yakitori (options without the prefix)."""
    base = RuleSet.resolve(preset, {f"yakitori.{k}": v for k, v in options.items()})
    return RuleSet(base.name, (*base.variants, "yakitori"), base.options).compile()


def wins(*seats):
    """A hand record won by these seats."""
    return {"wins": [{"seat": s} for s in seats]}


# --- Settlement (§9) -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("marked", "expected"),
    [
        pytest.param({1, 2, 3}, {0: 3, 1: -1, 2: -1, 3: -1}, id="one-winner-receives-3"),
        pytest.param({2, 3}, {0: 2, 1: 2, 2: -2, 3: -2}, id="two-winners-receive-2-each"),
        pytest.param({3}, {0: 1, 1: 1, 2: 1, 3: -3}, id="three-winners-receive-1-each"),
        pytest.param({0, 1, 2, 3}, {0: 0, 1: 0, 2: 0, 3: 0}, id="everybody-yakitori-no-transfer"),
        pytest.param(set(), {0: 0, 1: 0, 2: 0, 3: 0}, id="nobody-yakitori"),
    ],
)
def test_4play_chips(marked, expected):
    assert net(payments(frozenset(marked), 1, literal=False)) == expected


@pytest.mark.parametrize(
    ("marked", "literal", "loss"),
    [
        pytest.param({3}, False, -15, id="one-yakitori-minus-15"),
        pytest.param({2, 3}, False, -10, id="two-yakitori-minus-10-each"),
        pytest.param({1, 2, 3}, False, -5, id="three-yakitori-minus-5-each-per-pair"),
        pytest.param({3}, True, -15, id="literal-one-minus-15"),
        pytest.param({2, 3}, True, -10, id="literal-two-minus-10"),
        pytest.param({1, 2, 3}, True, -10, id="literal-three-minus-10"),
    ],
)
def test_fl8_points(marked, literal, loss):
    changes = net(payments(frozenset(marked), 5, literal))
    assert all(changes[s] == loss for s in marked)
    assert sum(changes.values()) == 0


# --- Marks --------------------------------------------------------------------------------------------


def test_a_win_clears_the_mark_and_draws_do_not():
    assert marks_after([wins(1), {"draw": "exhaustive"}, wins(2, 3)], False, False) == [
        frozenset({0, 2, 3}),
        frozenset({0, 2, 3}),
        frozenset({0}),
    ]


def test_yakitori_gaeshi_restores_the_other_three():
    """Seats 0, 1, 2 win; seat 3, the last yakitori, wins: 0, 1, 2 are marked again; then 0 clears."""
    trail = marks_after([wins(0), wins(1), wins(2), wins(3), wins(0)], False, gaeshi=True)
    assert trail[2] == {3} and trail[3] == {0, 1, 2} and trail[4] == {1, 2}


def test_without_gaeshi_everybody_clear_stays_clear():
    assert final_marks([wins(0), wins(1), wins(2), wins(3)], False, gaeshi=False) == frozenset()


@pytest.mark.parametrize(("nagashi_wins", "marked"), [(False, {0, 1, 2, 3}), (True, {0, 1, 3})])
def test_nagashi_clears_only_as_a_win(nagashi_wins, marked):
    hand = {"draw": "exhaustive", "nagashi": [2], "tenpai": []}
    assert final_marks([hand], nagashi_wins, False) == marked


# --- In play ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [{}, {"form": "points"}, {"form": "points", "gaeshi": True}, {"form": "points", "literal_table": True}],
    ids=["chips", "points", "points-gaeshi", "points-literal"],
)
def test_games_settle_yakitori_zero_sum(options):
    currency = "chips" if options.get("form", "chips") == "chips" else "settlement"
    for seed in range(3):
        record = play_game(rules(**options), seed, ["efficiency"] * 4, check=True)
        assert record.violations == []
        assert sum(record.final["side"][currency]) == 0
        marked = record.hands[-1]["yakitori.marked"]
        payers = sum(1 for v in record.final["side"][currency] if v < 0)
        assert payers == (marked if marked < 4 else 0)


def test_invariants_are_registered():
    names = {name for name, _ in rules().flow.invariants}
    assert {name for name, _ in checks.INVARIANTS} <= names


def test_invariant_catches_a_winner_paying():
    game = SimpleNamespace(rules=rules(), history=[wins(0)], ledger=[Transfer(0, 1, 1, "yakitori", "chips")], over=True)
    assert "marked" in checks.paid_by_the_marked(game)


def test_gaeshi_invariant_holds_on_a_restoring_history():
    game = SimpleNamespace(rules=rules(gaeshi=True), history=[wins(0), wins(1), wins(2), wins(3)])
    assert checks.someone_marked(game) is None
