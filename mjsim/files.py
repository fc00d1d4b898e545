"""Reading the text files a user hands mjsim (experiments, presets), with one-line errors instead of tracebacks."""

from __future__ import annotations

from importlib.resources.abc import Traversable
from pathlib import Path

from mjsim.errors import MjsimError


def read_text(path: Path | Traversable, what: str) -> str:
    """The UTF-8 text of ``path``; an unreadable or non-UTF-8 file is an MjsimError naming ``what`` and why."""
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise MjsimError(f"{what}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise MjsimError(f"{what}: not UTF-8 text (byte {exc.object[exc.start]:#04x} at offset {exc.start})") from None
