"""Play statistics of a line-up for calibration: the runner's games, counted by ``mjsim.play.stats``.

The calibration fits a profile without the simulate command, but counts exactly as ``simulate --json``'s
``play`` object does: the same game loop (``mjsim.runner.games.play_game``, agent seeds as the runner's) and the
same counter of player-hands.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from mjsim.play.stats import play_statistics
from mjsim.runner.games import SeatAgent, as_dict, play_game
from mjsim.runner.seeding import game_seed

HAN_BINS = tuple(str(h) for h in range(1, 13)) + ("13+",)
"""The han classes of a win: 1..12 and 13+ (yakuman counted there)."""
RATES = ("win", "deal_in", "riichi", "call", "draw", "mean_win", "hands_per_game")
"""The scalar statistics, in table order."""


def play_records(
    rules, games: Iterable[int], seed: int, seat_agent: SeatAgent, label: str = "human"
) -> list[dict[str, Any]]:
    """The records of the games numbered ``games`` from root ``seed`` (the same seeds every call: common random
    numbers); ``label`` names the agents in the facts of play."""
    names = [label] * rules.flow.setup.seats
    return [as_dict(play_game(rules, game_seed(seed, i), names, i, seat_agent=seat_agent)) for i in games]


def statistics(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The rates of some games' player-hands (``RATES``) and the share of their wins in each han class."""
    play = play_statistics(records)
    if play is None:
        return {**dict.fromkeys(RATES, 0.0), "han": dict.fromkeys(HAN_BINS, 0.0)}
    out = {k: play[k] or 0.0 for k in RATES}
    out["han"] = {b: play["han"].get(b, 0.0) for b in HAN_BINS}
    return out


def measure(rules, seat_agent: SeatAgent, games: int, seed: int) -> dict[str, Any]:
    """Statistics of ``games`` games from root ``seed`` with the agents ``seat_agent`` builds."""
    return statistics(play_records(rules, range(games), seed, seat_agent))


def seat_makers(names: Sequence[str], rules) -> SeatAgent:
    """Agents by name for each seat (the registry's bots)."""
    from mjsim.agents import make_agent

    return lambda seat, rng: make_agent(names[seat % len(names)], rng, rules)
