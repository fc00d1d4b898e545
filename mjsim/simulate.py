"""The summary ``mjsim simulate`` prints: per-seat points and ranks, and how the players played (``play``).

The games themselves are played by ``mjsim.runner.games``; its names are importable from here too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from mjsim.play_stats import play_statistics
from mjsim.runner.games import GameRecord, as_dict, digest, play_game, run_games

__all__ = ["GameRecord", "as_dict", "digest", "play_game", "run_games", "summarize"]


def _winners_per_hand(hands: list[dict[str, Any]]) -> dict[str, int]:
    """How many hands had 0, 1, 2, ... distinct winners (double ron, and play-on families such as 血战到底)."""
    counts = Counter(len({w["seat"] for w in h.get("wins", ())}) for h in hands)
    return {str(n): counts[n] for n in sorted(counts)}


def _end_offers(hands: list[dict[str, Any]]) -> dict[str, int]:
    """How often a seat was offered to end the game after a hand (``mjsim_end_game_offer``), and its answers."""
    answers = [h["end_chosen"] for h in hands if "end_chosen" in h]
    return {"offered": len(answers), "ended": sum(answers), "played_on": len(answers) - sum(answers)}


def summarize(records: Sequence[GameRecord | dict[str, Any]]) -> dict[str, Any]:
    """Per-seat mean final points and rank distribution; the play statistics (``mjsim.play_stats``)."""
    records = [as_dict(r) for r in records]
    hands = [h for r in records for h in r["hands"]]
    seats = len(records[0]["final"]["points"]) if records else 0  # the table's seats, as the records show them
    seat_stats = []
    for seat in range(seats):
        ranks = [r["final"]["ranks"][seat] for r in records]
        seat_stats.append(
            {
                "mean_points": sum(r["final"]["points"][seat] for r in records) / max(len(records), 1),
                "rank_distribution": [ranks.count(k) / max(len(ranks), 1) for k in range(1, seats + 1)],
            }
        )
    for seat, st in enumerate(seat_stats):
        side = [r["final"]["side"] for r in records if "side" in r["final"]]
        if side:  # chips and other side currencies: each seat's mean final balance
            st["mean_side"] = {c: sum(s[c][seat] for s in side) / len(side) for c in sorted(side[0])}
        money = [r["final"]["money"][seat] for r in records if "money" in r["final"]]
        if money:  # a rule set with stakes (the riichi family's 風速): the mean result in money
            st["mean_money"] = sum(money) / len(money)
    return {
        "games": len(records),
        "hands": len(hands),
        "hands_per_game": len(hands) / max(len(records), 1),
        "seats": seat_stats,
        "play": play_statistics(records),
        "winners_per_hand": _winners_per_hand(hands),
        "end_offers": _end_offers(hands),
        "invariant_violations": sum(len(r.get("violations", ())) for r in records),
        **_agent_facts(records, seats),
    }


def _agent_facts(records: Sequence[dict[str, Any]], seats: int) -> dict[str, Any]:
    """``{"agent_facts": {fact: total by seat}}``: what bots counted of their own play over the games (an mjai
    seat under ``illegal=default``: the answers the default policy replaced), or {} when no bot counts anything."""
    totals: dict[str, list[int]] = {}
    for r in records:
        for name, by_seat in ((r.get("play") or {}).get("agent_facts") or {}).items():
            row = totals.setdefault(name, [0] * seats)
            for seat, value in enumerate(by_seat):
                row[seat] += value
    return {"agent_facts": totals} if totals else {}
