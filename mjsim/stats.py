"""Statistics for Monte Carlo experiments of rule sets: every estimate comes with a confidence interval.

Pure functions on plain data (lists, numpy arrays, game-record dicts); no I/O, no global random state.

Input records
    A *game* is a dict ``{"index", "seed", "final": {"points", "ranks", "results"}, "hands": [...]}`` (an object
    with the same attributes, such as ``mjsim.runner.games.GameRecord``, works too).  A *hand* is a dict with
    ``"dealer"``, ``"wins"`` (each ``{"seat", "from", "value", ...}``, ``"from"`` is ``None`` for a tsumo),
    ``"draw"`` (present and non-empty only for a drawn or aborted hand) and ``"scores"``.

What the intervals assume -- read this before trusting a number
    * **Games are independent** (each has its own seed).  Per-game quantities (final points, ranks, hands per
      game) therefore get ordinary intervals.
    * **Hands are not independent**: hands of one game share the score situation, the dealer sequence and
      the bots' states, so they are *clustered by game*.  Hand-level rates (:func:`hand_rates`) use a
      cluster-robust interval by default (:func:`clustered_proportion_ci`, :func:`ratio_ci`) whose unit of
      independence is the game; pretending hands are independent gives intervals that are too narrow.
    * **Seats of one game are not independent**: their points sum to a constant and their ranks are a
      permutation.  Per-seat estimates (:func:`seat_summary`) are valid seat by seat, but comparing seats
      needs :func:`seat_balance_test`, which accounts for that dependence.
    * **Comparing two rule sets** on the same seeds: use :func:`paired_difference`; the pairing cancels the
      luck of the deal that both rule sets share, which usually shrinks the interval a lot.
    * Intervals are two-sided, at ``confidence`` (default 0.95), and not adjusted for multiple comparisons:
      among twenty 95% intervals about one is expected to miss.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

Game = Any
"""A game record: a dict as described in the module docstring, or an object with the same attributes."""


def _scipy_stats() -> Any:
    """``scipy.stats``, imported at first use: it costs about a second of start-up that ``simulate`` never needs."""
    from scipy import stats

    return stats


__all__ = [
    "Estimate",
    "PairedComparison",
    "SeatBalance",
    "SeatSummary",
    "bootstrap_ci",
    "clustered_proportion_ci",
    "final_points",
    "final_rank",
    "final_result",
    "games_needed",
    "hand_rates",
    "mean_ci",
    "paired_difference",
    "paired_difference_values",
    "proportion_ci",
    "ratio_ci",
    "rotated_seat_metric",
    "seat_balance_test",
    "seat_count",
    "seat_summary",
    "until_ci",
]


# --- the estimate ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Estimate:
    """A point estimate ``value`` with its confidence interval ``[low, high]``.

    ``n`` is the number of independent units behind it (values, trials, or games for clustered estimates);
    ``method`` names the interval (e.g. ``"t"``, ``"wilson"``); ``confidence`` is its nominal coverage.
    """

    name: str
    value: float
    low: float
    high: float
    n: int
    method: str
    confidence: float = 0.95

    @property
    def half_width(self) -> float:
        """Half the interval's width, ``(high - low) / 2`` (``inf`` when unbounded); for stopping rules."""
        return (self.high - self.low) / 2

    def covers(self, x: float) -> bool:
        """Whether ``x`` lies in the closed interval ``[low, high]``."""
        return self.low <= x <= self.high

    def format(self, digits: int = 3) -> str:
        """The estimate as text, ``"0.212 [0.205, 0.219]"``, with ``digits`` decimals."""
        return f"{self.value:.{digits}f} [{self.low:.{digits}f}, {self.high:.{digits}f}]"


def _check_confidence(confidence: float) -> None:
    """Reject a confidence level outside the open interval (0, 1)."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")


def _z(confidence: float) -> float:
    """The two-sided standard normal quantile for ``confidence`` (1.96 for 0.95)."""
    return float(_scipy_stats().norm.ppf((1 + confidence) / 2))


def _t(confidence: float, dof: int) -> float:
    """The two-sided Student t quantile for ``confidence`` with ``dof`` degrees of freedom."""
    return float(_scipy_stats().t.ppf((1 + confidence) / 2, dof))


def _as_array(values: Sequence[float] | np.ndarray) -> np.ndarray:
    """The values as a 1-d float array."""
    x = np.asarray(values, dtype=float).ravel()
    if not np.all(np.isfinite(x)):
        raise ValueError("values must be finite numbers")
    return x


# --- intervals -------------------------------------------------------------------------------------------


def mean_ci(values: Sequence[float] | np.ndarray, confidence: float = 0.95, name: str = "mean") -> Estimate:
    """The mean of independent values with its Student t interval ``mean ± t(n-1) · s / sqrt(n)``.

    Assumes the values are independent and identically distributed; the t interval is exact for normal
    data and good for others once n is moderate (tens) unless the data are very skewed (then see
    :func:`bootstrap_ci`).  One value gives the unbounded interval ``(-inf, inf)`` (no spread is observed);
    identical values give a zero-width interval.  No values raise ``ValueError``.
    """
    _check_confidence(confidence)
    x = _as_array(values)
    n = x.size
    if n == 0:
        raise ValueError("mean_ci needs at least one value")
    m = float(x.mean())
    if n == 1:
        return Estimate(name, m, -math.inf, math.inf, 1, "t", confidence)
    h = _t(confidence, n - 1) * float(x.std(ddof=1)) / math.sqrt(n)
    return Estimate(name, m, m - h, m + h, n, "t", confidence)


def _wilson(p: float, n: float, confidence: float) -> tuple[float, float]:
    """The Wilson score interval for an observed proportion ``p`` out of ``n`` (``n`` may be fractional)."""
    if n <= 0:
        return 0.0, 1.0
    z = _z(confidence)
    z2n = z * z / n
    centre = (p + z2n / 2) / (1 + z2n)
    h = z / (1 + z2n) * math.sqrt(p * (1 - p) / n + z2n / (4 * n))  # Wilson's formula (its 4 is no seat count)
    return max(0.0, min(centre - h, p)), min(1.0, max(centre + h, p))  # rounding must not exclude p at 0 or 1


def proportion_ci(successes: int, n: int, confidence: float = 0.95, name: str = "proportion") -> Estimate:
    """The proportion ``successes / n`` with its Wilson score interval.

    Assumes ``n`` independent trials with one success probability (binomial).  The Wilson interval keeps
    close to nominal coverage even for small n or proportions near 0 or 1 (where the textbook
    ``p ± z·sqrt(p(1-p)/n)`` fails) and always stays inside [0, 1].  ``n = 0`` gives value ``nan`` and the
    interval [0, 1].
    """
    _check_confidence(confidence)
    if n < 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n, got {successes} of {n}")
    if n == 0:
        return Estimate(name, math.nan, 0.0, 1.0, 0, "wilson", confidence)
    p = successes / n
    low, high = _wilson(p, n, confidence)
    return Estimate(name, p, low, high, n, "wilson", confidence)


def bootstrap_ci(
    values: Sequence[float] | np.ndarray,
    stat: Callable[[np.ndarray], float] = np.mean,
    confidence: float = 0.95,
    resamples: int = 2000,
    seed: int = 0,
    name: str = "bootstrap",
) -> Estimate:
    """``stat(values)`` with its percentile bootstrap interval; deterministic for a given ``seed``.

    Resamples the values with replacement ``resamples`` times (numpy ``Generator`` seeded with ``seed``) and
    takes the ``(1 - confidence) / 2`` and ``(1 + confidence) / 2`` quantiles of the resampled statistics.
    Assumes independent, identically distributed values; useful for statistics without a formula (median,
    trimmed mean, quantiles) or skewed data.  The percentile interval is unreliable below a few dozen values
    and for statistics that depend on extremes (max, min); one value gives a zero-width interval.
    """
    _check_confidence(confidence)
    x = _as_array(values)
    n = x.size
    if n == 0:
        raise ValueError("bootstrap_ci needs at least one value")
    if resamples < 1:
        raise ValueError(f"resamples must be positive, got {resamples}")
    rng = np.random.default_rng(seed)
    boot = np.array([float(stat(x[rng.integers(0, n, n)])) for _ in range(resamples)])
    alpha = 1 - confidence
    low, high = np.quantile(boot, [alpha / 2, 1 - alpha / 2])
    return Estimate(name, float(stat(x)), float(low), float(high), n, "percentile bootstrap", confidence)


def _ratio_parts(numerators: Sequence[float], denominators: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """Validated per-cluster numerator and denominator arrays of equal length."""
    y, m = _as_array(numerators), _as_array(denominators)
    if y.size != m.size:
        raise ValueError(f"{y.size} numerators but {m.size} denominators")
    if np.any(m < 0):
        raise ValueError("denominators must be non-negative")
    return y, m


def _ratio_variance(y: np.ndarray, m: np.ndarray, r: float) -> float:
    """Linearised (cluster-robust, CR1) variance of the ratio estimator ``r = sum(y) / sum(m)``."""
    k = y.size
    return k / (k - 1) * float(np.sum((y - r * m) ** 2)) / float(m.sum()) ** 2


def ratio_ci(
    numerators: Sequence[float], denominators: Sequence[float], confidence: float = 0.95, name: str = "ratio"
) -> Estimate:
    """The ratio ``sum(numerators) / sum(denominators)`` over independent clusters, with a t interval.

    For example the mean value of a win: numerator = total win value of a game, denominator = its number
    of wins.  Each position is one cluster (one game); clusters are assumed independent, items within a
    cluster may be correlated in any way.  The variance is the linearisation (delta-method) estimate
    ``k/(k-1) · sum((y_i - r·m_i)^2) / (sum m_i)^2`` over the k clusters, and the interval uses Student t
    with k - 1 degrees of freedom.  Fewer than two clusters give ``(-inf, inf)``; a zero denominator sum
    raises ``ValueError``.
    """
    _check_confidence(confidence)
    y, m = _ratio_parts(numerators, denominators)
    if m.sum() == 0:
        raise ValueError("ratio_ci: the denominators sum to zero")
    r = float(y.sum() / m.sum())
    k = y.size
    if k < 2:
        return Estimate(name, r, -math.inf, math.inf, k, "ratio, cluster-robust t", confidence)
    h = _t(confidence, k - 1) * math.sqrt(_ratio_variance(y, m, r))
    return Estimate(name, r, r - h, r + h, k, "ratio, cluster-robust t", confidence)


def clustered_proportion_ci(
    per_game_successes: Sequence[int],
    per_game_trials: Sequence[int],
    confidence: float = 0.95,
    name: str = "proportion",
) -> Estimate:
    """A proportion pooled over independent games whose trials (hands) are correlated within a game.

    The estimate is ``sum(successes) / sum(trials)``.  Its variance is the cluster-robust ratio-estimator
    variance (see :func:`ratio_ci`), turned into a design effect ``deff = var / (p(1-p)/N)`` over the N
    trials.  The interval is the Wilson score interval computed at the effective sample size
    ``N / deff · (z / t_{k-1})^2`` (Korn & Graubard 1998; k = number of games), which stays inside [0, 1]
    and behaves near 0 and 1.  Conservative choices: ``deff`` is never taken below 1 (clustering is never
    credited with more information than independent trials), and when the proportion is 0 or 1 (no
    spread to measure) ``deff = 1``.  Fewer than two games give [0, 1]; no trials give value ``nan``.
    With one trial per game this is, up to the t correction, the plain Wilson interval.
    """
    _check_confidence(confidence)
    y, m = _ratio_parts(per_game_successes, per_game_trials)
    if np.any(y < 0) or np.any(y > m):
        raise ValueError("need 0 <= successes <= trials in every game")
    method = "wilson, cluster-robust effective n"
    total = float(m.sum())
    k = y.size
    if total == 0:
        return Estimate(name, math.nan, 0.0, 1.0, k, method, confidence)
    p = float(y.sum()) / total
    if k < 2:
        return Estimate(name, p, 0.0, 1.0, k, method, confidence)
    binomial_var = p * (1 - p) / total
    deff = max(1.0, _ratio_variance(y, m, p) / binomial_var) if binomial_var > 0 else 1.0
    n_eff = total / deff * (_z(confidence) / _t(confidence, k - 1)) ** 2
    low, high = _wilson(p, n_eff, confidence)
    return Estimate(name, p, low, high, k, method, confidence)


# --- game records ----------------------------------------------------------------------------------------


def _get(record: Any, key: str) -> Any:
    """A field of a record: a dict key or an attribute."""
    return record[key] if isinstance(record, Mapping) else getattr(record, key)


def final_points(game: Game, seat: int) -> float:
    """The final points (score) of ``seat`` in ``game``; a ready-made metric."""
    return float(_get(game, "final")["points"][seat])


def final_rank(game: Game, seat: int) -> float:
    """The final rank (1 = top) of ``seat`` in ``game``; a ready-made metric."""
    return float(_get(game, "final")["ranks"][seat])


def final_result(game: Game, seat: int) -> float:
    """The settlement result (after uma and oka) of ``seat`` in ``game``; a ready-made metric."""
    return float(_get(game, "final")["results"][seat])


def seat_count(games: Sequence[Game]) -> int:
    """The number of seats of the games' table, read from the first game's final points (0 for no games)."""
    return len(_get(games[0], "final")["points"]) if games else 0


def _seats(games: Sequence[Game]) -> int:
    """The number of seats, for functions that need at least one game."""
    if not games:
        raise ValueError("need at least one game")
    return seat_count(games)


def _final_matrix(games: Sequence[Game], key: str) -> np.ndarray:
    """``final[key]`` of every game as a (games x seats) float array."""
    return np.array([_get(g, "final")[key] for g in games], dtype=float)


# --- per-seat and per-hand summaries ---------------------------------------------------------------------


@dataclass(frozen=True)
class SeatSummary:
    """One seat's mean final points, mean rank, rank distribution (ranks 1..seats) and mean result."""

    seat: int
    points: Estimate
    rank: Estimate
    rank_distribution: tuple[Estimate, ...]
    result: Estimate


def seat_summary(games: Sequence[Game], confidence: float = 0.95) -> list[SeatSummary]:
    """Per seat: mean final points, mean rank and mean result (t intervals), and each rank's share (Wilson).

    Assumes independent games.  Each seat's intervals are valid for that seat alone; the seats of one game
    are dependent (points sum to a constant, ranks are a permutation), so to ask whether seats differ use
    :func:`seat_balance_test` rather than comparing these intervals.
    """
    seats = _seats(games)
    points, ranks, results = (_final_matrix(games, k) for k in ("points", "ranks", "results"))
    n = len(games)
    out = []
    for s in range(seats):
        dist = tuple(
            proportion_ci(int(np.sum(ranks[:, s] == r)), n, confidence, f"seat {s} rank {r} share")
            for r in range(1, seats + 1)
        )
        out.append(
            SeatSummary(
                seat=s,
                points=mean_ci(points[:, s], confidence, f"seat {s} mean points"),
                rank=mean_ci(ranks[:, s], confidence, f"seat {s} mean rank"),
                rank_distribution=dist,
                result=mean_ci(results[:, s], confidence, f"seat {s} mean result"),
            )
        )
    return out


def _hand_counts(game: Game) -> dict[str, float]:
    """Per-game counts behind :func:`hand_rates`."""
    c = dict.fromkeys(("hands", "player_hands", "won", "tsumo", "deal_in", "draw", "dealer_won", "wins", "value"), 0.0)
    players = len(_get(game, "final")["points"])
    for hand in _get(game, "hands"):
        wins = hand.get("wins") or []
        c["hands"] += 1
        c["player_hands"] += len(hand.get("scores") or ()) or players
        c["won"] += bool(wins)
        c["tsumo"] += any(w["from"] is None for w in wins)
        c["deal_in"] += len({w["from"] for w in wins if w["from"] is not None})
        c["draw"] += bool(hand.get("draw"))
        c["dealer_won"] += any(w["seat"] == hand.get("dealer") for w in wins)
        c["wins"] += len(wins)
        c["value"] += sum(w["value"] for w in wins)
    return c


def hand_rates(games: Sequence[Game], confidence: float = 0.95, clustered: bool = True) -> dict[str, Estimate]:
    """Hand-level rates and means, each an :class:`Estimate`, keyed by name.

    * ``win_rate``: share of hands with at least one win;
    * ``tsumo_rate``: share of hands won by tsumo;
    * ``deal_in_rate``: share of player-hands (hands x players) in which that player dealt in; a double ron
      is one deal-in (so this is a true proportion, slightly below "ron wins / (seats · hands)");
    * ``draw_rate``: share of hands that ended without a win (exhaustive draws and aborts: ``"draw"`` set);
    * ``dealer_win_rate``: share of hands in which the dealer won;
    * ``win_value``: mean ``value`` of a win (over wins, not hands);
    * ``hands_per_game``: mean number of hands in a game (t interval over games).

    With ``clustered=True`` (default) the games are the independent units: proportions use
    :func:`clustered_proportion_ci` and the win value :func:`ratio_ci`.  With ``clustered=False`` hands are
    treated as independent trials (plain Wilson and t intervals) -- narrower, but too narrow when hands of
    a game are correlated; offered for comparison only.
    """
    if not games:
        raise ValueError("hand_rates needs at least one game")
    counts = [_hand_counts(g) for g in games]

    def col(key: str) -> np.ndarray:
        return np.array([c[key] for c in counts])

    hands = col("hands")
    rates = {
        "win_rate": ("won", hands),
        "tsumo_rate": ("tsumo", hands),
        "deal_in_rate": ("deal_in", col("player_hands")),
        "draw_rate": ("draw", hands),
        "dealer_win_rate": ("dealer_won", hands),
    }
    out: dict[str, Estimate] = {}
    for name, (key, trials) in rates.items():
        if clustered:
            out[name] = clustered_proportion_ci(col(key), trials, confidence, name)
        else:
            out[name] = proportion_ci(int(col(key).sum()), int(trials.sum()), confidence, name)
    if col("wins").sum() == 0:
        out["win_value"] = Estimate("win_value", math.nan, -math.inf, math.inf, 0, "no wins", confidence)
    elif clustered:
        out["win_value"] = ratio_ci(col("value"), col("wins"), confidence, "win_value")
    else:
        values = [w["value"] for g in games for h in _get(g, "hands") for w in h.get("wins") or []]
        out["win_value"] = mean_ci(values, confidence, "win_value")
    out["hands_per_game"] = mean_ci(hands, confidence, "hands_per_game")
    return out


# --- paired comparisons ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class PairedComparison:
    """A paired comparison of rule sets A and B on the same seeds: mean difference A - B and two tests.

    ``difference`` is the mean of the per-pair differences with its t interval; ``t_pvalue`` is the paired t
    test and ``wilcoxon_pvalue`` the Wilcoxon signed-rank test (both two-sided, H0: no difference);
    ``unmatched_a`` / ``unmatched_b`` count items without a partner (left out).
    """

    difference: Estimate
    mean_a: float
    mean_b: float
    n_pairs: int
    t_statistic: float
    t_pvalue: float
    wilcoxon_statistic: float
    wilcoxon_pvalue: float
    unmatched_a: int
    unmatched_b: int


def paired_difference_values(
    a: Mapping[Hashable, float] | Sequence[float],
    b: Mapping[Hashable, float] | Sequence[float],
    confidence: float = 0.95,
    name: str = "A - B",
) -> PairedComparison:
    """Compare values of A and B paired by key (mappings, e.g. seed -> value) or by position (equal-length lists).

    With mappings, keys present in only one of them are dropped (counted in ``unmatched_a/b``); with lists,
    ``a[i]`` pairs with ``b[i]`` and the lengths must agree.  The difference is A - B.
    Assumes the pairs are independent of each other (different seeds); within a pair A and B may be as
    correlated as they like -- that correlation is what the pairing removes.  The t interval and paired t
    test assume roughly normal mean differences (fine for tens of pairs or more); the Wilcoxon signed-rank
    test does not, but tests for a symmetric shift rather than the mean, and drops zero differences.  When
    all differences are equal the tests are degenerate: both p-values are 1 if they are all zero, else 0.
    Fewer than two pairs give ``nan`` statistics and an unbounded interval.
    """
    if not isinstance(a, Mapping) or not isinstance(b, Mapping):
        if isinstance(a, Mapping) or isinstance(b, Mapping) or len(a) != len(b):
            raise ValueError("pass two mappings (paired by key) or two lists of the same length (paired by position)")
        a, b = dict(enumerate(a)), dict(enumerate(b))
    keys = [k for k in a if k in b]
    if not keys:
        raise ValueError("no key is present in both A and B: were they played on the same seeds?")
    xa = np.array([a[k] for k in keys], dtype=float)
    xb = np.array([b[k] for k in keys], dtype=float)
    d = xa - xb
    diff = mean_ci(d, confidence, name)
    if d.size < 2:
        t_stat = t_p = w_stat = w_p = math.nan
    elif np.all(d == d[0]):
        t_stat = 0.0 if d[0] == 0 else math.copysign(math.inf, d[0])
        w_stat, t_p = 0.0, (1.0 if d[0] == 0 else 0.0)
        w_p = t_p
    else:
        t_res = _scipy_stats().ttest_rel(xa, xb)
        t_stat, t_p = float(t_res.statistic), float(t_res.pvalue)
        w_res = _scipy_stats().wilcoxon(d)  # not all equal, so some difference is non-zero
        w_stat, w_p = float(w_res.statistic), float(w_res.pvalue)
    return PairedComparison(
        difference=diff,
        mean_a=float(xa.mean()),
        mean_b=float(xb.mean()),
        n_pairs=int(d.size),
        t_statistic=t_stat,
        t_pvalue=t_p,
        wilcoxon_statistic=w_stat,
        wilcoxon_pvalue=w_p,
        unmatched_a=len(a) - len(keys),
        unmatched_b=len(b) - len(keys),
    )


def _by_seed(games: Sequence[Game], metric: Callable[[Game], float], label: str) -> dict[int, float]:
    """``seed -> metric(game)``; a seed appearing twice raises ``ValueError``."""
    out: dict[int, float] = {}
    for g in games:
        seed = _get(g, "seed")
        if seed in out:
            raise ValueError(
                f"seed {seed} appears twice in {label}: for seat-rotated runs average the rotations first "
                "(rotated_seat_metric) and compare with paired_difference_values"
            )
        out[seed] = float(metric(g))
    return out


def paired_difference(
    a_games: Sequence[Game],
    b_games: Sequence[Game],
    metric: Callable[[Game], float],
    confidence: float = 0.95,
    name: str = "A - B",
) -> PairedComparison:
    """Compare rule sets A and B played on the same seeds: ``metric(a) - metric(b)`` per seed.

    ``metric`` maps a game to a number, e.g. ``lambda g: final_points(g, 0)``.  Games are matched by
    ``seed`` (runs with the same root seed give game ``index`` i the same seed), each seed must occur once
    per list, and seeds played by only one rule set are left out (counted in ``unmatched_a/b``).  Because
    both rule sets see the same walls, much of the luck of the deal cancels in the difference, so the
    interval is far narrower than comparing two independent means.  Assumes the seeds (games) are
    independent; see :func:`paired_difference_values` for the tests and degenerate cases (and to compare
    numbers already paired up).
    """
    return paired_difference_values(_by_seed(a_games, metric, "A"), _by_seed(b_games, metric, "B"), confidence, name)


def rotated_seat_metric(
    games_by_rotation: Sequence[Sequence[Game]],
    seat: int,
    metric: Callable[[Game, int], float] = final_points,
) -> dict[int, float]:
    """Per seed, the average of ``metric`` for one agent over the seat rotations: ``seed -> mean``.

    The design: every seed is played once per rotation r = 0..R-1 (usually R = the seats), and rotation r puts agent
    k in seat ``(k + r) % seats``.  ``games_by_rotation[r]`` holds rotation r's games; ``seat`` is the
    agent's seat in rotation 0 (i.e. the agent's number k); ``metric(game, seat)`` reads a number for a seat
    (default :func:`final_points`; also :func:`final_rank`, :func:`final_result`).

    Why: a seed fixes the deal seat by seat, so one game mixes the agent's quality with the luck of the
    seat it happened to sit in (good starting hands, being dealer first).  Averaging over all rotations of
    the same seed gives every agent every seat's deal, so that seat luck cancels.  The rotations of a
    seed are *not* independent observations -- the per-seed average is the unit.  Compare two rule sets or
    agents by passing two such dicts to :func:`paired_difference_values`, or get a single mean with
    ``mean_ci(list(result.values()))``.  Only seeds played in every rotation are kept.
    """
    rotations = len(games_by_rotation)
    if rotations == 0:
        raise ValueError("need at least one rotation")
    sums: dict[int, float] = {}
    played: dict[int, int] = {}
    for r, games in enumerate(games_by_rotation):
        this_rotation: set[int] = set()
        for g in games:
            seed = _get(g, "seed")
            if seed in this_rotation:
                raise ValueError(f"seed {seed} appears more than once in rotation {r}")
            this_rotation.add(seed)
            seats = len(_get(g, "final")["points"])
            sums[seed] = sums.get(seed, 0.0) + float(metric(g, (seat + r) % seats))
            played[seed] = played.get(seed, 0) + 1
    return {seed: total / rotations for seed, total in sums.items() if played[seed] == rotations}


# --- seat balance ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatBalance:
    """Tests of "the seat does not matter": ranks (chi-square) and final points (repeated-measures ANOVA).

    ``rank_table[s][r]`` counts games where seat s finished rank r + 1.  ``rank_statistic`` is the corrected
    Pearson chi-square with ``rank_dof`` degrees of freedom and p-value ``rank_pvalue``;
    ``per_seat_rank_pvalues`` test each seat's ranks against uniform alone (seats - 1 dof each, not adjusted for
    multiplicity).  ``points_f`` (with ``points_dof``) and ``points_pvalue`` test equal mean final points;
    ``friedman_pvalue`` is the rank-based (Friedman) version of the same question.  ``shared_rank_games``
    counts games whose ranks were not a permutation (ties), for which the rank test is only approximate.
    """

    n_games: int
    rank_table: tuple[tuple[int, ...], ...]
    rank_statistic: float
    rank_dof: int
    rank_pvalue: float
    per_seat_rank_pvalues: tuple[float, ...]
    points_f: float
    points_dof: tuple[int, int]
    points_pvalue: float
    friedman_statistic: float
    friedman_pvalue: float
    shared_rank_games: int
    verdict: str


def _rm_anova(x: np.ndarray) -> tuple[float, int, int, float]:
    """One-way repeated-measures ANOVA of the columns of ``x`` (rows = blocks): F, dofs, p-value."""
    n, k = x.shape
    grand = x.mean()
    ss_seat = n * float(np.sum((x.mean(axis=0) - grand) ** 2))
    ss_game = k * float(np.sum((x.mean(axis=1) - grand) ** 2))
    ss_err = float(np.sum((x - grand) ** 2)) - ss_seat - ss_game
    df1, df2 = k - 1, (n - 1) * (k - 1)
    if ss_err <= 1e-12 * max(float(np.sum((x - grand) ** 2)), 1.0):
        return (math.inf, df1, df2, 0.0) if ss_seat > 0 else (0.0, df1, df2, 1.0)
    f = (ss_seat / df1) / (ss_err / df2)
    return f, df1, df2, float(_scipy_stats().f.sf(f, df1, df2))


def _rank_test(ranks: np.ndarray, seats: int) -> tuple[np.ndarray, float, int, float]:
    """(seats x ranks table of counts, Pearson's statistic scaled by (k-1)/k, its dof, p) of the final ranks."""
    table = np.zeros((seats, seats), dtype=int)
    for s in range(seats):
        table[s] = np.bincount(np.clip(ranks[:, s], 1, seats) - 1, minlength=seats)[:seats]
    expected = len(ranks) / seats
    pearson = float(np.sum((table - expected) ** 2) / expected)
    stat, dof = pearson * (seats - 1) / seats, (seats - 1) ** 2
    return table, stat, dof, float(_scipy_stats().chi2.sf(stat, dof))


def seat_balance_test(games: Sequence[Game], alpha: float = 0.05) -> SeatBalance:
    """Test whether the seat matters, from the final ranks and points of independent games.

    Ranks: the seats x ranks table of counts is tested against "every seat has the uniform rank
    distribution" with Pearson's chi-square, ``(k-1)^2`` dof for k seats.  Because every game adds a
    permutation (each rank exactly once), the cells are more variable than in an ordinary contingency table:
    under random seating Pearson's statistic is ``k/(k-1)`` times a chi-square, so it is multiplied by
    ``(k-1)/k`` here (``scipy.stats.chi2_contingency`` on the raw table would reject a fair table about 17%
    of the time at the 5% level).

    Points: the seats of one game are blocks (their points sum to a constant), so the mean final points are
    compared with a repeated-measures one-way ANOVA (games x seats, F with ``(k-1, (n-1)(k-1))`` dof, valid
    under random seating) and with the Friedman test; an ordinary ANOVA or Kruskal-Wallis test would treat
    the seats as independent samples and be wrong.

    The verdict flags an imbalance when the rank or the points test is below ``alpha / 2`` (Bonferroni over
    the two).  A large p-value is not proof of balance -- only that this many games did not detect a
    difference.  Needs at least two games.
    """
    if len(games) < 2:
        raise ValueError("seat_balance_test needs at least two games")
    seats = _seats(games)
    ranks = _final_matrix(games, "ranks").astype(int)
    points = _final_matrix(games, "points")
    n = len(games)
    table, rank_stat, rank_dof, rank_p = _rank_test(ranks, seats)
    shared = int(np.sum(np.any(np.sort(ranks, axis=1) != np.arange(1, seats + 1), axis=1)))
    per_seat = tuple(float(_scipy_stats().chisquare(table[s]).pvalue) for s in range(seats))
    f, df1, df2, points_p = _rm_anova(points)
    if np.all(points == points[:, :1]):
        fr_stat, fr_p = 0.0, 1.0
    else:
        fr = _scipy_stats().friedmanchisquare(*(points[:, s] for s in range(seats)))
        fr_stat, fr_p = float(fr.statistic), float(fr.pvalue)
    imbalanced = min(rank_p, points_p) < alpha / 2
    verdict = (
        f"{'seat imbalance' if imbalanced else 'no seat imbalance detected'} "
        f"(ranks p = {rank_p:.3g}, mean points p = {points_p:.3g}, {n} games, alpha = {alpha} Bonferroni over 2)"
    )
    if shared:
        verdict += f"; {shared} games with shared ranks: rank test approximate"
    return SeatBalance(
        n_games=n,
        rank_table=tuple(tuple(int(c) for c in row) for row in table),
        rank_statistic=rank_stat,
        rank_dof=rank_dof,
        rank_pvalue=rank_p,
        per_seat_rank_pvalues=per_seat,
        points_f=f,
        points_dof=(df1, df2),
        points_pvalue=points_p,
        friedman_statistic=fr_stat,
        friedman_pvalue=fr_p,
        shared_rank_games=shared,
        verdict=verdict,
    )


# --- stopping rule ---------------------------------------------------------------------------------------


def until_ci(
    estimate_fn: Callable[..., Estimate],
    current_games: Sequence[Game] | int,
    target_half_width: float,
    batch: int,
    cap: int,
    min_games: int = 30,
) -> int:
    """How many more games to run before the target estimate is precise enough: 0 means stop.

    ``current_games`` is the list of games played so far, and then ``estimate_fn(current_games)`` gives the
    estimate to watch, e.g. ``lambda gs: hand_rates(gs)["win_rate"]``; or it is just their number, and then
    ``estimate_fn()`` is called without arguments (a closure over the runner's current estimate).
    Returns 0 when the half-width is at most ``target_half_width`` or ``cap`` games have been played;
    otherwise the next batch, ``min(batch, cap - played)``.  Below ``min_games`` the estimate is not
    consulted (a half-width from a few games is itself too noisy to stop on) and enough games to reach
    ``min_games`` are asked for.  A runner loops::

        games = []
        while (more := until_ci(fn, games, 0.005, batch=500, cap=100_000)) > 0:
            games += run(more)          # new seeds each time
        result = fn(games)

    Stopping on the interval's *width* (not on the estimate's value) keeps the coverage close to nominal;
    stopping when the estimate "looks significant" would not.  See :func:`games_needed` for a projection.
    """
    if batch < 1 or cap < 0 or target_half_width <= 0:
        raise ValueError("need batch >= 1, cap >= 0 and target_half_width > 0")
    played = current_games if isinstance(current_games, int) else len(current_games)
    room = cap - played
    if room <= 0:
        return 0
    if played < min_games or played == 0:
        return min(max(batch, min_games - played), room)
    estimate = estimate_fn() if isinstance(current_games, int) else estimate_fn(current_games)
    if estimate.half_width <= target_half_width:
        return 0
    return min(batch, room)


def games_needed(estimate: Estimate, target_half_width: float) -> int:
    """Projected total number of units for the half-width to reach the target: ``n · (hw / target)^2``.

    Assumes the half-width shrinks like ``1 / sqrt(n)`` (true for all intervals here once n is moderate);
    a planning aid, not a guarantee.  Returns ``n`` when already below target, and raises ``ValueError``
    for an unbounded interval.
    """
    hw = estimate.half_width
    if not math.isfinite(hw):
        raise ValueError(f"{estimate.name}: unbounded interval, no projection possible")
    if hw <= target_half_width:
        return estimate.n
    return math.ceil(estimate.n * (hw / target_half_width) ** 2)
