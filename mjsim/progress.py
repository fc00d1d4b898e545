"""Progress of a long command on stderr: a live tqdm bar on a terminal, a periodic one-line log elsewhere.

Off a terminal (``make run`` piped, CI logs) a line such as
``progress: tenhou: 120/400 games, 35.2 games/s, ETA 8 s`` is written every ``MJSIM_PROGRESS_EVERY``
seconds (default 10), and one final line when the work ends. ``--quiet`` (``set_quiet``) turns both off.
Nothing is ever written to stdout, so ``--json`` output stays clean.
"""

from __future__ import annotations

import math
import os
import sys
import time
from typing import TextIO

from mjsim.errors import MjsimError

DEFAULT_EVERY = 10.0  # seconds between two log lines off a terminal
EVERY_VARIABLE = "MJSIM_PROGRESS_EVERY"
_quiet = False


def set_quiet(quiet: bool) -> None:
    """Turn every progress display of this process off (``--quiet``) or back on."""
    global _quiet
    _quiet = quiet


def is_quiet() -> bool:
    """Whether progress displays are off in this process (to restore the setting after a quiet call)."""
    return _quiet


def log_every() -> float:
    """Seconds between two progress lines off a terminal: ``MJSIM_PROGRESS_EVERY``, or 10."""
    text = os.environ.get(EVERY_VARIABLE, "").strip()
    if not text:
        return DEFAULT_EVERY
    try:
        every = float(text)
    except ValueError:
        every = math.nan
    if not (math.isfinite(every) and every >= 0):
        raise MjsimError(f"{EVERY_VARIABLE} must be a number of seconds (0 or more), got {text!r}")
    return every


class Progress:
    """Counts finished work (games, examples, logs) towards a total and shows it on stderr, as fits the stream."""

    def __init__(
        self,
        total: int,
        done: int = 0,
        *,
        label: str = "",
        unit: str = "games",
        stream: TextIO | None = None,
        quiet: bool | None = None,
        every: float | None = None,
    ) -> None:
        """Start counting at ``done`` of ``total``; ``quiet`` and ``every`` default to the process's settings."""
        self.total, self.done, self.first = total, done, done
        self.label, self.unit = label, unit
        self.stream = stream or sys.stderr
        self.quiet = _quiet if quiet is None else quiet
        self.every = log_every() if every is None else every
        self.start = self._last_line = time.monotonic()
        self._bar = None
        self._closed = False
        if not self.quiet and _is_terminal(self.stream):
            self._bar = _tqdm_bar(self)

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, error: type[BaseException] | None, *_rest: object) -> None:
        self.close(finished=error is None)

    def advance(self, count: int = 1) -> None:
        """Record ``count`` more finished units and redraw the bar, or log a line when ``every`` seconds passed."""
        self.done += count
        if self.quiet:
            return
        if self._bar is not None:
            self._bar.update(count)
            return
        now = time.monotonic()
        if now - self._last_line >= self.every and self.done < self.total:
            self._last_line = now
            self._write(self.line(now))

    def line(self, now: float | None = None) -> str:
        """The periodic log line: done/total, rate and time left."""
        rate = self.rate(now)
        eta = (self.total - self.done) / rate if rate > 0 else math.inf
        eta_text = f"{eta:.0f} s" if math.isfinite(eta) else "?"
        return f"progress: {self.label}{self.done}/{self.total} {self.unit}, {rate:.1f} {self.unit}/s, ETA {eta_text}"

    def final_line(self, now: float | None = None) -> str:
        """The last log line: how much was done, in how long."""
        elapsed = (now or time.monotonic()) - self.start
        return (
            f"progress: {self.label}{self.done}/{self.total} {self.unit} in {elapsed:.1f} s, "
            f"{self.rate(now):.1f} {self.unit}/s"
        )

    def rate(self, now: float | None = None) -> float:
        """Units finished per second since this display started (earlier work, e.g. a resumed store, excluded)."""
        elapsed = max((now or time.monotonic()) - self.start, 1e-9)
        return (self.done - self.first) / elapsed

    def close(self, finished: bool = True) -> None:
        """End the display: close the bar, or write the final log line (once, and only when the work ``finished``:
        an error or an interrupt says so in its own one line)."""
        if self._closed:
            return
        self._closed = True
        if self._bar is not None:
            self._bar.close()
        elif finished and not self.quiet:
            self._write(self.final_line())

    def _write(self, text: str) -> None:
        self.stream.write(text + "\n")
        self.stream.flush()


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream is no terminal
        return False


def _tqdm_bar(progress: Progress):
    """The live bar of a terminal."""
    from tqdm import tqdm

    return tqdm(
        total=progress.total,
        initial=progress.done,
        desc=progress.label.rstrip(": ") or None,
        unit=progress.unit.rstrip("s") or progress.unit,
        file=progress.stream,
        dynamic_ncols=True,
        leave=True,
        mininterval=0.1,
    )
