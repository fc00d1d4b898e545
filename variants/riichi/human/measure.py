"""Play statistics of human players per player-hand (win, deal-in, riichi, call, draw, mean win, han), for calibration.

The calibration's own measure, so that it fits a profile without the simulate command: games are played with
the engine's loop, seat ``i`` of game ``g`` with the agent seed the runner uses, each hand read off the log.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from mjsim.engine import core
from mjsim.engine.wall import derive_seed
from mjsim.observation import observe
from mjsim.runner.seeding import game_seed

HAN_BINS = tuple(str(h) for h in range(1, 13)) + ("13+",)
"""The han classes of a win: 1..12 and 13+ (yakuman counted there)."""
CALL_EVENTS = ("chi", "pon", "kan")
RATES = ("win", "deal_in", "riichi", "call", "draw", "mean_win", "hands_per_game")
"""The scalar statistics, in table order."""

AgentMaker = Callable[[int, random.Random], object]
"""(seat, random stream) -> the agent of that seat."""


def play_game(rules, seed: int, make_seat: AgentMaker, totals: Counter) -> None:
    """Play one game, adding its hands' counts to ``totals``."""
    seats = rules.flow.setup.seats
    agents = [make_seat(i, random.Random(derive_seed(seed, "agent", i))) for i in range(seats)]
    game = core.new_game(rules, seed)
    start, seen, counted = 0, {"called": set(), "riichi": set()}, 0
    while not game.over:
        offers = core.pending(game)  # it may settle a hand that ended (the history grows here too)
        counted = _count_new_hands(game, seats, seen, totals, counted)
        if not offers:
            break
        core.step(game, {s: agents[s].act(observe(game, s), acts) for s, acts in offers.items()})
        for e in game.log[start:]:
            if e.kind in CALL_EVENTS:
                seen["called"].add(e.seat)
            elif e.kind == "declare_discard":
                seen["riichi"].add(e.seat)
                totals["riichi"] += 1
        start = len(game.log)
        counted = _count_new_hands(game, seats, seen, totals, counted)
    _count_new_hands(game, seats, seen, totals, counted)
    totals["games"] += 1


def _count_new_hands(game, seats: int, seen: dict[str, set[int]], totals: Counter, counted: int) -> int:
    """Count the hands settled since ``counted`` (the calls and riichi seen belong to the first of them)."""
    for record in game.history[counted:]:
        _count_hand(record, seats, seen, totals)
        for seats_seen in seen.values():
            seats_seen.clear()
    return len(game.history)


def _count_hand(record: dict, seats: int, seen: dict[str, set[int]], totals: Counter) -> None:
    """One hand's wins (value, han, riichi / open / dama, tsumo), deal-ins, calls and draw."""
    totals["hands"] += 1
    totals["player_hands"] += seats
    totals["calls"] += len(seen["called"])
    wins = record.get("wins") or []
    if not wins:
        totals["draws"] += 1
    for w in wins:
        totals["wins"] += 1
        totals["win_value"] += w["value"]
        how = "riichi" if w["seat"] in seen["riichi"] else "open" if w["seat"] in seen["called"] else "dama"
        totals["win_" + how] += 1  # a closed kan counts as a call here: rare enough for a share
        totals["win_tsumo"] += w.get("from") is None
        han = 13 if w.get("yakuman") else min(int(w.get("han") or 0), 13)
        totals["han:" + HAN_BINS[max(han, 1) - 1]] += 1
        if w.get("from") is not None:
            totals["deal_ins"] += 1


def statistics(totals: Counter) -> dict:
    """The per player-hand rates of the totals, and the han distribution of the wins (shares)."""
    ph = max(totals["player_hands"], 1)
    wins = max(totals["wins"], 1)
    return {
        "win": totals["wins"] / ph,
        "deal_in": totals["deal_ins"] / ph,
        "riichi": totals["riichi"] / ph,
        "call": totals["calls"] / ph,
        "draw": totals["draws"] / max(totals["hands"], 1),
        "mean_win": totals["win_value"] / wins,
        "hands_per_game": totals["hands"] / max(totals["games"], 1),
        "han": {b: totals["han:" + b] / wins for b in HAN_BINS},
        "wins_by": {k: totals["win_" + k] / wins for k in ("riichi", "open", "dama", "tsumo")},
    }


def measure(rules, make_seat: AgentMaker, games: int, seed: int) -> dict:
    """Statistics of ``games`` games from root ``seed`` (the same seeds every call: common random numbers)."""
    totals: Counter = Counter()
    for i in range(games):
        play_game(rules, game_seed(seed, i), make_seat, totals)
    return statistics(totals)


def total_variation(shares: dict[str, float], reference: dict[str, float]) -> float:
    """Total variation distance of two han distributions (half the summed absolute differences)."""
    return 0.5 * sum(abs(shares.get(b, 0.0) - reference.get(b, 0.0)) for b in HAN_BINS)


def seat_makers(names: Sequence[str], rules) -> AgentMaker:
    """Agents by name for each seat (the registry's bots)."""
    from mjsim.agents import make_agent

    return lambda seat, rng: make_agent(names[seat % len(names)], rng, rules)
