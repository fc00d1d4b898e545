"""``simulate --log-format mjai`` writes mjai logs that ``mjsim replay`` replays; bad uses are one line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjsim.cli import cli


def test_mjai_logs_out_then_replayed(tmp_path):
    out = tmp_path / "logs"
    made = CliRunner().invoke(
        cli, ["simulate", "--games", "2", "--seed", "3", "--log-out", str(out), "--log-format", "mjai"]
    )
    assert made.exit_code == 0, made.output
    assert sorted(p.name for p in out.glob("*.mjson")) == ["game_00000.mjson", "game_00001.mjson"]
    replayed = CliRunner().invoke(cli, ["replay", str(out), "--json"])
    assert replayed.exit_code == 0, replayed.output
    summary = json.loads(replayed.output[replayed.output.index("{") :])
    assert summary["rounds_replayed"] == summary["rounds_agree"] > 0


@pytest.mark.parametrize(
    "args, fragment",
    [
        pytest.param(["--log-format", "mjai"], "--log-format needs --log-out", id="format-without-folder"),
        pytest.param(
            ["--log-out", "{tmp}/x", "--log-format", "nope"], "its formats: mjsim, tenhou6, mjai", id="unknown"
        ),
        pytest.param(
            ["--preset", "tenhou-sanma", "--log-out", "{tmp}/x", "--log-format", "mjai"],
            "does not hold games",
            id="sanma",
        ),
        pytest.param(["--agents", "mjai:", "--games", "1"], "give the bot's command", id="mjai-without-command"),
    ],
)
def test_bad_mjai_options_are_one_line(tmp_path, args, fragment):
    result = CliRunner().invoke(cli, ["simulate", "--games", "1", *[a.replace("{tmp}", str(tmp_path)) for a in args]])
    assert result.exit_code == 2 and fragment in result.output and "Traceback" not in result.output, result.output
