"""Statistics of simulated games: intervals, hand rates, paired comparisons, seat balance, stopping."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats as sps

from mjsim.stats import (
    Estimate,
    bootstrap_ci,
    clustered_proportion_ci,
    final_points,
    final_rank,
    games_needed,
    hand_rates,
    mean_ci,
    paired_difference,
    paired_difference_values,
    proportion_ci,
    ratio_ci,
    rotated_seat_metric,
    seat_balance_test,
    seat_summary,
    until_ci,
)

# --- synthetic records -----------------------------------------------------------------------------------


def _ranks_of(points) -> list[int]:
    """Ranks by points, ties broken by seat order (as the riichi rules do)."""
    order = sorted(range(len(points)), key=lambda s: (-points[s], s))
    ranks = [0] * len(points)
    for r, s in enumerate(order, start=1):
        ranks[s] = r
    return ranks


def _game(seed: int, points, hands=(), index: int | None = None) -> dict:
    """A game record with the runner's shape; results are (points - 30000) / 1000."""
    points = [int(p) for p in points]
    return {
        "index": seed if index is None else index,
        "seed": seed,
        "final": {"points": points, "ranks": _ranks_of(points), "results": [(p - 30000) / 1000 for p in points]},
        "hands": list(hands),
    }


def _win(seat: int, frm: int | None, value: int) -> dict:
    return {"seat": seat, "from": frm, "value": value, "han": 1, "fu": 30, "yakuman": 0}


def _hand(dealer: int, wins=(), draw: str | None = None) -> dict:
    h = {"hand": 0, "dealer": dealer, "honba": 0, "round": 0, "wins": list(wins), "scores": [25000] * 4}
    if draw:
        h["draw"] = draw
        h["tenpai"] = []
    return h


def _random_games(rng: np.random.Generator, n: int, seat_bonus=(0, 0, 0, 0), start_seed: int = 0) -> list[dict]:
    """Games with exchangeable random points (sum 100,000) plus a per-seat bonus."""
    games = []
    for i in range(n):
        x = rng.normal(0, 8000, 4) + np.array(seat_bonus)
        x = np.round(x - x.mean() + 25000, -2)
        games.append(_game(start_seed + i, x))
    return games


# --- Estimate ------------------------------------------------------------------------------------------


def test_estimate_half_width_format_and_covers():
    e = Estimate("win_rate", 0.2121, 0.2049, 0.2193, 1000, "wilson")
    assert e.half_width == pytest.approx(0.0072)
    assert e.format() == "0.212 [0.205, 0.219]"
    assert e.format(1) == "0.2 [0.2, 0.2]"
    assert e.covers(0.21) and not e.covers(0.3)
    with pytest.raises(AttributeError):
        e.value = 1.0  # type: ignore[misc]


# --- mean_ci, proportion_ci, bootstrap_ci, ratio_ci ------------------------------------------------------------


@pytest.mark.parametrize("confidence", [0.9, 0.95, 0.99], ids=lambda c: f"conf{c}")
def test_mean_ci_matches_scipy_t_interval(confidence):
    values = [1, 2, 3, 4]
    e = mean_ci(values, confidence)
    low, high = sps.t.interval(confidence, 3, loc=2.5, scale=sps.sem(values))
    assert (e.value, e.n, e.method) == (2.5, 4, "t")
    assert (e.low, e.high) == pytest.approx((low, high))


def test_mean_ci_known_value():
    # mean 2.5, s = 1.29099, t(0.975, 3) = 3.18245 -> 2.5 ± 2.0543
    e = mean_ci([1, 2, 3, 4])
    assert (e.low, e.high) == pytest.approx((0.4457, 4.5543), abs=1e-4)


@pytest.mark.parametrize(
    ("values", "low", "high"),
    [
        pytest.param([7.0], -math.inf, math.inf, id="one-value-unbounded"),
        pytest.param([3.0, 3.0, 3.0], 3.0, 3.0, id="constant-zero-width"),
    ],
)
def test_mean_ci_degenerate(values, low, high):
    e = mean_ci(values)
    assert (e.low, e.high) == (low, high)


@pytest.mark.parametrize(
    ("values", "confidence"),
    [
        pytest.param([], 0.95, id="empty"),
        pytest.param([1, 2], 1.0, id="confidence-1"),
        pytest.param([1, 2], 0, id="c0"),
    ],
)
def test_mean_ci_rejects(values, confidence):
    with pytest.raises(ValueError):
        mean_ci(values, confidence)


def test_wilson_10_of_100_hand_computed():
    # centre (0.1 + z²/200) / (1 + z²/100) = 0.11480, half-width 0.05957 with z = 1.95996
    e = proportion_ci(10, 100)
    assert e.value == 0.1
    assert (e.low, e.high) == pytest.approx((0.05523, 0.17437), abs=1e-5)


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [
        pytest.param(0, 10, 0.0, 0.27753, id="0-of-10"),
        pytest.param(10, 10, 0.72247, 1.0, id="10-of-10"),
        pytest.param(1, 2, 0.09453, 0.90547, id="1-of-2"),
    ],
)
def test_wilson_edges(successes, n, low, high):
    e = proportion_ci(successes, n)
    assert (e.low, e.high) == pytest.approx((low, high), abs=1e-5)
    assert 0.0 <= e.low <= e.value <= e.high <= 1.0


def test_wilson_no_trials_is_whole_unit_interval():
    e = proportion_ci(0, 0)
    assert math.isnan(e.value) and (e.low, e.high) == (0.0, 1.0)


@pytest.mark.parametrize(("successes", "n"), [(-1, 5), (6, 5), (0, -1)], ids=["negative", "more-than-n", "negative-n"])
def test_proportion_ci_rejects(successes, n):
    with pytest.raises(ValueError):
        proportion_ci(successes, n)


def test_wilson_coverage_property():
    rng = np.random.default_rng(20240501)
    covered = sum(proportion_ci(int(rng.binomial(200, 0.3)), 200).covers(0.3) for _ in range(200))
    assert 180 <= covered <= 198  # 90-99% of 200


def test_bootstrap_is_deterministic_for_a_seed():
    values = np.random.default_rng(1).exponential(size=50)
    a = bootstrap_ci(values, seed=7, resamples=500)
    b = bootstrap_ci(values, seed=7, resamples=500)
    c = bootstrap_ci(values, seed=8, resamples=500)
    assert a == b
    assert (a.low, a.high) != (c.low, c.high)
    assert a.value == pytest.approx(values.mean()) and a.low < a.value < a.high


def test_bootstrap_other_statistic_agrees_with_t_on_normal_data():
    values = np.random.default_rng(2).normal(10, 2, 400)
    boot, t = bootstrap_ci(values, resamples=1000), mean_ci(values)
    assert boot.half_width == pytest.approx(t.half_width, rel=0.15)
    med = bootstrap_ci(values, np.median, resamples=300, name="median")
    assert med.name == "median" and med.value == pytest.approx(np.median(values))


def test_ratio_ci_with_unit_denominators_is_the_t_interval():
    values = [3.0, 5.0, 4.0, 9.0, 1.0]
    r, t = ratio_ci(values, [1] * 5), mean_ci(values)
    assert (r.value, r.low, r.high) == pytest.approx((t.value, t.low, t.high))


def test_ratio_ci_rejects_zero_denominator_and_one_cluster_is_unbounded():
    with pytest.raises(ValueError):
        ratio_ci([1, 2], [0, 0])
    e = ratio_ci([6], [3])
    assert e.value == 2 and e.half_width == math.inf


# --- clustered proportions -------------------------------------------------------------------------------


def test_clustered_with_one_trial_per_game_is_close_to_wilson():
    rng = np.random.default_rng(3)
    y = rng.binomial(1, 0.25, 2000)
    c, w = clustered_proportion_ci(y, np.ones_like(y)), proportion_ci(int(y.sum()), y.size)
    assert c.value == w.value
    assert (c.low, c.high) == pytest.approx((w.low, w.high), abs=2e-4)


def test_clustered_widens_when_hands_of_a_game_agree():
    # every hand of a game has the same outcome: 100 games of 10 hands carry the information of 100 trials
    y = np.array([10] * 30 + [0] * 70)
    m = np.full(100, 10)
    c, naive = clustered_proportion_ci(y, m), proportion_ci(300, 1000)
    assert c.value == naive.value == 0.3
    assert c.half_width / naive.half_width == pytest.approx(math.sqrt(10), rel=0.1)


def test_clustered_coverage_on_beta_binomial_games():
    rng = np.random.default_rng(4)
    covered = 0
    for _ in range(200):
        m = rng.integers(6, 14, 40)
        y = rng.binomial(m, rng.beta(0.6, 1.4, 40))  # mean 0.3, strong within-game correlation
        covered += clustered_proportion_ci(y, m).covers(0.3)
    assert 180 <= covered <= 198


@pytest.mark.parametrize(
    ("y", "m", "value", "interval"),
    [
        pytest.param([3], [10], 0.3, (0.0, 1.0), id="one-game"),
        pytest.param([0, 0], [0, 0], math.nan, (0.0, 1.0), id="no-trials"),
    ],
)
def test_clustered_degenerate(y, m, value, interval):
    e = clustered_proportion_ci(y, m)
    assert (e.low, e.high) == interval
    assert e.value == value or (math.isnan(value) and math.isnan(e.value))


def test_clustered_all_zero_is_a_nondegenerate_interval():
    e = clustered_proportion_ci([0] * 20, [10] * 20)
    assert e.low == 0.0 and 0.0 < e.high < 0.05


# --- seat and hand summaries ---------------------------------------------------------------------------


def _hand_games() -> list[dict]:
    g0 = _game(
        1,
        [30000, 25000, 25000, 20000],
        [
            _hand(0, [_win(0, None, 3900)]),  # dealer tsumo
            _hand(1, [_win(2, 3, 2000)]),  # ron, 3 deals in
            _hand(2, draw="exhaustive"),
        ],
    )
    g1 = _game(
        2,
        [20000, 40000, 20000, 20000],
        [
            _hand(0, [_win(1, 0, 8000), _win(2, 0, 1000)]),  # double ron: one deal-in by seat 0
            _hand(1, [_win(1, None, 6000)]),  # dealer tsumo
        ],
    )
    return [g0, g1]


def test_hand_rates_counts():
    for clustered in (True, False):
        r = hand_rates(_hand_games(), clustered=clustered)
        assert r["win_rate"].value == pytest.approx(4 / 5)
        assert r["tsumo_rate"].value == pytest.approx(2 / 5)
        assert r["deal_in_rate"].value == pytest.approx(2 / 20)
        assert r["draw_rate"].value == pytest.approx(1 / 5)
        assert r["dealer_win_rate"].value == pytest.approx(2 / 5)
        assert r["win_value"].value == pytest.approx((3900 + 2000 + 8000 + 1000 + 6000) / 5)
        assert r["hands_per_game"].value == pytest.approx(2.5)
        assert all(e.name == k and e.low <= e.value <= e.high for k, e in r.items())


def test_hand_rates_default_is_clustered():
    r = hand_rates(_hand_games())
    assert r["win_rate"].method.startswith("wilson, cluster") and r["win_value"].method.startswith("ratio")
    assert r["win_rate"].n == 2  # games are the units


def test_seat_summary():
    games = [_game(1, [40000, 30000, 20000, 10000]), _game(2, [10000, 30000, 20000, 40000])]
    s = seat_summary(games)
    assert [x.seat for x in s] == [0, 1, 2, 3]
    assert s[0].points.value == 25000 and s[0].rank.value == 2.5
    assert s[1].rank.value == 2 and s[1].rank.half_width == 0
    assert [d.value for d in s[0].rank_distribution] == [0.5, 0.0, 0.0, 0.5]
    assert s[3].result.value == pytest.approx(-5.0)


# --- paired comparisons --------------------------------------------------------------------------------


def test_paired_difference_detects_a_known_shift():
    rng = np.random.default_rng(5)
    a = _random_games(rng, 200)
    # B: the same deals (seeds) with seat 0 losing 1,000 points plus a little noise
    b = [_game(g["seed"], np.array(g["final"]["points"]) + [-1000, 400, 300, 300] + rng.normal(0, 300, 4)) for g in a]
    c = paired_difference(a, b, lambda g: final_points(g, 0))
    assert c.n_pairs == 200 and c.unmatched_a == c.unmatched_b == 0
    assert c.difference.covers(1000)
    assert c.difference.half_width < 100
    assert c.t_pvalue < 1e-10 and c.wilcoxon_pvalue < 1e-10


def test_paired_difference_of_identical_runs_is_zero():
    a = _random_games(np.random.default_rng(6), 50)
    c = paired_difference(a, list(reversed(a)), lambda g: final_points(g, 2))
    assert (c.difference.value, c.difference.low, c.difference.high) == (0.0, 0.0, 0.0)
    assert c.t_pvalue == 1.0 and c.wilcoxon_pvalue == 1.0


def test_paired_difference_matches_by_seed_and_counts_unmatched():
    rng = np.random.default_rng(7)
    a = _random_games(rng, 30)
    b = [_game(g["seed"], g["final"]["points"], index=99 - i) for i, g in enumerate(a[5:])]  # other indices
    b.append(_game(1000, [25000] * 4))
    c = paired_difference(a, b, lambda g: final_rank(g, 1))
    assert (c.n_pairs, c.unmatched_a, c.unmatched_b) == (25, 5, 1)
    assert c.difference.value == 0


def test_paired_difference_rejects_duplicate_seeds():
    g = _game(1, [25000] * 4)
    with pytest.raises(ValueError, match="rotated_seat_metric"):
        paired_difference([g, g], [g], lambda x: final_points(x, 0))


def test_paired_difference_values_by_position():
    c = paired_difference_values([3.0, 5.0, 10.0], [1.0, 2.0, 4.0])
    assert c.difference.value == pytest.approx(11 / 3) and c.n_pairs == 3
    with pytest.raises(ValueError):
        paired_difference_values([1.0, 2.0], [1.0])


def test_paired_difference_values_ignores_paired_luck():
    rng = np.random.default_rng(8)
    luck = rng.normal(0, 10_000, 100)  # huge shared luck of the deal
    a = {s: luck[s] + 100 + rng.normal(0, 50) for s in range(100)}
    b = {s: luck[s] + rng.normal(0, 50) for s in range(100)}
    c = paired_difference_values(a, b)
    assert c.difference.covers(100) and c.difference.half_width < 25
    assert c.mean_a - c.mean_b == pytest.approx(c.difference.value)


def _rotated_games(seeds, seat_luck, agent_skill) -> list[list[dict]]:
    """Four rotations: seed-specific seat luck plus each agent's skill, agent k in seat (k + r) % 4."""
    rotations = []
    for r in range(4):
        games = []
        for seed in seeds:
            pts = [0.0] * 4
            for k in range(4):
                seat = (k + r) % 4
                pts[seat] = 25000 + seat_luck[seed][seat] + agent_skill[k]
            games.append(_game(seed, pts))
        rotations.append(games)
    return rotations


def test_rotated_seat_metric_cancels_seat_luck():
    rng = np.random.default_rng(9)
    seeds = range(40)
    luck = {s: rng.normal(0, 5000, 4) for s in seeds}
    for s in seeds:
        luck[s] -= luck[s].mean()
    skill_a, skill_b = [600, -200, -200, -200], [0, 0, 0, 0]
    a = rotated_seat_metric(_rotated_games(seeds, luck, skill_a), seat=0)
    b = rotated_seat_metric(_rotated_games(seeds, luck, skill_b), seat=0)
    assert a == pytest.approx(dict.fromkeys(seeds, 25600.0), abs=1)  # every seat's luck averaged away (points are ints)
    c = paired_difference_values(a, b)
    assert c.difference.covers(600) and c.difference.half_width < 1
    assert c.t_pvalue < 1e-10


def test_rotated_seat_metric_keeps_only_seeds_of_every_rotation():
    rot = [[_game(1, [25000] * 4), _game(2, [25000] * 4)], [_game(1, [25000] * 4)]]
    assert rotated_seat_metric(rot, seat=3) == {1: 25000.0}
    with pytest.raises(ValueError):
        rotated_seat_metric([[_game(1, [25000] * 4)] * 2], seat=0)


# --- seat balance --------------------------------------------------------------------------------------


def test_seat_balance_uniform_ranks_high_p():
    b = seat_balance_test(_random_games(np.random.default_rng(10), 2000))
    assert b.rank_pvalue > 0.05 and b.points_pvalue > 0.05
    assert sum(map(sum, b.rank_table)) == 8000 and b.rank_dof == 9
    assert b.verdict.startswith("no seat imbalance detected")
    assert b.shared_rank_games == 0


def test_seat_balance_seat_that_always_wins_tiny_p():
    rng = np.random.default_rng(11)
    games = []
    for i in range(60):
        rest = rng.permutation([30000, 20000, 10000])
        games.append(_game(i, [40000, *rest]))
    b = seat_balance_test(games)
    assert b.rank_table[0] == (60, 0, 0, 0)
    assert b.rank_pvalue < 1e-10 and b.points_pvalue < 1e-10 and b.per_seat_rank_pvalues[0] < 1e-10
    assert b.verdict.startswith("seat imbalance")


def test_seat_balance_statistic_is_corrected_pearson():
    games = _random_games(np.random.default_rng(12), 300, seat_bonus=(1500, 0, 0, -1500))
    b = seat_balance_test(games)
    pearson = sps.chi2_contingency(np.array(b.rank_table), correction=False).statistic
    assert b.rank_statistic == pytest.approx(pearson * 3 / 4)


def test_seat_balance_test_has_nominal_size():
    """Under random seating the corrected rank test and the blocked points test reject about 5% of fair tables."""
    rng = np.random.default_rng(13)
    rank_rejections = points_rejections = 0
    for _ in range(200):
        points = rng.normal(0, 8000, (300, 4))
        points = points - points.mean(axis=1, keepdims=True) + 25000
        games = [{"final": {"points": list(p), "ranks": _ranks_of(p), "results": [0.0] * 4}} for p in points]
        b = seat_balance_test(games)
        rank_rejections += b.rank_pvalue < 0.05
        points_rejections += b.points_pvalue < 0.05
    assert 2 <= rank_rejections <= 20  # 1-10% of 200 (the uncorrected statistic rejects ~17%)
    assert 2 <= points_rejections <= 20


# --- stopping rule -------------------------------------------------------------------------------------


def _fixed(hw: float):
    return lambda games: Estimate("x", 0.0, -hw, hw, len(games), "test")


@pytest.mark.parametrize(
    ("played", "half_width", "expected"),
    [
        pytest.param(0, 1.0, 100, id="nothing-yet-runs-to-min-games"),
        pytest.param(10, 1.0, 90, id="below-min-games"),
        pytest.param(200, 0.009, 0, id="target-reached"),
        pytest.param(200, 0.01, 0, id="exactly-at-target"),
        pytest.param(200, 0.02, 50, id="one-more-batch"),
        pytest.param(980, 0.02, 20, id="batch-trimmed-to-cap"),
        pytest.param(1000, 0.02, 0, id="cap-reached"),
        pytest.param(1200, 0.02, 0, id="over-cap"),
    ],
)
def test_until_ci(played, half_width, expected):
    more = until_ci(_fixed(half_width), [{}] * played, 0.01, batch=50, cap=1000, min_games=100)
    assert more == expected


def test_until_ci_accepts_a_count_and_a_closure():
    assert until_ci(lambda: _fixed(0.02)(()), 200, 0.01, batch=50, cap=1000) == 50
    assert until_ci(lambda: _fixed(0.005)(()), 200, 0.01, batch=50, cap=1000) == 0
    assert until_ci(lambda: _fixed(0.02)(()), 1000, 0.01, batch=50, cap=1000) == 0


def test_until_ci_loop_stops_at_target():
    rng = np.random.default_rng(14)
    games: list[float] = []
    fn = lambda xs: mean_ci(xs)  # noqa: E731
    while (more := until_ci(fn, games, 0.1, batch=25, cap=10_000)) > 0:
        games += list(rng.normal(0, 1, more))
    assert fn(games).half_width <= 0.1
    assert 300 < len(games) < 500  # (1.96 / 0.1)^2 = 384


def test_games_needed_projection():
    e = Estimate("x", 0.3, 0.28, 0.32, 1000, "test")
    assert games_needed(e, 0.01) == 4000
    assert games_needed(e, 0.05) == 1000
    with pytest.raises(ValueError):
        games_needed(Estimate("x", 1, -math.inf, math.inf, 1, "t"), 0.1)


def test_records_may_be_objects_with_the_same_attributes():
    from types import SimpleNamespace

    games = [SimpleNamespace(**g) for g in _hand_games()]
    assert hand_rates(games)["win_rate"].value == pytest.approx(4 / 5)
    assert seat_summary(games)[1].points.value == 32500
    assert paired_difference(games, _hand_games(), lambda g: final_points(g, 0)).difference.value == 0
