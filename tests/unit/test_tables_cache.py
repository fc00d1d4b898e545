"""The lookup-table cache is plain data checked by a digest: a bad, crafted or stale file is rebuilt, never run."""

from __future__ import annotations

import logging
import os
import pickle
from array import array

import pytest

from mjsim.hand import tables


class _Payload:
    """A pickle that creates a file when unpickled (what a crafted cache would do)."""

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def __reduce__(self):
        return (os.mkdir, (self.marker,))


@pytest.fixture(scope="module")
def fresh() -> tables.SuitTables:
    return tables._build(4)


@pytest.fixture
def cache(tmp_path, monkeypatch, fresh):
    """A cache folder of this test's own, holding a valid cache of the 4-set tables; builds are counted."""
    monkeypatch.setenv("MJSIM_CACHE_DIR", str(tmp_path))
    builds = []
    monkeypatch.setattr(tables, "_build", lambda max_sets: builds.append(max_sets) or fresh)
    tables._save(tables._cache_path(4), fresh)
    return tables._cache_path(4), builds


def test_a_valid_cache_is_read_without_a_build(cache, fresh):
    path, builds = cache
    assert tables._load_or_build(4) == fresh
    assert builds == []


def _crafted_pickle(path, tmp_path):
    path.write_bytes(pickle.dumps(_Payload(str(tmp_path / "ran"))))


def _truncated(path, _tmp_path):
    path.write_bytes(path.read_bytes()[:1000])


def _wrong_digest(path, _tmp_path):
    data = bytearray(path.read_bytes())
    data[-1] ^= 1  # one entry of the last array changed, the stored digest kept
    path.write_bytes(bytes(data))


def _wrong_header(path, _tmp_path):
    path.write_bytes(path.read_bytes().replace(b'"n": 180', b'"n": 181', 1))


def _empty(path, _tmp_path):
    path.write_bytes(b"")


def _other_size(path, _tmp_path):
    tables._save(path, tables.SuitTables(3, 0, 8, array("H"), array("H"), b"", []))


@pytest.mark.parametrize(
    "spoil",
    [
        pytest.param(_crafted_pickle, id="crafted-pickle"),
        pytest.param(_truncated, id="truncated"),
        pytest.param(_wrong_digest, id="wrong-digest"),
        pytest.param(_wrong_header, id="header-edited"),
        pytest.param(_empty, id="empty"),
        pytest.param(_other_size, id="stale-tables-of-other-size"),
    ],
)
def test_an_unusable_cache_is_rebuilt_with_a_warning(cache, fresh, tmp_path, spoil, caplog):
    path, builds = cache
    spoil(path, tmp_path)
    with caplog.at_level(logging.WARNING, logger="mjsim.api.table"):
        assert tables._load_or_build(4) == fresh
    assert builds == [4]
    assert "rebuilding" in caplog.text
    assert not (tmp_path / "ran").exists()  # the pickle was never unpickled
    assert tables._load(path, 4) == fresh  # and the rebuilt cache is valid again


def test_a_pickle_where_the_old_cache_was_is_never_read(cache, fresh, tmp_path):
    path, builds = cache
    old = tmp_path / "suit_tables_v3_4.pickle"
    _crafted_pickle(old, tmp_path)
    assert tables._load_or_build(4) == fresh
    assert not (tmp_path / "ran").exists()


def test_the_tables_are_dense_arrays_of_every_suit(fresh):
    """Every count vector of a suit has an entry; a suit of more tiles than a hand holds has none."""
    assert (fresh.n, fresh.cols, len(fresh.suit), len(fresh.honor)) == (180, 10, 5**9, 5**7)
    assert fresh.suit[tables.suit_index([4, 4, 4, 2, 0, 0, 0, 0, 0], 0, 9)] != tables.NO_ROW  # 14 tiles
    assert fresh.suit[tables.suit_index([4, 4, 4, 3, 0, 0, 0, 0, 0], 0, 9)] == tables.NO_ROW  # 15 tiles
    assert len(fresh.rows) == fresh.n * fresh.cols and len(fresh.combine) == fresh.n**2


def _forged_with_its_own_digest(path, _tmp_path):
    """Every need value zeroed (every shanten one lower) and a fresh digest written for it, as a forger would."""
    good = tables._load(path, 4)
    forged = tables.SuitTables(4, good.n, good.cols, good.suit, good.honor, bytes(len(good.rows)), good.combine)
    payload = tables._payload(forged)
    head = tables.json.dumps(tables._header(forged, payload), sort_keys=True).encode()
    path.write_bytes(tables._MAGIC + head + b"\n" + b"".join(payload[name] for name in sorted(payload)))


def test_a_forged_cache_with_a_fresh_digest_is_rebuilt(cache, fresh, tmp_path, caplog):
    path, builds = cache
    _forged_with_its_own_digest(path, tmp_path)
    with caplog.at_level(logging.WARNING, logger="mjsim.api.table"):
        assert tables._load_or_build(4) == fresh
    assert builds == [4] and "content differs from the tables this code builds" in caplog.text


def test_the_digest_the_code_holds_is_the_builds(fresh):
    """The build is deterministic: its digest is the one a cache file must have (a change of the build changes
    BUILT_SHA256 with it, or every start would rebuild)."""
    assert tables._header(fresh, tables._payload(fresh))["sha256"] == tables.BUILT_SHA256[4]


def test_the_five_set_digest_is_the_builds_too():
    five = tables._build(5)
    assert tables._header(five, tables._payload(five))["sha256"] == tables.BUILT_SHA256[5]


def test_an_unwritable_cache_folder_is_one_warning(tmp_path, fresh, caplog, monkeypatch):
    (tmp_path / "a-file").write_text("")
    monkeypatch.setattr(tables, "_UNWRITABLE", set())
    path = tmp_path / "a-file" / "cache" / "suit_tables.bin"  # under a file: no folder can be made, even by root
    with caplog.at_level(logging.WARNING, logger="mjsim.api.table"):
        tables._save(path, fresh)
        tables._save(path, fresh)
    assert caplog.text.count("cannot write the table cache") == 1
    assert "MJSIM_CACHE_DIR" in caplog.text
