"""Head to head of two profiles of a minimum player (国标's or 広東's ``human``), seats alternated.

``python -m benchmarks.minimum_fold --preset hongkong --a threat_min_ready=0.3 --b threat_min_ready=2.0 --games 12``:
game g seats A,B,A,B (even g) or B,A,B,A (odd g); a side is profile fields ``NAME=VALUE,...`` ("" for the
family's profile as it is), or ``efficiency`` for the efficiency bot. It
prints each side's mean final points per seat and game, A's margin per game over B with its 95 % interval, and
the share of hands won. docs/players.md quotes it.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random

from mjsim.agents import make_agent
from mjsim.rules import RuleSet
from mjsim.runner.games import as_dict, play_game

PLAYERS = {"mcr": "variants.mcr.human:MCRHuman", "cantonese": "variants.cantonese.human:CantoneseHuman"}


def _player_class(rules):
    """The minimum player class of the rule set's family."""
    from importlib import import_module

    family = next(v for v in rules.ruleset.variants if v in PLAYERS)
    module, name = PLAYERS[family].split(":")
    return getattr(import_module(module), name)


def head_to_head(preset: str, a: dict, b: dict | None, games: int, seed: int = 2000) -> dict:
    """Mean final points per seat and game of sides A and B (B None: the efficiency bot), and hands won."""
    rules = RuleSet.resolve(preset).compile()
    player = _player_class(rules)
    base = player(random.Random(0), rules).profile
    profiles = {"A": dataclasses.replace(base, **a), "B": None if b is None else dataclasses.replace(base, **b)}

    def seat(side: str, rng):
        profile = profiles[side]
        return make_agent("efficiency", rng, rules) if profile is None else player(rng, rules, profile)

    points, margins, hands, won = {"A": 0.0, "B": 0.0}, [], 0, 0
    for g in range(games):
        layout = "ABAB" if g % 2 == 0 else "BABA"
        seated = play_game(rules, seed + g, ["human"] * 4, g, seat_agent=lambda s, rng, lay=layout: seat(lay[s], rng))
        record = as_dict(seated)
        game = {"A": 0.0, "B": 0.0}
        for s, p in enumerate(record["final"]["points"]):
            game[layout[s]] += p / 2
        points = {k: points[k] + game[k] / games for k in points}
        margins.append(game["A"] - game["B"])
        hands += len(record["hands"])
        won += sum(bool(h.get("wins")) for h in record["hands"])
    return {
        "points": {k: round(v, 1) for k, v in points.items()},
        "a_minus_b": _mean_interval(margins),
        "hands_won": round(won / max(hands, 1), 3),
    }


def _mean_interval(values: list[float]) -> list[float]:
    """[mean, low, high]: the mean with its normal 95 % interval (1.96 standard errors)."""
    mean = sum(values) / len(values)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / max(len(values) - 1, 1))
    half = 1.96 * sd / math.sqrt(len(values))
    return [round(mean, 1), round(mean - half, 1), round(mean + half, 1)]


def fields(text: str) -> dict:
    """Profile fields of ``NAME=VALUE,...`` (values as JSON numbers)."""
    return {k: json.loads(v) for k, v in (item.split("=", 1) for item in text.split(",") if item)}


def main() -> None:
    """Command line: the result as JSON."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default="mcr")
    ap.add_argument("--a", default="", help="profile fields of side A: NAME=VALUE,...")
    ap.add_argument("--b", default="efficiency", help="profile fields of side B, or efficiency")
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--seed", type=int, default=2000)
    args = ap.parse_args()
    b = None if args.b == "efficiency" else fields(args.b)
    result = head_to_head(args.preset, fields(args.a), b, args.games, args.seed)
    print(json.dumps({"preset": args.preset, "a": args.a, "b": args.b, "games": args.games, **result}))


if __name__ == "__main__":
    main()
