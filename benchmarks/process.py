"""The whole-process check: ``mjsim simulate`` against riichienv's game loop, each a fresh process, start-up included.

Each run is a child process pinned to one CPU: ``python -m mjsim simulate --games N --seed S`` (mjsim's
whole command: interpreter start, imports, rule compilation, the games, the summary) and ``python -P
peers.py`` playing the same seeds (interpreter start, ``import riichienv``, the games).  The two alternate,
``repeats`` times; each run is timed by its own CPU seconds (user + system, from ``os.wait4``) and wall time.
Both sides first play one untimed run: it writes the bytecode caches (``__pycache__``) and warms the page cache, as
any installed copy has them after its first command.  Children run with bytecode writing on even where the
caller's environment turns it off (``PYTHONDONTWRITEBYTECODE``): without caches every mjsim start-up compiles its
~200 modules from source again (0.2 CPU-s here), which measures the environment, not mjsim.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from typing import Any

import mjsim
from benchmarks.common import machine_info
from benchmarks.game import spread
from mjsim.errors import MjsimError
from mjsim.native import PURE_ENV


def bench_process(
    games: int = 20, seed: int = 0, repeats: int = 3, agents: str = "efficiency", build: str = "compiled"
) -> dict[str, Any]:
    """Hands per CPU-second of whole ``mjsim simulate`` processes and of whole riichienv processes, alternating."""
    from benchmarks import peers as bench_peers
    from mjsim.runner.seeding import game_seed

    if games < 1 or repeats < 1:
        raise MjsimError("bench process needs at least one game and one repeat")
    policy = "tsumogiri" if agents == "tsumogiri" else "greedy"
    seeds = [game_seed(seed, i) for i in range(games)]
    status = _build_status(_env(build))
    if build == "compiled" and not status.startswith("compiled"):
        raise MjsimError(f"bench process: no compiled build to time ({status})")
    ours, theirs = [], []
    peer = bench_peers.riichienv_version() is not None
    script = [sys.executable, "-P", os.path.abspath(bench_peers.__file__)]
    text = json.dumps({"policy": policy, "seeds": seeds})
    for run in range(repeats + 1):  # run 0 is the untimed warm-up of each side
        mine = _run(_simulate_command(games, seed, agents), _env(build), "", _simulate_hands)
        peers = (
            _run(script, _with_bytecode(dict(os.environ)), text, lambda out: json.loads(out)["hands"]) if peer else None
        )
        if run:
            ours.append(mine)
            if peers is not None:
                theirs.append(peers)
    result: dict[str, Any] = {"games": games, "seed": seed, "repeats": repeats, "machine": machine_info()}
    result["mjsim"] = _side(ours, {"agents": agents, "build": status})
    about = {"policy": policy, "version": bench_peers.riichienv_version()}
    result["riichienv"] = _side(theirs, about) if peer else None
    if peer:
        ratios = [a["hands"] / a["cpu"] / (b["hands"] / b["cpu"]) for a, b in zip(ours, theirs, strict=True)]
        result["ratio"] = spread(ratios)
    return result


def _with_bytecode(env: dict[str, str]) -> dict[str, str]:
    """``env`` with bytecode caches written and read, as in a normal installation (see the module docstring)."""
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _env(build: str) -> dict[str, str]:
    """mjsim's child environment: this checkout first on the path, pure Python for the pure build."""
    env = _with_bytecode(dict(os.environ))
    root = os.path.dirname(os.path.dirname(os.path.abspath(mjsim.__file__ or "")))
    env["PYTHONPATH"] = os.pathsep.join([root, *filter(None, [env.get("PYTHONPATH")])])
    env.pop(PURE_ENV, None)
    if build == "pure":
        env[PURE_ENV] = "1"
    elif build != "compiled":
        raise MjsimError(f"bench process: build is compiled or pure, got {build!r}")
    return env


def _build_status(env: dict[str, str]) -> str:
    """The build a child with ``env`` loads (``mjsim.native.build_status``)."""
    code = "import mjsim; from mjsim.native import build_status; print(build_status())"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)
    return done.stdout.strip() or f"unknown ({(done.stderr.strip().splitlines() or ['no output'])[-1]})"


def _simulate_command(games: int, seed: int, agents: str) -> list[str]:
    """``python -m mjsim simulate`` with these games, quiet, its summary as JSON."""
    args = ["simulate", "--games", str(games), "--seed", str(seed), "--agents", agents, "--json", "--quiet"]
    return [sys.executable, "-m", "mjsim", *args]


def _simulate_hands(out: str) -> int:
    """The hands of a ``simulate --json`` summary."""
    return json.loads(out)["hands"]


def _run(command: list[str], env: dict[str, str], text: str, hands_of: Any) -> dict[str, Any]:
    """Run one whole process pinned to one CPU; its hands, CPU seconds (user + system) and wall seconds."""
    import resource

    cpu = min(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None

    def pin() -> None:
        """In the child, before it starts: one CPU."""
        if cpu is not None:
            os.sched_setaffinity(0, {cpu})

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, input=text, capture_output=True, text=True, env=env, preexec_fn=pin, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)  # this run's child is the one reaped since ``before``
    if done.returncode:
        last = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
        raise MjsimError(f"bench process: {' '.join(command[1:3])} failed: {last}")
    used = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return {"hands": hands_of(done.stdout), "cpu": used, "wall": wall}


def _side(runs: list[dict[str, Any]], about: dict[str, Any]) -> dict[str, Any]:
    """One side's runs: hands, CPU and wall seconds of each, and the spread of their hands per CPU-second."""
    rates = [r["hands"] / r["cpu"] for r in runs if r["cpu"] > 0]
    return {**about, "runs": runs, "hands_per_cpu_second": spread(rates or [0.0])}


def format_process_report(result: dict[str, Any]) -> str:
    """A few lines: each side's median hands per CPU-second (start-up included) and the ratio."""
    ours, theirs = result["mjsim"], result["riichienv"]
    lines = [
        f"whole processes, start-up included: {result['games']} games (seed {result['seed']}), "
        f"{result['repeats']} runs of each side after an untimed one, alternating, each pinned to one CPU",
        f"  mjsim simulate ({ours['agents']}, {ours['build']}): {_rate_text(ours)}",
    ]
    if theirs is None:
        lines.append("  riichienv: not installed")
    else:
        lines.append(f"  riichienv {theirs['version']} ({theirs['policy']}): {_rate_text(theirs)}")
        ratio = result["ratio"]
        lines.append(f"  mjsim / riichienv: {ratio['median']:.2f}x [{ratio['min']:.2f}-{ratio['max']:.2f}]")
    lines.append(f"  ({result['machine']})")
    return "\n".join(lines)


def _rate_text(side: dict[str, Any]) -> str:
    """``123.4 hands/CPU-s [120.0-125.0], 180 hands in 1.46 CPU-s`` (the median run's totals)."""
    rate, runs = side["hands_per_cpu_second"], side["runs"]
    cpu = sorted(r["cpu"] for r in runs)[len(runs) // 2]
    return (
        f"{rate['median']:,.1f} hands/CPU-s [{rate['min']:,.1f}-{rate['max']:,.1f}], "
        f"{runs[0]['hands']} hands, median {cpu:.2f} CPU-s a run"
    )
