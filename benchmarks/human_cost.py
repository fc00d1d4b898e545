"""Cost of the human player: hands/s of four ``human`` vs four ``efficiency`` bots, interleaved game by game.

``python -m benchmarks.human_cost --games 20 --seed 5 [--profile-top 15]``: game ``i`` is played by each
line-up in turn (the same seed), so load from other processes falls on both alike; process CPU time is
measured. ``--profile-top N`` then runs cProfile over the human games and prints the top entries.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import time
from collections import Counter

from mjsim.rules import RuleSet
from variants.riichi.human.measure import play_records, seat_makers

LINEUPS = ("human", "efficiency")


def interleaved(rules, games: int, seed: int) -> dict[str, dict[str, float]]:
    """Hands, CPU seconds and hands/s per line-up, the line-ups alternating on each game's seed."""
    totals = {name: Counter() for name in LINEUPS}
    seconds = Counter()
    for i in range(games):
        for name in LINEUPS:
            t0 = time.process_time()
            records = play_records(rules, [i], seed, seat_makers([name], rules), name)
            totals[name]["hands"] += sum(len(r["hands"]) for r in records)
            seconds[name] += time.process_time() - t0
    return {
        name: {"hands": totals[name]["hands"], "cpu_seconds": round(seconds[name], 2),
               "hands_per_second": round(totals[name]["hands"] / max(seconds[name], 1e-9), 1)}
        for name in LINEUPS
    }  # fmt: skip


def profile_top(rules, games: int, seed: int, top: int) -> None:
    """cProfile of ``games`` human games: the ``top`` entries by cumulative time."""
    profiler = cProfile.Profile()
    profiler.enable()
    for i in range(games):
        play_records(rules, [i], seed, seat_makers(["human"], rules))
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(top)


def main() -> None:
    """Command line: the two line-ups' rates and their ratio (JSON), then the profile if asked."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--preset", default="tenhou")
    ap.add_argument("--profile-top", type=int, default=0)
    args = ap.parse_args()
    rules = RuleSet.resolve(args.preset, {}, ()).compile()
    got = interleaved(rules, args.games, args.seed)
    ratio = got["efficiency"]["hands_per_second"] / max(got["human"]["hands_per_second"], 1e-9)
    print(json.dumps({**got, "time_per_hand_human_over_efficiency": round(ratio, 2)}))
    if args.profile_top:
        profile_top(rules, min(args.games, 5), args.seed, args.profile_top)


if __name__ == "__main__":
    main()
