"""祝儀 (variants/chips): the platforms' chip tables, who pays, conversion, conservation (§11)."""

from __future__ import annotations

from functools import cache
from types import SimpleNamespace

import pytest

import mjsim
from mjsim.engine.actions import Event, Transfer
from mjsim.rules import RuleSet
from mjsim.runner.games import play_game
from mjsim.scoring import ANKAN, PON, Hit, Meld
from variants.chips import chip_transfers
from variants.chips.checks import only_winners_collect
from variants.chips.currency import with_payout
from variants.chips.tables import TABLES, is_closed, win_chips
from variants.riichi.win_text import win_context


@cache
def rules(**options):
    """Tenhou's rules with chips (options without the prefix)."""
    base = RuleSet.resolve("tenhou", {f"chips.{k}": v for k, v in options.items()})
    return RuleSet(base.name, (*base.variants, "chips"), base.options).compile()


def win(*hits, yakuman=0, limit=None):
    """A scored win reduced to what chips read: (name, han) hits, yakuman multiple, limit name."""
    return SimpleNamespace(
        hits=tuple(Hit(n, n, h) for n, h in hits), detail=SimpleNamespace(yakuman=yakuman, limit=limit)
    )


RIICHI_IPPATSU_URA2 = win(("riichi", 1), ("ippatsu", 1), ("ura_dora", 2))
RED2 = win(("tanyao", 1), ("aka_dora", 2))


@pytest.mark.parametrize(
    ("table", "score", "closed", "tsumo", "expected"),
    [
        pytest.param("4play", RIICHI_IPPATSU_URA2, True, False, {"ippatsu": 1, "ura": 2}, id="4play-ippatsu-ura2"),
        pytest.param("4play", RED2, True, False, {}, id="4play-no-red-chips"),
        pytest.param("fl8", RED2, True, True, {"red": 2}, id="fl8-red-closed"),
        pytest.param("fl8", RED2, False, True, {}, id="fl8-red-open-none"),
        pytest.param("kachoufuugetsu", RED2, True, False, {"red": 2}, id="kachou-red-closed"),
        pytest.param("4play", win(("kokushi", 13), yakuman=1), True, False, {"yakuman": 10}, id="4play-yakuman-ron"),
        pytest.param("fl8", win(("kokushi", 13), yakuman=1), True, True, {"yakuman": 10}, id="fl8-yakuman-tsumo-all"),
        pytest.param("kachoufuugetsu", win(("x", 13), yakuman=1), True, False, {"yakuman": 15}, id="kachou-ron-15"),
        pytest.param("kachoufuugetsu", win(("x", 13), yakuman=1), True, True, {"yakuman": 10}, id="kachou-tsumo-10"),
        pytest.param("fl8", win(("x", 13), limit="kazoe yakuman"), True, False, {}, id="fl8-no-counted-yakuman"),
        pytest.param("4play", win(("x", 13), limit="kazoe yakuman"), True, False, {"yakuman": 10}, id="4play-counted"),
    ],
)
def test_chip_tables(table, score, closed, tsumo, expected):
    assert win_chips(TABLES[table], score, closed, tsumo, red_closed_only=True) == expected


def test_red_fives_in_an_open_hand_count_when_not_closed_only():
    assert win_chips(TABLES["fl8"], RED2, closed=False, tsumo=False, red_closed_only=False) == {"red": 2}


@pytest.mark.parametrize(("per_multiple", "chips"), [(False, 10), (True, 20)], ids=["once-per-hand", "per-multiple"])
def test_double_yakuman_chips(per_multiple, chips):
    double = win(("suuankou_tanki", 26), yakuman=2)
    assert win_chips(TABLES["4play"], double, True, False, True, per_multiple) == {"yakuman": chips}


def test_a_concealed_kan_keeps_the_hand_closed():
    assert is_closed([Meld(ANKAN, (0, 1, 2, 3))]) and not is_closed([Meld(PON, (4, 5, 6))])


def _game(table="4play"):
    seats = [SimpleNamespace(melds=[]) for _ in range(4)]
    return SimpleNamespace(rules=rules(table=table), hand=SimpleNamespace(seats=seats))


def test_a_ron_is_paid_by_the_discarder():
    transfers = chip_transfers(_game(), 1, 0, 3, RIICHI_IPPATSU_URA2)
    assert {(t.payer, t.payee, t.amount, t.reason, t.currency) for t in transfers} == {
        (3, 1, 1, "chips: ippatsu", "chips"),
        (3, 1, 2, "chips: ura", "chips"),
    }


def test_a_tsumo_is_paid_by_each_other_seat():
    transfers = chip_transfers(_game("kachoufuugetsu"), 0, 0, None, win(("x", 13), yakuman=1))
    assert sorted((t.payer, t.amount) for t in transfers) == [(1, 10), (2, 10), (3, 10)]


def test_a_real_riichi_ippatsu_tsumo_with_ura_earns_chips_from_each():
    """Riichi ippatsu tsumo, ura indicator 1p -> two 2p in the hand: 1 + 2 chips from each of three."""
    ctx = win_context("123m456p789s22p345s", "3s", tsumo=True, situation=["riichi", "ippatsu"], ura=["1p"])
    score = mjsim.score(ctx, rules())
    assert win_chips(TABLES["4play"], score, True, True, True) == {"ippatsu": 1, "ura": 2}


def test_payout_converts_chips_at_the_chip_value():
    """fl8: 1 chip = 2 settlement points."""
    game = SimpleNamespace(rules=rules(value=2), side={"chips": [3, -1, -1, -1]})
    final = with_payout(game, {"results": [50.0, 10.0, -20.0, -40.0]})
    assert final["payout"] == [56.0, 8.0, -22.0, -42.0]


@pytest.mark.parametrize("table", sorted(TABLES))
def test_games_keep_chips_zero_sum_and_report_them(table):
    for seed in range(3):
        record = play_game(rules(table=table), seed, ["efficiency"] * 4, check=True)
        assert record.violations == []
        chips = record.final["side"]["chips"]
        assert sum(chips) == 0
        assert sum(h["chips.won"] for h in record.hands) >= max(chips)


def test_points_only_games_have_no_side_currency():
    record = play_game(RuleSet.resolve("tenhou").compile(), 0, ["efficiency"] * 4)
    assert "side" not in record.final and "payout" not in record.final


def test_invariant_catches_chips_to_a_non_winner():
    log = [Event("hand_start"), Event("side_transfer", None, Transfer(0, 2, 1, "chips: ura", "chips")), Event("win", 1)]
    assert "did not win" in only_winners_collect(SimpleNamespace(log=log))
