"""Simulated games written as tenhou.net/6 JSON read back and replay round by round."""

from __future__ import annotations

import json

import pytest

from mjsim.rules import RuleSet
from mjsim.runner.games import run_games
from variants.riichi.logs.load import load_logs
from variants.riichi.logs.replay import replay_game


@pytest.mark.parametrize("seed", [8, 9])
def test_exported_games_replay_exactly(tmp_path, seed):
    rules = RuleSet.resolve("tenhou").compile()  # replays are checked under Tenhou's rules
    run_games(
        rules,
        2,
        root_seed=seed,
        agent_names=["efficiency", "defensive", "efficiency", "tsumogiri"],
        log_out=tmp_path,
        log_format="tenhou6",
    )
    files = sorted(tmp_path.glob("game_*.json"))
    assert len(files) == 2
    for game in load_logs(files):
        outcomes = replay_game(game)
        assert outcomes and all(o.status == "agree" for o in outcomes), [o for o in outcomes if o.status != "agree"]


def test_exported_file_is_tenhou6(tmp_path):
    rules = RuleSet.resolve("tenhou").compile()
    run_games(rules, 1, root_seed=2, agent_names=["efficiency"] * 4, log_out=tmp_path, log_format="tenhou6")
    data = json.loads((tmp_path / "game_00000.json").read_text(encoding="utf-8"))
    assert {"title", "name", "rule", "log"} <= set(data)
    first = data["log"][0]
    assert len(first[4]) == 13  # the first seat's starting hand


def test_a_local_yaku_is_exported_under_its_kanji_title(tmp_path):
    """五筒 has no Tenhou id: the log carries its own name instead of failing to write."""
    tenhou = RuleSet.resolve("tenhou")
    rules = RuleSet(tenhou.name, (*tenhou.variants, "gopin"), tenhou.options).compile()
    run_games(rules, 3, root_seed=1, agent_names=["efficiency"] * 4, log_out=tmp_path, log_format="tenhou6")
    text = "".join(p.read_text(encoding="utf-8") for p in sorted(tmp_path.glob("game_*.json")))
    assert "五筒(1飜)" in text
