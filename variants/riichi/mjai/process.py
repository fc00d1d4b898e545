"""An mjai bot's process: one JSON line per event out, one line per event back, within a deadline.

The bot runs in a process group of its own, so that closing it (at the end of a game, on Ctrl-C, on an
error) ends whatever it started too; on Linux it also dies with mjsim (``PR_SET_PDEATHSIG``).
"""

from __future__ import annotations

import ctypes
import json
import os
import selectors
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from typing import Any

from mjsim.errors import MjsimError

_LINE_LIMIT = 1 << 20  # a longer answer is garbage, not an action


class BotFailure(MjsimError):
    """The bot sent what is no answer (garbage, nothing in time, an exit); the seat words the one-line error."""


class BotProcess:
    """A running bot: write events, read answers line by line with a timeout, close its whole process group."""

    def __init__(self, command: str) -> None:
        argv = shlex.split(command)
        if not argv:
            raise MjsimError("mjai: the agent needs a command (mjai:python examples/mjai_bot.py)")
        self.command = command
        self.stderr = tempfile.TemporaryFile()
        try:
            self.proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self.stderr,
                start_new_session=True,  # its own process group: closing it ends its children too
                preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
            )
        except OSError as exc:
            self.stderr.close()
            raise MjsimError(f"mjai bot {command!r} cannot start: {exc.strerror or exc}") from None
        self.buffer = b""
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.proc.stdout, selectors.EVENT_READ)

    def send(self, events: list[dict[str, Any]]) -> None:
        """Write the events, one JSON line each, in one write."""
        data = "".join(json.dumps(e, separators=(",", ":")) + "\n" for e in events).encode()
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise BotFailure(self._death()) from None

    def read_line(self, timeout: float) -> str:
        """The next line the bot writes, waiting at most ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                raise BotFailure(f"no answer within {timeout:g} s")
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                raise BotFailure(self._death())
            self.buffer += chunk
            if len(self.buffer) > _LINE_LIMIT:
                raise BotFailure(f"a line of more than {_LINE_LIMIT} bytes")
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("utf-8", "replace").strip()

    def _death(self) -> str:
        """Why the bot stopped answering: its exit status and the last line it wrote on stderr."""
        try:
            status = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return "closed its output"
        self.stderr.seek(0)
        lines = self.stderr.read()[-2000:].decode("utf-8", "replace").strip().splitlines()
        said = f" (its last words: {lines[-1].strip()[:200]!r})" if lines else ""
        return f"exited with status {status}{said}"

    def close(self, grace: float = 1.0) -> None:
        """End the bot: close its input, give it ``grace`` seconds, then kill its process group."""
        if self.proc.stdin and not self.proc.stdin.closed:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
        try:
            self.proc.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)  # the group outlives its leader: end what the bot started
        except (ProcessLookupError, PermissionError):
            pass
        self.proc.wait()
        self.selector.close()
        self.proc.stdout.close()
        self.stderr.close()


def _die_with_parent() -> None:
    """In the child before exec: get SIGKILL when mjsim dies (no orphan even after a hard kill)."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
