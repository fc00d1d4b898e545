"""What there is to choose from: ``mjsim presets``, ``mjsim agents``, and help text on every option of every command."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from mjsim.cli import cli
from mjsim.rules.plugins import installed_variants
from mjsim.rules.presets import preset_names

ROOT = Path(__file__).resolve().parents[2]


def _commands(group: click.Group, ctx: click.Context, path: str = "mjsim"):
    """Every command under ``group`` (lazy and variant commands too), with its path."""
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        yield f"{path} {name}", command
        if isinstance(command, click.Group):
            yield from _commands(command, click.Context(command, parent=ctx, info_name=name), f"{path} {name}")


def _every_option():
    cli.main(["--help"], standalone_mode=False)  # variants add their commands and options at start-up
    ctx = click.Context(cli, info_name="mjsim")
    found = [("mjsim", cli)] + list(_commands(cli, ctx))
    return [(path, param) for path, command in found for param in command.params if isinstance(param, click.Option)]


OPTIONS = _every_option()


@pytest.mark.parametrize("path, option", OPTIONS, ids=[f"{p} {o.opts[0]}" for p, o in OPTIONS])
def test_every_option_of_every_command_has_help(path, option):
    assert (option.help or "").strip(), f"{path} {option.opts[0]} has no help text"


def test_the_walk_reaches_the_variants_and_lazy_commands():
    paths = {path for path, _ in OPTIONS}
    assert {"mjsim score", "mjsim simulate", "mjsim calibrate", "mjsim explain", "mjsim presets"} <= paths
    assert len(OPTIONS) > 100


def test_presets_lists_every_preset_with_family_description_and_file():
    result = CliRunner().invoke(cli, ["presets", "--json"])
    rows = json.loads(result.output)
    assert [r["name"] for r in rows] == preset_names()
    for row in rows:
        assert row["family"] in installed_variants() and row["description"], row
        assert (ROOT / row["source"]).is_file(), row["source"]
    by_name = {r["name"]: r for r in rows}
    assert by_name["jirai"]["family"] == "riichi" and by_name["jirai"]["adds"] == ["jirai"]
    assert by_name["chengdu"]["family"] == "chengdu" and by_name["chengdu"]["adds"] == []


def test_presets_text_has_one_line_per_preset():
    lines = CliRunner().invoke(cli, ["presets"]).output.splitlines()
    assert lines[0].split()[:2] == ["4play", "riichi"] and lines[0].endswith("[variants/riichi/presets/4play.toml]")
    assert f"{len(preset_names())} presets" in lines[-1]


def test_agents_lists_each_familys_bots_and_marks_its_default():
    rows = json.loads(CliRunner().invoke(cli, ["agents", "--json"]).output)
    assert [b["name"] for b in rows["generic"]] == ["defensive", "efficiency", "random", "tsumogiri"]
    defaults = {provider: [b["name"] for b in bots if b["default"]] for provider, bots in rows.items()}
    assert defaults == {
        "generic": [],
        "boo": [],
        "cantonese": ["human"],
        "chengdu": ["human"],
        "jirai": [],
        "mcr": ["human"],
        "riichi": ["human"],
        "taiwan": ["human"],
    }
    assert all(b["about"] for bots in rows.values() for b in bots)  # every bot says what it is


def test_agents_text_names_the_mjai_seat_with_its_argument():
    text = CliRunner().invoke(cli, ["agents"]).output
    assert "  mjai:CMD " in text and "[default]" in text


@pytest.mark.parametrize(
    "words, expected",
    [
        ("mjsim simulate --preset tenhou-", ["tenhou-sanma", "tenhou-tournament"]),
        ("mjsim compare che", ["chengdu", "chengdu_seed"]),
        ("mjsim pre", ["presets"]),
    ],
)
def test_shell_completion_offers_commands_and_preset_names(words, expected):
    env = {"_MJSIM_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - 1)}
    result = CliRunner().invoke(cli, [], prog_name="mjsim", env=env)
    assert [line.split(",", 1)[1] for line in result.output.split()] == expected
