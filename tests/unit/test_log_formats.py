"""Log formats: mjsim's own for every rule set, then the variants' (mjsim_register_log_formats); a format that does
not fit is a one-line error."""

from __future__ import annotations

import json

import pytest

from mjsim.errors import MjsimError
from mjsim.gamelog.formats import log_formats, log_suffix, log_writer
from mjsim.rules import RuleSet
from mjsim.runner.games import play_game


@pytest.mark.parametrize("preset", ["tenhou", "jirai", "house-all"])
def test_a_riichi_family_rule_set_writes_mjsim_logs_and_tenhou6(preset):
    rules = RuleSet.resolve(preset).compile()
    assert list(log_formats(rules)) == ["mjsim", "tenhou6", "mjai"]
    assert log_suffix(log_writer(rules)) == log_suffix(log_writer(rules, name="tenhou6")) == ".json"


@pytest.mark.parametrize("preset", ["chengdu", "taiwan"])
def test_a_format_that_does_not_hold_the_rule_set_is_refused_naming_it(preset):
    rules = RuleSet.resolve(preset).compile()
    assert list(log_formats(rules)) == ["mjsim"]
    with pytest.raises(MjsimError, match=f"log format 'tenhou6' does not hold games of rule set '{preset}'"):
        log_writer(rules, name="tenhou6")


def test_the_writer_gives_the_text_of_one_file(tmp_path):
    rules = RuleSet.resolve("tenhou").compile()
    play_game(rules, 5, ["efficiency"] * 4, index=3, log_out=tmp_path)
    (path,) = tmp_path.iterdir()
    assert path.name == "game_00003.json"
    assert json.loads(path.read_text(encoding="utf-8"))["agents"] == ["efficiency"] * 4
