"""The per-hand swing the riichi family's payoff model uses (``variants/riichi/payoff.py``: ``SWING``).

``python -m benchmarks.payoff_swing --preset tenhou --games 40 --seed 9``: four ``human`` players (three on a
three-seat preset); the standard deviation of a seat's points change per hand, the dealer's mean change, the
hands per game and the hands per rotation of the deal (hands / rotations played).
"""

from __future__ import annotations

import argparse
import json
import statistics

from mjsim.rules import RuleSet
from mjsim.runner.games import as_dict, play_game
from mjsim.runner.seeding import game_seed


def swing(preset: str, games: int, seed: int, agents: str) -> dict[str, float]:
    """The swing figures of ``games`` games."""
    rules = RuleSet.resolve(preset, {}, ()).compile()
    seats = rules.flow.setup.seats
    changes, dealer, hands, rotations = [], [], [], []
    for i in range(games):
        record = as_dict(play_game(rules, game_seed(seed, i), [agents] * seats, i))
        hands.append(len(record["hands"]))
        rotations.append(len({(h["round"], h["dealer"]) for h in record["hands"]}))
        for hand in record["hands"]:
            changes += hand["deltas"]
            dealer.append(hand["deltas"][hand["dealer"]])
    return {
        "sd": round(statistics.pstdev(changes), 1),
        "dealer_mean": round(statistics.mean(dealer), 1),
        "hands_per_game": round(statistics.mean(hands), 2),
        "hands_per_rotation": round(sum(hands) / sum(rotations), 3),
        "seat_hands": len(changes),
    }


def main() -> None:
    """Command line: the figures as JSON."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--preset", default="tenhou")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=9)
    ap.add_argument("--agents", default="human:blind")
    args = ap.parse_args()
    print(
        json.dumps(
            {"preset": args.preset, "games": args.games, **swing(args.preset, args.games, args.seed, args.agents)}
        )
    )


if __name__ == "__main__":
    main()
