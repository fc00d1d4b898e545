"""Whole-game benchmark, the load-proof way: hands per CPU-second of long-lived workers playing the same seeds.

One worker process per configuration (a bot line-up under one build, or riichienv with one policy), each
pinned to one CPU; the workers take turns on blocks of game seeds (every worker plays every block, the order
rotating block by block), and each block is timed in the worker's own CPU seconds.  A configuration's rate is
the median over the blocks, with the spread.  See benchmarks/README.md.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import textwrap
from dataclasses import dataclass, field
from typing import Any

import mjsim
from benchmarks.common import machine_info, table_row
from benchmarks.policies import LINEUPS, SAME_POLICY, seat_names
from mjsim.errors import MjsimError
from mjsim.native import PURE_ENV

BUILDS = ("compiled", "pure")


@dataclass
class Config:
    """One worker's configuration: what it plays, and what it is compared with."""

    label: str
    engine: str  # "mjsim" or "riichienv"
    lineup: str  # a line-up name (policies.LINEUPS), custom bot names, or riichienv's policy
    build: str = ""  # mjsim: "compiled" or "pure"
    agents: list[str] = field(default_factory=list)
    peer: str = ""  # the label of the configuration it is compared with (riichienv's, or the unchecked one)
    check: str = ""  # mjsim: "" (unchecked), "sampled" (simulate --check) or "all" (--check-all)


def bench_game(
    lineups: tuple[str, ...] = tuple(LINEUPS),
    builds: tuple[str, ...] = BUILDS,
    blocks: int = 7,
    block_games: int = 2,
    seed: int = 0,
    preset: str = "tenhou",
    peers: bool = True,
    profile: bool = False,
) -> dict[str, Any]:
    """Hands per CPU-second of every line-up under every build, beside riichienv, median over ``blocks`` blocks
    of ``block_games`` games each (the same seeds for every configuration); ``profile`` adds the profile split."""
    if blocks < 1 or block_games < 1:
        raise MjsimError("bench game needs at least one block of at least one game")
    configs = _configs(lineups, builds, preset, peers)
    return measure(configs, preset, seed, blocks, block_games, profile)


def measure(
    configs: list[Config], preset: str, seed: int, blocks: int, block_games: int, profile: bool = False
) -> dict[str, Any]:
    """Start a worker per configuration, play the blocks in rotation, summarise each against its ``peer``."""
    workers, skipped = _start_workers(configs, preset, seed)
    if not workers:
        reasons = "; ".join(f"{label}: {why}" for label, why in skipped.items())
        raise MjsimError(f"bench game: no configuration can run as asked ({reasons})")
    try:
        _play_blocks(workers, blocks, block_games, seed)
        splits = _profiles(workers, block_games, seed) if profile else {}
        memory = {label: worker.request({"rss": 1})["max_rss_mb"] for label, worker in workers.items()}
    finally:
        for worker in workers.values():
            worker.close()
    played = [c for c in configs if c.label in workers]
    summaries = [
        _summary(c, workers[c.label], workers.get(c.peer), memory[c.label], splits.get(c.label)) for c in played
    ]
    return {
        "python": platform.python_version(),
        "machine": machine_info(),
        "preset": preset,
        "seed": seed,
        "blocks": blocks,
        "block_games": block_games,
        "configs": summaries,
        "skipped": skipped,
    }


def _configs(lineups: tuple[str, ...], builds: tuple[str, ...], preset: str, peers: bool) -> list[Config]:
    """The mjsim configurations (every line-up under every build), then riichienv's policies they are compared
    with (when installed and ``peers``)."""
    from benchmarks import peers as bench_peers

    rules = mjsim.RuleSet.resolve(preset).compile()  # an unknown preset or bot fails here, not in a worker
    unknown = [b for b in builds if b not in BUILDS]
    if unknown or not builds:
        raise MjsimError(f"bench game: builds are {', '.join(BUILDS)}; got {', '.join(builds) or 'none'}")
    with_peer = peers and bench_peers.riichienv_version() is not None
    configs: list[Config] = []
    for lineup in lineups:
        agents = _checked_lineup(lineup, rules)
        policy = LINEUPS[lineup][1] if lineup in LINEUPS else "greedy"
        for build in builds:
            peer = f"riichienv {policy}" if with_peer else ""
            configs.append(Config(f"mjsim {lineup} {build}", "mjsim", lineup, build, agents, peer))
    policies = dict.fromkeys(c.peer.split()[-1] for c in configs if c.peer)
    configs += [Config(f"riichienv {policy}", "riichienv", policy) for policy in policies]
    return configs


def _checked_lineup(lineup: str, rules) -> list[str]:
    """The bot names around the table of a line-up, each one checked (an unknown name is its one-line error)."""
    import random

    from benchmarks.policies import GREEDY
    from mjsim.agents import make_agent

    names = seat_names(lineup, rules.flow.setup.seats)
    if not names:
        raise MjsimError(f"bench game: line-up {lineup!r} names no bot")
    for name in dict.fromkeys(names):
        if name != GREEDY:
            make_agent(name, random.Random(0), rules)
    return names


class Worker:
    """A long-lived worker process: one JSON request a line on its stdin, one JSON reply a line on its stdout."""

    def __init__(self, command: list[str], config: dict[str, Any], env: dict[str, str]) -> None:
        """Start it, send its configuration and read its hello (it has played its warm-up game by then)."""
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
        )
        self.blocks: list[dict[str, Any]] = []  # the replies to its "play" requests, block by block
        self.hello = self._exchange(config)

    def request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send one request and wait for its reply."""
        return self._exchange(message)

    def _exchange(self, message: dict[str, Any]) -> dict[str, Any]:
        """One line out, one line back; a worker that died is a RuntimeError with its last line of stderr."""
        assert self.process.stdin is not None and self.process.stdout is not None
        try:
            self.process.stdin.write(json.dumps(message) + "\n")
            self.process.stdin.flush()
            line = self.process.stdout.readline()
        except BrokenPipeError:
            line = ""
        if not line:
            self.process.kill()
            error = (self.process.stderr.read() if self.process.stderr else "").strip().splitlines()
            raise RuntimeError(error[-1] if error else f"exit status {self.process.wait()}")
        return json.loads(line)

    def close(self) -> None:
        """End the worker (closing its stdin ends its loop)."""
        if self.process.stdin:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        for stream in (self.process.stdout, self.process.stderr):
            if stream:
                stream.close()


def _start_workers(configs: list[Config], preset: str, seed: int) -> tuple[dict[str, Worker], dict[str, str]]:
    """A worker per configuration; those that cannot run as asked (no compiled build) are skipped, with why."""
    from mjsim.runner.seeding import game_seed

    workers: dict[str, Worker] = {}
    skipped: dict[str, str] = {}
    warmup = game_seed(seed + 1, 0)
    try:
        for c in configs:
            worker = _start(c, preset, warmup)
            build = worker.hello.get("build", "")
            if c.build == "compiled" and not build.startswith("compiled"):
                worker.close()
                skipped[c.label] = build
                continue
            workers[c.label] = worker
    except RuntimeError as exc:
        for worker in workers.values():
            worker.close()
        raise MjsimError(f"bench game: a worker failed: {exc}") from exc
    return workers, skipped


def _start(c: Config, preset: str, warmup: int) -> Worker:
    """The worker of one configuration, started and warmed up."""
    from benchmarks import peers as bench_peers

    env = dict(os.environ)
    if c.engine == "riichienv":
        command = [sys.executable, "-P", os.path.abspath(bench_peers.__file__)]
        return Worker(command, {"policy": c.lineup, "warmup_seed": warmup}, env)
    env.pop(PURE_ENV, None)
    if c.build == "pure":
        env[PURE_ENV] = "1"
    config = {"preset": preset, "agents": c.agents, "warmup_seed": warmup, "check": c.check}
    return Worker(python_command("from benchmarks.worker import main; main()"), config, env)


def python_command(code: str) -> list[str]:
    """A fresh interpreter importing this very mjsim and these benchmarks (not the working directory's)."""
    modules = (mjsim, sys.modules[__name__])
    roots = [os.path.dirname(os.path.dirname(os.path.abspath(m.__file__ or ""))) for m in modules]
    return [sys.executable, "-P", "-c", f"import sys; sys.path[:0] = {list(dict.fromkeys(roots))!r}; {code}"]


def _play_blocks(workers: dict[str, Worker], blocks: int, block_games: int, seed: int) -> None:
    """Every worker plays every block of seeds, one worker at a time, the order rotating by one each block."""
    from mjsim.runner.seeding import game_seed

    labels = list(workers)
    for block in range(blocks):
        seeds = [game_seed(seed, block * block_games + i) for i in range(block_games)]
        turn = block % len(labels)
        for label in labels[turn:] + labels[:turn]:
            workers[label].blocks.append(workers[label].request({"play": seeds}))


def _profiles(workers: dict[str, Worker], block_games: int, seed: int) -> dict[str, dict[str, Any]]:
    """The profile split of every mjsim worker over the first block's seeds (played again, under cProfile)."""
    from mjsim.runner.seeding import game_seed

    seeds = [game_seed(seed, i) for i in range(block_games)]
    mjsim_workers = {label: w for label, w in workers.items() if w.hello.get("engine") == "mjsim"}
    return {label: worker.request({"profile": seeds}) for label, worker in mjsim_workers.items()}


def spread(values: list[float]) -> dict[str, float]:
    """Median, quartiles and range of a configuration's block rates (or of its paired ratios)."""
    q1, _, q3 = statistics.quantiles(values, n=4, method="inclusive") if len(values) > 1 else [values[0]] * 3
    middle = statistics.median(values)
    figures = {"median": middle, "q1": q1, "q3": q3, "min": min(values), "max": max(values)}
    return {name: round(value, 3) for name, value in figures.items()}


def _rates(blocks: list[dict[str, Any]]) -> list[float]:
    """Hands per CPU-second of each block."""
    return [b["hands"] / b["cpu"] if b["cpu"] > 0 else 0.0 for b in blocks]


def _summary(c: Config, worker: Worker, peer: Worker | None, rss: float, split: Any) -> dict[str, Any]:
    """A configuration's figures: the median rate over the blocks and its spread, totals, peak RSS, and the
    median of its block-by-block ratios to its riichienv peer (both played each block in the same round)."""
    rates = _rates(worker.blocks)
    out: dict[str, Any] = {
        "label": c.label,
        "engine": c.engine,
        "lineup": c.lineup,
        "build": worker.hello.get("build") if c.engine == "mjsim" else worker.hello.get("version"),
        "agents": c.agents,
        "check": c.check,
        "hands": sum(b["hands"] for b in worker.blocks),
        "cpu_seconds": round(sum(b["cpu"] for b in worker.blocks), 3),
        "wall_seconds": round(sum(b["wall"] for b in worker.blocks), 3),
        "hands_per_cpu_second": spread(rates),
        "max_rss_mb": rss,
        "vs": None,
        "profile": split,
    }
    if c.engine == "riichienv":
        from benchmarks.peers import POLICIES

        out["policy"] = POLICIES[c.lineup]
    if peer is not None:
        ratios = [mine / theirs for mine, theirs in zip(rates, _rates(peer.blocks), strict=True) if theirs]
        same = c.lineup in SAME_POLICY and not c.check
        out["vs"] = {"peer": c.peer, "same_policy": same, **spread(ratios or [0.0])}
    return out


def format_game_report(result: dict[str, Any]) -> str:
    """The text table of a :func:`bench_game` result, then the profile split when it was asked for."""
    header = ("configuration", "hands", "CPU s", "hands/CPU-s", "IQR", "min-max", "RSS MB", "vs riichienv [min-max]")
    rows = [header] + [_config_row(c) for c in result["configs"]]
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = [table_row(r, widths) for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.append("")
    lines.append(
        f"{result['preset']} preset, every hook live; {result['blocks']} blocks of {result['block_games']} games "
        f"(seed {result['seed']}), the same seeds for every configuration, one worker each, pinned to one CPU"
    )
    lines.append("rates: hands per CPU-second of the worker process, median over the blocks; ratios: median of the")
    lines.append("  block-by-block ratios to the riichienv worker named ('=' the same policy on both sides)")
    for c in result["configs"]:
        if c["engine"] == "riichienv":
            about = f"riichienv {c['build']} {c['lineup']}: {c['policy']}"
            lines += textwrap.wrap(about, 110, subsequent_indent="  ")
    lines += [f"skipped {label}: {why}" for label, why in result["skipped"].items()]
    if any(c["cpu_seconds"] < 0.9 * c["wall_seconds"] for c in result["configs"]):
        lines.append("CPU time well below wall time for some workers: the machine was busy (CPU-second rates hold)")
    builds = {c["build"] for c in result["configs"] if c["engine"] == "mjsim"}
    lines += [f"mjsim build: {b}" for b in sorted(builds)]
    lines.append(f"python {result['python']} on {result['machine']}")
    profiled = [c for c in result["configs"] if c.get("profile")]
    if profiled:
        lines += ["", *format_profile(profiled)]
    return "\n".join(lines)


def _config_row(c: dict[str, Any]) -> tuple[str, ...]:
    """One configuration's line of the table."""
    rate, vs = c["hands_per_cpu_second"], c["vs"]
    versus = ""
    if vs is not None:
        same = "=" if vs["same_policy"] else " "
        versus = f"{vs['median']:.2f}x{same} [{vs['min']:.2f}-{vs['max']:.2f}] {vs['peer'].split()[-1]}"
    return (
        c["label"],
        f"{c['hands']:,}",
        f"{c['cpu_seconds']:.2f}",
        f"{rate['median']:,.1f}",
        f"{rate['q1']:,.1f}-{rate['q3']:,.1f}",
        f"{rate['min']:,.1f}-{rate['max']:,.1f}",
        f"{c['max_rss_mb']:.1f}",
        versus,
    )


def format_profile(configs: list[dict[str, Any]]) -> list[str]:
    """Share of the profiled time per category (self time, C calls counted for their callers), per configuration."""
    from benchmarks.profile_split import CATEGORIES, OTHER

    names = [c["label"].removeprefix("mjsim ") for c in configs]
    header = ("profile split (cProfile)", *names)
    rows = [header]
    for category in [name for name, _ in CATEGORIES] + [OTHER]:
        rows.append((category, *(f"{100 * c['profile']['share'][category]:.1f}%" for c in configs)))
    rows.append(("Python calls per hand", *(f"{c['profile']['python_calls_per_hand']:,}" for c in configs)))
    rows.append(("C calls per hand", *(f"{c['profile']['c_calls_per_hand']:,}" for c in configs)))
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = [table_row(r, widths) for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.append("(one block's games played again under cProfile; compiled code is seen only as the C calls into it)")
    return lines


def bench_check(
    build: str = "compiled",
    lineup: str = "efficiency",
    blocks: int = 7,
    block_games: int = 2,
    seed: int = 0,
    preset: str = "tenhou",
) -> dict[str, Any]:
    """The cost of ``simulate --check`` and ``--check-all``: the same games unchecked and checked, one worker
    each, interleaved blocks; each checked configuration's ``vs`` is its rate over the unchecked one's."""
    if blocks < 1 or block_games < 1:
        raise MjsimError("bench check needs at least one block of at least one game")
    agents = _checked_lineup(lineup, mjsim.RuleSet.resolve(preset).compile())
    plain = Config(f"mjsim {lineup} {build}", "mjsim", lineup, build, agents)
    configs = [plain] + [
        Config(f"{plain.label} {flag}", "mjsim", lineup, build, agents, plain.label, check)
        for flag, check in (("--check", "sampled"), ("--check-all", "all"))
    ]
    return measure(configs, preset, seed, blocks, block_games)


def format_check_report(result: dict[str, Any]) -> str:
    """Each configuration's rate, and the cost of checking: the unchecked rate over the checked one, per block."""
    lines = []
    for c in result["configs"]:
        rate, vs = c["hands_per_cpu_second"], c["vs"]
        cost = f"  cost {1 / vs['median']:.2f}x [{1 / vs['max']:.2f}-{1 / vs['min']:.2f}]" if vs and vs["min"] else ""
        lines.append(f"{c['label']:<40} {rate['median']:>8.1f} hands/CPU-s [{rate['min']:.1f}-{rate['max']:.1f}]{cost}")
    lines.append(
        f"{result['blocks']} blocks of {result['block_games']} games, the same seeds, one pinned worker each; cost: "
        "median over the blocks of the unchecked rate over the checked one"
    )
    lines += [f"skipped {label}: {why}" for label, why in result["skipped"].items()]
    return "\n".join(lines)
