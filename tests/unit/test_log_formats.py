"""Log formats come from the rule set's variants (mjsim_register_log_formats); none fitting is a one-line error."""

from __future__ import annotations

import json

import pytest

from mjsim.errors import MjsimError
from mjsim.log_formats import log_formats, log_suffix, log_writer
from mjsim.rules import RuleSet
from mjsim.runner.games import play_game


@pytest.mark.parametrize("preset", ["tenhou", "jirai", "house-all"])
def test_a_riichi_family_rule_set_writes_tenhou6(preset):
    rules = RuleSet.from_preset(preset).compile()
    assert list(log_formats(rules)) == ["tenhou6", "mjai"]  # tenhou6 first: the default
    assert log_suffix(log_writer(rules)) == ".json"


@pytest.mark.parametrize("preset", ["chengdu", "taiwan"])
def test_a_rule_set_no_format_holds_is_refused_naming_it(preset):
    rules = RuleSet.from_preset(preset).compile()
    assert log_formats(rules) == {}
    with pytest.raises(MjsimError, match=f"no log format holds games of rule set '{preset}'"):
        log_writer(rules)


def test_the_writer_gives_the_text_of_one_file(tmp_path):
    rules = RuleSet.from_preset("tenhou").compile()
    play_game(rules, 5, ["efficiency"] * 4, index=3, log_out=tmp_path)
    (path,) = tmp_path.iterdir()
    assert path.name == "game_00003.json"
    assert json.loads(path.read_text(encoding="utf-8"))["name"][:4] == ["efficiency"] * 4
