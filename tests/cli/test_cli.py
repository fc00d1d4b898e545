"""The command line: readable output, JSON, case files, and one-line errors with exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjsim.cli import cli

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "validation"
TENHOU_CASES = SHARED / "tenhou" / "derived" / "tenhou_agari_cases.jsonl"
PKG_CASES = SHARED / "scoring" / "mahjong_pkg_cases.json"


def run(*args: str):
    """Invoke the CLI in-process and return the result."""
    return CliRunner().invoke(cli, list(args))


def test_score_prints_yaku_fu_and_payments():
    result = run("score", "234567m234p55678s", "--tsumo", "--riichi", "--seat-wind", "S")
    assert result.exit_code == 0, result.output
    assert "立直" in result.output and "平和" in result.output
    assert "20 fu" in result.output
    assert "East -2600" in result.output and "South +5200" in result.output


def test_score_json_has_payments_by_wind():
    result = run("score", "123m456p789s1122z", "--win", "2z", "--riichi", "--dora", "1z", "--json")
    data = json.loads(result.stdout)
    assert (data["han"], data["fu"], data["value"], data["limit"]) == (5, 40, 8000, "mangan")
    assert data["payments"] == {"East": -8000, "South": 8000, "West": 0, "North": 0}


def test_score_with_meld_honba_and_sticks():
    result = run(
        "score",
        "234m67888s777z",
        "--meld",
        "kan:0555p",
        "--win",
        "7z",
        "--from",
        "W",
        "--honba",
        "2",
        "--sticks",
        "1",
        "--json",
    )
    data = json.loads(result.stdout)
    assert data["value"] == 2600
    assert data["payments"]["West"] == -3200 and data["payments"]["South"] == 4200


@pytest.mark.parametrize(
    "args, fragment",
    [
        pytest.param(["score", "123m45x"], "bad character 'x' at position 6", id="bad-character"),
        pytest.param(["score", "123m456p789s1122z", "--win", "9z"], "no tile '9z'", id="bad-win-tile"),
        pytest.param(["score", "123m456p789s1122z", "--seat-wind", "Q"], "bad wind 'Q'", id="bad-wind"),
        pytest.param(["score", "123m456p789s1122z", "--set", "riichi.nope=1"], "unknown option", id="unknown-key"),
        pytest.param(["score", "123m456p789s1122z", "--set", "riichi.kuitan=maybe"], "riichi.kuitan", id="bad-value"),
        pytest.param(["score", "123m456p789s1122z", "--preset", "nope"], "unknown preset 'nope'", id="bad-preset"),
        pytest.param(["score", "123m456p789s11223z"], "not complete", id="not-winning"),
        pytest.param(["score", "123m456p789s1133z", "--win", "3z"], "no yaku", id="no-yaku"),
        pytest.param(["score", "11111m"], "too many of 1m", id="five-copies"),
        pytest.param(["score", "--cases", "/nonexistent/cases.jsonl"], "cases.jsonl: no such file", id="missing-cases"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, fragment):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert fragment in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.shared_data(TENHOU_CASES)
def test_score_cases_tenhou_all_agree():
    result = run("score", "--cases", str(TENHOU_CASES), "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["disagree"] == summary["errors"] == 0
    assert summary["agree"] + summary["skipped"] == summary["total"] == 474


@pytest.mark.shared_data(PKG_CASES)
def test_score_cases_package_all_agree():
    result = run("score", "--cases", str(PKG_CASES), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["agree"] == 96


def test_score_cases_reports_disagreement(tmp_path):
    line = {
        "hand_136": [0, 4, 8, 36, 40, 44, 72, 76, 80, 108, 109, 110, 112, 113],
        "win_tile_136": 113,
        "melds": [],
        "oya": 0,
        "who": 1,
        "from_who": 0,
        "is_tsumo": False,
        "seat_wind": 1,
        "round_wind": 0,
        "honba": 0,
        "dora_indicators_136": [],
        "ura_indicators_136": [],
        "tenhou": {
            "fu": 40,
            "han": 1,
            "points": 9999,
            "yaku": [[1, "立直", 1]],
            "yakuman": [],
            "deltas": [-9999, 9999, 0, 0],
            "pao_who": None,
        },
    }
    path = tmp_path / "cases.jsonl"
    path.write_text(json.dumps(line) + "\n")
    result = run("score", "--cases", str(path), "--json")
    summary = json.loads(result.stdout)
    assert result.exit_code == 1
    assert (summary["disagree"], summary["errors"]) == (1, 0)
    assert summary["mismatches"][0]["differences"]["points"][0] == 9999


def test_a_case_file_line_that_is_not_json_is_one_line_exit_2(tmp_path):
    path = tmp_path / "cases.jsonl"
    path.write_text("not json\n")
    result = run("score", "--cases", str(path))
    assert result.exit_code == 2
    assert f"{path}:1: not JSON" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_rules_lists_every_option_with_default():
    result = run("rules", "--preset", "tenhou")
    assert result.exit_code == 0
    assert "riichi.kuitan" in result.output and "riichi.double_wind_pair_fu" in result.output
    assert "(default 2)" in result.output


def test_variants_lists_every_installed_variant_with_a_description():
    result = run("variants")
    assert result.exit_code == 0
    names = {line.split()[0]: line for line in result.output.splitlines()}
    assert {"riichi", "jirai", "boo"} <= set(names)
    assert all(len(line.split(maxsplit=1)) == 2 for line in names.values())


def test_score_with_a_variant_context_prints_a_reversed_win():
    result = run(
        "score",
        "234567m234p55678s",
        "--tsumo",
        "--riichi",
        "--seat-wind",
        "S",
        "--dora",
        "4s",
        "--preset",
        "jirai",
        "--extra",
        "jirai.forbidden=pinfu",
        "--json",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["value"] < 0
    assert data["payments"] == {"East": 6000, "South": -12000, "West": 3000, "North": 3000}


def test_score_extra_for_a_variant_not_in_the_rules_is_refused():
    result = run("score", "234567m234p55678s", "--extra", "jirai.forbidden=pinfu")
    assert result.exit_code == 2 and "--extra takes VARIANT.KEY=VALUE" in result.output


@pytest.mark.parametrize(
    "args, unit",
    [
        pytest.param(["123m456p789s11222z", "--win", "2z", "--tsumo"], "han", id="riichi-han"),
        pytest.param(["11122233344455m", "--preset", "chengdu"], "fan", id="chengdu-fan"),
        pytest.param(
            [
                "11133355999m",
                "--win",
                "5m",
                "--meld",
                "pon:333z",
                "--meld",
                "pon:444z",
                "--tsumo",
                "--preset",
                "taiwan",
            ],
            "tai",
            id="taiwan-tai",
        ),
    ],
)
def test_score_names_the_family_unit(args, unit):
    text = run("score", *args)
    assert text.exit_code == 0, text.output
    assert f" {unit}\n" in text.output
    assert json.loads(run("score", *args, "--json").stdout)["unit"] == unit


def test_simulate_counts_winners_per_hand():
    """血战到底 plays on after a win: the summary shows hands with two and three winners."""
    result = run("simulate", "--preset", "chengdu", "--games", "3", "--seed", "7", "--json")
    assert result.exit_code == 0, result.output
    winners = json.loads(result.stdout)["winners_per_hand"]
    assert winners.get("2", 0) > 0 and winners.get("3", 0) > 0
    assert sum(winners.values()) == json.loads(result.stdout)["hands"]


@pytest.mark.parametrize("preset", ["chengdu", "taiwan"])
def test_log_out_refuses_a_family_tenhou6_cannot_hold(preset, tmp_path):
    result = run("simulate", "--preset", preset, "--games", "1", "--log-out", str(tmp_path), "--log-format", "tenhou6")
    assert result.exit_code == 2
    assert f"log format 'tenhou6' does not hold games of rule set {preset!r}" in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1
    assert not any(tmp_path.iterdir())


def test_log_out_writes_the_riichi_family_format(tmp_path):
    result = run("simulate", "--games", "2", "--seed", "4", "--log-out", str(tmp_path), "--log-format", "tenhou6")
    assert result.exit_code == 0, result.output
    logs = sorted(p.name for p in tmp_path.iterdir())
    assert logs == ["game_00000.json", "game_00001.json", "mjsim-logs.run"]  # the run's marker: no stale logs
    assert "log" in json.loads((tmp_path / logs[0]).read_text(encoding="utf-8"))


# --- Commands and flags the riichi family adds through mjsim_register_commands ----------------------------


@pytest.mark.parametrize(
    "flags, situations",
    [
        pytest.param(["--riichi"], ["riichi"], id="riichi"),
        pytest.param(["--double-riichi"], ["double_riichi"], id="double-riichi"),
        pytest.param(["--riichi", "--ippatsu"], ["riichi", "ippatsu"], id="ippatsu"),
        pytest.param(["--tsumo", "--haitei"], ["haitei"], id="haitei"),
        pytest.param(["--houtei"], ["houtei"], id="houtei"),
    ],
)
def test_a_riichi_flag_is_its_situation_name(flags, situations):
    hand = ["score", "234567m234p55678s", "--win", "8s", "--json", *(["--tsumo"] if "--tsumo" in flags else [])]
    by_flag = run(*hand, *flags)
    by_name = run(*hand, *(arg for name in situations for arg in ("--situation", name)))
    assert by_flag.exit_code == by_name.exit_code == 0, by_flag.output + by_name.output
    assert json.loads(by_flag.stdout) == json.loads(by_name.stdout)
    assert json.loads(by_flag.stdout)["han"] > json.loads(run(*hand).stdout)["han"]


def test_tenhou_flag_makes_the_win_self_drawn():
    data = json.loads(run("score", "123m456p789s11122z", "--win", "2z", "--dealer", "--tenhou", "--json").stdout)
    assert data["tsumo"] is True and data["yakuman"] == 1
    assert "tenhou" in {y["name"] for y in data["hits"]}


def test_replay_is_mjsims_command_and_tenhou_logs_come_through_the_riichi_reader():
    from mjsim.cli import replay
    from mjsim.gamelog.formats import log_readers

    result = run("replay", "/nonexistent/log.json")
    assert result.exit_code == 2 and "no such file or directory" in result.output
    assert cli.commands["replay"] is replay
    assert list(log_readers()) == ["tenhou"]


def _broken_variant(tmp_path, monkeypatch, body: str):
    """A fresh ``mjsim`` group whose only installed variant is a module with ``body``."""
    from mjsim import cli as cli_module
    from mjsim.rules import plugins

    (tmp_path / "broken_variant.py").write_text(body, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(plugins, "installed_variants", lambda: {"broken": "broken_variant"})
    monkeypatch.delitem(__import__("sys").modules, "broken_variant", raising=False)
    return cli_module._Group(name="mjsim", commands={"variants": cli_module.variants})


@pytest.mark.parametrize(
    "body, fragment",
    [
        pytest.param("raise RuntimeError('no table today')\n", "RuntimeError: no table today", id="fails-to-import"),
        pytest.param(
            "from mjsim import hookimpl\n\n@hookimpl\ndef mjsim_register_commands(cli):\n    cli.commands['nope']\n",
            "KeyError: 'nope'",
            id="fails-in-the-hook",
        ),
    ],
)
def test_a_variant_that_cannot_add_its_commands_is_named_in_one_line(tmp_path, monkeypatch, body, fragment):
    group = _broken_variant(tmp_path, monkeypatch, body)
    result = CliRunner().invoke(group, ["variants"])
    assert result.exit_code == 2, result.output
    assert "variant 'broken' (broken_variant) cannot add its commands" in result.output and fragment in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


def test_a_variant_adds_a_command_through_the_hook(tmp_path, monkeypatch):
    body = (
        "import click\nfrom mjsim import hookimpl\n\n@click.command()\ndef hello():\n    click.echo('hi')\n\n"
        "@hookimpl\ndef mjsim_register_commands(cli):\n    cli.add_command(hello)\n"
    )
    result = CliRunner().invoke(_broken_variant(tmp_path, monkeypatch, body), ["hello"])
    assert (result.exit_code, result.output) == (0, "hi\n")


def test_bench_hand_says_which_build_it_timed():
    from mjsim.native import build_status

    result = run("bench", "hand", "--shanten-calls", "200", "--hands", "30", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["build"] == build_status()
    assert report["score"]["hands"] == 30
    text = run("bench", "hand", "--shanten-calls", "200", "--hands", "30").output
    assert f"mjsim build: {build_status()}" in text
