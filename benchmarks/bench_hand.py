"""Hand-analysis benchmark: ``python benchmarks/bench_hand.py [--json]`` (same as ``mjsim bench hand``)."""

from __future__ import annotations

import argparse
import json

from mjsim.bench import bench_hand, format_hand_report


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the table, or the result as JSON with ``--json``."""
    parser = argparse.ArgumentParser(description="Time shanten and scoring against the mahjong package.")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--shanten-calls", type=int, default=50_000, help="random hands for shanten")
    parser.add_argument(
        "--hands",
        "--winning-hands",
        dest="hands",
        type=int,
        default=2_000,
        help="generated winning hands to score",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the generated hands")
    parser.add_argument("--no-peers", action="store_true", help="do not measure the mahjong package")
    args = parser.parse_args(argv)
    result = bench_hand(args.shanten_calls, args.hands, args.seed, peers=not args.no_peers)
    print(json.dumps(result, indent=2, ensure_ascii=False) if args.json else format_hand_report(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
