"""How the players played: rates per player-hand, the value and turn of wins and their distributions, over a
run's records (their hands and ``play`` blocks), for the whole table, per seat and per agent.

A *player-hand* is one seat in one hand (a hand of four seats is four player-hands), as published figures count.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from mjsim.errors import MjsimError

Record = dict[str, Any]

TABLE_FIGURES = ("draw", "hands_per_game")
"""Figures of the table, not of a player: given for the whole run only."""


class PlayerHand(NamedTuple):
    """One seat in one hand: the hand's record, its play facts, the seat and the agent in it."""

    hand: dict[str, Any]
    play: dict[str, Any]
    seat: int
    agent: str


def play_statistics(records: Iterable[Record]) -> dict[str, Any] | None:
    """The play object of a run: its counts, the family's ``terms`` (the names of its declaration, groups and
    patterns), its figures, then ``seats`` (one per seat) and ``agents`` (by agent name).

    None when no record keeps facts of play (records stored before they were kept)."""
    records = [r for r in records if r.get("play")]
    if not records:
        return None
    names = _names(records[0]["play"])
    slots = player_hands(records)
    hands = [h for r in records for h in r["hands"]]
    table = {k: _share(count, total) for k, (count, total) in table_counts(records).items()}
    figures = {**_player_figures(slots, names), **table}
    seats = max(len(r["play"]["agents"]) for r in records)
    return {
        "games": len(records),
        "hands": len(hands),
        "player_hands": len(slots),
        "terms": names,
        **_ordered(figures),
        "seats": [_player_figures([s for s in slots if s.seat == seat], names) for seat in range(seats)],
        "agents": {a: _player_figures([s for s in slots if s.agent == a], names) for a in _agents(slots)},
    }


def _names(play: dict[str, Any]) -> dict[str, Any]:
    """The family's names the records carry: its declaration, its groups of wins, its patterns."""
    return {"declaration": play.get("declaration"), "groups": play.get("groups", []), "patterns": play.get("patterns")}


def _player_hands(record: Record) -> list[PlayerHand]:
    """Every player-hand of a game; its hands and play facts must match one for one."""
    play = record["play"]
    if len(play["hands"]) != len(record["hands"]):
        raise MjsimError(
            f"game {record.get('index')}: its play facts cover {len(play['hands'])} hands, not {len(record['hands'])}"
        )
    slots = []
    for hand, facts in zip(record["hands"], play["hands"], strict=True):
        if len(facts["wins"]) != len(hand.get("wins", ())):
            raise MjsimError(
                f"game {record.get('index')} hand {hand.get('hand')}: play facts of "
                f"{len(facts['wins'])} wins, the hand has {len(hand.get('wins', ()))}"
            )
        slots += [PlayerHand(hand, facts, seat, agent) for seat, agent in enumerate(play["agents"])]
    return slots


def _agents(slots: Sequence[PlayerHand]) -> list[str]:
    return list(dict.fromkeys(s.agent for s in slots))


def _player_figures(slots: Sequence[PlayerHand], names: dict[str, Any]) -> dict[str, Any]:
    """The figures of some player-hands: rates, the value, kind and turn of their wins, their groups and patterns."""
    counts = player_counts(slots, names)
    figures: dict[str, Any] = {"player_hands": len(slots), "wins": counts["win"][0]}
    figures.update({k: _share(count, total) for k, (count, total) in counts.items()})
    wins = _wins(slots)
    for group in names["groups"]:
        figures[group] = _shares([pw["groups"].get(group) for _, pw in wins])
    if names["patterns"]:
        held = Counter(p for _, pw in wins for p in pw.get("patterns", ()))
        figures[names["patterns"]] = {p: k / len(wins) for p, k in held.most_common()}
    return figures


def player_counts(slots: Sequence[PlayerHand], names: dict[str, Any]) -> dict[str, tuple[float, int]]:
    """Each single figure of some player-hands as (what is counted or summed, what it is out of): a rate is
    (player-hands with it, player-hands), ``mean_win`` (summed value, wins), ``tenpai_at_draw`` (ready seats,
    seats at exhaustive draws)."""
    n = len(slots)
    wins = _wins(slots)
    at_draw = [s for s in slots if isinstance(s.hand.get("tenpai"), list) and not s.hand.get("wins")]
    counts: dict[str, tuple[float, int]] = {
        "win": (len(wins), n),
        "deal_in": (sum(s.play["deal_ins"][s.seat] for s in slots), n),
        "call": (sum(1 for s in slots if s.play["calls"][s.seat]), n),
        "mean_win": (sum(w["value"] for w, _ in wins), len(wins)),
        "tsumo": (sum(1 for w, _ in wins if w["from"] is None), len(wins)),
        "win_turn": (sum(pw["turn"] for _, pw in wins), len(wins)),
        "tenpai_at_draw": (sum(1 for s in at_draw if s.seat in s.hand["tenpai"]), len(at_draw)),
    }
    if names["declaration"]:
        counts[names["declaration"]] = (sum(s.play["declared"][s.seat] for s in slots), n)
    return counts


def table_counts(records: Sequence[Record]) -> dict[str, tuple[float, int]]:
    """The table's figures as (count, out of): hands without a win of all hands, hands of all games."""
    hands = [h for r in records for h in r["hands"]]
    drawn = sum(1 for h in hands if not h.get("wins"))
    return {"draw": (drawn, len(hands)), "hands_per_game": (len(hands), len(records))}


def player_hands(records: Sequence[Record]) -> list[PlayerHand]:
    """Every player-hand of the records that keep facts of play."""
    return [slot for r in records if r.get("play") for slot in _player_hands(r)]


def _wins(slots: Sequence[PlayerHand]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(the hand record's win, its play facts) of every win by the seat of a player-hand."""
    return [
        (w, pw)
        for s in slots
        for w, pw in zip(s.hand.get("wins", ()), s.play["wins"], strict=True)
        if w["seat"] == s.seat
    ]


def _ordered(figures: dict[str, Any]) -> dict[str, Any]:
    """The rates first, then the table's figures, then the distributions (JSON reads in this order)."""
    first = [k for k, v in figures.items() if not isinstance(v, dict)]
    return {k: figures[k] for k in first + [k for k in figures if k not in first]}


def _share(count: float, total: int) -> float | None:
    return count / total if total else None


def _shares(groups: list[str | None]) -> dict[str, float]:
    """Each group's share of the wins that have one, in the groups' numeric order ("13+" after "12")."""
    counted = Counter(g for g in groups if g is not None)
    total = sum(counted.values())
    return {g: counted[g] / total for g in sorted(counted, key=group_order)}


def group_order(group: str) -> tuple[float, str]:
    """Groups in numeric order where they start with a number ("2" < "10" < "13+"), the rest after by name."""
    found = re.match(r"\d+", group)
    return (int(found.group()) if found else float("inf"), group)


def total_variation(a: dict[str, float], b: dict[str, float]) -> float:
    """Half the summed absolute difference of two distributions over their groups (0 equal, 1 disjoint)."""
    return sum(abs(a.get(k, 0.0) - b.get(k, 0.0)) for k in {*a, *b}) / 2
