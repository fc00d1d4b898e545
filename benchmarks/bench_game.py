"""Whole-game benchmark: ``python benchmarks/bench_game.py [--games N] [--seed S] [--json]`` (``mjsim bench game``)."""

from __future__ import annotations

import argparse
import json

from mjsim.bench import bench_game, format_game_report
from mjsim.errors import MjsimError


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the table, or the result as JSON with ``--json``."""
    parser = argparse.ArgumentParser(description="Hands per second with four bots, mjsim beside riichienv.")
    parser.add_argument("--games", type=int, default=20, help="timed games on each side (after one warm-up game)")
    parser.add_argument("--seed", type=int, default=0, help="root seed of the games")
    parser.add_argument("--preset", default="tenhou", help="mjsim rule preset")
    parser.add_argument("--no-peers", action="store_true", help="do not measure riichienv")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        result = bench_game(games=args.games, seed=args.seed, preset=args.preset, peers=not args.no_peers)
    except MjsimError as exc:
        parser.error(str(exc))
    print(json.dumps(result, indent=2, ensure_ascii=False) if args.json else format_game_report(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
