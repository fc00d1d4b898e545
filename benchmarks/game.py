"""Whole-game benchmark: hands per second on one core with four bots, beside riichienv's engine when installed.

Each side plays in its own fresh interpreter pinned to one CPU; see benchmarks/README.md.
"""

from __future__ import annotations

import os
import platform
import sys
import time
from typing import Any

import mjsim
from benchmarks.common import machine_info, table_row
from mjsim.errors import MjsimError
from mjsim.native import build_status


def bench_game(
    games: int = 20, seed: int = 0, preset: str = "tenhou", peers: bool = True, agents: str = "efficiency"
) -> dict[str, Any]:
    """Hands (kyoku) per second on one core with a bot line-up (``agents``: names repeated around the table),
    beside riichienv's engine with its own greedy bots when installed."""
    if games < 1:
        raise MjsimError("bench game needs at least one game")
    rules = mjsim.RuleSet.resolve(preset).compile()  # an unknown preset or agent fails here, not in the child
    lineup = seat_lineup(agents, rules)
    try:
        ours = _run_child(_mjsim_command(), {"games": games, "seed": seed, "preset": preset, "agents": lineup})
    except RuntimeError as exc:
        raise MjsimError(f"bench game: the mjsim child failed: {exc}") from exc
    rate = ours["hands"] / ours["seconds"]
    return {
        "python": platform.python_version(),
        "build": build_status(),
        "machine": machine_info(),
        "preset": preset,
        "agents": lineup,
        "games": games,
        "hands": ours["hands"],
        "seconds": round(ours["seconds"], 3),
        "cpu_seconds": round(ours["cpu_seconds"], 3),
        "hands_per_second": round(rate, 1),
        "max_rss_mb": ours["max_rss_mb"],
        "peers": {"riichienv": _riichienv_section(games, seed, rate) if peers else None},
    }


def seat_lineup(agents: str, rules) -> list[str]:
    """One agent name per seat: the comma-separated names repeated around the table, each one checked."""
    import random

    from mjsim.agents import make_agent

    names = [a.strip() for a in agents.split(",") if a.strip()]
    if not names:
        raise MjsimError("bench game: --agents names no agent")
    for name in dict.fromkeys(names):
        make_agent(name, random.Random(0), rules)  # an unknown name is its one-line error
    seats = rules.flow.setup.seats
    return [names[seat % len(names)] for seat in range(seats)]


def format_game_report(result: dict[str, Any]) -> str:
    """A small table of a :func:`bench_game` result: each engine's games, hands, time, rate, peak RSS, ratio."""
    import textwrap

    peer = result["peers"].get("riichienv")
    header = ("engine", "games", "hands", "seconds", "CPU s", "hands/s", "peak RSS MB", "vs mjsim")
    rows = [header, _game_row(f"mjsim ({result['preset']})", result, 1.0)]
    if peer and "error" not in peer:
        rows.append(_game_row(f"riichienv {peer['version']}", peer, peer["ratio"]))
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = [table_row(r, widths) for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines += ["", f"mjsim: bots {', '.join(result['agents'])}, every hook live; peak RSS target < 300 MB"]
    if peer is None:
        lines.append("riichienv: not measured (not installed, or peers turned off)")
    elif "error" in peer:
        lines.append(f"riichienv {peer['version']}: failed: {peer['error']}")
    else:
        about = f"riichienv: game_mode {peer['game_mode']!r}, {peer['rule']}, four bots, {peer['policy']}"
        lines += textwrap.wrap(about, 110, subsequent_indent="  ")
        lines.append(
            f"ratio riichienv/mjsim = {peer['ratio']:.2f}, mjsim/riichienv = {peer['inverse_ratio']:.2f} (hands/s)"
        )
    lines.append("each side in its own fresh interpreter pinned to one CPU, one after the other")
    if any(side["cpu_seconds"] < 0.9 * side["seconds"] for side in (result, peer or {}) if "cpu_seconds" in side):
        lines.append("CPU time well below wall time: other processes shared the CPU, so the rates are low and noisy")
    lines.append(f"python {result['python']} on {result['machine']}")
    return "\n".join(lines)


def _game_row(name: str, side: dict[str, Any], ratio: float) -> tuple[str, ...]:
    """One engine's line of the game table."""
    return (
        name,
        f"{side['games']:,}",
        f"{side['hands']:,}",
        f"{side['seconds']:.2f}",
        f"{side['cpu_seconds']:.2f}",
        f"{side['hands_per_second']:,.1f}",
        f"{side['max_rss_mb']:.1f}",
        f"{ratio:.2f}x",
    )


def _run_child(command: list[str], args: dict[str, Any]) -> dict[str, Any]:
    """Run ``command`` (a fresh Python interpreter) with ``args`` as JSON on stdin; its last stdout line as JSON."""
    import json
    import subprocess

    done = subprocess.run(command, input=json.dumps(args), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
        raise RuntimeError(last)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _mjsim_command() -> list[str]:
    """The child interpreter for mjsim's side, importing this very mjsim and these benchmarks (not the cwd's)."""
    roots = [os.path.dirname(os.path.dirname(os.path.abspath(m.__file__))) for m in (mjsim, sys.modules[__name__])]
    code = (
        f"import sys; sys.path[:0] = {list(dict.fromkeys(roots))!r}; "
        "from benchmarks.game import _mjsim_child; _mjsim_child()"
    )
    return [sys.executable, "-P", "-c", code]


def _mjsim_child() -> None:
    """Child entry point: reads ``{"games", "seed", "preset", "agents"}`` on stdin, prints mjsim's measurement."""
    import json

    from benchmarks.peers import pin_one_core

    args = json.load(sys.stdin)
    pin_one_core()
    print(json.dumps(_measure_mjsim(args["games"], args["seed"], args["preset"], args["agents"])))


def _measure_mjsim(games: int, seed: int, preset: str, agents: list[str]) -> dict[str, Any]:
    """Play one untimed warm-up game, then ``games`` timed games; hands, seconds and this process's peak RSS."""
    from benchmarks.peers import peak_rss_mb
    from mjsim.runner.games import run_games

    rules = mjsim.RuleSet.resolve(preset).compile()
    run_games(rules, 1, seed + 1, agents)  # warm the tables and caches
    start, cpu = time.perf_counter(), time.process_time()
    records = run_games(rules, games, seed, agents)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "games": games,
        "hands": sum(len(r.hands) for r in records),
        "seconds": elapsed,
        "cpu_seconds": cpu,
        "max_rss_mb": peak_rss_mb(),
    }


def _riichienv_section(games: int, seed: int, mjsim_rate: float) -> dict[str, Any] | None:
    """riichienv's side, run in a fresh interpreter that never imports mjsim; None when it is not installed."""
    from benchmarks import peers as bench_peers
    from mjsim.runner.seeding import game_seed

    version = bench_peers.riichienv_version()
    if version is None:
        return None
    args = {"seeds": [game_seed(seed, i) for i in range(games)], "warmup_seed": game_seed(seed + 1, 0)}
    try:
        theirs = _run_child([sys.executable, "-P", os.path.abspath(bench_peers.__file__)], args)
    except RuntimeError as exc:
        return {"version": version, "error": str(exc)}
    rate = theirs["hands"] / theirs["seconds"]
    return {
        "version": version,
        "game_mode": bench_peers.GAME_MODE,
        "rule": bench_peers.RULE,
        "policy": bench_peers.POLICY,
        "games": theirs["games"],
        "hands": theirs["hands"],
        "seconds": round(theirs["seconds"], 3),
        "cpu_seconds": round(theirs["cpu_seconds"], 3),
        "hands_per_second": round(rate, 1),
        "max_rss_mb": theirs["max_rss_mb"],
        "ratio": round(rate / mjsim_rate, 2),
        "inverse_ratio": round(mjsim_rate / rate, 2),
    }
