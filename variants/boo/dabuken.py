"""ダブ権 (boo.md §6): the player who took an A top (or two tops running) has its next game's settlement doubled.

A simulated game is one ブー game and games are played independently, so the rule lives where the seed's
"next game" does: over a run's consecutive games (a session), in game order, each player at its seat of each game.
"""

from __future__ import annotations

from typing import Any

from mjsim.experiment.sections import ReportSection
from variants.boo import options as opt

Record = dict[str, Any]


def by_position(final: dict, rotation: int) -> dict:
    """A game's final settlement by player position (seat = (position + rotation) % seats)."""
    seats = len(final["results"])
    seat_of = [(position + rotation) % seats for position in range(seats)]
    position_of = {seat: position for position, seat in enumerate(seat_of)}
    top = final.get("top")
    return {
        "results": [final["results"][seat] for seat in seat_of],
        "top": None if top is None or final.get("top_type") is None else position_of[top],
        "top_type": final.get("top_type"),
        "sunk": [position_of[seat] for seat in final.get("sunk", ())],
    }


def doubled(game: dict, holder: int | None) -> list[float]:
    """The game's results with the holder's payments doubled: as top every sunk player pays it twice, sunk it pays
    the top twice (the table stays zero-sum)."""
    results = list(game["results"])
    top = game["top"]
    if holder is None or top is None:
        return results
    for seat in game["sunk"]:
        if holder in (top, seat):
            extra = -game["results"][seat]  # what this sunk player paid the top
            results[seat] -= extra
            results[top] += extra
    return results


def next_holder(game: dict, previous_top: int | None, mode: str) -> int | None:
    """Who holds ダブ権 for the next game: the A-top taker (after_a_top), the top of two games running
    (after_two_wins), or nobody."""
    top = game["top"]
    if mode == "after_a_top":
        return top if game["top_type"] == "A" else None
    if mode == "after_two_wins":
        return top if top is not None and top == previous_top else None
    return None


def session(games: list[dict], mode: str) -> tuple[list[list[float]], list[int | None]]:
    """Each game's results (by position) under ダブ権 ``mode``, and the holder during each game."""
    holder = previous_top = None
    out, holders = [], []
    for game in games:
        out.append(doubled(game, holder if mode != "off" else None))
        holders.append(holder if mode != "off" else None)
        holder, previous_top = next_holder(game, previous_top, mode), game["top"]
    return out, holders


def dabuken_summary(experiment: Any, name: str, records: list[Record]) -> dict[str, Any]:
    """Each player's session total with and without ダブ権 (the rule set's boo.dabuken), and games it held it."""
    rules = experiment.spec(experiment.run(name).entry).ruleset.compile()  # name: a run ("x @ human") or rule set
    mode = rules[opt.DABUKEN] if opt.DABUKEN in rules else "off"
    ordered = sorted(records, key=lambda r: r["index"])
    games = [by_position(r["final"], r.get("rotation", 0)) for r in ordered]
    with_rule, holders = session(games, mode)
    players = []
    for position, agent in enumerate(experiment.line_up(name)):
        players.append(
            {
                "player": f"{position} ({agent})",
                "plain": sum(g["results"][position] for g in games),
                "dabuken": sum(r[position] for r in with_rule),
                "held": sum(h == position for h in holders),
            }
        )
    return {"mode": mode, "games": len(games), "players": players}


def dabuken_markdown(name: str, data: dict[str, Any]) -> list[str]:
    """summary.md's table of one rule set: each player's session total with and without ダブ権."""
    lines = [f"## ダブ権 ({data['mode']}): {name}", "", "| player | games | plain total | with ダブ権 | games held |"]
    lines.append("|" + " --- |" * 5)
    for p in data["players"]:
        lines.append(f"| {p['player']} | {data['games']} | {p['plain']:+.1f} | {p['dabuken']:+.1f} | {p['held']} |")
    return lines + [""]


SECTION = ReportSection(summary=dabuken_summary, markdown=dabuken_markdown)
