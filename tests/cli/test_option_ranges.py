"""Typed numeric options on the command line (issue 17): any value in the declared range is played, a value
outside it or of the wrong type is one line naming the option, the value and the range (exit 2), and
``mjsim rules`` shows each numeric option's range."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjsim.cli import cli

# (id, preset, setting, what the message must name besides the key and the value)
BAD = [
    ("start-zero", "tenhou", "riichi.start_points=0", "from 100 to 1000000"),
    ("start-off-step", "tenhou", "riichi.start_points=25050", "not a multiple of 100"),
    ("start-word", "tenhou", "riichi.start_points=lots", "'lots' is not an integer"),
    ("return-below-start", "tenhou", "riichi.return_points=20000", "below riichi.start_points"),
    ("uma-reversed", "tenhou", "riichi.uma=20-10", "none above the one before"),
    ("uma-not-zero-sum", "tenhou", "riichi.uma=20,10,-10,-10", "summing to 0"),
    ("uma-three-ranks", "tenhou", "riichi.uma=10,0,-10", "4 comma-separated numbers"),
    ("uma-too-wide", "tenhou", "riichi.uma=50-150", "150 is outside -100..100"),
    ("honba-negative", "tenhou", "riichi.honba_value=-300", "from 0 to 3000"),
    ("deposit-float", "tenhou", "riichi.riichi_deposit=1000.5", "not an integer"),
    ("min-han-zero", "tenhou", "riichi.min_han=0", "from 1 to 13"),
    ("red-fives-per-suit", "tenhou", "riichi.red_fives=1,4,1", "4 is outside 0..3"),
    ("sanma-uma-two-sided", "tenhou-sanma", "sanma.uma=5-20", "a = 0"),
    ("chengdu-base-zero", "chengdu", "chengdu.base=0", "from 1 to 1000000"),
    ("chengdu-cap-text", "chengdu", "chengdu.fan_cap=high", "'high' is not an integer"),
    ("taiwan-rate-zero", "taiwan", "taiwan.rate=0", "from 1 to 1000000"),
    ("jirai-max-below-initial", "jirai", "jirai.max_count=2", "below jirai.initial_count"),
    ("boo-addon-off-step", "boo-classic", "boo.addon_value=100", "in steps of 300"),
    ("wareme-five", "4play", "wareme.multiplier=5", "from 1 to 4"),
]


@pytest.mark.parametrize(("preset", "setting", "fragment"), [pytest.param(*c[1:], id=c[0]) for c in BAD])
def test_a_value_out_of_range_is_one_line_naming_option_value_and_range(preset, setting, fragment):
    extra = ["--set", "jirai.initial_count=3"] if setting.startswith("jirai.max_count") else []
    result = CliRunner().invoke(cli, ["rules", "--preset", preset, *extra, "--set", setting])
    key, value = setting.split("=", 1)
    message = result.stderr.strip()
    assert result.exit_code == 2, result.output
    assert len(message.splitlines()) == 1, message
    assert message.startswith(f"mjsim: error: option {key}: bad value ") and value in message, message
    assert fragment in message, message


@pytest.mark.parametrize(
    ("preset", "setting", "shown"),
    [
        pytest.param("tenhou", "riichi.uma=5-15", "(15, 5, -5, -15)", id="uma-shorthand"),
        pytest.param("tenhou", "riichi.uma=10-20", "10-20", id="uma-named-kept-as-name"),
        pytest.param("tenhou", "riichi.start_points=26000", "26000", id="start"),
        pytest.param("tenhou", "riichi.return_points=31000", "31000", id="return"),
        pytest.param("tenhou", "riichi.honba_value=1500", "1500", id="honba"),
        pytest.param("tenhou", "riichi.red_fives=1,2,1", "(1, 2, 1)", id="red-fives-per-suit"),
        pytest.param("tenhou-sanma", "sanma.uma=0-25", "(25, 0, -25)", id="sanma-uma"),
        pytest.param("chengdu", "chengdu.fan_cap=8", "8", id="chengdu-cap"),
        pytest.param("chengdu", "chengdu.fan_cap=none", "none", id="chengdu-cap-named"),
        pytest.param("taiwan", "taiwan.di=5", "5", id="taiwan-di"),
    ],
)
def test_a_value_in_range_is_taken(preset, setting, shown):
    result = CliRunner().invoke(cli, ["rules", "--preset", preset, "--set", setting, "--json"])
    assert result.exit_code == 0, result.output
    key = setting.split("=", 1)[0]
    assert {row["key"]: row["value"] for row in json.loads(result.stdout)}[key] == shown


def test_rules_shows_each_numeric_options_range():
    result = CliRunner().invoke(cli, ["rules", "--preset", "tenhou"])
    lines = {
        line.split()[0] if not line.startswith("*") else line.split()[1]: line for line in result.stdout.splitlines()
    }
    assert (
        "[one of: 13000, 15000, 20000, 25000, 27000, 30000, 35000, or an integer from 100"
        in lines["riichi.start_points"]
    )
    assert "4 comma-separated numbers, each from -100 to 100" in lines["riichi.uma"]
    assert "[" not in lines["riichi.kuitan"].split(")")[-1]  # a yes/no option shows no range


def test_simulate_plays_any_uma_start_and_return_without_violations():
    """Issue 17's must-show line, at 4 games (the full line plays 20): the check finds no violation."""
    argv = "simulate --preset tenhou --set riichi.uma=5-15 --set riichi.start_points=35000"
    argv += " --set riichi.return_points=40000 --games 4 --check --json"
    result = CliRunner().invoke(cli, argv.split())
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["invariant_violations"] == 0
