"""Tournament scoring (variants/tournament, rules/other_variants.md §6-§7): best run of three, the point."""

from __future__ import annotations

import numpy as np
import pytest

from variants.tournament.rating import adjustment, rate_games
from variants.tournament.scoring import (
    best_run_of_three,
    championship_table,
    four_player_equivalent,
    points_per_rank,
    tournament_entries,
)

# --- tournament scoring (rules/other_variants.md sections 6 and 7) -------------------------------------


def test_best_run_of_three_seed_example():
    assert best_run_of_three([5, -40, 30, 40, -5, -30]) == 65


@pytest.mark.parametrize(
    ("results", "best"),
    [
        pytest.param([10, 20], None, id="two-games-unranked"),
        pytest.param([1, 2, 3], 6, id="exactly-three"),
        pytest.param([-10, -20, -30, -5], -55, id="all-negative"),
    ],
)
def test_best_run_of_three_cases(results, best):
    assert best_run_of_three(results) == best


def test_best_run_of_three_never_drops_when_a_game_is_appended():
    rng = np.random.default_rng(15)
    results = list(rng.integers(-60, 60, 30))
    scores = [best_run_of_three(results[:k]) for k in range(3, 31)]
    assert scores == sorted(scores)


def test_championship_table_drops_negative_and_short_records():
    table = championship_table({"a": [5, -40, 30, 40, -5, -30], "b": [-10, -10, -10], "c": [90, 10], "d": [0, 0, 70]})
    assert table == [("d", 70), ("a", 65)]


@pytest.mark.parametrize(
    ("points", "ranks", "expected"),
    [
        pytest.param([26500] * 10, [2, 2, 2, 3, 3, 3, 2, 2, 2, 2], 115.2, id="seed-example-265-over-2.3"),
        pytest.param([26500] * 3, [2, 2, 3], 115.2, id="avg-rank-2.33-rounds-to-2.3"),
        pytest.param([26500] * 4, [2, 2, 3, 2], 115.2, id="avg-rank-2.25-rounds-half-up-to-2.3"),
        pytest.param([30000, 20000], [1, 4], 100.0, id="250-over-2.5"),
        pytest.param([20000, 20000], [4, 4], 50.0, id="200-over-4"),
    ],
)
def test_points_per_rank(points, ranks, expected):
    assert points_per_rank(points, ranks) == expected


def test_points_per_rank_rejects_mismatched_input():
    with pytest.raises(ValueError):
        points_per_rank([25000], [1, 2])
    with pytest.raises(ValueError):
        points_per_rank([25000], [5])


# --- tournament entries (other_variants.md §6-§7) ----------------------------------------------------------


def test_tournament_entries_rank_eligible_players_by_point_then_reference_records():
    """A: the seed's +65 run and 265 / 2.3 = 115.2 over 15 games; B: better point but 3 games (reference)."""
    a_results = [5, -40, 30, 40, -5, -30] + [0] * 9
    a_ranks = [2, 2, 2, 3, 3, 3, 2, 2, 2, 2, 2, 3, 2, 3, 2]  # 35 / 15 = 2.33 -> 2.3
    a = [(r, 26500, k) for r, k in zip(a_results, a_ranks, strict=True)]
    b = [(50.0, 40000, 1)] * 3
    c = [(-20.0, 20000, 4)] * 15
    entries = tournament_entries({"b": b, "c": c, "a": a, "nobody": []})
    assert [(e.player, e.eligible) for e in entries] == [("a", True), ("c", True), ("b", False)]
    assert (entries[0].best_run, entries[0].point, entries[0].games) == (65, 115.2, 15)
    assert entries[2].point == 400.0 and entries[2].best_run == 150.0


def test_tournament_entries_two_games_have_no_best_run():
    (entry,) = tournament_entries({"x": [(10.0, 30000, 1), (-5.0, 24000, 3)]})
    assert entry.best_run is None and not entry.eligible and entry.point == 135.0


def test_tournament_eligibility_threshold_is_an_argument():
    (entry,) = tournament_entries({"x": [(1.0, 25000, 2)] * 10}, min_games=10)
    assert entry.eligible


# --- koyamajyan's conversions, the champion's head start (other_variants.md §7) ---------------------------------


def test_a_hanchan_weighs_two_games():
    """First edition: "東南は2試合分で計算します"."""
    assert points_per_rank([30000, 20000], [1, 4], weights=[2, 1]) == round((80000 / 3 / 100) / 2.0, 1)


def test_the_champion_starts_with_a_win_and_500_points():
    """ "前回大会優勝者や前回大会新人賞の方には1勝と500点分のアドバンテージ": one more 1st, +500 on the total."""
    assert points_per_rank([26500, 26500], [2, 3], champion=True) == round((53500 / 3 / 100) / 2.0, 1)


@pytest.mark.parametrize(
    ("points", "rank", "equivalent"),
    [(50000, 1, (40000, 1)), (36000, 2, (26000, 2)), (34000, 2, (24000, 3)), (20000, 3, (10000, 4))],
)
def test_three_player_games_count_as_four_player_ones(points, rank, equivalent):
    """First edition: "サンマは35000点持ちなのでヨンマと同じにするために10000点差し引き ... 2着は持ち点より高い場合は2、
    低い場合は3、3着の場合は4"."""
    assert four_player_equivalent(points, rank, 35000) == equivalent


# --- Tenhou's R ------------------------------------------------------------------------------------------------


def test_tenhou_rating_first_game_and_adjustment():
    """riichi.wiki (Tenhou.net ranking): R1500 start; change = adjustment x (30/10/-10/-30 + (avg - own)/40)."""
    first = rate_games([[("a", 1), ("b", 2), ("c", 3), ("d", 4)]])
    assert [first[p].r for p in "abcd"] == [1530, 1510, 1490, 1470]
    assert (adjustment(0), adjustment(399), adjustment(400), adjustment(1000)) == (1, pytest.approx(0.202), 0.2, 0.2)
    second = rate_games([[("a", 1), ("b", 2), ("c", 3), ("d", 4)]] * 2)
    assert second["a"].r == pytest.approx(1530 + 0.998 * (30 + (1500 - 1530) / 40))


def test_tenhou_rating_three_seats():
    """Placement base 30/0/-30 for sanma."""
    assert [r.r for r in rate_games([[("a", 2), ("b", 1), ("c", 3)]]).values()] == [1500, 1530, 1470]
