"""No code from data files: experiment and preset files name only installed variants unless the CLI allows a
module; a module that fails to import is one line naming it; ``python -m mjsim`` imports nothing from the cwd."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjsim.cli import cli
from mjsim.errors import MjsimError
from mjsim.experiment import load_experiment
from mjsim.rules import plugins

ROOT = Path(__file__).resolve().parents[2]
EXPERIMENT = 'name = "e"\ngames = 2\n[[rulesets]]\npreset = "tenhou"\nplugins = [{plugins}]\n'
BROKEN = {
    "raises_runtime": ("raise RuntimeError('half written')\n", "RuntimeError: half written"),
    "bad_syntax": ("def f(:\n", "SyntaxError: "),
    "unknown_hook": (
        "from mjsim.hookspecs import hookimpl\n\n@hookimpl\ndef mjsim_foo():\n    pass\n",
        "mjsim_foo is not a hook of mjsim.hookspecs",
    ),
    "bad_hook_args": (
        "from mjsim.hookspecs import hookimpl\n\n@hookimpl\ndef mjsim_add_options(nonsense):\n    pass\n",
        "nonsense",
    ),
}


@pytest.fixture(autouse=True)
def nothing_allowed(monkeypatch):
    """Each test starts with no module allowed (the CLI's allow list lives in the process)."""
    monkeypatch.setattr(plugins, "_ALLOWED", set())


@pytest.fixture
def broken_modules(tmp_path, monkeypatch):
    """A folder on the path holding one module per way of failing at import or registration."""
    for name, (source, _) in BROKEN.items():
        (tmp_path / f"{name}.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def _invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


def _one_line_error(result, *fragments: str) -> str:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mjsim: error: "), result.output
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in lines[0]
    return lines[0]


@pytest.mark.parametrize("module", ["os", "this", "subprocess", "tests.plugins.skim_tsumo"])
def test_an_experiment_may_not_name_a_module(tmp_path, module):
    path = tmp_path / "e.toml"
    path.write_text(EXPERIMENT.format(plugins=f'"{module}"'), encoding="utf-8")
    result = _invoke("run", str(path), "--out", str(tmp_path / "out"))
    line = _one_line_error(result, f"unknown variant {module!r}", f"--allow-plugin {module}", "rulesets[0].plugins")
    assert "Beautiful is better" not in result.output  # `this` was never imported
    assert "installed variants: " in line and not (tmp_path / "out").exists()


def test_the_nearest_installed_variant_is_suggested(tmp_path):
    path = tmp_path / "e.toml"
    path.write_text(EXPERIMENT.format(plugins='"gopim"'), encoding="utf-8")
    with pytest.raises(MjsimError, match="did you mean 'gopin'"):
        load_experiment(path)


@pytest.mark.parametrize("variants", ['"riichi", "os"', '"riichy"', '"tests.plugins.skim_tsumo"'])
def test_a_preset_file_may_not_name_a_module(tmp_path, variants):
    preset = tmp_path / "p.toml"
    preset.write_text(f'name = "p"\nvariants = [{variants}]\n', encoding="utf-8")
    _one_line_error(_invoke("rules", "--preset", str(preset)), f"preset {preset}: variants: unknown variant")


@pytest.mark.parametrize("flag", ["--allow-plugin", "--plugin"])
def test_a_module_named_on_the_command_line_may_be_named_by_a_preset(tmp_path, flag):
    preset = tmp_path / "p.toml"
    preset.write_text('name = "p"\nvariants = ["riichi", "tests.plugins.skim_tsumo"]\n', encoding="utf-8")
    result = _invoke(flag, "tests.plugins.skim_tsumo", "rules", "--preset", str(preset))
    assert result.exit_code == 0, result.output
    assert "riichi.kuitan" in result.output


def test_allow_plugin_is_repeatable_and_lets_an_experiment_name_modules(tmp_path):
    path = tmp_path / "e.toml"
    path.write_text(EXPERIMENT.format(plugins='"tests.plugins.skim_tsumo", "mjsim.checking.testing"'), encoding="utf-8")
    result = _invoke("--allow-plugin", "mjsim.checking.testing", "--allow-plugin", "tests.plugins.skim_tsumo", "--help")
    assert result.exit_code == 0 and "--allow-plugin" in result.output
    assert load_experiment(path).rulesets[0].plugins == ("tests.plugins.skim_tsumo", "mjsim.checking.testing")


@pytest.mark.parametrize("module", sorted(BROKEN))
@pytest.mark.parametrize("way", ["experiment", "preset", "simulate-plugin"])
def test_an_allowed_module_that_fails_is_one_line_naming_it(broken_modules, tmp_path, module, way):
    exe = tmp_path / "e.toml"
    exe.write_text(EXPERIMENT.format(plugins=f'"{module}"'), encoding="utf-8")
    preset = tmp_path / "p.toml"
    preset.write_text(f'name = "p"\nvariants = ["riichi", "{module}"]\n', encoding="utf-8")
    args = {
        "experiment": ["--allow-plugin", module, "run", str(exe), "--out", str(tmp_path / "out")],
        "preset": ["--allow-plugin", module, "rules", "--preset", str(preset)],
        "simulate-plugin": ["simulate", "--games", "1", "--plugin", module],
    }[way]
    _one_line_error(_invoke(*args), module, BROKEN[module][1])


@pytest.mark.parametrize("module", sorted(BROKEN))
def test_a_group_plugin_that_fails_is_one_line_naming_it(broken_modules, module):
    _one_line_error(_invoke("--plugin", module, "variants"), module)


def test_python_m_mjsim_imports_nothing_from_the_current_directory(tmp_path):
    marker = tmp_path / "ran"
    payload = f"open({str(marker)!r}, 'w').close()\n"
    for name in ("json", "click", "evil_plugin"):  # a standard module, a dependency, a module named as a plugin
        (tmp_path / f"{name}.py").write_text(payload, encoding="utf-8")
    preset = tmp_path / "p.toml"
    preset.write_text('name = "p"\nvariants = ["riichi", "evil_plugin"]\n', encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MJSIM_PURE_PYTHON": "1"}
    command = [sys.executable, "-m", "mjsim", "--allow-plugin", "evil_plugin", "rules", "--preset", str(preset)]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        "mjsim: error: unknown variant 'evil_plugin' (No module named 'evil_plugin'); installed variants: "
        + ", ".join(sorted(plugins.installed_variants()))
    ]
    assert not marker.exists()
