"""The ledger checks of a step (mjsim.invariants): each catches its fault, and ``simulate --check`` runs them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from mjsim.engine.actions import TABLE, Event, Transfer
from mjsim.invariants import LEDGER_CHECKS, StepMark, ledger_checks
from mjsim.rules import RuleSet
from mjsim.runner.games import run_games

PLUGINS_DIR = Path(__file__).resolve().parents[1] / "plugins"
BEFORE = StepMark(scores=(25000, 25000, 25000, 25000), table=1000, log_start=0)  # one riichi stick on the table


def _game(scores: list[int], events: list[Event], table: int = 1000) -> SimpleNamespace:
    """Just what the ledger checks read of a game: its seats, scores, table and log."""
    return SimpleNamespace(seat_count=4, scores=scores, table=table, log=events)


def _win(seat: int, value: int) -> Event:
    return Event("win", seat, {"score": SimpleNamespace(value=value)})


def _pay(payer: int, payee: int, amount: int) -> Event:
    return Event("transfer", payer, Transfer(payer, payee, amount, "win"))


RON_1000 = [_pay(1, 0, 1000), _win(0, 1000)]


@pytest.mark.parametrize(
    ("scores", "events", "table", "broken"),
    [
        pytest.param([26000, 24000, 25000, 25000], RON_1000, 1000, None, id="a-paid-ron-holds"),
        pytest.param(
            [26000, 25000, 25000, 25000], [_pay(TABLE, 0, 1000), _win(1, 0)], 0, None, id="deposits-pay-a-payer"
        ),
        pytest.param([25000] * 4, [_pay(1, 7, 0)], 1000, LEDGER_CHECKS[0], id="unknown-account"),
        pytest.param([25000] * 4, [_pay(2, 2, 100)], 1000, LEDGER_CHECKS[0], id="paying-oneself"),
        pytest.param([24900, 25100, 25000, 25000], [_pay(1, 0, -100)], 1000, LEDGER_CHECKS[0], id="negative-amount"),
        pytest.param([25900, 24000, 25000, 25000], RON_1000, 1000, LEDGER_CHECKS[1], id="points-off-the-ledger"),
        pytest.param([25000, 25000, 25000, 24000], [_pay(3, TABLE, 1000)], 1000, LEDGER_CHECKS[1], id="table-unmoved"),
        pytest.param(
            [25000, 24000, 26000, 25000],
            [_pay(1, 2, 1000), _win(0, 1000)],
            1000,
            LEDGER_CHECKS[2],
            id="non-winner-paid",
        ),
        pytest.param(
            [24000, 26000, 25000, 25000],
            [_pay(0, 1, 1000), _win(0, 1000)],
            1000,
            LEDGER_CHECKS[2],
            id="winner-pays-a-positive-win",
        ),
    ],
)
def test_each_ledger_check_catches_its_fault(scores, events, table, broken):
    found = ledger_checks(_game(scores, events, table), BEFORE)
    assert [m.split(":")[0] for m in found][:1] == ([broken] if broken else [])


def test_ledger_checks_read_only_the_step_since_the_mark():
    game = _game([26000, 24000, 25000, 25000], [_pay(2, 3, 5), *RON_1000])
    assert ledger_checks(game, replace(BEFORE, log_start=1)) == []
    assert ledger_checks(game, BEFORE) != []


def test_simulate_check_runs_the_ledger_checks(monkeypatch):
    """A plugin taking points off the scores without a transfer breaks 'ledger matches scores' under --check."""
    monkeypatch.syspath_prepend(str(PLUGINS_DIR))
    rules = RuleSet.resolve("tenhou", plugins=("skim_tsumo",)).compile()
    records = run_games(rules, 2, 0, ["efficiency"] * 4, check=True)
    violations = [v for r in records for v in r.violations]
    assert any(v.startswith(f"{LEDGER_CHECKS[1]}: seat") for v in violations)
