"""Play statistics of a bot line-up per player-hand (win, deal-in, riichi, call, draw, mean win), and its time.

A probe for tuning the human player until ``simulate --json`` reports ``play`` itself (issue 15, item 1):
``python -m benchmarks.playstats_probe --agents human --games 100 --seed 5 [--set riichi.kuitan=false]``.
It plays the games with the engine's own loop and reads each hand's events (riichi, calls) off the log.
"""

from __future__ import annotations

import argparse
import ast
import json
import random
import time
from collections import Counter

from mjsim.agents import make_agent
from mjsim.engine import core
from mjsim.engine.wall import derive_seed
from mjsim.observation import observe
from mjsim.rules import RuleSet
from mjsim.runner.seeding import game_seed

REFERENCE = {"win": 0.211, "deal_in": 0.125, "riichi": 0.170, "call": 0.344, "draw": 0.162, "mean_win": 5647,
             "hands_per_game": 10.71}  # fmt: skip
"""Tenhou Phoenix (kobalab, ../shared/validation/stats.md)."""
CALL_EVENTS = ("chi", "pon", "kan")


def play(rules, seed: int, names: list[str], totals: Counter, seconds: Counter) -> None:
    """Play one game, adding its hands' counts to ``totals`` and each agent's thinking time to ``seconds``."""
    rngs = [random.Random(derive_seed(seed, "agent", i)) for i in range(len(names))]
    agents = [make_agent(name, rng, rules) for name, rng in zip(names, rngs, strict=True)]
    game = core.new_game(rules, seed)
    seats = len(names)
    start, called, counted = 0, set(), 0
    while not game.over:
        offers = core.pending(game)  # it may settle a hand that ended (the history grows here too)
        counted = _count_new_hands(game, seats, called, totals, counted)
        if not offers:
            break
        chosen = {}
        for s, acts in offers.items():
            t0 = time.process_time()
            chosen[s] = agents[s].act(observe(game, s), acts)
            seconds[names[s]] += time.process_time() - t0
        core.step(game, chosen)
        for e in game.log[start:]:
            if e.kind in CALL_EVENTS:
                called.add(e.seat)
            elif e.kind == "declare_discard":
                totals["riichi"] += 1
        start = len(game.log)
        counted = _count_new_hands(game, seats, called, totals, counted)
    _count_new_hands(game, seats, called, totals, counted)
    totals["games"] += 1


def _count_new_hands(game, seats: int, called: set[int], totals: Counter, counted: int) -> int:
    """Count the hands settled since ``counted`` (the calls seen belong to the first of them)."""
    for record in game.history[counted:]:
        _count_hand(record, seats, called, totals)
        called.clear()
    return len(game.history)


def _count_hand(record: dict, seats: int, called: set[int], totals: Counter) -> None:
    """One hand's wins, deal-ins, calls and draw."""
    totals["hands"] += 1
    totals["player_hands"] += seats
    totals["calls"] += len(called)
    wins = record.get("wins") or []
    if not wins:
        totals["draws"] += 1
    for w in wins:
        totals["wins"] += 1
        totals["win_value"] += w["value"]
        if w.get("from") is not None:
            totals["deal_ins"] += 1


def rates(totals: Counter) -> dict[str, float]:
    """The per player-hand rates of the totals."""
    ph = max(totals["player_hands"], 1)
    return {
        "win": totals["wins"] / ph,
        "deal_in": totals["deal_ins"] / ph,
        "riichi": totals["riichi"] / ph,
        "call": totals["calls"] / ph,
        "draw": totals["draws"] / max(totals["hands"], 1),
        "mean_win": totals["win_value"] / max(totals["wins"], 1),
        "hands_per_game": totals["hands"] / max(totals["games"], 1),
    }


def main() -> None:
    """Command line: print the rates beside the reference, and the time per hand of each agent."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--agents", default="human")
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--preset", default="tenhou")
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--param", action="append", default=[], help="a human-player parameter NAME=VALUE (tuning)")
    args = ap.parse_args()
    overrides = dict(s.split("=", 1) for s in args.set)
    if args.param:
        from variants.riichi.human import profile

        changes = {k: ast.literal_eval(v) for k, v in (p.split("=", 1) for p in args.param)}
        profile.PHOENIX = profile.profile_with(profile.PHOENIX, **changes)
    rules = RuleSet.resolve(args.preset, overrides, ()).compile()
    names = args.agents.split(",")
    names = names * (4 // len(names)) if len(names) < 4 else names
    totals, seconds = Counter(), Counter()
    for i in range(args.games):
        play(rules, game_seed(args.seed, i), names, totals, seconds)
    got = rates(totals)
    for key, ref in REFERENCE.items():
        print(f"{key:15s} {got[key]:9.3f}   people {ref}")
    per_hand = {n: 1000 * t / max(totals["hands"], 1) for n, t in seconds.items()}
    print(json.dumps({"ms_thinking_per_hand": per_hand, "hands": totals["hands"]}))


if __name__ == "__main__":
    main()
