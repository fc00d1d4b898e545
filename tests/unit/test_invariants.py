"""The ledger checks of a step (mjsim.checking.invariants): each catches its fault; `simulate --check` runs them."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest

from mjsim.agents import observation
from mjsim.checking.invariants import LEDGER_CHECKS, StepChecker, StepMark, ledger_checks, step_mark
from mjsim.engine import core
from mjsim.engine.actions import TABLE, Event, Transfer
from mjsim.rules import RuleSet
from mjsim.runner.games import digest, run_games

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


# --- StepChecker: the checks of simulate --check, at a lower cost -----------------------------------------


def _leaking_observe(monkeypatch):
    """Plant a leak: every view also shows the wall's next tile as an indicator (only the check reads it)."""
    honest = observation.observe

    def observe(game, seat):
        view = honest(game, seat)
        wall = game.hand.wall
        return replace(view, indicators=(*view.indicators, wall[0])) if wall else view

    monkeypatch.setattr(observation, "observe", observe)


@pytest.mark.parametrize(("share", "found"), [(0.1, True), (1.0, True), (0.0, False)], ids=["sampled", "all", "none"])
def test_a_leaking_view_is_found_on_the_sampled_steps(monkeypatch, share, found):
    """A view that leaks leaks at many steps: a tenth of them finds it; a sample of none cannot."""
    _leaking_observe(monkeypatch)
    rules = RuleSet.resolve("tenhou").compile()
    records = run_games(rules, 1, 0, ["tsumogiri"] * 4, check=True, observe_share=share)
    leaks = [v for v in records[0].violations if v.startswith("observations hide: seat")]
    assert bool(leaks) is found


def test_the_sample_is_seeded_and_all_means_every_step():
    rules = RuleSet.resolve("tenhou").compile()
    counts = []
    for seed, share in ((7, 0.1), (7, 0.1), (8, 0.1), (7, 1.0)):
        game = core.new_game(rules, 0)
        checker = StepChecker(game, seed, share)
        for _ in range(200):
            before = step_mark(game)
            core.step(game, {s: acts[0] for s, acts in core.pending(game).items()})
            assert checker.after_step(game, before) == []
        counts.append(checker.sampled)
    assert counts[0] == counts[1] != counts[2] and 0 < counts[0] < 60 and counts[3] == 200


def test_side_currencies_are_booked_incrementally_and_in_full_at_the_end():
    """A balance moved without its ledger entry is found at once; an entry changed after it was booked is
    missed by the incremental book but found by the full check at the game's end."""
    game = core.new_game(RuleSet.resolve("tenhou").compile(), 0)
    game.side = {"chips": [0, 0, 0, 0]}
    checker = StepChecker(game, 0)
    mark = step_mark(game)
    game.ledger.append(Transfer(1, 0, 2, "chip", "chips"))
    game.side["chips"][:2] = [2, -2]
    assert checker.after_step(game, mark) == []
    game.side["chips"][2:] = [1, -1]
    assert checker.after_step(game, mark)[0].startswith("side currencies conserved: chips not conserved")
    game.side["chips"][2:] = [0, 0]
    game.ledger[-1] = Transfer(1, 0, 3, "chip", "chips")  # rewritten after it was booked
    assert checker.after_step(game, mark) == []
    assert any(m.startswith("side currencies conserved") for m in checker.at_end(game))


def test_checking_changes_no_game():
    rules = RuleSet.resolve("tenhou").compile()
    plain = run_games(rules, 2, 3, ["efficiency"] * 4)
    checked = run_games(rules, 2, 3, ["efficiency"] * 4, check=True, observe_share=1.0)
    assert digest(checked) == digest(plain) and all(not r.violations for r in checked)


def test_simulate_check_all_inspects_every_step(monkeypatch):
    """``--check-all`` finds a leak at every step after the deal; ``--check`` at about a tenth of them."""
    from click.testing import CliRunner

    from mjsim.cli import cli

    _leaking_observe(monkeypatch)
    found = {}
    for flag in ("--check", "--check-all"):
        args = ["simulate", "--games", "1", "--agents", "tsumogiri", flag, "--json", "--quiet"]
        result = CliRunner().invoke(cli, args)
        found[flag] = json.loads(result.output)["invariant_violations"]
    assert 0 < 5 * found["--check"] < found["--check-all"]


def _stepped(checker, game, plant=None) -> list[str]:
    """One step of the first offered actions, ``plant`` applied after it, and what the checker finds."""
    before = step_mark(game)
    core.step(game, {s: acts[0] for s, acts in core.pending(game).items()})
    if plant is not None:
        plant(game.hand)
    return checker.after_step(game, before)


ENDED = "(the hand before this one, as it ended)"


def _swap_a_wall_tile(hand) -> None:
    hand.wall[-1] = hand.wall[-2]  # one tile gone, another twice: the count holds


def test_a_lost_tile_is_found_at_once_and_a_swapped_one_by_its_hands_end():
    rules = RuleSet.resolve("tenhou").compile()
    game = core.new_game(rules, 0)
    checker = StepChecker(game, 0, observe_share=0.0)  # no step checked in full: only the count and hand ends
    assert _stepped(checker, game, lambda hand: hand.wall.pop())[0].startswith(
        "tiles conserved: tiles not conserved: 135"
    )
    game = core.new_game(rules, 0)
    checker = StepChecker(game, 0, observe_share=0.0)
    assert _stepped(checker, game, _swap_a_wall_tile) == []
    found = []
    while not found and not game.over:
        found = [m for m in _stepped(checker, game) if m.startswith("tiles conserved")]
    assert found == [f"tiles conserved: tiles not conserved: 136 tiles in play for a set of 136 {ENDED}"]
    game = core.new_game(rules, 0)
    checker = StepChecker(game, 0, observe_share=1.0)
    assert _stepped(checker, game, _swap_a_wall_tile)[0].startswith("tiles conserved: tiles not conserved")
