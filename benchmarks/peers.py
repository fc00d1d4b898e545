"""The riichienv side of ``mjsim bench game``: whole games on riichienv's own engine with a shanten-greedy policy.

This module imports nothing from mjsim (nor from this package), so :func:`bench_game` can run it as a
plain script in a fresh interpreter (``python -P peers.py``, arguments as JSON on stdin) and the peak RSS
it reports is riichienv's and the interpreter's alone.  The child pins itself to one CPU, plays one warm-up
game, then times every game with ``time.perf_counter`` and prints one JSON line.
"""

from __future__ import annotations

import json
import os
import sys
import time
from importlib import metadata
from typing import Any

GAME_MODE = "4p-red-half"  # four players, hanchan, red fives, Tenhou flow
RULE = "GameRule.default_tenhou()"
POLICY = (
    "shanten-greedy: takes tsumo/ron, declares riichi and kyuushu kyuuhai when offered, passes on chi/pon/kan, "
    "otherwise discards the tile that leaves the lowest riichienv.calculate_shanten (ties: honours, then terminals)"
)


def riichienv_version() -> str | None:
    """The installed riichienv version, or None."""
    try:
        return metadata.version("riichienv")
    except metadata.PackageNotFoundError:
        return None


def pin_one_core() -> None:
    """Restrict this process to one CPU (the one it is running on, where Linux tells), where the OS allows it."""
    if not hasattr(os, "sched_setaffinity"):
        return
    allowed = os.sched_getaffinity(0)
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            current = int(f.read().rsplit(")", 1)[1].split()[36])  # field 39, "processor"
    except (OSError, IndexError, ValueError):
        current = -1
    os.sched_setaffinity(0, {current if current in allowed else min(allowed)})


def peak_rss_mb() -> float:
    """Peak resident set of this process in MB: VmHWM on Linux, where ru_maxrss also counts the forking parent."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            return round(next(int(line.split()[1]) for line in f if line.startswith("VmHWM:")) / 1024, 1)
    except (OSError, StopIteration, ValueError):
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KB on Linux, bytes on macOS
        return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)


def _keep_value(tile: int) -> int:
    """Tie-break between equal discards (136-tile id): let go of honours, then terminals, first."""
    kind = tile // 4
    return 0 if kind >= 27 else (1 if kind % 9 in (0, 8) else 2)


def greedy_discard(hand: list[int], options: list[Any], shanten: Any) -> Any:
    """The discard action whose removal leaves the fewest shanten (one call per tile kind)."""
    if len(options) == 1:
        return options[0]
    best, best_key, seen = options[0], None, set()
    for action in options:
        if action.tile // 4 in seen:
            continue
        seen.add(action.tile // 4)
        rest = list(hand)
        rest.remove(action.tile)
        key = (shanten(rest), _keep_value(action.tile))
        if best_key is None or key < best_key:
            best, best_key = action, key
    return best


def make_policy(riichienv: Any) -> Any:
    """The shanten-greedy policy for ``riichienv`` observations: ``policy(obs) -> Action``."""
    kinds = riichienv.ActionType
    first = (kinds.TSUMO, kinds.RON, kinds.RIICHI, kinds.KYUSHU_KYUHAI, kinds.PASS)
    shanten = riichienv.calculate_shanten

    def policy(obs: Any) -> Any:
        """Win, riichi, abort or pass when offered, otherwise the greedy discard."""
        legal = obs.legal_actions()
        offered = {a.action_type: a for a in reversed(legal)}
        for kind in first:
            if kind in offered:
                return offered[kind]
        discards = [a for a in legal if a.action_type == kinds.DISCARD]
        return greedy_discard(obs.hand, discards, shanten) if discards else legal[0]

    return policy


def play_game(riichienv: Any, policy: Any, seed: int) -> tuple[float, float, int]:
    """Play one hanchan; returns (wall seconds, CPU seconds spent playing, hands dealt)."""
    env = riichienv.RiichiEnv(game_mode=GAME_MODE, rule=riichienv.GameRule.default_tenhou(), seed=seed)
    start, cpu = time.perf_counter(), time.process_time()
    obs = env.reset()
    while not env.done():
        obs = env.step({seat: policy(o) for seat, o in obs.items()})
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return elapsed, cpu, sum(1 for event in env.mjai_log if event["type"] == "start_kyoku")


def measure(seeds: list[int], warmup_seed: int) -> dict[str, Any]:
    """Play one untimed warm-up game, then one timed game per seed; hands, seconds and peak RSS."""
    import riichienv

    policy = make_policy(riichienv)
    play_game(riichienv, policy, warmup_seed)
    runs = [play_game(riichienv, policy, seed) for seed in seeds]
    return {
        "games": len(seeds),
        "hands": sum(hands for _, _, hands in runs),
        "seconds": sum(seconds for seconds, _, _ in runs),
        "cpu_seconds": sum(cpu for _, cpu, _ in runs),
        "max_rss_mb": peak_rss_mb(),
    }


def main() -> int:
    """Child entry point: reads ``{"seeds": [...], "warmup_seed": n}`` on stdin, prints the result as JSON."""
    args = json.load(sys.stdin)
    pin_one_core()
    print(json.dumps(measure(args["seeds"], args["warmup_seed"])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
