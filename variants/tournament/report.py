"""The report section "tournament": each player's best run of three and tournament point, per rule set."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from mjsim.experiment.sections import ReportSection
from variants.tournament.rating import rate_games, rating_table
from variants.tournament.scoring import TOURNAMENT_MIN_GAMES, four_player_equivalent, tournament_entries

GAME_LENGTH = "riichi.game_length"  # the riichi family's option: a hanchan counts as two games

Record = dict[str, Any]


def tournament_players(experiment: Any, name: str, records: list[Record]) -> dict[str, list[tuple]]:
    """Each agent's games in game order: (settlement result, final points, rank, weight) of the seat it played.

    A player is an agent position of the experiment; with rotated seats it moves seat every game. As koyamajyan's
    first edition counts them (other_variants.md §7): a three-player game's points and rank are their four-player
    equivalent, and a hanchan weighs two games.
    """
    start, weight = _table_terms(experiment, name)
    players: dict[str, list[tuple]] = {}
    for r in sorted(records, key=lambda r: r["index"]):
        final = r["final"]
        for position, agent in enumerate(experiment.line_up(name)):
            seat = (position + r.get("rotation", 0)) % len(final["points"])
            result = (final.get("results") or final["points"])[seat]
            points, rank = final["points"][seat], final["ranks"][seat]
            if len(final["points"]) == 3:
                points, rank = four_player_equivalent(points, rank, start)
            players.setdefault(_label(experiment, position, agent), []).append((result, points, rank, weight))
    return players


def _table_terms(experiment: Any, name: str) -> tuple[int, int]:
    """The rule set's start points and the weight of one of its games (2 for a hanchan: "東南は2試合分で計算")."""
    rules = experiment.entry(name).ruleset().compile()
    length = rules.get(GAME_LENGTH)
    return rules.flow.setup.start_points, 2 if length == "hanchan" else 1


def tournament_summary(experiment: Any, name: str, records: list[Record]) -> dict[str, Any]:
    """Tournament figures per player (best run of three, average points / average rank) of rule set ``name``."""
    entries = tournament_entries(tournament_players(experiment, name, records))
    return {"min_games": TOURNAMENT_MIN_GAMES, "players": [asdict(e) for e in entries]}


def tournament_markdown(name: str, t: dict[str, Any]) -> list[str]:
    """summary.md's table of one rule set: the players in tournament order."""
    lines = [
        f"## Tournament scoring: {name}",
        "",
        "Best run: the best sum of three consecutive settlement results (championship score; unlisted in a "
        "championship when negative). Point: average final score in hundreds / average rank, each rounded "
        f"half-up to one decimal; players with fewer than {t['min_games']} games are reference records.",
        "",
        "| player | games | best run of three | mean points | mean rank | point | ranked |",
        "|" + " --- |" * 7,
    ]
    for p in t["players"]:
        best = "n/a" if p["best_run"] is None else f"{p['best_run']:+.1f}"
        lines.append(
            f"| {p['player']} | {p['games']} | {best} | {p['average_points']:.0f} | {p['average_rank']:.2f} | "
            f"{p['point']:.1f} | {'yes' if p['eligible'] else 'reference'} |"
        )
    return lines + [""]


SECTION = ReportSection(summary=tournament_summary, markdown=tournament_markdown)


def rating_summary(experiment: Any, name: str, records: list[Record]) -> dict[str, Any]:
    """Tenhou's R of every player (agent position) after the run's games in order (``variants/tournament/rating``)."""
    tables = []
    for r in sorted(records, key=lambda r: r["index"]):
        ranks = r["final"]["ranks"]
        seats = len(ranks)
        line_up = experiment.line_up(name)
        tables.append(
            [(_label(experiment, p, a), ranks[(p + r.get("rotation", 0)) % seats]) for p, a in enumerate(line_up)]
        )
    return {"players": rating_table(rate_games(tables))}


def _label(experiment: Any, position: int, agent: str) -> str:
    return f"{'agent' if experiment.rotate_seats else 'seat'} {position} ({agent})"


def rating_markdown(name: str, t: dict[str, Any]) -> list[str]:
    """summary.md's table of one rule set: the players by R."""
    lines = [
        f"## Tenhou rating: {name}",
        "",
        "R after the run's games in order, every player from R1500: change = adjustment x (placement base + "
        "(table average R - own R) / 40), placement base 30/10/-10/-30 (three seats: 30/0/-30), adjustment "
        "1 - 0.002 x games played (0.2 from 400 games) (riichi.wiki, Tenhou.net ranking).",
        "",
        "| player | games | R | highest R |",
        "|" + " --- |" * 4,
    ]
    lines += [f"| {p['player']} | {p['games']} | {p['r']:.1f} | {p['best']:.1f} |" for p in t["players"]]
    return lines + [""]


RATING_SECTION = ReportSection(summary=rating_summary, markdown=rating_markdown)
