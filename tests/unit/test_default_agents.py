"""Without named players each family seats its best one (``mjsim_default_agent``), and says so."""

from __future__ import annotations

import json
from functools import cache

import pytest
from click.testing import CliRunner

from mjsim.agents import agent_names
from mjsim.agents.registry import FALLBACK, default_agents, installed_defaults
from mjsim.cli import cli
from mjsim.rules import RuleSet
from mjsim.rules.presets import load_preset, preset_names
from mjsim.runner import RunSpec


@cache
def compiled(preset: str):
    """A preset's compiled rules (cached: compiling costs more than the checks here)."""
    return RuleSet.resolve(preset).compile()


@pytest.mark.parametrize(
    "preset, seated",
    [
        ("tenhou", ("human",) * 4),
        ("jirai", ("human",) * 4),  # a delta on riichi: the family's answer stands
        ("boo-classic", ("human",) * 4),
        ("tenhou-sanma", ("human",) * 3),  # three seats
        ("chengdu", ("human",) * 4),
        ("taiwan", ("human",) * 4),
    ],
)
def test_each_family_seats_its_human(preset, seated):
    assert default_agents(compiled(preset)) == seated
    assert RunSpec(RuleSet.resolve(preset)).line_up() == seated  # what compare, explain and experiments seat


def test_a_family_that_names_no_default_seats_efficiency_bots():
    rules = RuleSet("three-seat", ("mjsim.checking.testing",)).compile()
    assert default_agents(rules) == (FALLBACK,) * 3 == ("efficiency",) * 3


def test_a_rule_set_without_a_table_gets_one_name_that_the_game_refuses():
    assert default_agents(RuleSet("scoring-only", ("mjsim.errors",)).compile()) == (FALLBACK,)


def test_the_families_name_their_defaults():
    assert installed_defaults() == {
        "cantonese": "human",
        "chengdu": "human",
        "mcr": "human",
        "riichi": "human",
        "taiwan": "human",
    }


@pytest.mark.parametrize("preset", preset_names())
def test_every_presets_default_is_a_bot_it_can_seat(preset):
    assert default_agents(compiled(preset))[0] in agent_names(compiled(preset)), load_preset(preset)["variants"]


def test_simulate_says_whom_it_seated():
    text = CliRunner().invoke(cli, ["simulate", "--preset", "tenhou", "--games", "1", "--quiet"]).output
    assert "players: human in every seat, the family's default (--agents to choose others)" in text
    named = CliRunner().invoke(cli, ["simulate", "--games", "1", "--agents", "efficiency", "--quiet"]).output
    assert "players:" not in named


def test_simulate_json_marks_the_default_line_up():
    out = CliRunner().invoke(cli, ["simulate", "--preset", "tenhou-sanma", "--games", "1", "--json", "--quiet"]).output
    summary = json.loads(out)
    assert summary["agents"] == ["human"] * 3 and summary["default_agents"] is True


def test_chengdu_default_players_choose_their_void_suits(tmp_path):
    """The efficiency bot declared man void in every hand (issue 43); the family's human spreads its choices."""
    result = CliRunner().invoke(
        cli, ["simulate", "--preset", "chengdu", "--games", "3", "--seed", "1", "--log-out", str(tmp_path), "--quiet"]
    )
    assert result.exit_code == 0, result.output
    suits = [
        event["action"]["tile"] // 36  # 108 tiles, 36 per suit: man, pin, sou
        for path in sorted(tmp_path.glob("game_*.json"))
        for hand in json.loads(path.read_text(encoding="utf-8"))["hands"]
        for event in hand["events"]
        if event["kind"] == "declare"
    ]
    assert len(suits) >= 12 and set(suits) == {0, 1, 2}
