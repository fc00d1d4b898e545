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
        self.games = 0
        self.table: dict[str, tuple[float, int]] = {}
        self.whole: _Figures | None = None
        self.seats: list[_Figures] = []
        self.agents: dict[str, _Figures] = {}

    def add(self, record: Record) -> None:
        """Count one game's player-hands (a record without facts of play is left out)."""
        if not record.get("play"):
            return
        if self.names is None:
            self.names = _names(record["play"])
        slots = _player_hands(record)
        self.games += 1
        _add_counts(self.table, table_counts([record]))
        self.whole = self.whole or _Figures(self.names)
        self.whole.add(slots)
        while len(self.seats) < len(record["play"]["agents"]):
            self.seats.append(_Figures(self.names))
        for seat, figures in enumerate(self.seats):
            figures.add([s for s in slots if s.seat == seat])
        for agent in _agents(slots):
            self.agents.setdefault(agent, _Figures(self.names)).add([s for s in slots if s.agent == agent])

    def result(self) -> dict[str, Any] | None:
        """The play object of every record added (None: none kept facts of play)."""
        if self.whole is None or self.names is None:
            return None
        table = {k: _share(count, total) for k, (count, total) in self.table.items()}
        return {
            "games": self.games,
            "hands": self.table["draw"][1],
            "player_hands": self.whole.n,
            "terms": self.names,
            **_ordered({**self.whole.result(), **table}),
            "seats": [seat.result() for seat in self.seats],
            "agents": {agent: figures.result() for agent, figures in self.agents.items()},
        }


class _Figures:
    """The running counts of some player-hands (``player_counts``' pairs, the wins' groups and patterns), which add
    up record by record to what the whole list would give."""

    def __init__(self, names: dict[str, Any]) -> None:
        self.names = names
        self.n = self.wins = 0
        self.counts: dict[str, tuple[float, int]] = {}
        self.groups: dict[str, Counter] = {group: Counter() for group in names["groups"]}
        self.patterns: Counter = Counter()

    def add(self, slots: Sequence[PlayerHand]) -> None:
        """Count some player-hands."""
        self.n += len(slots)
        _add_counts(self.counts, player_counts(slots, self.names))
        wins = _wins(slots)
        self.wins += len(wins)
        for _, pw in wins:
            for group, counted in self.groups.items():
                if pw["groups"].get(group) is not None:
                    counted[pw["groups"][group]] += 1
            self.patterns.update(pw.get("patterns", ()))

    def result(self) -> dict[str, Any]:
        """The figures: rates, the value, kind and turn of the wins, their groups and patterns."""
        figures: dict[str, Any] = {"player_hands": self.n, "wins": self.wins}
        figures.update({k: _share(count, total) for k, (count, total) in self.counts.items()})
        figures.update({group: _shares(counted) for group, counted in self.groups.items()})
        if self.names["patterns"]:
            figures[self.names["patterns"]] = {p: k / self.wins for p, k in self.patterns.most_common()}
        return figures


def _add_counts(into: dict[str, tuple[float, int]], counts: dict[str, tuple[float, int]]) -> None:
    """Add (count, out of) pairs figure by figure: every figure's pair is a sum over player-hands or hands."""
    for key, (count, total) in counts.items():
        was = into.get(key, (0, 0))
        into[key] = (was[0] + count, was[1] + total)


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
        agents = play["agents"]
        players = hand.get("players") or range(len(agents))  # who sat at each seat (a family may change seats)
        slots += [PlayerHand(hand, facts, seat, agents[players[seat]]) for seat in range(len(agents))]
    return slots


def _agents(slots: Sequence[PlayerHand]) -> list[str]:
    return list(dict.fromkeys(s.agent for s in slots))


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


def _shares(counted: Counter) -> dict[str, float]:
    """Each group's share of the wins that have one, in the groups' numeric order ("13+" after "12")."""
    total = sum(counted.values())
    return {g: counted[g] / total for g in sorted(counted, key=group_order)}


def group_order(group: str) -> tuple[float, str]:
    """Groups in numeric order where they start with a number ("2" < "10" < "13+"), the rest after by name."""
    found = re.match(r"\d+", group)
    return (int(found.group()) if found else float("inf"), group)


def total_variation(a: dict[str, float], b: dict[str, float]) -> float:
    """Half the summed absolute difference of two distributions over their groups (0 equal, 1 disjoint)."""
    return sum(abs(a.get(k, 0.0) - b.get(k, 0.0)) for k in {*a, *b}) / 2
