"""割れ目 (variants/wareme): the seat from the dice, pairwise multiplication, exceptions, invariants (§8)."""

from __future__ import annotations

import random
from functools import cache
from types import SimpleNamespace

import pytest

from mjsim.agents import make_agent
from mjsim.agents.observation import observe
from mjsim.engine import core
from mjsim.engine.actions import TABLE, Transfer
from mjsim.rules import RuleSet
from mjsim.runner.games import play_game
from variants.riichi.draws import noten_payments
from variants.wareme import checks
from variants.wareme.seat import apply, dice, seat_of_hand, wareme_seat


@cache
def rules(**options):
    """Tenhou's rules with wareme (options without the prefix)."""
    base = RuleSet.resolve("tenhou", {f"wareme.{k}": v for k, v in options.items()})
    return RuleSet(base.name, (*base.variants, "wareme"), base.options).compile()


# --- The wareme seat from the dice --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "offset"),
    [pytest.param(s, 0, id=f"{s}-dealer") for s in (5, 9)]
    + [pytest.param(s, 1, id=f"{s}-next") for s in (2, 6, 10)]
    + [pytest.param(s, 2, id=f"{s}-opposite") for s in (3, 7, 11)]
    + [pytest.param(s, 3, id=f"{s}-previous") for s in (4, 8, 12)],
)
@pytest.mark.parametrize("dealer", [0, 2])
def test_dice_total_counts_the_dealer_as_one_counter_clockwise(total, offset, dealer):
    assert wareme_seat(dealer, total) == (dealer + offset) % 4


def test_dice_are_reproducible_and_vary_by_hand():
    assert dice(7, 0) == dice(7, 0)
    throws = {dice(7, hand) for hand in range(40)}
    assert len(throws) > 10 and all(1 <= a <= 6 and 1 <= b <= 6 for a, b in throws)


# --- Pairwise multiplication ---------------------------------------------------------------------------


RON = Transfer(2, 1, 8000 + 300, "win")  # the wareme seat 2 deals in, honba included


@pytest.mark.parametrize(
    ("transfer", "expected"),
    [
        pytest.param(RON, 16600, id="ron-paid-by-wareme-with-honba"),
        pytest.param(Transfer(1, 2, 2000, "win"), 4000, id="tsumo-share-to-wareme"),
        pytest.param(Transfer(0, 1, 2000, "win"), 2000, id="not-involving-wareme"),
        pytest.param(Transfer(TABLE, 2, 2000, "riichi sticks"), 2000, id="riichi-sticks-never"),
        pytest.param(Transfer(2, TABLE, 1000, "riichi"), 1000, id="riichi-deposit-never"),
        pytest.param(Transfer(0, 2, 1, "chips: ura", "chips"), 1, id="chips-never"),
        pytest.param(Transfer(3, 2, 12000, "pao"), 24000, id="pao-involving-wareme"),
        pytest.param(Transfer(2, 0, 4000, "nagashi mangan"), 8000, id="nagashi-payment"),
    ],
)
def test_transfers_involving_the_wareme_seat_are_doubled(transfer, expected):
    (out,) = apply([transfer], seat=2, factor=2, doubles_noten=True)
    assert out.amount == expected and out._replace(amount=transfer.amount) == transfer


def test_multiplier_three():
    assert apply([RON], seat=2, factor=3, doubles_noten=True)[0].amount == 3 * RON.amount


def _noten(tenpai):
    game = SimpleNamespace(rules=rules())  # noten payments read riichi.noten_payment_total (tenhou: 3000)
    return noten_payments(game, tenpai)


@pytest.mark.parametrize(
    ("tenpai", "pairs"),
    [
        pytest.param([1], {(0, 1): 1000, (2, 1): 1000, (3, 1): 1000}, id="1-tenpai-3-noten"),
        pytest.param([1, 2], {(0, 1): 750, (0, 2): 750, (3, 1): 750, (3, 2): 750}, id="2-tenpai-2-noten"),
        pytest.param([0, 1, 2], {(3, 0): 1000, (3, 1): 1000, (3, 2): 1000}, id="3-tenpai-1-noten"),
    ],
)
@pytest.mark.parametrize("doubles_noten", [True, False])
def test_tenpai_payments_are_doubled_pairwise(tenpai, pairs, doubles_noten):
    """Wareme seat 2: each pairwise noten payment with seat 2 doubles (wareme_doubles_noten), others stay."""
    got = {(t.payer, t.payee): t.amount for t in apply(_noten(tenpai), 2, 2, doubles_noten)}
    factor = 2 if doubles_noten else 1
    assert got == {pair: amount * (factor if 2 in pair else 1) for pair, amount in pairs.items()}


# --- In play -------------------------------------------------------------------------------------------


def _first_hand(game_rules, seed):
    """A game stopped right after its first hand ended, with the ledger of that hand."""
    game = core.new_game(game_rules, seed)
    agents = [make_agent("efficiency", random.Random(i), game.rules) for i in range(4)]
    while not game.history:
        offers = core.pending(game)
        core.step(game, {s: agents[s].act(observe(game, s), acts) for s, acts in offers.items()})
    return game


@pytest.mark.parametrize("seed", range(4))
def test_first_hand_pays_the_plain_transfers_multiplied_for_the_wareme_seat(seed):
    plain = _first_hand(RuleSet.resolve("tenhou").compile(), seed)
    doubled = _first_hand(rules(), seed)
    first = doubled.history[0]
    seat = first["wareme.seat"]
    expected = apply([t for t in plain.ledger if t.reason != "riichi"], seat, 2, True)
    assert [t for t in doubled.ledger if t.reason != "riichi"][: len(expected)] == expected
    assert seat == wareme_seat(first["dealer"], first["wareme.dice"])


def test_observation_shows_the_wareme_seat_to_everyone():
    game = core.new_game(rules(), 3)
    assert {observe(game, s).extra["wareme_seat"] for s in range(4)} == {seat_of_hand(game)}


@pytest.mark.parametrize("options", [{}, {"multiplier": 3}, {"doubles_noten": False}], ids=["x2", "x3", "noten-plain"])
def test_games_keep_every_invariant(options):
    for seed in range(3):
        record = play_game(rules(**options), seed, ["efficiency"] * 4, check=True)
        assert record.violations == []


def test_invariants_are_registered():
    names = {name for name, _ in rules().flow.invariants}
    assert {name for name, _ in checks.INVARIANTS} <= names


def test_invariant_catches_a_transfer_left_single():
    game = SimpleNamespace(rules=rules(), ledger=[RON], stash={"wareme.last": (2, 0, [RON], [RON])})
    assert "not 16600" in checks.exactly_multiplied(game)


def test_invariant_catches_a_multiplied_deposit():
    deposit = Transfer(2, TABLE, 1000, "riichi")
    game = SimpleNamespace(rules=rules(), ledger=[deposit._replace(amount=2000)], stash={})
    assert "wrong size" in checks.deposits_plain(game)
