"""mjsim's side of ``mjsim bench game``: one long-lived worker process per configuration, pinned to one CPU.

The parent starts it as ``python -P -c ...`` (with ``MJSIM_PURE_PYTHON=1`` for a pure worker; the other
variables, ``MJSIM_NATIVE_DIR`` among them, are inherited), sends the configuration as the first stdin line,
and then blocks of game seeds (``benchmarks.peers.serve``).  The worker plays one untimed warm-up game first.
"""

from __future__ import annotations

import json
import sys
from typing import Any


def player(config: dict[str, Any]):
    """``play(seed) -> hands``: one whole game of ``config``'s preset and line-up, every hook live."""
    from benchmarks.policies import seat_agent_for
    from mjsim.checking.invariants import OBSERVE_SHARE
    from mjsim.rules import RuleSet
    from mjsim.runner.games import play_game

    rules = RuleSet.resolve(config["preset"]).compile()
    names = config["agents"]
    seat_agent = seat_agent_for(names, rules)
    check = config.get("check", "")
    share = 1.0 if check == "all" else OBSERVE_SHARE

    def play(seed: int) -> int:
        """The hands of one game (checked as ``simulate --check`` or ``--check-all`` checks, when asked)."""
        record = play_game(rules, seed, names, check=bool(check), seat_agent=seat_agent, observe_share=share)
        if record.violations:
            raise RuntimeError(f"game {seed} broke an invariant: {record.violations[0]}")
        return len(record.hands)

    return play


def main() -> None:
    """Worker entry point: the configuration on the first stdin line, then requests until stdin closes."""
    from benchmarks.peers import pin_one_core, serve
    from benchmarks.profile_split import profile_split
    from mjsim.native import build_status

    config = json.loads(sys.stdin.readline())
    pin_one_core()
    play = player(config)
    play(config["warmup_seed"])  # untimed: builds the tables and fills the caches

    def profile(seeds: list[int]) -> dict[str, Any]:
        """The profile split of playing ``seeds``."""
        return profile_split(lambda: sum(play(seed) for seed in seeds))

    serve({"engine": "mjsim", "build": build_status()}, play, profile)
