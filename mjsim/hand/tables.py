"""Per-suit lookup tables: how many tiles a suit lacks to hold m sets and p pairs.

For every count vector ``h`` of one suit (9 ranks, or 7 honours without
sequences) the table stores ``need(h, m, p)``: the fewest tiles that must be
added to ``h`` so that it contains ``m`` sets and ``p`` pairs (p = 0 or 1),
never using more than four copies of a tile.  A whole hand then needs
``min sum need`` over the ways of spreading the sets and the pair across its
suits, and its shanten is that number minus one.

The tables are built once with a vectorised dynamic programme over ranks and
cached on disk, so a shanten query is a few dictionary and list lookups.  The
cache is plain data (a NumPy ``.npz`` read with ``allow_pickle=False``) with a
format version and a sha256 digest of its arrays: a file that is missing,
truncated, crafted or stale is rebuilt (with a warning on the log), never run.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

#: Entries are clipped here: a hand never needs more than 9 tiles to win at 4
#: sets (10 at 5 sets), so larger values cannot change a minimum that matters.
CLIP = 12
_INVALID = -100
_FORMAT_VERSION = 4  # 4: .npz arrays with a digest (3 was a pickle, never read again)
_ARRAYS = ("suit_keys", "suit_ids", "honor_keys", "honor_ids", "rows", "combine")
log = logging.getLogger("mjsim.tables")


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


def _overlap_table(ranks: int, max_sets: int, sequences: bool) -> np.ndarray:
    """Best overlap |target ∧ h| for every count vector, shape (5**ranks, max_sets+1, 2)."""
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


def _need_table(ranks: int, max_sets: int, sequences: bool) -> np.ndarray:
    """need(h, m, p) = 3m + 2p - overlap, clipped to CLIP; shape (5**ranks, max_sets+1, 2)."""
    overlap = _overlap_table(ranks, max_sets, sequences)
    size = 3 * np.arange(max_sets + 1)[:, None] + 2 * np.arange(2)[None, :]
    need = np.where(overlap > _INVALID, size[None] - overlap, CLIP)
    return np.minimum(need, CLIP).astype(np.int8)


@dataclass(frozen=True)
class SuitTables:
    """Lookup tables for hands of ``max_sets`` sets and a pair.

    ``suit_row`` / ``honor_row`` map a suit's count bytes to a row id.
    ``rows[i]`` holds the need values of row ``i`` flattened as ``m * 2 + p``;
    rows of single suits and of suits already combined share one id space,
    and ``combine[a * len(rows) + b]`` is the row id of rows ``a`` and ``b``
    taken together (the best way to spread sets and the pair over both).
    """

    max_sets: int
    suit_row: dict[bytes, int]
    honor_row: dict[bytes, int]
    rows: list[tuple[int, ...]]
    combine: list[int]

    @property
    def n(self) -> int:
        """Number of row ids."""
        return len(self.rows)


def _keys(ranks: int, max_tiles: int) -> tuple[list[bytes], np.ndarray]:
    """All count vectors of a suit holding at most ``max_tiles`` tiles, with their base-5 index."""
    keys, idx = [], []
    for counts in itertools.product(range(5), repeat=ranks):
        if sum(counts) <= max_tiles:
            keys.append(bytes(counts))
            idx.append(int("".join(map(str, counts)), 5))
    return keys, np.array(idx, dtype=np.int64)


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
    maps = []
    for ranks, sequences in ((9, True), (7, False)):
        need = _need_table(ranks, max_sets, sequences).reshape(5**ranks, -1)
        keys, idx = _keys(ranks, max_tiles)
        mapping = {}
        for key, row in zip(keys, map(tuple, need[idx].tolist()), strict=True):
            mapping[key] = rows.setdefault(row, len(rows))
        maps.append(mapping)
    combine = _close_under_combine(rows, max_sets)
    return SuitTables(max_sets, maps[0], maps[1], list(rows), combine)


def _cache_path(max_sets: int) -> Path:
    """Where the built tables are kept between runs (override with MJSIM_CACHE_DIR)."""
    root = os.environ.get("MJSIM_CACHE_DIR") or Path.home() / ".cache" / "mjsim"
    return Path(root) / f"suit_tables_v{_FORMAT_VERSION}_{max_sets}.npz"


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
    path = _cache_path(max_sets)
    if path.is_file():
        try:
            return _load(path, max_sets)
        except Exception as exc:  # noqa: BLE001 - any bad cache file only costs a rebuild
            log.warning("table cache %s is unusable (%s: %s); rebuilding it", path, type(exc).__name__, exc)
    tables = _build(max_sets)
    _save(path, tables)
    return tables


def _arrays(tables: SuitTables) -> dict[str, np.ndarray]:
    """The tables as plain integer arrays (keys of one suit as rows of counts)."""
    return {
        "suit_keys": np.frombuffer(b"".join(tables.suit_row), dtype=np.uint8).reshape(-1, 9),
        "suit_ids": np.fromiter(tables.suit_row.values(), dtype=np.int32, count=len(tables.suit_row)),
        "honor_keys": np.frombuffer(b"".join(tables.honor_row), dtype=np.uint8).reshape(-1, 7),
        "honor_ids": np.fromiter(tables.honor_row.values(), dtype=np.int32, count=len(tables.honor_row)),
        "rows": np.array(tables.rows, dtype=np.int8).reshape(len(tables.rows), 2 * (tables.max_sets + 1)),
        "combine": np.array(tables.combine, dtype=np.int32),
    }


def _digest(arrays: dict[str, np.ndarray], max_sets: int) -> str:
    """sha256 over the format version, the number of sets and every array's type, shape and bytes."""
    h = hashlib.sha256(f"{_FORMAT_VERSION}:{max_sets}".encode())
    for name in _ARRAYS:
        a = np.ascontiguousarray(arrays[name])
        h.update(f"|{name}:{a.dtype.str}:{a.shape}|".encode())
        h.update(a.tobytes())
    return h.hexdigest()


def _save(path: Path, tables: SuitTables) -> None:
    """Write the cache atomically (a temporary file renamed over it); a read-only home only costs a rebuild."""
    arrays = _arrays(tables)
    meta = {"format": _FORMAT_VERSION, "max_sets": tables.max_sets, "sha256": _digest(arrays, tables.max_sets)}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        with tmp.open("wb") as fh:
            np.savez(fh, meta=np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8), **arrays)
        tmp.replace(path)
    except OSError:
        pass


def _load(path: Path, max_sets: int) -> SuitTables:
    """The tables of a cache file, checked: format version, number of sets and digest (ValueError otherwise)."""
    with np.load(path, allow_pickle=False) as npz:
        meta = json.loads(npz["meta"].tobytes().decode())
        arrays = {name: npz[name] for name in _ARRAYS}
    if not isinstance(meta, dict) or meta.get("format") != _FORMAT_VERSION or meta.get("max_sets") != max_sets:
        raise ValueError(f"stale format or size {meta!r}")
    if meta.get("sha256") != _digest(arrays, max_sets):
        raise ValueError("digest mismatch")
    rows = [tuple(row) for row in arrays["rows"].tolist()]
    combine = arrays["combine"].tolist()
    if len(combine) != len(rows) ** 2:
        raise ValueError("combine table of the wrong size")
    return SuitTables(max_sets, _rows_by_key(arrays, "suit"), _rows_by_key(arrays, "honor"), rows, combine)


def _rows_by_key(arrays: dict[str, np.ndarray], suit: str) -> dict[bytes, int]:
    """The key -> row id map of one kind of suit from its two arrays."""
    keys, ids = arrays[f"{suit}_keys"], arrays[f"{suit}_ids"].tolist()
    width = keys.shape[1]
    blob = keys.tobytes()
    if len(ids) * width != len(blob):
        raise ValueError(f"{suit} keys and ids differ in length")
    return dict(zip((blob[i : i + width] for i in range(0, len(blob), width)), ids, strict=True))
