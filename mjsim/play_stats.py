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
    tally = PlayTally()
    for record in records:
        tally.add(record)
    return tally.result()


class PlayTally:
    """``play_statistics`` kept as running counts: records are added one at a time and dropped (a run of any
    length in constant memory), and the result is the same as over the whole list."""

    def __init__(self) -> None:
        self.names: dict[str, Any] | None = None
        self.games = self.hands = self.draws = 0
        self.table: _Figures | None = None
        self.seats: list[_Figures] = []
        self.agents: dict[str, _Figures] = {}

    def add(self, record: Record) -> None:
        """Count one game's player-hands (a record without facts of play is left out, as before)."""
        if not record.get("play"):
            return
        if self.names is None:
            self.names = _names(record["play"])
            self.table = _Figures(self.names)
        slots = _player_hands(record)
        self.games += 1
        self.hands += len(record["hands"])
        self.draws += sum(1 for h in record["hands"] if not h.get("wins"))
        while len(self.seats) < len(record["play"]["agents"]):
            self.seats.append(_Figures(self.names))
        for slot in slots:
            self.table.add(slot)
            self.seats[slot.seat].add(slot)
            self.agents.setdefault(slot.agent, _Figures(self.names)).add(slot)

    def result(self) -> dict[str, Any] | None:
        """The play object of every record added (None: none kept facts of play)."""
        if self.table is None:
            return None
        table = {"draw": _share(self.draws, self.hands), "hands_per_game": self.hands / self.games}
        return {
            "games": self.games,
            "hands": self.hands,
            "player_hands": self.table.n,
            "terms": self.names,
            **_ordered({**self.table.result(), **table}),
            "seats": [seat.result() for seat in self.seats],
            "agents": {agent: figures.result() for agent, figures in self.agents.items()},
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


class _Figures:
    """The running counts of some player-hands: rates, the value, kind and turn of their wins, their groups and
    patterns (``result`` gives the figures as the whole list would)."""

    def __init__(self, names: dict[str, Any]) -> None:
        self.names = names
        self.n = self.wins = self.deal_ins = self.calls = self.tsumo = self.at_draw = self.tenpai = 0
        self.declared = 0
        self.value_sum: Any = 0
        self.turn_sum: Any = 0
        self.groups: dict[str, Counter] = {group: Counter() for group in names["groups"]}
        self.patterns: Counter = Counter()

    def add(self, s: PlayerHand) -> None:
        """Count one player-hand."""
        self.n += 1
        self.deal_ins += s.play["deal_ins"][s.seat]
        self.calls += 1 if s.play["calls"][s.seat] else 0
        if self.names["declaration"]:
            self.declared += s.play["declared"][s.seat]
        if isinstance(s.hand.get("tenpai"), list) and not s.hand.get("wins"):
            self.at_draw += 1
            self.tenpai += s.seat in s.hand["tenpai"]
        for w, pw in zip(s.hand.get("wins", ()), s.play["wins"], strict=True):
            if w["seat"] != s.seat:
                continue
            self.wins += 1
            self.value_sum += w["value"]
            self.tsumo += w["from"] is None
            self.turn_sum += pw["turn"]
            for group in self.names["groups"]:
                if pw["groups"].get(group) is not None:
                    self.groups[group][pw["groups"][group]] += 1
            self.patterns.update(pw.get("patterns", ()))

    def result(self) -> dict[str, Any]:
        """The figures (``None`` where nothing was counted)."""
        wins = self.wins
        figures: dict[str, Any] = {
            "player_hands": self.n,
            "wins": wins,
            "win": _share(wins, self.n),
            "deal_in": _share(self.deal_ins, self.n),
            "call": _share(self.calls, self.n),
            "mean_win": self.value_sum / wins if wins else None,
            "tsumo": _share(self.tsumo, wins),
            "win_turn": self.turn_sum / wins if wins else None,
            "tenpai_at_draw": _share(self.tenpai, self.at_draw),
        }
        if self.names["declaration"]:
            figures[self.names["declaration"]] = _share(self.declared, self.n)
        for group, counted in self.groups.items():
            total = sum(counted.values())
            figures[group] = {g: counted[g] / total for g in sorted(counted, key=group_order)}
        if self.names["patterns"]:
            figures[self.names["patterns"]] = {p: k / wins for p, k in self.patterns.most_common()}
        return figures


def _ordered(figures: dict[str, Any]) -> dict[str, Any]:
    """The rates first, then the table's figures, then the distributions (JSON reads in this order)."""
    first = [k for k, v in figures.items() if not isinstance(v, dict)]
    return {k: figures[k] for k in first + [k for k in figures if k not in first]}


def _share(count: float, total: int) -> float | None:
    return count / total if total else None


def group_order(group: str) -> tuple[float, str]:
    """Groups in numeric order where they start with a number ("2" < "10" < "13+"), the rest after by name."""
    found = re.match(r"\d+", group)
    return (int(found.group()) if found else float("inf"), group)


def total_variation(a: dict[str, float], b: dict[str, float]) -> float:
    """Half the summed absolute difference of two distributions over their groups (0 equal, 1 disjoint)."""
    return sum(abs(a.get(k, 0.0) - b.get(k, 0.0)) for k in {*a, *b}) / 2
