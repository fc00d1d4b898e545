"""A live progress line on a terminal (games done, games/s, ETA); silent otherwise."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """Counts finished games and redraws one line on stderr when it is a terminal."""

    def __init__(self, total: int, done: int = 0, stream: TextIO | None = None, label: str = "") -> None:
        self.total, self.done, self.label = total, done, label
        self.stream = stream or sys.stderr
        self.live = self.stream.isatty()
        self.start, self.first = time.perf_counter(), done
        self._last = 0.0

    def advance(self, games: int) -> None:
        """Record finished games and redraw at most ten times a second."""
        self.done += games
        now = time.perf_counter()
        if self.live and (now - self._last > 0.1 or self.done >= self.total):
            self._last = now
            self.stream.write("\r" + self.line(now))
            self.stream.flush()

    def line(self, now: float | None = None) -> str:
        """The progress text."""
        elapsed = max((now or time.perf_counter()) - self.start, 1e-9)
        rate = (self.done - self.first) / elapsed
        eta = (self.total - self.done) / rate if rate > 0 else float("inf")
        eta_text = f"{eta:5.0f}s" if eta != float("inf") else "    ?"
        return f"{self.label}{self.done}/{self.total} games  {rate:6.1f} games/s  ETA {eta_text}"

    def close(self) -> None:
        """End the line."""
        if self.live:
            self.stream.write("\n")
            self.stream.flush()
