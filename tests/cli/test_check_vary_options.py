"""``mjsim check --vary-options``: Hypothesis draws the numeric options too, extremes of their ranges included;
invariants hold under them, and a failure that needs a drawn value names it."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mjsim.checking.check import CheckResult, format_check, run_check
from mjsim.cli import cli

PLUGINS_DIR = Path(__file__).resolve().parents[1] / "plugins"
EXAMPLES = 4  # games are slow: a few per rule set here; `mjsim check --vary-options` runs 100 by default


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-sanma", "chengdu"])
def test_invariants_hold_under_drawn_options(preset, tmp_path):
    result = run_check(preset, examples=EXAMPLES, out_dir=tmp_path, vary_options=True)
    assert result.passed, result.counterexample
    assert result.varied and result.examples_run == EXAMPLES


@pytest.fixture(scope="module")
def fragile(tmp_path_factory) -> tuple[CheckResult, CheckResult]:
    """The fragile plugin (it fails only when the start points are above 500,000), checked plain and varied."""
    workdir = tmp_path_factory.mktemp("vary")
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(workdir)
        mp.syspath_prepend(str(PLUGINS_DIR))
        plain = run_check("tenhou", plugins=["fragile_start"], examples=2, out_dir=workdir)
        varied = run_check("tenhou", plugins=["fragile_start"], examples=12, out_dir=workdir, vary_options=True)
    return plain, varied


def test_the_plain_check_never_draws_the_failing_value(fragile):
    plain, _ = fragile
    assert plain.passed and not plain.varied


def test_a_failure_that_needs_an_extreme_value_names_it(fragile):
    _, varied = fragile
    found = varied.counterexample
    assert not varied.passed and found is not None and "a score above 500000" in found.message
    start = dict(found.options)["riichi.start_points"]
    assert start > 500_000
    assert f"under the drawn options: --set riichi.start_points={start}" in format_check(varied)


def test_the_cli_flag_runs_the_varied_check():
    result = CliRunner().invoke(cli, ["check", "--preset", "tenhou", "--examples", "2", "--vary-options"])
    assert result.exit_code == 0, result.output
    assert "(numeric options varied)" in result.stdout and result.stdout.rstrip().endswith("passed")
