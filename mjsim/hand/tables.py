"""Per-suit lookup tables: how many tiles a suit lacks to hold m sets and p pairs.

For every count vector ``h`` of one suit (9 ranks, or 7 honours without
sequences) the table stores ``need(h, m, p)``: the fewest tiles that must be
added to ``h`` so that it contains ``m`` sets and ``p`` pairs (p = 0 or 1),
never using more than four copies of a tile.  A whole hand then needs
``min sum need`` over the ways of spreading the sets and the pair across its
suits, and its shanten is that number minus one.

The tables are dense byte arrays indexed by a suit's counts read as a base-5
number (rank 1 the most significant digit), so a query is a few array reads
and no hashing, and a worker holds about 8 MB of them instead of dictionaries
of a million keys.  They are built once with a vectorised dynamic programme
over ranks and cached on disk as one plain binary file (a header, the arrays'
bytes and a sha256 digest of them): a file that is missing, truncated, crafted
or stale is rebuilt (with a warning on the log), never run.  The digest a file
must have is this module's (:data:`BUILT_SHA256`, the build being deterministic),
not the one the file carries: a forged file with a digest of its own is rebuilt.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import logging
import os
import sys
from array import array
from dataclasses import dataclass
from pathlib import Path

#: Entries are clipped here: a hand never needs more than 9 tiles to win at 4
#: sets (10 at 5 sets), so larger values cannot change a minimum that matters.
CLIP = 12
#: The row id of a suit holding more tiles than a hand of the tables' size can (never a real row).
NO_ROW = 0xFFFF
_INVALID = -100
_FORMAT_VERSION = 5  # 5: one binary file of dense arrays (4 was an .npz of key lists, 3 a pickle; neither read)
_MAGIC = b"mjsim-suit-tables\n"
_ID_ARRAYS = ("suit", "honor", "combine")  # row ids, two bytes each (the five-set tables have 328 rows)
log = logging.getLogger("mjsim.api.table")
BUILT_SHA256 = {
    4: "7fc5566c46b5231effe6f85952864d8d0051a42029e278030375c253dd90c73b",
    5: "225c31dff5e56753c21f5eb5b9660633aa0fe6e83c7464ced57713f38b7f737b",
}
"""The digest (``_header``'s sha256) of the tables ``_build`` makes, by number of sets: the build is
deterministic, so a cache file is used only when its content hashes to this (tests/unit/test_tables_cache.py
rebuilds and checks it). Tables of another size are built and never cached."""


@dataclass(frozen=True)
class SuitTables:
    """Lookup tables for hands of ``max_sets`` sets and a pair, as dense arrays.

    ``suit[i]`` / ``honor[i]`` is the row id of the suit whose counts read in base 5 are ``i``
    (:data:`NO_ROW` where the suit holds more than ``3 * max_sets + 2`` tiles).  Row ``r``'s need
    values are ``rows[r * cols + m * 2 + p]``; rows of single suits and of suits already combined
    share one id space, and ``combine[a * n + b]`` is the row id of rows ``a`` and ``b`` taken
    together (the best way to spread sets and the pair over both).
    """

    max_sets: int
    n: int  # number of row ids (a plain field: hot paths read it on every query)
    cols: int  # need values per row: 2 * (max_sets + 1)
    suit: array
    honor: array
    rows: bytes
    combine: list[int]  # a list, not an array: the kernel reads it once per draw (a list read is the cheapest)


def suit_index(counts: bytes | list[int], lo: int, hi: int) -> int:
    """The counts ``counts[lo:hi]`` of one suit read as a base-5 number (the tables' index)."""
    index = 0
    for i in range(lo, hi):
        index = index * 5 + counts[i]
    return index


# --- building -------------------------------------------------------------------------------------------


def _states(max_sets: int) -> list[tuple[int, int, int, int]]:
    """DP states (open sequences from two ranks back, from one rank back, sets, pairs)."""
    return [(a, b, m, p) for m in range(max_sets + 1) for a in range(m + 1) for b in range(m + 1 - a) for p in (0, 1)]


def _choices(max_sets: int, sequences: bool):
    """Per-rank placements: (new sequences, triplets, pair)."""
    seq_range = range(max_sets + 1) if sequences else range(1)
    return [
        (s, t, q)
        for s in seq_range
        for t in range(2)  # two triplets of one kind would need six copies
        for q in range(2)
        if s + t <= max_sets
    ]


def _overlap_table(ranks: int, max_sets: int, sequences: bool):
    """Best overlap |target ∧ h| for every count vector, shape (5**ranks, max_sets+1, 2)."""
    import numpy as np  # only to build: loading the tables needs no NumPy

    states = _states(max_sets)
    index = {st: i for i, st in enumerate(states)}
    choices = _choices(max_sets, sequences)
    gains = np.minimum(np.arange(5)[None, :], np.arange(13)[:, None])  # [cap, h]
    layer = np.full((1, len(states)), _INVALID, dtype=np.int16)
    layer[0, index[(0, 0, 0, 0)]] = 0
    for rank in range(ranks):
        can_start = sequences and rank <= ranks - 3
        nxt = np.full((layer.shape[0], 5, len(states)), _INVALID, dtype=np.int16)
        for (a, b, m, p), si in index.items():
            column = layer[:, si]
            if not (column > _INVALID).any():
                continue
            for s, t, q in choices:
                if (s and not can_start) or m + s + t > max_sets or p + q > 1:
                    continue
                cap = a + b + s + 3 * t + 2 * q
                if cap > 4:
                    continue
                ti = index[(b, s, m + s + t, p + q)]
                cand = column[:, None] + gains[cap][None, :]
                np.maximum(nxt[:, :, ti], cand, out=nxt[:, :, ti])
        layer = nxt.reshape(-1, len(states))
    out = np.full((layer.shape[0], max_sets + 1, 2), _INVALID, dtype=np.int16)
    for m in range(max_sets + 1):
        for p in (0, 1):
            out[:, m, p] = layer[:, index[(0, 0, m, p)]]
    return out


def _need_table(ranks: int, max_sets: int, sequences: bool):
    """need(h, m, p) = 3m + 2p - overlap, clipped to CLIP; shape (5**ranks, max_sets+1, 2)."""
    import numpy as np

    overlap = _overlap_table(ranks, max_sets, sequences)
    size = 3 * np.arange(max_sets + 1)[:, None] + 2 * np.arange(2)[None, :]
    need = np.where(overlap > _INVALID, size[None] - overlap, CLIP)
    return np.minimum(need, CLIP).astype(np.int8)


def _combine(a: tuple[int, ...], b: tuple[int, ...], max_sets: int) -> tuple[int, ...]:
    """Min-plus convolution of two rows over (sets, pairs)."""
    out = []
    for m in range(max_sets + 1):
        for p in (0, 1):
            best = min(a[i * 2 + pa] + b[(m - i) * 2 + p - pa] for i in range(m + 1) for pa in range(p + 1))
            out.append(min(best, CLIP))
    return tuple(out)


def _close_under_combine(rows: dict[tuple[int, ...], int], max_sets: int) -> list[int]:
    """Add every combined row to ``rows`` until closed; return the flat combine table."""
    done = 0
    while done != len(rows):
        done = len(rows)
        keys = list(rows)
        for a, b in itertools.product(keys, keys):
            rows.setdefault(_combine(a, b, max_sets), len(rows))
    keys = list(rows)
    return [rows[_combine(a, b, max_sets)] for a in keys for b in keys]


def _build(max_sets: int) -> SuitTables:
    """Build the tables for hands of ``max_sets`` sets and a pair."""
    max_tiles = 3 * max_sets + 2
    rows: dict[tuple[int, ...], int] = {}
    dense = []
    for ranks, sequences in ((9, True), (7, False)):
        need = _need_table(ranks, max_sets, sequences).reshape(5**ranks, -1).tolist()
        ids = array("H", [NO_ROW]) * 5**ranks
        # Row ids in the order of the suits' counts (itertools.product is base-5 order): a fixed numbering.
        for index, counts in enumerate(itertools.product(range(5), repeat=ranks)):
            if sum(counts) <= max_tiles:
                ids[index] = rows.setdefault(tuple(need[index]), len(rows))
        dense.append(ids)
    combine = _close_under_combine(rows, max_sets)
    flat = bytes(v for row in rows for v in row)
    return SuitTables(max_sets, len(rows), 2 * (max_sets + 1), dense[0], dense[1], flat, combine)


# --- the disk cache -------------------------------------------------------------------------------------


def _cache_path(max_sets: int) -> Path:
    """Where the built tables are kept between runs (override with MJSIM_CACHE_DIR)."""
    root = os.environ.get("MJSIM_CACHE_DIR") or Path.home() / ".cache" / "mjsim"
    return Path(root) / f"suit_tables_v{_FORMAT_VERSION}_{max_sets}.bin"


LOADED: dict[int, SuitTables] = {}
"""Tables already loaded in this process, by number of sets (read on hot paths)."""


def suit_tables(max_sets: int = 4) -> SuitTables:
    """The tables for hands of ``max_sets`` sets, built once and cached on disk."""
    if max_sets in LOADED:
        return LOADED[max_sets]
    LOADED[max_sets] = tables = _load_or_build(max_sets)
    return tables


def _load_or_build(max_sets: int) -> SuitTables:
    """Read the tables from the disk cache, or build and store them (an unusable cache is rebuilt)."""
    if max_sets not in BUILT_SHA256:  # no digest to hold a file to: nothing read from disk
        return _build(max_sets)
    path = _cache_path(max_sets)
    if path.is_file():
        try:
            return _load(path, max_sets)
        except Exception as exc:  # noqa: BLE001 - any bad cache file only costs a rebuild
            log.warning("table cache %s is unusable (%s: %s); rebuilding it", path, type(exc).__name__, exc)
    # Said on stderr (never stdout, which may be JSON): a first run otherwise sits silent for these seconds.
    print(
        f"mjsim: building the hand lookup tables ({max_sets} sets) once, a few seconds; cached in {path}",
        file=sys.stderr,
    )
    tables = _build(max_sets)
    _save(path, tables)
    return tables


_UNWRITABLE: set[Path] = set()  # cache folders already warned about (one warning per process and folder)


def _little_endian(ids: array) -> bytes:
    """An id array's bytes in the file's byte order (little-endian on every machine)."""
    if sys.byteorder == "little":
        return ids.tobytes()
    swapped = array("H", ids)
    swapped.byteswap()
    return swapped.tobytes()


def _payload(tables: SuitTables) -> dict[str, bytes]:
    """The tables' arrays as the bytes the cache file holds, by name."""
    out = {name: _little_endian(array("H", getattr(tables, name))) for name in _ID_ARRAYS}
    out["rows"] = tables.rows
    return out


def _header(tables: SuitTables, payload: dict[str, bytes] | dict[str, memoryview]) -> dict:
    """The cache file's header: format, sizes, each array's length and a sha256 of all their bytes."""
    digest = hashlib.sha256(f"{_FORMAT_VERSION}:{tables.max_sets}:{tables.n}:{tables.cols}".encode())
    for name in sorted(payload):
        digest.update(f"|{name}:{len(payload[name])}|".encode())
        digest.update(payload[name])  # a buffer may be a view of the file read: hashed where it lies, not copied
    sizes = {name: len(data) for name, data in payload.items()}
    return {
        "format": _FORMAT_VERSION,
        "max_sets": tables.max_sets,
        "n": tables.n,
        "cols": tables.cols,
        "sizes": sizes,
        "sha256": digest.hexdigest(),
    }


def _save(path: Path, tables: SuitTables) -> None:
    """Write the cache atomically (a temporary file renamed over it); a read-only home only costs a rebuild."""
    payload = _payload(tables)
    head = json.dumps(_header(tables, payload), sort_keys=True).encode()
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tmp.open("wb") as fh:
            fh.write(_MAGIC + head + b"\n")
            for name in sorted(payload):
                fh.write(payload[name])
        tmp.replace(path)
    except OSError as exc:  # a read-only home: the tables are rebuilt at every start, which the user should know
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)  # a full disk leaves no partial file behind
        if path.parent not in _UNWRITABLE:
            _UNWRITABLE.add(path.parent)
            log.warning(
                "cannot write the table cache in %s (%s): every start rebuilds the tables (about 20 s); "
                "set MJSIM_CACHE_DIR to a writable folder",
                path.parent,
                exc.strerror or exc,
            )


def _load(path: Path, max_sets: int) -> SuitTables:
    """The tables of a cache file, checked: magic, format, number of sets, sizes and digest (ValueError otherwise)."""
    raw = path.read_bytes()
    if not raw.startswith(_MAGIC):
        raise ValueError("not a table cache file")
    end = raw.index(b"\n", len(_MAGIC))
    meta = json.loads(raw[len(_MAGIC) : end])
    data = memoryview(raw)  # the arrays are sliced out without copies: the file is 4 MB, read at every start-up
    if not isinstance(meta, dict) or meta.get("format") != _FORMAT_VERSION or meta.get("max_sets") != max_sets:
        raise ValueError(f"stale format or size {meta!r}")
    payload, at = {}, end + 1
    for name in sorted(meta["sizes"]):
        payload[name] = data[at : at + meta["sizes"][name]]
        at += meta["sizes"][name]
    if at != len(data) or set(payload) != {*_ID_ARRAYS, "rows"}:
        raise ValueError("arrays of the wrong size")
    ids = {name: _ids_of(payload[name]) for name in _ID_ARRAYS}
    combine = ids["combine"].tolist()
    rows = bytes(payload["rows"])
    tables = SuitTables(max_sets, meta["n"], meta["cols"], ids["suit"], ids["honor"], rows, combine)
    header = _header(tables, payload)
    if header != meta:
        raise ValueError("digest mismatch")
    if header["sha256"] != BUILT_SHA256.get(max_sets):  # a digest of its own is no proof: this code's is
        raise ValueError("content differs from the tables this code builds (a forged or foreign file)")
    if len(tables.combine) != tables.n**2 or len(tables.rows) != tables.n * tables.cols:
        raise ValueError("tables of inconsistent sizes")
    return tables


def _ids_of(data: bytes | memoryview) -> array:
    """An id array from the file's little-endian bytes."""
    ids = array("H")
    ids.frombytes(data)
    if sys.byteorder != "little":
        ids.byteswap()
    return ids
