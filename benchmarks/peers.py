"""The riichienv side of ``mjsim bench game``: a long-lived worker playing whole games on riichienv's own engine.

This module imports nothing from mjsim (nor from this package), so :func:`bench_game` can run it as a
plain script in a fresh interpreter (``python -P peers.py``) and the peak RSS it reports is riichienv's and
the interpreter's alone.  The worker pins itself to one CPU, plays one warm-up game, then answers requests
(:func:`serve`, which mjsim's worker shares): a block of seeds to play, timed in process CPU seconds.
Policies: shanten-greedy (``greedy``) and ``tsumogiri``, the same as mjsim's side in ``policies.py``.
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
POLICIES = {
    "greedy": "shanten-greedy: takes tsumo/ron, declares riichi and kyuushu kyuuhai when offered, passes on "
    "chi/pon/kan, otherwise discards the tile that leaves the lowest calculate_shanten (ties: honours, terminals)",
    "tsumogiri": "tsumogiri: takes tsumo/ron, passes on calls, otherwise discards the tile just drawn",
}


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


def make_policy(riichienv: Any, name: str = "greedy") -> Any:
    """The ``name`` policy (``greedy`` or ``tsumogiri``) for ``riichienv`` observations: ``policy(obs) -> Action``."""
    kinds = riichienv.ActionType
    if name == "tsumogiri":
        return _tsumogiri_policy(kinds)
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


def _tsumogiri_policy(kinds: Any) -> Any:
    """mjsim's TsumogiriBot for riichienv: win when offered, pass on calls, else discard the tile just drawn."""
    wins = (kinds.TSUMO, kinds.RON)

    def policy(obs: Any) -> Any:
        """A win, a pass, the drawn tile's discard, or the first discard offered."""
        legal = obs.legal_actions()
        for action in legal:
            if action.action_type in wins:
                return action
        drawn, discards = obs.drawn_tile, []
        for action in legal:
            if action.action_type == kinds.PASS:
                return action
            if action.action_type == kinds.DISCARD:
                if action.tile == drawn:
                    return action
                discards.append(action)
        return discards[0] if discards else legal[0]

    return policy


def play_game(riichienv: Any, policy: Any, seed: int) -> int:
    """Play one hanchan; the hands dealt."""
    env = riichienv.RiichiEnv(game_mode=GAME_MODE, rule=riichienv.GameRule.default_tenhou(), seed=seed)
    obs = env.reset()
    while not env.done():
        obs = env.step({seat: policy(o) for seat, o in obs.items()})
    return sum(1 for event in env.mjai_log if event["type"] == "start_kyoku")


def timed(play: Any, seeds: list[int]) -> dict[str, Any]:
    """``play(seed) -> hands`` over ``seeds``: hands, and this process's CPU and wall seconds spent."""
    start, cpu = time.perf_counter(), time.process_time()
    hands = sum(play(seed) for seed in seeds)
    return {"hands": hands, "cpu": time.process_time() - cpu, "wall": time.perf_counter() - start}


def serve(hello: dict[str, Any], play: Any, profile: Any = None) -> None:
    """A benchmark worker's loop: print ``hello``, then answer one JSON request a line until stdin closes.

    ``{"play": seeds}`` -> hands and CPU/wall seconds; ``{"profile": seeds}`` -> ``profile(seeds)``;
    ``{"rss": 1}`` -> peak RSS in MB.  One reply line each."""
    print(json.dumps(hello), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        if "play" in request:
            reply = timed(play, request["play"])
        elif "profile" in request and profile is not None:
            reply = profile(request["profile"])
        else:
            reply = {"max_rss_mb": peak_rss_mb()}
        print(json.dumps(reply), flush=True)


def main() -> int:
    """Worker entry point: reads ``{"policy", "warmup_seed"}`` on its first stdin line, then serves requests;
    with ``{"policy", "seeds"}`` it plays those games at once, prints the hands and ends (a whole-process run)."""
    import riichienv

    config = json.loads(sys.stdin.readline())
    pin_one_core()
    policy = make_policy(riichienv, config["policy"])
    if "seeds" in config:
        print(json.dumps({"hands": sum(play_game(riichienv, policy, seed) for seed in config["seeds"])}))
        return 0
    play_game(riichienv, policy, config["warmup_seed"])  # untimed: loads and warms the engine
    serve({"engine": "riichienv", "version": riichienv_version()}, lambda seed: play_game(riichienv, policy, seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
