"""Ctrl-C and SIGTERM stop a command the same way: as a KeyboardInterrupt that knows its exit status."""

from __future__ import annotations

import signal
import threading


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread like Ctrl-C so that the same cleanup runs (workers stopped, shards kept)."""


def handle_sigterm() -> None:
    """Make SIGTERM raise ``Terminated`` in the main thread (only the main thread may set a handler)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _raise_terminated)


def _raise_terminated(signum: int, _frame: object) -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second SIGTERM must not break the cleanup of the first
    raise Terminated()


def exit_status(interrupt: KeyboardInterrupt) -> int:
    """128 + the signal number, as a shell reports a process stopped by it: 143 for SIGTERM, 130 for Ctrl-C."""
    return 128 + int(signal.SIGTERM if isinstance(interrupt, Terminated) else signal.SIGINT)
