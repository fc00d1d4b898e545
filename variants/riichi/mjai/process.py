"""An mjai bot's process: one JSON line per event out, one line per event back, within a deadline.

The bot runs in a process group of its own, so that closing it (at the end of a game, on Ctrl-C, on an
error) ends whatever it started too; on Linux it also dies with mjsim (``PR_SET_PDEATHSIG``).
"""

from __future__ import annotations

import ctypes
import os
import selectors
import shlex
import signal
import subprocess
import sys
import tempfile
import time

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

    def send(self, data: bytes) -> None:
        """Write protocol lines (one JSON event each) in one write."""
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise BotFailure(self._death()) from None

    def read_lines(self, count: int, timeout: float) -> list[bytes]:
        """The next ``count`` lines the bot writes, waiting at most ``timeout`` seconds for each batch of them.

        Fewer come back when the bot stops answering (the caller reads once more to learn why: ``read_line``).
        """
        lines: list[bytes] = []
        while len(lines) < count and self._fill(timeout):
            want = count - len(lines)
            parts = self.buffer.split(b"\n", want)
            done = parts[:want] if len(parts) > want else parts[:-1]
            lines += done
            self.buffer = parts[len(done)] if len(parts) > len(done) else b""
        return lines

    def read_line(self, timeout: float) -> str:
        """The next line the bot writes, waiting at most ``timeout`` seconds."""
        self._fill(timeout, strict=True)
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("utf-8", "replace").strip()

    def _fill(self, timeout: float, strict: bool = False) -> bool:
        """Read until the buffer holds a whole line (``strict``: else raise why not); False when none comes."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                if strict:
                    raise BotFailure(f"no answer within {timeout:g} s")
                return False
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                if strict:
                    raise BotFailure(self._death())
                return False
            self.buffer += chunk
            if len(self.buffer) > _LINE_LIMIT and b"\n" not in self.buffer:
                raise BotFailure(f"a line of more than {_LINE_LIMIT} bytes")
        return True

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


_SHARED: dict[tuple[int, str], list] = {}  # (id(game), command) -> [process, seats using it]


def shared_process(game, command: str) -> BotProcess:
    """The one process that plays every ``seats=shared`` seat of ``command`` at this game's table."""
    key = (id(game), command)
    entry = _SHARED.get(key)
    if entry is None:
        entry = _SHARED[key] = [BotProcess(command), 0]
    entry[1] += 1
    return entry[0]


def release_process(game, proc: BotProcess) -> bool:
    """A seat leaves a shared process: True when it was the last (the caller then closes it)."""
    key = (id(game), proc.command)
    entry = _SHARED.get(key)
    if entry is None or entry[0] is not proc:
        return True
    entry[1] -= 1
    if entry[1] > 0:
        return False
    del _SHARED[key]
    return True
