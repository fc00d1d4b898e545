"""Two commits' speed, interleaved: hands per CPU-second of the same games under two source trees.

A behaviour-preserving change is checked against the commit before it. Make the other tree and its compiled
build once, then compare (this checkout is "after", with the build ``make`` keeps in ``.venv/mjsim-native``)::

    git clone . /tmp/before && git -C /tmp/before checkout COMMIT
    (cd /tmp/before && PYTHONPATH=. MJSIM_NATIVE_DIR=/tmp/before_native ../main/.venv/bin/python -m mjsim.native_build)
    python -m benchmarks.versus_commit --before /tmp/before --before-native /tmp/before_native --lineup human

Each block plays the same seeds in a fresh process of each tree, the order alternating block by block, and
times it by the process's CPU seconds; the answer is the median over the blocks of after/before, with the two
trees' game digests compared block by block (the same games, or the change was not behaviour-preserving).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# One block, in a fresh process of one tree: its hands, CPU seconds, build and the games' digest.
CHILD = r"""
import json, sys, time
import mjsim
from mjsim.native import build_status
from mjsim.rules import RuleSet
from mjsim.runner.games import play_game
from mjsim.runner.seeding import game_seed
preset, lineup, seed, games = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rules = RuleSet.resolve(preset).compile()
play_game(rules, game_seed(seed, 999), [lineup] * 4)  # warm caches
start = time.process_time()
hands, digests = 0, []
for i in range(games):
    rec = play_game(rules, game_seed(seed, i), [lineup] * 4, i)
    hands += len(rec.hands)
    digests.append(rec.canonical())
cpu = time.process_time() - start
import hashlib
digest = hashlib.sha256("".join(digests).encode()).hexdigest()[:16]
print(json.dumps({"hands": hands, "cpu": cpu, "status": build_status(), "digest": digest}))
"""


def run(tree: str, native: str, preset: str, lineup: str, seed: int, games: int) -> dict:
    """One block in a fresh process of ``tree``."""
    env = dict(os.environ, PYTHONPATH=tree, MJSIM_NATIVE_DIR=native)
    env.pop("MJSIM_PURE_PYTHON", None)
    out = subprocess.run(
        [sys.executable, "-c", CHILD, preset, lineup, str(seed), str(games)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    """Command line: the blocks, then the median ratio."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--blocks", type=int, default=7)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--lineup", default="efficiency")
    parser.add_argument("--preset", default="tenhou")
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--before", required=True, help="the other commit's source tree")
    parser.add_argument("--before-native", required=True, help="its compiled build (MJSIM_NATIVE_DIR)")
    args = parser.parse_args()
    trees = {"before": (args.before, args.before_native), "after": (str(ROOT), str(ROOT / ".venv" / "mjsim-native"))}
    ratios, rates = [], {k: [] for k in trees}
    for block in range(args.blocks):
        order = list(trees) if block % 2 == 0 else list(trees)[::-1]
        got = {}
        for name in order:
            tree, native = trees[name]
            got[name] = run(tree, native, args.preset, args.lineup, args.seed + 1000 * block, args.games)
            rates[name].append(got[name]["hands"] / got[name]["cpu"])
        kinds = {name: found["status"].split(" ")[0] for name, found in got.items()}
        if kinds["before"] != kinds["after"]:  # a compiled tree against a pure one measures the build, not the change
            raise SystemExit(f"the trees run different builds: {got['before']['status']} / {got['after']['status']}")
        same = got["before"]["digest"] == got["after"]["digest"]
        ratios.append(rates["after"][-1] / rates["before"][-1])
        print(
            f"block {block}: before {rates['before'][-1]:.1f} after {rates['after'][-1]:.1f} hands/CPU-s, "
            f"ratio {ratios[-1]:.3f}, same games {same}; {got['after']['status']} / {got['before']['status']}",
            flush=True,
        )
    print(
        f"median ratio after/before {statistics.median(ratios):.3f} (blocks {args.blocks}, "
        f"median before {statistics.median(rates['before']):.1f}, after {statistics.median(rates['after']):.1f})"
    )


if __name__ == "__main__":
    main()
