"""Tournament scoring (rules/other_variants.md §6-§7): best run of three, the tournament point, eligibility."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction


def best_run_of_three(results: Sequence[float]) -> float | None:
    """Championship score: the best sum of three consecutive games, ``max_i (s_i + s_i+1 + s_i+2)``.

    ``results`` are one player's settlement scores in chronological order.  Seed example: +5, -40, +30, +40,
    -5, -30 -> windows -5, +30, +65, +5 -> +65.  Fewer than three games: ``None`` (unranked).  Players whose
    best window is negative are not listed -- see :func:`championship_table`.
    """
    if len(results) < 3:
        return None
    return max(results[i] + results[i + 1] + results[i + 2] for i in range(len(results) - 2))


def championship_table(results_by_player: Mapping[str, Sequence[float]]) -> list[tuple[str, float]]:
    """Players ranked by :func:`best_run_of_three`, best first; unranked and negative players left out."""
    scored = [(p, best_run_of_three(r)) for p, r in results_by_player.items()]
    listed = [(p, s) for p, s in scored if s is not None and s >= 0]
    return sorted(listed, key=lambda ps: -ps[1])


def _round_half_up(x: Fraction, decimals: int = 1) -> Fraction:
    """``x`` rounded to ``decimals`` decimals, halves away from zero (exact, no float artefacts)."""
    scale = 10**decimals
    sign = -1 if x < 0 else 1
    return sign * Fraction(math.floor(abs(x) * scale + Fraction(1, 2)), scale)


def points_per_rank(
    scores: Sequence[float], ranks: Sequence[int], weights: Sequence[int] | None = None, champion: bool = False
) -> float:
    """Tournament point: average final score in hundreds divided by average rank, e.g. 265 / 2.3 = 115.2.

    ``scores`` are one player's final scores in points (26,500, not settlement results) and ``ranks``
    the matching ranks (1..4).  The average score is divided by 100 ("trailing 00 removed": 26,500 -> 265)
    without rounding; the average rank is rounded half-up to one decimal, then the quotient is rounded
    half-up to one decimal.  Computed exactly (fractions).  ``weights`` counts each game that many times (the
    first edition's "東南は2試合分で計算します": a hanchan weighs 2); ``champion`` gives the previous champion or
    best newcomer "1勝と500点分のアドバンテージ" (other_variants.md §7 [proposal]: one more game of rank 1,
    and 500 points more in the summed final scores).  The source requires at least 15 games to be ranked
    (fewer: reference record) -- checking that is the caller's business.
    """
    if len(scores) != len(ranks) or not ranks:
        raise ValueError("need the same, non-zero number of final scores and ranks")
    if any(not 1 <= r <= 4 for r in ranks):  # the tournament's rule is for four players: rule content, not the table
        raise ValueError("ranks must be 1..4")
    weights = list(weights) if weights is not None else [1] * len(ranks)
    total = sum((Fraction(p) * w for p, w in zip(scores, weights, strict=True)), Fraction(0))
    rank_total, games = sum(int(r) * w for r, w in zip(ranks, weights, strict=True)), sum(weights)
    if champion:  # one extra win, and 500 points on the total
        total, rank_total, games = total + CHAMPION_POINTS, rank_total + 1, games + 1
    avg_hundreds = total / (100 * games)
    avg_rank = _round_half_up(Fraction(rank_total, games))
    return float(_round_half_up(avg_hundreds / avg_rank))


CHAMPION_POINTS = 500
"""The previous champion's (and best newcomer's) head start in points (koyamajyan: "1勝と500点分")."""
THREE_PLAYER_OFFSET = 10_000
"""Three-player scores (35,000 start) less this compare with four-player ones (koyamajyan's first edition)."""


def four_player_equivalent(points: int, rank: int, start: int) -> tuple[int, int]:
    """A three-player game as the first edition counts it: "サンマは35000点持ちなのでヨンマと同じにするために
    10000点差し引き ... 2着は持ち点より高い場合は2、低い場合は3、3着の場合は4" (2nd exactly at the start:
    2 [proposal]).  ``start`` is the three-player start (35,000)."""
    mapped = {1: 1, 2: 2 if points >= start else 3, 3: 4}[rank]
    return points - THREE_PLAYER_OFFSET, mapped


TOURNAMENT_MIN_GAMES = 15
"""Games a player needs to be ranked on the tournament point (koyamajyan, later editions; fewer: reference)."""


@dataclass(frozen=True)
class TournamentEntry:
    """One player's tournament figures over their games in chronological order (other_variants.md §6-§7).

    ``best_run`` is the championship score (best three consecutive settlement results; None under three
    games), ``point`` the average final score in hundreds over the average rank; ``eligible`` says whether the
    player has enough games to be ranked on the point (otherwise a reference record, listed after).
    """

    player: str
    games: int
    best_run: float | None
    average_points: float
    average_rank: float
    point: float
    eligible: bool


def tournament_entries(
    games_by_player: Mapping[str, Sequence[tuple]], min_games: int = TOURNAMENT_MIN_GAMES
) -> list[TournamentEntry]:
    """Every player's figures from chronological ``(settlement result, final points, rank[, weight])`` games
    (weight 2 for a hanchan in the first edition's count; 1 when left out).

    Ordered as the tournament ranks them: eligible players by point (best first), then reference records
    (fewer than ``min_games``) by point; players without games are left out.
    """
    entries = []
    for player, games in games_by_player.items():
        if not games:
            continue
        results, points, ranks = ([g[i] for g in games] for i in range(3))
        weights = [g[3] if len(g) > 3 else 1 for g in games]
        entries.append(
            TournamentEntry(
                player=player,
                games=len(games),
                best_run=best_run_of_three(results),
                average_points=sum(points) / len(points),
                average_rank=sum(ranks) / len(ranks),
                point=points_per_rank(points, ranks, weights),
                eligible=sum(weights) >= min_games,
            )
        )
    return sorted(entries, key=lambda e: (not e.eligible, -e.point))
