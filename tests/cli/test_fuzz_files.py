"""Fuzzing what files hand mjsim (issue 41): experiment files and game logs drawn by Hypothesis, each given to the
command that reads it. Whatever they hold, the command exits 0 (or 1: a replay that differs) or gives one line
``mjsim: error: ...`` with exit status 2, found by the checks at the boundary: never a traceback, and never the
last-resort line for an exception nobody checked for (``MJSIM_TRACEBACK=1 shows the traceback``).

The number of examples is the Hypothesis profile's (tests/conftest.py: 50 in ``dev``, 100 in ``ci``).
"""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from mjsim.cli import cli

FUZZ = settings(suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

# --- values a hostile or careless file may hold ----------------------------------------------------------------

SCALARS = st.one_of(
    st.integers(-3, 5),
    st.sampled_from([0, -1, 10**12, 2**63, -(2**63) - 1]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1e-320, 0.5, 2.5]),
    st.booleans(),
    st.text(max_size=12),
    st.sampled_from(["tenhou", "chengdu", "riichi", "os", "../x", "p.toml", "/dev/zero", "mjai:true", "efficiency"]),
)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4), max_leaves=8)

KEYS = ["name", "games", "seed", "agents", "lineups", "baseline", "target", "max_games", "shard_size", "rulesets"]
KEYS += ["compare", "rotate_seats", "metrics", "rank", "tournament", "sections", "sweep", "balance", "colour"]
RULESET = st.fixed_dictionaries(
    {"preset": st.one_of(st.sampled_from(["tenhou", "chengdu", "mahjongsoul-sanma", "nope", "p.toml"]), SCALARS)},
    optional={
        "name": SCALARS,
        "options": st.dictionaries(
            st.sampled_from(["riichi.kuitan", "riichi.start_points", "riichi.red_fives", "nope.x"]), SCALARS, max_size=2
        ),
        "plugins": st.lists(st.sampled_from(["chips", "os", "mjsim_nope", ""]), max_size=2),
    },
)
NUMBERS = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-10, 40000),
    st.sampled_from([1e-320, 2.5, 100, 1000, 25000, 30000, float("nan"), float("inf")]),
    st.floats(0, 10),
)
SWEEP_OPTION = st.sampled_from(["riichi.start_points", "riichi.uma", "riichi.kuitan", "nope"])
SWEEP = st.one_of(
    st.fixed_dictionaries({"option": SWEEP_OPTION, "start": NUMBERS, "stop": NUMBERS, "step": NUMBERS}),
    st.fixed_dictionaries({"option": SWEEP_OPTION, "values": st.one_of(VALUES, st.lists(NUMBERS, max_size=4))}),
    st.fixed_dictionaries({"option": SWEEP_OPTION}, optional={"values": VALUES, "start": NUMBERS, "step": SCALARS}),
)
BALANCE = st.fixed_dictionaries(
    {
        "option": st.sampled_from(["riichi.start_points", "nope", 5]),
        "metric": st.sampled_from(["win_rate", "x"]),
        "games": st.just(2),  # a right question plays a few games only: the fuzz stays quick
        "max_games": st.just(4),
    },
    optional={"target": NUMBERS, "low": NUMBERS, "high": NUMBERS, "tolerance": NUMBERS},
)


COUNTS = {"games", "seed", "max_games", "shard_size"}  # numbers: drawn from numbers of every kind half the time
ANYTHING = st.one_of(NUMBERS, VALUES, st.lists(RULESET, max_size=2))


@st.composite
def experiments(draw) -> dict:
    """A right experiment (two games of tenhou) with one or two things changed: a key set to anything, the rule
    set's preset, options or plugins, a sweep or a balance question."""
    data: dict = {"name": "e", "games": 2, "rulesets": [{"preset": "tenhou"}]}
    for change in draw(st.lists(st.sampled_from(["key", "ruleset", "sweep", "balance"]), min_size=1, max_size=2)):
        if change == "key":
            key = draw(st.sampled_from(KEYS))
            data[key] = draw(NUMBERS if key in COUNTS and draw(st.booleans()) else ANYTHING)
        elif change == "ruleset":
            data["rulesets"] = [draw(RULESET)]
        elif change == "sweep":
            data["sweep"] = draw(st.lists(SWEEP, min_size=1, max_size=2))
        else:
            data["balance"] = draw(BALANCE)
    if isinstance(data.get("games"), int) and not isinstance(data["games"], bool):
        data["games"] = min(data["games"], 2)  # a right file plays two games at most: the fuzz stays quick
    return data


def toml_text(data: dict) -> str:
    """``data`` as TOML: plain keys at the top, lists of tables as ``[[key]]`` arrays, everything else inline."""
    plain = {k: v for k, v in data.items() if not _tables(v)}
    lines = [f"{_key(k)} = {_value(v)}" for k, v in plain.items()]
    for key, tables in data.items():
        if _tables(tables):
            for table in tables:
                lines += ["", f"[[{_key(key)}]]", *(f"{_key(k)} = {_value(v)}" for k, v in table.items())]
    return "\n".join(lines) + "\n"


def _tables(value) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _key(key: str) -> str:
    return json.dumps(key)


def _value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return (
            ("nan" if math.isnan(value) else "inf" if value > 0 else "-inf")
            if not math.isfinite(value)
            else repr(value)
        )
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"
    return "[" + ", ".join(_value(v) for v in value) + "]"


def _invoke(*argv: str):
    """The command line run with the safety net off (MJSIM_TRACEBACK=1): an exception no check caught fails."""
    return CliRunner().invoke(cli, list(argv), env={"MJSIM_TRACEBACK": "1"})


def _check(result) -> None:
    """Exit 0 or 1, or one line of error with exit 2 that a check at the boundary wrote."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    assert result.exit_code in (0, 1, 2), result.output
    event(f"exit {result.exit_code}")  # --hypothesis-show-statistics: how many ran, differed, were refused
    if result.exit_code == 2:
        message = result.stderr.strip()
        assert len(message.splitlines()) == 1 and message.startswith("mjsim: error: "), message
        assert "MJSIM_TRACEBACK" not in message, message  # the safety net caught what no check did


@FUZZ
@given(data=experiments(), mangle=st.sampled_from(["", "bom", "truncate", "nul"]))
def test_any_experiment_file_is_run_or_refused_in_one_line(tmp_path_factory, data, mangle):
    folder = tmp_path_factory.mktemp("fuzz")
    text = toml_text(data)
    raw = {"": text, "bom": "\ufeff" + text, "truncate": text[: len(text) // 2], "nul": text.replace("=", "\0", 1)}
    (folder / "e.toml").write_text(raw[mangle], encoding="utf-8")
    (folder / "p.toml").write_text('name = "p"\nextends = "tenhou"\n')
    result = _invoke("run", str(folder / "e.toml"), "--out", str(folder / "out"), "--backend", "serial")
    _check(result)


# --- game logs ---------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def game_log(tmp_path_factory) -> dict:
    """The log of one short game (sanma: fewer steps to replay)."""
    folder = tmp_path_factory.mktemp("log")
    argv = ["simulate", "--preset", "mahjongsoul-sanma", "--games", "1", "--seed", "2", "--log-out", str(folder)]
    assert CliRunner().invoke(cli, argv).exit_code == 0
    return json.loads((folder / "game_00000.json").read_text())


def _paths(node, prefix=()):
    """Every path into a JSON document (the document itself included), at most a few levels into each list."""
    yield prefix
    children = node.items() if isinstance(node, dict) else enumerate(node[:3]) if isinstance(node, list) else ()
    for key, child in children:
        yield from _paths(child, (*prefix, key))


JSON_VALUES = st.recursive(
    st.one_of(
        st.none(), st.booleans(), st.integers(-5, 200), st.sampled_from([10**30, -1, 2**64]), st.text(max_size=6)
    ),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


@FUZZ
@given(data=st.data())
def test_any_game_log_is_replayed_or_refused_in_one_line(tmp_path_factory, game_log, data):
    log = copy.deepcopy(game_log)
    paths = [p for p in _paths(log) if p and p[0] not in ("mjsim", "facts", "timeline")]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        node = log
        try:
            for key in path[:-1]:
                node = node[key]
            if data.draw(st.booleans()) and isinstance(node, dict):
                node.pop(path[-1], None)  # a field left out
            else:
                node[path[-1]] = data.draw(JSON_VALUES)  # a field of another type or value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed the place
    folder = tmp_path_factory.mktemp("fuzzlog")
    path = Path(folder) / "g.json"
    path.write_text(json.dumps(log))
    _check(_invoke("replay", str(path)))
