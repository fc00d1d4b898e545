"""The summary ``mjsim simulate`` prints: per-seat points and ranks, and how the players played (``play``).

The games themselves are played by ``mjsim.runner.games``; its names are importable from here too.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable
from typing import Any

from mjsim.errors import MjsimError
from mjsim.play.stats import PlayTally
from mjsim.runner.games import GameRecord, as_dict, digest, play_game, record_text, run_games

__all__ = ["GameRecord", "Summary", "as_dict", "digest", "play_game", "run_games", "summarize"]


def summarize(records: Iterable[GameRecord | dict[str, Any]]) -> dict[str, Any]:
    """Per-seat mean final points and rank distribution; the play statistics (``mjsim.play.stats``)."""
    tally = Summary()
    for record in records:
        tally.add(record)
    return tally.result()


class Summary:
    """``summarize`` and ``digest`` kept as running counts: each record is added in game order and dropped, so
    ``mjsim simulate`` holds one game at a time whatever ``--games`` is (records arriving out of order, from
    workers, wait in ``add`` until the games before them came)."""

    def __init__(self) -> None:
        self.games = self.hands = self.violations = 0
        self.points: list[Any] = []
        self.ranks: list[Counter] = []
        self.side: list[dict[str, Any]] = []
        self.side_games = 0
        self.side_currencies: list[str] | None = None
        self.winners: Counter = Counter()
        self.money: list[Any] = []  # each seat's summed result in money (a rule set with stakes: 風速)
        self.money_games = 0
        self.end_offers = Counter()  # answers to the offer to end the game after a hand (mjsim_end_game_offer)
        self.agent_facts: dict[str, list[int]] = {}  # what bots counted of their own play, by seat
        self.play = PlayTally()
        self.hash = hashlib.sha256()
        self.waiting: dict[int, dict[str, Any]] = {}
        self._next = 0  # the index of the next game to count

    def add(self, record: GameRecord | dict[str, Any]) -> None:
        """Count one game (held back until every game of a lower index has been counted)."""
        record = as_dict(record)
        self.waiting[record["index"]] = record
        while self.waiting:
            if self._next not in self.waiting:
                return
            self._count(self.waiting.pop(self._next))

    def _count(self, r: dict[str, Any]) -> None:
        self._next = r["index"] + 1
        if not self.games:
            seats = len(r["final"]["points"])  # the table's seats, as the records show them
            self.points, self.ranks = [0] * seats, [Counter() for _ in range(seats)]
            self.side = [{} for _ in range(seats)]
            self.money = [0] * seats
        self.games += 1
        self.hands += len(r["hands"])
        for seat in range(len(self.points)):
            self.points[seat] += r["final"]["points"][seat]
            self.ranks[seat][r["final"]["ranks"][seat]] += 1
        if "side" in r["final"]:  # chips and other side currencies: each seat's mean final balance
            side = r["final"]["side"]
            self.side_currencies = self.side_currencies or sorted(side)
            self.side_games += 1
            for seat, totals in enumerate(self.side):
                for c in self.side_currencies:
                    totals[c] = totals.get(c, 0) + side[c][seat]
        if "money" in r["final"]:
            self.money_games += 1
            self.money = [m + r["final"]["money"][seat] for seat, m in enumerate(self.money)]
        self.end_offers.update(bool(h["end_chosen"]) for h in r["hands"] if "end_chosen" in h)
        self._add_agent_facts(r)
        self.winners.update(len({w["seat"] for w in h.get("wins", ())}) for h in r["hands"])
        self.violations += len(r.get("violations", ()))
        self.play.add(r)
        self.hash.update(record_text(r).encode())

    def _add_agent_facts(self, r: dict[str, Any]) -> None:
        """Sum the bots' own counts by seat (an mjai seat under ``illegal=default``: the answers replaced)."""
        for name, by_seat in ((r.get("play") or {}).get("agent_facts") or {}).items():
            row = self.agent_facts.setdefault(name, [0] * len(self.points))
            for seat, value in enumerate(by_seat):
                row[seat] += value

    def digest(self) -> str:
        """The run's digest, as ``mjsim.runner.games.digest`` of the same records."""
        if self.waiting:
            raise MjsimError(f"games {sorted(self.waiting)[:3]} came without the games before them")
        return self.hash.hexdigest()

    def result(self) -> dict[str, Any]:
        """The summary of every game added."""
        games = max(self.games, 1)
        seat_stats = []
        for seat in range(len(self.points)):
            stats = {
                "mean_points": self.points[seat] / games,
                "rank_distribution": [self.ranks[seat][k] / games for k in range(1, len(self.points) + 1)],
            }
            if self.side_games:
                stats["mean_side"] = {c: self.side[seat][c] / self.side_games for c in self.side_currencies or ()}
            if self.money_games:
                stats["mean_money"] = self.money[seat] / self.money_games
            seat_stats.append(stats)
        return {
            "games": self.games,
            "hands": self.hands,
            "hands_per_game": self.hands / games,
            "seats": seat_stats,
            "play": self.play.result(),
            "winners_per_hand": {str(n): self.winners[n] for n in sorted(self.winners)},
            "end_offers": {
                "offered": self.end_offers[True] + self.end_offers[False],
                "ended": self.end_offers[True],
                "played_on": self.end_offers[False],
            },
            "invariant_violations": self.violations,
            **({"agent_facts": self.agent_facts} if self.agent_facts else {}),
        }
