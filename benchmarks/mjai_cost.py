"""Cost of mjai seats: hands/s of four mjai seats (the example bot) vs four in-process efficiency bots, in one run.

Three line-ups: four seats with a process each (``mjai``), four seats sharing one process (``mjai_shared``,
``seats=shared``) and four in-process efficiency bots.

``python -m benchmarks.mjai_cost --games 6 --seed 5``: game ``i`` is played by each line-up in turn (the same
seed), so load from other processes falls on both alike, after one untimed game of each (mjsim's imports and
tables are loaded once per process). CPU time counts mjsim's and the bot processes' (``RUSAGE_CHILDREN``: they
are waited for at the end of every game); wall time is printed beside it.
"""

from __future__ import annotations

import argparse
import json
import resource
import shlex
import sys
import time
from collections import Counter
from pathlib import Path

from mjsim.rules import RuleSet
from mjsim.runner.games import play_game
from mjsim.runner.seeding import game_seed

BOT = Path(__file__).resolve().parent.parent / "examples" / "mjai_bot.py"


def lineups(command: str) -> dict[str, list[str]]:
    """The line-ups: four mjai seats running ``command`` (a process each, one shared), four efficiency bots."""
    return {
        "mjai": [f"mjai:{command}"] * 4,
        "mjai_shared": [f"mjai:seats=shared {command}"] * 4,
        "efficiency": ["efficiency"] * 4,
    }


def _cpu() -> float:
    """CPU seconds of this process and of its finished children."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def interleaved(rules, games: int, seed: int, command: str) -> dict[str, dict[str, float]]:
    """Hands, CPU and wall seconds, hands/s per line-up, the line-ups alternating on each game's seed."""
    hands, cpu, wall = Counter(), Counter(), Counter()
    for agents in lineups(command).values():  # untimed: one-time costs (imports, tables) fall on no line-up
        play_game(rules, game_seed(seed, games), agents, games)
    for i in range(games):
        for name, agents in lineups(command).items():
            c0, w0 = _cpu(), time.perf_counter()
            record = play_game(rules, game_seed(seed, i), agents, i)
            cpu[name] += _cpu() - c0
            wall[name] += time.perf_counter() - w0
            hands[name] += len(record.hands)
    return {
        name: {"hands": hands[name], "cpu_seconds": round(cpu[name], 2), "wall_seconds": round(wall[name], 2),
               "hands_per_cpu_second": round(hands[name] / max(cpu[name], 1e-9), 1)}
        for name in hands
    }  # fmt: skip


def main() -> None:
    """Command line: both line-ups' rates and the cost ratio (JSON)."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--preset", default="tenhou")
    ap.add_argument("--command", default=shlex.join([sys.executable, str(BOT)]), help="the mjai bot to seat")
    args = ap.parse_args()
    rules = RuleSet.resolve(args.preset, {}, ()).compile()
    got = interleaved(rules, args.games, args.seed, args.command)
    per_hand = {name: got[name]["cpu_seconds"] / max(got[name]["hands"], 1) for name in got}
    ratios = {}
    for name in ("mjai", "mjai_shared"):
        ratios[f"cpu_per_hand_{name}_over_efficiency"] = round(per_hand[name] / max(per_hand["efficiency"], 1e-9), 2)
        ratios[f"wall_{name}_over_efficiency"] = round(got[name]["wall_seconds"] / got["efficiency"]["wall_seconds"], 2)
    print(json.dumps({**got, **ratios}))


if __name__ == "__main__":
    main()
