"""Bad experiment files and run options stop with one line naming the problem and exit status 2."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from mjsim.cli import cli

GOOD = """
name = "e"
games = 2
[[rulesets]]
preset = "tenhou"
"""


@pytest.mark.parametrize(
    "text, fragment",
    [
        pytest.param("name = [", "malformed TOML", id="malformed-toml"),
        pytest.param('name = "e"\n', "'rulesets' is required", id="no-rulesets"),
        pytest.param("colour = 1\n" + GOOD, "unknown key 'colour'", id="unknown-key"),
        pytest.param(GOOD.replace("games = 2", "games = 0"), "'games' must be from 2 to", id="zero-games"),
        pytest.param(GOOD.replace("games = 2", 'games = "x"'), "'games' must be an integer", id="games-not-int"),
        pytest.param(GOOD.replace('"tenhou"', '"nope"'), "unknown preset 'nope'", id="unknown-preset"),
        pytest.param(
            GOOD + '[rulesets.options]\n"riichi.nope" = 1\n', "unknown option 'riichi.nope'", id="unknown-option"
        ),
        pytest.param(GOOD + '[rulesets.options]\n"riichi.kuikae" = "maybe"\n', "riichi.kuikae", id="bad-value"),
        pytest.param('agents = ["efficiency"]\n' + GOOD, "seats 4 players, got 1 agents", id="one-agent"),
        pytest.param('target = "luck"\n' + GOOD, "target = 'luck' is not one of", id="unknown-target"),
        pytest.param('rotate_seats = "false"\n' + GOOD, "'rotate_seats' must be true or false", id="rotate-as-text"),
        pytest.param(GOOD.replace('"e"', '"../../x"'), "'name' must be a plain name", id="name-climbs-out"),
        pytest.param(GOOD.replace('"e"', '"/tmp/x"'), "'name' must be a plain name", id="name-absolute"),
        pytest.param(GOOD.replace('"e"', '""'), "'name' must be a plain name", id="name-empty"),
        pytest.param(GOOD.replace('"e"', '".."'), "'name' must be a plain name", id="name-dots"),
        pytest.param(GOOD.replace('"e"', "5"), "'name' must be a plain name", id="name-not-text"),
        pytest.param(GOOD + "plugins = [5]\n", "plugins must be a list of variant names", id="plugin-not-text"),
        pytest.param(GOOD + 'plugins = [""]\n', "plugins must be a list of variant names", id="plugin-empty"),
        pytest.param(GOOD + "options = [1]\n", "options must be a table", id="options-as-list"),
        pytest.param(GOOD.replace("games = 2", "games = 1000000000000"), "'games' must be from 2 to", id="games-huge"),
        pytest.param(GOOD + 'plugins = ["no_such_module"]\n', "unknown variant 'no_such_module'", id="plugin-missing"),
    ],
)
def test_bad_experiment_is_one_line_exit_2(tmp_path, text, fragment):
    path = tmp_path / "e.toml"
    path.write_text(text)
    result = CliRunner().invoke(cli, ["run", str(path), "--out", str(tmp_path / "out"), "--backend", "serial"])
    assert result.exit_code == 2, result.output
    assert fragment in result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


@pytest.mark.parametrize("where", ["experiment", "preset"])
def test_a_file_that_is_not_utf8_is_one_line_exit_2(tmp_path, where):
    preset = tmp_path / "p.toml"
    preset.write_bytes(b'name = "p"\nvariants = ["riichi"]\ndescription = "\xff"\n')
    path = tmp_path / "e.toml"
    if where == "experiment":
        path.write_bytes(GOOD.encode() + b'question = "\xe9"\n')
    else:
        path.write_text(GOOD.replace('"tenhou"', f'"{preset}"'))
    result = CliRunner().invoke(cli, ["run", str(path), "--out", str(tmp_path / "out"), "--backend", "serial"])
    assert result.exit_code == 2, result.output
    assert "not UTF-8 text" in result.output and str(path if where == "experiment" else preset) in result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


@pytest.mark.parametrize(
    "preset, fragment",
    [
        pytest.param('name = "p"\nvariants = [1, 2]\n', "list of variant names", id="variants-not-names"),
        pytest.param('name = "p"\nvariants = "riichi"\n', "list of variant names", id="variants-not-a-list"),
        pytest.param('name = "p"\nvariants = ["riichi"]\noptions = [1]\n', "'options' must be a table", id="options"),
        pytest.param('name = "p"\nextends = 3\n', "'extends' takes the name of one preset", id="extends-not-text"),
    ],
)
def test_a_malformed_preset_file_is_one_line_exit_2(tmp_path, preset, fragment):
    path = tmp_path / "p.toml"
    path.write_text(preset)
    result = CliRunner().invoke(cli, ["simulate", "--preset", str(path), "--games", "1"])
    assert result.exit_code == 2, result.output
    assert fragment in result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


@pytest.mark.parametrize(
    "source, fragment",
    [
        pytest.param("raise RuntimeError('boom')\n", "fails to import: RuntimeError: boom", id="raises"),
        pytest.param("def broken(:\n", "fails to import: SyntaxError", id="syntax-error"),
    ],
)
def test_a_plugin_that_fails_to_import_is_one_line_exit_2(tmp_path, monkeypatch, source, fragment):
    (tmp_path / "bad_plugin.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    result = CliRunner().invoke(cli, ["simulate", "--games", "1", "--plugin", "bad_plugin"])
    assert result.exit_code == 2, result.output
    assert "variant 'bad_plugin'" in result.output and fragment in result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_an_empty_plugin_name_is_one_line_exit_2():
    result = CliRunner().invoke(cli, ["simulate", "--games", "1", "--plugin", ""])
    assert result.exit_code == 2 and "a variant needs a name" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("width", ["nan", "-1", "0", "inf"])
def test_until_ci_needs_a_width_above_zero(tmp_path, width):
    path = tmp_path / "e.toml"
    path.write_text(GOOD)
    result = CliRunner().invoke(cli, ["run", str(path), "--out", str(tmp_path / "out"), "--until-ci", width])
    assert result.exit_code == 2 and "must be a number above 0" in result.output
    assert not (tmp_path / "out").exists()


def test_nothing_is_written_outside_the_results_folder(tmp_path):
    path = tmp_path / "e.toml"
    path.write_text(GOOD.replace('"e"', '"../escaped"'))
    CliRunner().invoke(cli, ["run", str(path), "--out", str(tmp_path / "out"), "--backend", "serial"])
    assert not (tmp_path / "escaped").exists()


def test_missing_experiment_file(tmp_path):
    result = CliRunner().invoke(cli, ["run", str(tmp_path / "none.toml")])
    assert result.exit_code == 2 and "none.toml: no such file" in result.output


def test_report_of_a_folder_without_a_store(tmp_path):
    result = CliRunner().invoke(cli, ["report", str(tmp_path)])
    assert result.exit_code == 2 and "no experiment.toml" in result.output
