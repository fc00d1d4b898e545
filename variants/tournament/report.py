"""The report section "tournament": each player's best run of three and tournament point, per rule set."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from mjsim.report_sections import ReportSection
from variants.tournament.scoring import TOURNAMENT_MIN_GAMES, tournament_entries

Record = dict[str, Any]


def tournament_players(experiment: Any, name: str, records: list[Record]) -> dict[str, list[tuple[float, int, int]]]:
    """Each agent's games in game order: (settlement result, final points, rank) of the seat it played.

    A player is an agent position of the experiment; with rotated seats it moves seat every game.
    """
    players: dict[str, list[tuple[float, int, int]]] = {}
    for r in sorted(records, key=lambda r: r["index"]):
        final = r["final"]
        for position, agent in enumerate(experiment.line_up(name)):
            seat = (position + r.get("rotation", 0)) % len(final["points"])
            result = (final.get("results") or final["points"])[seat]
            label = f"{'agent' if experiment.rotate_seats else 'seat'} {position} ({agent})"
            players.setdefault(label, []).append((result, final["points"][seat], final["ranks"][seat]))
    return players


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
