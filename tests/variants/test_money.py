"""Money at the seeds' stakes (the riichi family's riichi.fusoku, riichi.money_per_chip): S001 4play "点ピン、ウマ
1-2、チップ500", S004 fl8 "風速0.5、1チップ＝2ポイント分"."""

from __future__ import annotations

from functools import cache

import pytest

from mjsim.rules import RuleSet
from mjsim.runner.games import run_games
from mjsim.runner.summary import summarize


@cache
def game(preset: str, **options):
    rules = RuleSet.resolve(preset, {f"riichi.{k}": v for k, v in options.items()}).compile()
    return run_games(rules, 2, 4, ["efficiency"] * 4, check=True)


def test_4play_pays_100_per_result_point_and_500_per_chip():
    for record in game("4play"):
        final = record.final
        chips = final["side"]["chips"]
        assert final["money"] == [100 * p + 500 * c for p, c in zip(final["payout"], chips, strict=True)]
        assert sum(final["money"]) == 0 and record.violations == []


def test_fl8_pays_half_of_tenpin_with_its_chips_in_the_payout():
    """風速0.5: 50 per 1,000 points; the chips are already 2 result points each in the payout (chips.value)."""
    for record in game("fl8"):
        final = record.final
        assert final["money"] == [round(50 * p, 2) for p in final["payout"]]
        assert final["stakes"] == {"fusoku": 0.5, "per_chip": 0}


@pytest.mark.parametrize(("fusoku", "money"), [(0, None), (1, 100), (5, 500)])
def test_the_stake_scales_the_results_and_none_means_no_money(fusoku, money):
    records = game("tenhou", fusoku=fusoku)
    for record in records:
        if money is None:
            assert "money" not in record.final
        else:
            assert record.final["money"] == [money * r for r in record.final["results"]]
    seat = summarize(records)["seats"][0]
    assert ("mean_money" in seat) is (money is not None)
