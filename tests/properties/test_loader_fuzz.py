"""Random TOML structures given to the experiment and preset loaders: each is either accepted or refused with one
line naming the file, never any other exception."""

from __future__ import annotations

import json
import math
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from mjsim.errors import MjsimError
from mjsim.experiment import load_experiment
from mjsim.rules import RuleSet

EXPERIMENT_KEYS = ["name", "title", "question", "games", "seed", "agents", "rulesets", "baseline", "target"]
EXPERIMENT_KEYS += ["compare", "metrics", "rank", "max_games", "shard_size", "rotate_seats", "tournament", "plugins"]
RULESET_KEYS = ["preset", "name", "label", "options", "plugins", "set"]
PRESET_KEYS = ["name", "description", "variants", "options", "extends"]
OPTION_KEYS = ["riichi.kuitan", "riichi.red_fives", "riichi.start_points", "riichi.kuikae", "chips.value", "nope"]

scalars = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["tenhou", "riichi", "efficiency", "chips", "os", "first_dealer_points", "../x", ""]),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _key(keys: list[str]) -> st.SearchStrategy[str]:
    return st.sampled_from(keys) | st.text(min_size=1, max_size=10)


def _table(keys: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    return st.dictionaries(_key(keys), values, max_size=6)


rulesets = st.lists(
    st.fixed_dictionaries({"preset": st.sampled_from(["tenhou", "mahjongsoul", "nope"]) | values})
    .flatmap(lambda base: _table(RULESET_KEYS).map(lambda extra: {**base, **extra}))
    .map(lambda r: r if "options" in r else {**r, "options": {}})
    | values,
    max_size=3,
)
experiments = st.fixed_dictionaries({"rulesets": rulesets}, optional={"name": values, "games": values}).flatmap(
    lambda base: _table(EXPERIMENT_KEYS).map(lambda extra: {**base, **extra})
)
presets = st.fixed_dictionaries(
    {"variants": st.lists(st.sampled_from(["riichi", "chips", "os", "nope"]) | values, max_size=3) | values},
    optional={"options": st.dictionaries(st.sampled_from(OPTION_KEYS), values, max_size=3) | values},
).flatmap(lambda base: _table(PRESET_KEYS).map(lambda extra: {**base, **extra}))


def toml_value(value: Any) -> str:
    """``value`` as a TOML inline value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string with \\u escapes is a TOML basic string (lone surrogates aside)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"


def toml_document(data: dict[str, Any]) -> str:
    """A TOML document whose top-level keys are ``data``'s, each on its own line."""
    return "".join(f"{json.dumps(k)} = {toml_value(v)}\n" for k, v in data.items())


def _refused_in_one_line(load, text: str, name: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        try:
            load(str(path))
        except MjsimError as exc:
            message = str(exc)
            assert message and "\n" not in message, message
            assert "Traceback" not in message


@given(experiments)
def test_an_experiment_file_is_accepted_or_refused_in_one_line(data):
    _refused_in_one_line(load_experiment, toml_document(data), "e.toml")


@given(presets)
def test_a_preset_file_is_accepted_or_refused_in_one_line(data):
    _refused_in_one_line(lambda path: RuleSet.resolve(path).compile(), toml_document(data), "p.toml")
