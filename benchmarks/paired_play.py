"""Paired play statistics: the same seeds under rules A and B, the difference B - A of each rate with a 95 % interval.

``python -m benchmarks.paired_play --agents human --set-b riichi.kuitan=false --games 200 --seed 5``: each
game seed is played under both rule sets; the per-game differences of a rate (per player-hand) give the mean
difference and a normal interval (1.96 standard errors), and the ratio of the two means.
"""

from __future__ import annotations

import argparse
import json
import math

from mjsim.rules import RuleSet
from variants.riichi.human.measure import play_records, seat_makers, statistics

COMPARED = ("call", "riichi", "win", "deal_in", "draw", "mean_win")


def paired(rules_a, rules_b, names: list[str], games: int, seed: int) -> dict[str, dict[str, float]]:
    """Per compared statistic: A, B (pooled), and B - A's mean over games with its 95 % interval."""
    diffs = {k: [] for k in COMPARED}
    pooled: dict[str, list] = {"a": [], "b": []}
    for i in range(games):
        per_game = {}
        for side, rules in (("a", rules_a), ("b", rules_b)):
            records = play_records(rules, [i], seed, seat_makers(names, rules), "+".join(names))
            pooled[side] += records
            per_game[side] = statistics(records)
        for k in COMPARED:
            diffs[k].append(per_game["b"][k] - per_game["a"][k])
    a, b = statistics(pooled["a"]), statistics(pooled["b"])
    out = {}
    for k, d in diffs.items():
        mean = sum(d) / len(d)
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / max(len(d) - 1, 1))
        half = 1.96 * sd / math.sqrt(len(d))
        interval = [round(mean - half, 4), round(mean + half, 4)]
        ratio = round(b[k] / max(a[k], 1e-9), 3)
        out[k] = {"a": round(a[k], 4), "b": round(b[k], 4), "b_minus_a": round(mean, 4), "ci95": interval}
        out[k]["ratio"] = ratio
    return out


def main() -> None:
    """Command line: the comparison as JSON."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--agents", default="human")
    ap.add_argument("--preset", default="tenhou")
    ap.add_argument("--set-b", action="append", default=[], help="an option of rule set B, NAME=VALUE")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    rules_a = RuleSet.resolve(args.preset, {}, ()).compile()
    rules_b = RuleSet.resolve(args.preset, dict(s.split("=", 1) for s in args.set_b), ()).compile()
    names = args.agents.split(",")
    print(json.dumps({"agents": names, "games": args.games, "b": args.set_b,
                      **paired(rules_a, rules_b, names, args.games, args.seed)}, indent=1))  # fmt: skip


if __name__ == "__main__":
    main()
