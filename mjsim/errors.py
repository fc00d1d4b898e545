"""The one error type that user input can raise, so the CLI can report it in one line."""

from __future__ import annotations


class MjsimError(ValueError):
    """A problem with user input (tiles, options, files): the message says what and where."""


class NotationError(MjsimError):
    """A tile string that cannot be read."""


def unexpected_error(exc: BaseException) -> str:
    """One line for an exception that is no MjsimError (a variant's hook that raised, a full disk, a bug): what
    it is and the innermost frame of the code that raised it, which ``MJSIM_TRACEBACK=1`` shows whole."""
    import traceback

    if isinstance(exc, OSError) and exc.strerror:  # a full disk, a vanished folder: the file and the reason
        where = f"{exc.filename}: " if exc.filename else ""
        return f"{where}{exc.strerror}"
    if isinstance(exc, RecursionError):
        what = "the input nests or chains too deeply (RecursionError)"
    elif isinstance(exc, MemoryError):
        what = "out of memory (MemoryError)"
    else:
        text = " ".join(str(exc).split())
        what = f"{type(exc).__name__}: {text[:300]}" if text else type(exc).__name__
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if not _library(f.filename)]
    place = f" (raised in {frames[-1].name}, {frames[-1].filename}:{frames[-1].lineno})" if frames else ""
    return f"{what}{place}; MJSIM_TRACEBACK=1 shows the traceback"


def _library(filename: str) -> bool:
    """Whether a frame's file is the standard library's or a library's mjsim builds on (click, pluggy)."""
    import sysconfig

    if filename.startswith("<"):
        return True
    libraries = (sysconfig.get_paths()["stdlib"], *(f"/{name}/" for name in ("click", "pluggy")))
    return filename.startswith(libraries[0]) or any(part in filename for part in libraries[1:])
