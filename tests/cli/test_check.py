"""``mjsim check``: the tenhou preset holds, a plugin that skims tsumo wins is caught, runs are deterministic."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from mjsim.checking.check import BOTS, EVENTS_SHOWN, CheckResult, format_check, run_check
from mjsim.checking.invariants import CORE
from mjsim.errors import MjsimError
from mjsim.gamelog.read import read_game_log
from mjsim.gamelog.replay import replay_log
from mjsim.rules import plugins

PLUGINS_DIR = Path(__file__).resolve().parents[1] / "plugins"
EXAMPLES = 15  # enough to find the skim at once, few enough to keep the module at a few seconds


def _skim_run(workdir: Path) -> CheckResult:
    """The check with the skim plugin, run from ``workdir`` so the log goes to its default folder there."""
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(workdir)
        mp.syspath_prepend(str(PLUGINS_DIR))  # a user's plugin module is importable by its name
        return run_check("tenhou", plugins=["skim_tsumo"], examples=EXAMPLES)


@pytest.fixture(scope="module")
def skim(tmp_path_factory) -> tuple[CheckResult, Path]:
    """One failing run (it shrinks, so it is shared) and the folder it ran in."""
    workdir = tmp_path_factory.mktemp("check")
    return _skim_run(workdir), workdir


def test_tenhou_passes(tmp_path):
    result = run_check("tenhou", examples=EXAMPLES, out_dir=tmp_path)
    assert result.passed and result.counterexample is None
    assert result.examples_run == EXAMPLES
    assert {name for name, _ in CORE} <= set(result.invariants)
    assert "wins paid consistently" in result.invariants
    count = len(result.invariants)
    assert format_check(result) == f"mjsim check: tenhou, {EXAMPLES} examples, {count} invariants: passed"
    assert not any(tmp_path.iterdir())  # nothing is written when every example holds


def test_skim_plugin_fails_on_points(skim):
    result, _ = skim
    found = result.counterexample
    assert not result.passed and found is not None
    assert result.plugins == ("skim_tsumo",)
    assert "points" in found.message
    assert isinstance(found.seed, int) and len(found.agents) == 4 and set(found.agents) <= set(BOTS)
    assert found.step >= 1 and found.reproduced
    assert 0 < len(found.events) <= EVENTS_SHOWN
    assert any("wins by tsumo" in line and " > " in line for line in found.events)  # the failing step is marked


def test_skim_log_is_written_and_replays(skim):
    result, workdir = skim
    path = result.counterexample.log_path
    assert path.parent == Path("mjsim-check-tenhou")  # the default folder, under the current directory
    assert (workdir / path).is_file()
    with pytest.MonkeyPatch.context() as mp:
        mp.syspath_prepend(str(PLUGINS_DIR))  # the logged rule set names the plugin
        mp.setattr(plugins, "_ALLOWED", {"skim_tsumo"})  # which a log may name once allowed (--allow-plugin)
        log = read_game_log(workdir / path)
        assert log["hands"] and log["agents"] == list(result.counterexample.agents)
        assert log["rules"]["variants"][-1] == "skim_tsumo"
        # The skim bypasses the ledger: the log holds what happened, which replays the same under the same rules.
        replayed = replay_log(log)
    assert replayed.agree, replayed.detail


def test_failure_text_names_the_counterexample_and_the_replay_command(skim):
    result, _ = skim
    found = result.counterexample
    text = format_check(result)
    assert text.startswith(f"mjsim check: tenhou + skim_tsumo, {result.examples_run} example")
    assert "FAILED" in text and found.message in text and f"game seed {found.seed}" in text
    assert f"mjsim --allow-plugin skim_tsumo replay {found.log_path}" in text  # the log names the plugin
    assert all(line in text for line in found.events)


def test_same_command_same_result(skim):
    first, workdir = skim
    again = _skim_run(workdir)
    assert replace(again, elapsed=0.0) == replace(first, elapsed=0.0)


def test_unknown_plugin_is_a_clear_error():
    with pytest.raises(MjsimError, match="unknown variant 'no_such_plugin'"):
        run_check("tenhou", plugins=["no_such_plugin"], examples=1)


def test_unknown_option_is_a_clear_error():
    with pytest.raises(MjsimError, match="unknown option 'riichi.no_such_option'"):
        run_check("tenhou", settings={"riichi.no_such_option": "1"}, examples=1)


def test_examples_must_be_positive():
    with pytest.raises(MjsimError, match="at least 1"):
        run_check("tenhou", examples=0)
