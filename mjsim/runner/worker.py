"""What a worker does with a shard: play its games and return plain records."""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
import time
from typing import Any

from mjsim.runner.games import as_dict, play_game
from mjsim.runner.spec import RunSpec

log = logging.getLogger("mjsim.runner")
PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
WATCH_EVERY = 1.0  # seconds between two looks at the parent, where the kernel cannot tell the worker


def tie_to_parent(parent: int) -> None:
    """Pool initializer: this worker dies with the process ``parent`` that started it, and leaves signals to it.

    Ctrl-C reaches the whole process group: the parent handles it (and terminates its workers), so a worker
    ignores SIGINT rather than print a traceback of its own; SIGTERM gets its default action back (a forked
    worker inherits the parent's handler).
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if not _death_signal():
        threading.Thread(target=watch_parent, args=(parent,), name="mjsim-parent-watch", daemon=True).start()
    if os.getppid() != parent:  # the parent died before the tie was made
        os._exit(1)


def _death_signal() -> bool:
    """Ask Linux to SIGKILL this process when its parent dies (prctl PR_SET_PDEATHSIG); False where it cannot."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes  # only in a worker: importing it costs every mjsim start-up 10 ms

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def watch_parent(parent: int, every: float = WATCH_EVERY) -> None:
    """The portable fallback: end this process as soon as its parent is no longer ``parent`` (it died)."""
    while os.getppid() == parent:
        time.sleep(every)
    os._exit(1)


def play_shard(spec: RunSpec, indices: list[int]) -> list[dict[str, Any]]:
    """Play the games of one shard; each game's seed comes from (root seed, game index) only."""
    rules = spec.rules()
    records = []
    for index in indices:
        seed, agents, rotation = spec.game(index)
        record = as_dict(play_game(rules, seed, agents, index))
        record["rotation"] = rotation
        records.append(record)
    log.debug("shard %s-%s done", indices[0], indices[-1])
    return records
