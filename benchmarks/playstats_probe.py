"""Play statistics of a bot line-up per player-hand (win, deal-in, riichi, call, draw, mean win, han), and its time.

A probe for tuning the human player's parameters by hand (``simulate --json`` reports the same ``play``
figures for shipped profiles): ``python -m benchmarks.playstats_probe --agents human --games 100 --seed 5
[--set riichi.kuitan=false] [--profile FILE] [--param NAME=VALUE]``. The counting is ``mjsim.play.stats``'s.
"""

from __future__ import annotations

import argparse
import ast
import json
import time

from mjsim.agents import make_agent
from mjsim.play.stats import total_variation
from mjsim.rules import RuleSet
from variants.riichi.human.calibrate import TARGETS
from variants.riichi.human.measure import RATES, measure
from variants.riichi.human.player import HumanPlayer
from variants.riichi.human.profile import profile_with
from variants.riichi.human.profile_file import read_profile_file, shipped_profile


def main() -> None:
    """Command line: print the rates beside the reference, and the thinking time per hand."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--agents", default="human")
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--preset", default="tenhou")
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--profile", default=None, help="a profile file for the human seats (default: phoenix)")
    ap.add_argument("--param", action="append", default=[], help="a human-player parameter NAME=VALUE (tuning)")
    args = ap.parse_args()
    overrides = dict(s.split("=", 1) for s in args.set)
    rules = RuleSet.resolve(args.preset, overrides, ()).compile()
    profile = read_profile_file(args.profile)[0] if args.profile else shipped_profile()
    profile = profile_with(profile, **{k: ast.literal_eval(v) for k, v in (p.split("=", 1) for p in args.param)})
    names = args.agents.split(",")

    def make_seat(seat, rng):
        name = names[seat % len(names)]
        return HumanPlayer(rng, rules, profile) if name == "human" else make_agent(name, rng, rules)

    t0 = time.process_time()
    got = measure(rules, make_seat, args.games, args.seed)
    seconds = time.process_time() - t0
    target = TARGETS["phoenix"]
    for key in RATES:
        print(f"{key:15s} {got[key]:9.3f}   people {target.values[key]}")
    print(f"{'han TV':15s} {total_variation(got['han'], target.han):9.3f}   (at most 0.10)")
    print(json.dumps({"han": {k: round(v, 3) for k, v in got["han"].items()}, "cpu_seconds": round(seconds, 1)}))


if __name__ == "__main__":
    main()
