"""One case of ``bench runner``, run in a fresh interpreter: play the games, print the figures as one JSON line."""

from __future__ import annotations

import json
import resource
import sys
import time
from typing import Any


def has_module(name: str) -> bool:
    """Whether a module can be imported here (without importing it)."""
    import importlib.util

    return importlib.util.find_spec(name) is not None


def measure(backend: str, workers: int, games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` on ``backend``: wall seconds, games/s, CPU seconds (this process and its reaped workers),
    peak RSS of this process and of its largest reaped worker, and the digest."""
    from benchmarks.peers import peak_rss_mb
    from mjsim.rules import RuleSet
    from mjsim.runner import RunSpec
    from mjsim.runner.games import digest
    from mjsim.runner.run import DEFAULT_SHARD, collect

    spec = RunSpec(RuleSet.resolve("tenhou"), ("efficiency",) * 4, root_seed=seed)  # the runners, not the bots
    start, cpu = time.perf_counter(), time.process_time()
    shard = max(1, min(DEFAULT_SHARD, games // (2 * workers)))  # a few shards per worker even for a short run
    records = collect(spec, games, backend=backend, workers=workers, shard_size=shard)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    if backend == "ray":
        import ray

        ray.shutdown()  # its processes end and are reaped: their CPU time and RSS become this process's children's
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {
        "seconds": round(elapsed, 2),
        "games_per_second": round(games / elapsed, 2),
        "cpu_seconds": round(cpu + children.ru_utime + children.ru_stime, 2),
        "max_rss_mb": peak_rss_mb(),
        "worker_max_rss_mb": round(children.ru_maxrss / 1024, 1) if workers > 1 else None,  # KB on Linux
        "digest": digest(records)[:16],
    }


def main() -> None:
    """Entry point: the case as JSON on stdin."""
    args = json.load(sys.stdin)
    print(json.dumps(measure(args["backend"], args["workers"], args["games"], args["seed"])))
