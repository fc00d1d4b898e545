"""Runner benchmark: one worker, two worker processes and Ray, each case in a fresh process; the same digest.

Each case runs in its own child interpreter (so its memory figures are its own): the games' wall time and
games per second, the CPU seconds of the whole case (the child and every process it waited for: its workers),
the peak RSS of the child and of its largest worker, and the digest, which must be the same everywhere.  On a
shared machine the wall-clock speed-up of two workers depends on what else runs; the CPU seconds a game costs
do not, so ``cpu_scaling`` (one worker's CPU seconds per game over two workers') shows what the parallel run
costs beyond the games: 1.0 means two free cores would give twice the games per second.
"""

from __future__ import annotations

import json
import os
import subprocess
from typing import Any

from benchmarks.common import machine_info

CASES = (("one worker", "serial", 1), ("two workers", "multiprocessing", 2), ("ray, two workers", "ray", 2))


def bench_runner(games: int = 200, seed: int = 0, ray: bool = True) -> dict[str, Any]:
    """Games per second, CPU seconds and peak RSS per worker on one worker, two worker processes and Ray."""
    from benchmarks.runner_child import has_module

    rows: dict[str, Any] = {}
    ray_note = None
    for label, backend, workers in CASES:
        if backend == "ray" and not (ray and has_module("ray")):
            ray_note = "not measured: " + ("--no-ray" if not ray else "ray is not installed")
            continue
        rows[label] = _run_case(backend, workers, games, seed)
    base = rows["one worker"]
    for row in rows.values():
        row["speedup"] = round(row["games_per_second"] / base["games_per_second"], 2)
        row["cpu_scaling"] = round(base["cpu_seconds"] / row["cpu_seconds"], 2) if row["cpu_seconds"] else None
    return {
        "games": games,
        "seed": seed,
        "machine": machine_info(used=2),  # the two-worker cases
        "load_average": [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None,
        "runs": rows,
        "ray": ray_note,
        "same_digest": len({r["digest"] for r in rows.values()}) == 1,
    }


def _run_case(backend: str, workers: int, games: int, seed: int) -> dict[str, Any]:
    """One case in a fresh interpreter importing this very mjsim and these benchmarks; its JSON figures."""
    from benchmarks.game import python_command

    command = python_command("from benchmarks.runner_child import main; main()")
    args = json.dumps({"backend": backend, "workers": workers, "games": games, "seed": seed})
    done = subprocess.run(command, input=args, capture_output=True, text=True, check=False)
    if done.returncode:
        from mjsim.errors import MjsimError

        last = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
        raise MjsimError(f"bench runner: the {backend} case failed: {last}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def format_runner_report(result: dict[str, Any]) -> str:
    """One line per backend: seconds, games/s, speed-ups (wall, CPU), peak RSS of a worker, digest."""
    lines = [f"{result['games']} games of the tenhou preset, four efficiency bots, each case a fresh process"]
    for label, row in result["runs"].items():
        worker_rss = row["worker_max_rss_mb"] or row["max_rss_mb"]
        lines.append(
            f"  {label:<18} {row['seconds']:>8.2f} s  {row['games_per_second']:>7.2f} games/s  x{row['speedup']:<5} "
            f"CPU {row['cpu_seconds']:>7.2f} s (scaling {row['cpu_scaling']})  worker RSS {worker_rss:.0f} MB  "
            f"digest {row['digest']}"
        )
    if result["ray"]:
        lines.append(f"  ray: {result['ray']}")
    lines.append("  same digest everywhere: " + ("yes" if result["same_digest"] else "NO"))
    lines.append(
        "  speed-up: wall-clock games/s against one worker (needs free cores); CPU scaling: one worker's CPU s over"
    )
    lines.append("  the case's (1.0 = no parallel overhead); Ray's CPU and RSS count the Ray processes this one reaped")
    lines.append(f"  load average {result['load_average']} on {result['machine']}")
    return "\n".join(lines)
