"""Runner benchmark: games per second on one worker, two worker processes and Ray, with the same digest."""

from __future__ import annotations

import time
from typing import Any

from benchmarks.common import machine_info


def bench_runner(games: int = 200, seed: int = 0, ray: bool = True) -> dict[str, Any]:
    """Games per second on one worker, two worker processes and Ray (two workers), with the same digest."""
    from mjsim.rules import RuleSet
    from mjsim.runner import RunSpec
    from mjsim.runner.games import digest
    from mjsim.runner.run import collect

    spec = RunSpec(RuleSet.resolve("tenhou"), root_seed=seed)
    rows: dict[str, Any] = {}
    cases = [("one worker", "serial", 1), ("two workers", "multiprocessing", 2)]
    if ray and _has_module("ray"):
        cases.append(("ray, two workers", "ray", 2))
    for label, backend, workers in cases:
        start = time.perf_counter()
        records = collect(spec, games, backend=backend, workers=workers)
        elapsed = time.perf_counter() - start
        rows[label] = {
            "seconds": round(elapsed, 2),
            "games_per_second": round(games / elapsed, 2),
            "digest": digest(records)[:16],
        }
    base = rows["one worker"]["games_per_second"]
    for row in rows.values():
        row["speedup"] = round(row["games_per_second"] / base, 2)
    return {
        "games": games,
        "machine": machine_info(),
        "runs": rows,
        "same_digest": len({r["digest"] for r in rows.values()}) == 1,
    }


def _has_module(name: str) -> bool:
    """Whether a module can be imported here (without importing it)."""
    import importlib.util

    return importlib.util.find_spec(name) is not None


def format_runner_report(result: dict[str, Any]) -> str:
    """One line per backend: seconds, games/s, speed-up against one worker, digest."""
    lines = [f"{result['games']} games of the tenhou preset, four efficiency bots ({result['machine']})"]
    for label, row in result["runs"].items():
        lines.append(
            f"  {label:<18} {row['seconds']:>8.2f} s  {row['games_per_second']:>7.2f} games/s  "
            f"x{row['speedup']:<5} digest {row['digest']}"
        )
    lines.append("  same digest everywhere: " + ("yes" if result["same_digest"] else "NO"))
    return "\n".join(lines)
