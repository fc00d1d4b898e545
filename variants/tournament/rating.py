"""Tenhou's R rating over a run: every player of an experiment starts at R1500 and moves after each game.

riichi.wiki "Tenhou.net ranking" (after tenhou.net/man/#Rating): "Rating_change = Adjustment*(Placement_base+
(Average_table_rate - Own_rate)/40)", "Placement_base = 30/10/-10/-30 for yonma, 30/0/-30 for sanma",
"Adjustment = 1-(Games_played*0.002); if games played < 400, 0.2 if games played >=400"; the manual's scaling
coefficient is 1.0 in ranked (段位戦) play.  The table's average counts every seat, the player's own R included.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

START_R = 1500.0
PLACEMENT_BASE = {4: (30, 10, -10, -30), 3: (30, 0, -30)}
FULL_ADJUSTMENT_GAMES = 400  # from then on a game moves R by a fifth of its base
SCALING = 1.0


@dataclass
class Rating:
    """One player's R and the games that made it."""

    r: float = START_R
    games: int = 0
    best: float = START_R


def adjustment(games_played: int) -> float:
    """試合数補正: 1 - games x 0.002 under 400 games, 0.2 from then on."""
    return 1 - games_played * 0.002 if games_played < FULL_ADJUSTMENT_GAMES else 0.2


def rate_games(tables: Sequence[Sequence[tuple[str, int]]]) -> dict[str, Rating]:
    """Every player's R after ``tables`` in order, each game a list of (player, rank) of its seats."""
    ratings: dict[str, Rating] = {}
    for table in tables:
        base = PLACEMENT_BASE[len(table)]
        now = {player: ratings.setdefault(player, Rating()) for player, _ in table}
        average = sum(p.r for p in now.values()) / len(table)
        changes = {player: _change(now[player], base[rank - 1], average) for player, rank in table}
        for player, change in changes.items():
            rating = now[player]
            rating.r += change
            rating.games += 1
            rating.best = max(rating.best, rating.r)
    return ratings


def _change(rating: Rating, placement: int, average: float) -> float:
    return adjustment(rating.games) * (placement + (average - rating.r) / 40) * SCALING


def rating_table(ratings: Mapping[str, Rating]) -> list[dict]:
    """The players by R, best first: their games, R and highest R (one decimal)."""
    rows = [{"player": p, "games": r.games, "r": round(r.r, 1), "best": round(r.best, 1)} for p, r in ratings.items()]
    return sorted(rows, key=lambda row: -row["r"])
