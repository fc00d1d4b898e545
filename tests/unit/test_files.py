"""mjsim.files: every file a user hands mjsim is read within limits, each broken limit a one-line MjsimError."""

from __future__ import annotations

import gzip
import json
import tracemalloc

import pytest

from mjsim.errors import MjsimError
from mjsim.files import MAX_FILE_BYTES, MAX_JSON_DEPTH, load_json, load_toml, read_bytes, read_text
from variants.riichi.logs.agari_cases import read_cases
from variants.riichi.logs.tenhou6 import read_tenhou6

CHUNK = 64 * 2**20


@pytest.fixture(scope="module")
def bomb(tmp_path_factory):
    """About 2 MB of gzip that inflates to 2 GiB (32 members of 64 MiB of zeros each)."""
    member = gzip.compress(bytes(CHUNK), compresslevel=9)
    path = tmp_path_factory.mktemp("bomb") / "bomb.json.gz"
    path.write_bytes(member * 32)
    return path


def test_a_gzip_bomb_is_refused_after_a_bounded_read(bomb):
    assert bomb.stat().st_size < 3 * 2**20
    tracemalloc.start()
    try:
        with pytest.raises(MjsimError, match="larger than the limit of .* bytes once gunzipped"):
            read_bytes(bomb, str(bomb))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 * MAX_FILE_BYTES  # never the 2 GiB the file inflates to


def test_a_gzip_bomb_log_is_one_line_naming_the_file(bomb):
    with pytest.raises(MjsimError) as info:
        read_tenhou6(bomb)
    assert str(bomb) in str(info.value) and "\n" not in str(info.value)


def test_gzip_within_the_limit_is_gunzipped(tmp_path):
    path = tmp_path / "log.gz"
    path.write_bytes(gzip.compress(b"hello") + gzip.compress(b" world"))
    assert read_bytes(path, "log") == b"hello world"
    assert read_bytes(path, "log", gunzip=False) == path.read_bytes()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param(gzip.compress(b"abc" * 20)[:-6], "broken gzip data", id="truncated-gzip"),
        pytest.param(b"\x1f\x8bnot gzip at all", "broken gzip data", id="bad-gzip-header"),
        pytest.param(b"x" * 101, "larger than the limit of 100 bytes", id="raw-too-large"),
        pytest.param(gzip.compress(b"x" * 101), "limit of 100 bytes once gunzipped", id="gunzipped-too-large"),
    ],
)
def test_bad_or_large_files_are_one_line(tmp_path, data, message):
    path = tmp_path / "f"
    path.write_bytes(data)
    with pytest.raises(MjsimError, match=message):
        read_bytes(path, "the file", limit=100)


def test_a_missing_file_and_non_utf8_text(tmp_path):
    with pytest.raises(MjsimError, match="nowhere: no such file"):
        read_text(tmp_path / "nowhere", "nowhere")
    (tmp_path / "latin").write_bytes(b"caf\xe9")
    with pytest.raises(MjsimError, match=r"not UTF-8 text \(byte 0xe9 at offset 3\)"):
        read_text(tmp_path / "latin", "latin")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("[" * 100_000 + "]" * 100_000, "nested deeper than", id="deep-beyond-recursion"),
        pytest.param("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1), "nested deeper than", id="deep"),
        pytest.param('{"a":' * 200 + "1" + "}" * 200, "nested deeper than", id="deep-objects"),
        pytest.param("9" * 10_000, "a JSON number of 10,000 digits", id="huge-int"),
        pytest.param("[-" + "9" * 5000 + "]", "a JSON number of 5,001 digits", id="huge-negative-int"),
        pytest.param("1." + "5" * 10_000, "a JSON number of 10,002 characters", id="huge-float"),
        pytest.param("1e999", "out of range", id="float-overflow"),
        pytest.param("[NaN]", "NaN is not a JSON number", id="nan"),
        pytest.param("-Infinity", "-Infinity is not a JSON number", id="infinity"),
    ],
)
def test_json_beyond_the_limits_names_the_file(text, message):
    with pytest.raises(MjsimError, match=message) as info:
        load_json(text, "case.json")
    assert str(info.value).startswith("case.json: ")


def test_json_within_the_limits_and_malformed_json():
    nested = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    assert load_json(nested, "x") == json.loads(nested)
    assert load_json('{"log": [[1, 2.5, "a"]], "n": -' + "9" * 100 + "}", "x")["log"] == [[1, 2.5, "a"]]
    with pytest.raises(json.JSONDecodeError):  # the callers word malformed JSON themselves
        load_json("{", "x")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("a = " + "[" * 100_000, "nested too deeply", id="deep-array"),
        pytest.param("a = " + "9" * 10_000, "malformed TOML", id="huge-int"),
        pytest.param("a = [", "malformed TOML", id="malformed"),
    ],
)
def test_toml_the_parser_cannot_take_is_one_line(text, message):
    with pytest.raises(MjsimError, match=message) as info:
        load_toml(text, "exp.toml")
    assert str(info.value).startswith("exp.toml: ") and "\n" not in str(info.value)


@pytest.mark.parametrize(
    "body",
    [
        pytest.param('{"log": ' + "[" * 500 + "]" * 500 + "}", id="deep"),
        pytest.param('{"log": [], "x": ' + "1" * 10_000 + "}", id="huge-number"),
    ],
)
def test_tenhou6_logs_beyond_the_limits_name_the_file(tmp_path, body):
    path = tmp_path / "game.json"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(MjsimError, match=str(path)):
        read_tenhou6(path)


def test_a_case_file_beyond_the_limits(tmp_path):
    lines = tmp_path / "cases.jsonl"
    lines.write_text("[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    with pytest.raises(MjsimError, match=r"cases.jsonl:1: JSON nested deeper than"):
        list(read_cases(lines))
    package = tmp_path / "pkg.json"
    package.write_text('{"cases": ' + "[" * 5000 + "]" * 5000 + "}", encoding="utf-8")
    with pytest.raises(MjsimError, match="nested deeper than"):
        list(read_cases(package))
