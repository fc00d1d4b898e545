"""Reading the files a user hands mjsim (experiments, presets, logs, cases) within limits, with one-line errors.

Every reader goes through here so that one place bounds what a file may cost: at most ``MAX_FILE_BYTES``
read, after gunzipping too (a gzip bomb is refused after that much output, never inflated whole), JSON at
most ``MAX_JSON_DEPTH`` levels deep with numbers of at most ``MAX_NUMBER_DIGITS`` digits, and TOML whose
nesting or numbers the parser cannot take reported as a malformed file rather than a traceback.
"""

from __future__ import annotations

import contextlib
import difflib
import gzip
import io
import json
import math
import os
import stat
import tomllib
import zlib
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from mjsim.errors import MjsimError

MAX_FILE_BYTES = 64 * 2**20  # a file (or its gunzipped content) of more is refused: logs and cases are far smaller
MAX_JSON_DEPTH = 64  # tenhou.net/6 logs and case files nest about five levels
MAX_NUMBER_DIGITS = 100  # no score, tile or seed of a log or case file needs more
GZIP_MAGIC = b"\x1f\x8b"
BOM = "\ufeff"


def read_bytes(path: Path | Traversable, what: str, *, limit: int = MAX_FILE_BYTES, gunzip: bool = True) -> bytes:
    """The bytes of ``path`` (gunzipped when ``gunzip`` and they start with the gzip magic), at most ``limit``.

    An unreadable file, broken gzip data or more than ``limit`` bytes is an MjsimError naming ``what``; no
    more than ``limit`` + 1 bytes are ever held, whatever the file inflates to."""
    if isinstance(path, Path):
        check_regular_file(path, what)
    try:
        with path.open("rb") as fh:
            data = fh.read(limit + 1)
    except OSError as exc:
        raise MjsimError(f"{what}: cannot read: {exc.strerror or exc}") from None
    _check_size(what, data, limit, "")
    if gunzip and data[:2] == GZIP_MAGIC:
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as fh:
                data = fh.read(limit + 1)  # decompressed in bounded steps: a bomb stops at the limit
        except (OSError, EOFError, zlib.error) as exc:
            raise MjsimError(f"{what}: broken gzip data ({exc})") from None
        _check_size(what, data, limit, " once gunzipped")
    return data


def write_file(path: Path, data: str | bytes) -> None:
    """Write ``path`` whole or not at all: into a new temporary file beside it, renamed over it when complete.

    Why: a results folder may come from someone else, and a file there that is a symbolic link must not make
    mjsim overwrite its target (the rename replaces the link itself); a full disk leaves the old file, not half
    of a new one. Raises OSError as ``open`` does (callers word it)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
        with os.fdopen(fd, "wb") as fh:
            fh.write(raw)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise


def check_regular_file(path: Path, what: str) -> None:
    """Refuse, naming ``what``, a path that is missing, a folder, or no regular file (a FIFO would block a read
    for ever, ``/dev/zero`` never end): each said as what it is, not as "no such file"."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise MjsimError(f"{what}: no such file or directory") from None
    except OSError as exc:
        raise MjsimError(f"{what}: cannot read: {exc.strerror or exc}") from None
    if stat.S_ISDIR(mode):
        raise MjsimError(f"{what}: a folder, not a file")
    if not stat.S_ISREG(mode):
        kind = "a FIFO (named pipe)" if stat.S_ISFIFO(mode) else "a device or socket"
        raise MjsimError(f"{what}: {kind}, not a regular file; mjsim reads files only")


def _check_size(what: str, data: bytes, limit: int, how: str) -> None:
    if len(data) > limit:
        raise MjsimError(f"{what}: larger than the limit of {limit:,} bytes{how}")


def read_text(path: Path | Traversable, what: str, *, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of ``path`` (at most ``limit`` bytes); an unreadable or non-UTF-8 file is an MjsimError."""
    data = read_bytes(path, what, limit=limit, gunzip=False)
    try:
        return data.decode("utf-8").removeprefix(BOM)  # a UTF-8 byte-order mark (Windows editors) is no content
    except UnicodeDecodeError as exc:
        raise MjsimError(f"{what}: not UTF-8 text (byte {exc.object[exc.start]:#04x} at offset {exc.start})") from None


def load_toml(text: str, what: str) -> dict[str, Any]:
    """Parsed TOML; malformed text, nesting too deep for the parser or an integer too long is one MjsimError."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MjsimError(f"{what}: malformed TOML: {exc}") from None
    except RecursionError:
        raise MjsimError(f"{what}: malformed TOML: nested too deeply") from None
    except ValueError as exc:  # an integer of thousands of digits: Python's int limit
        raise MjsimError(f"{what}: malformed TOML: {str(exc).splitlines()[0]}") from None


def check_keys(where: str, table: str, data: dict[str, Any], known: set[str]) -> None:
    """Refuse a key of ``data`` (the table ``table`` of a file) that is not in ``known``, naming the nearest."""
    for key in sorted(set(data) - known):
        close = difflib.get_close_matches(key, sorted(known), n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise MjsimError(f"{where}: unknown key {table}{key!r}; {hint}known keys: {', '.join(sorted(known))}")


class JsonLimitError(MjsimError):
    """A JSON document beyond the limits (too deep, a number too long, not finite)."""


def load_json(text: str | bytes, what: str) -> Any:
    """Parsed JSON within the limits; malformed JSON raises ``json.JSONDecodeError`` as ``json.loads`` does
    (callers word it), a document beyond the limits a ``JsonLimitError`` naming ``what``."""
    if isinstance(text, bytes) and text.startswith(BOM.encode()):
        text = text[len(BOM.encode()) :]
    elif isinstance(text, str):
        text = text.removeprefix(BOM)
    try:
        if isinstance(text, str) and len(text) <= _SHORT:  # too short to pass the nesting or digit limits
            return _SHORT_DECODER.decode(text)
        data = json.loads(text, parse_int=_bounded_int, parse_float=_finite_float, parse_constant=_no_constant)
    except RecursionError:
        raise JsonLimitError(f"{what}: JSON nested deeper than {MAX_JSON_DEPTH} levels") from None
    except _NumberError as exc:
        raise JsonLimitError(f"{what}: {exc}") from None
    if _depth(data) > MAX_JSON_DEPTH:
        raise JsonLimitError(f"{what}: JSON nested deeper than {MAX_JSON_DEPTH} levels")
    return data


class _NumberError(ValueError):
    """A number of the JSON text beyond the limits (raised inside the parser, worded by load_json)."""


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise _NumberError(f"a JSON number of {len(digits):,} digits (at most {MAX_NUMBER_DIGITS})")
    return int(digits)


def _finite_float(text: str) -> float:
    if len(text) > MAX_NUMBER_DIGITS:
        raise _NumberError(f"a JSON number of {len(text):,} characters (at most {MAX_NUMBER_DIGITS})")
    value = float(text)
    if not math.isfinite(value):
        raise _NumberError(f"the JSON number {text} is out of range")
    return value


def _no_constant(name: str) -> float:
    raise _NumberError(f"{name} is not a JSON number")


def _depth(data: Any) -> int:
    """How deeply lists and objects nest in ``data`` (a scalar: 0), without recursion."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        node, level = stack.pop()
        children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else None
        if children is None:
            continue
        deepest = max(deepest, level)
        if level <= MAX_JSON_DEPTH:  # deeper is refused anyway: no need to walk it
            stack.extend((child, level + 1) for child in children)
    return deepest


_SHORT = min(MAX_JSON_DEPTH, MAX_NUMBER_DIGITS)
"""A JSON text of at most this many characters cannot nest too deep or hold too long a number."""
_SHORT_DECODER = json.JSONDecoder(parse_float=_finite_float, parse_constant=_no_constant)
"""What ``load_json`` parses a short text with: made once, the same refusals of numbers that are not finite."""
