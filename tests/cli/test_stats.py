"""``mjsim stats``: the play of game logs counted as ``simulate --json`` counts a run, with counts, intervals and
the logs that fail named; a reference file made of them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjsim.cli import cli
from mjsim.play.terms import load_reference
from variants.riichi.human.calibrate import target_named

LOGS = Path(__file__).parent / "logs"
# Three rounds of real Tenhou Phoenix sanma games (thewaxmango/mahjong-hands, MIT; README of
# ../shared/validation/tenhou/sanma), put into one tenhou.net/6 file by hand, players renamed A, B, C:
#  1. seat 0 sets a North aside and declares riichi, seat 1 pons, seat 2's discard is ronned by seats 0 (5,200,
#     its 8th discard turn) and 1 (12,000, its 8th) at once;
#  2. seat 1 sets a North aside, seat 2 makes a concealed kan and deals into seat 0 (6,400, its 4th turn);
#  3. seat 1 declares nine terminals (九種九牌) at its first turn: an abortive draw.
COUNTING = LOGS / "sanma_counting.json"


def _stats(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(cli, ["stats", "--quiet", *args])
    assert result.exit_code == code, result.output
    return result.stdout if code == 0 else result.output


def _figures(*args: str) -> dict:
    summary = json.loads(_stats(*args, "--json"))
    (group,) = summary["groups"]
    return group


def test_a_hand_made_log_gives_the_counts_written_here():
    group = _figures(str(COUNTING), "--by-seat")
    counts = {k: (e["count"], e["of"]) for k, e in group["figures"].items()}
    assert (group["seats"], group["games"], group["hands"], group["player_hands"]) == (3, 1, 3, 9)
    assert counts["win"] == (3, 9)
    assert counts["deal_in"] == (2, 9)  # the double ron is one deal-in
    assert counts["call"] == (1, 9)  # the pon; Norths set aside and the concealed kan are no calls
    assert counts["riichi"] == (1, 9)
    assert counts["draw"] == (1, 3)  # the abortive draw is a hand without a win
    assert counts["mean_win"] == (5200 + 12000 + 6400, 3)  # hand values, without honba or sticks
    assert counts["tsumo"] == (0, 3) and counts["win_turn"] == (8 + 8 + 4, 3)
    assert counts["tenpai_at_draw"] == (0, 0)  # an abortive draw is no exhaustive draw
    assert counts["hands_per_game"] == (3, 1)
    seats = [{k: e["count"] for k, e in seat.items()} for seat in group["by_seat"]]
    assert [s["win"] for s in seats] == [2, 1, 0] and [s["deal_in"] for s in seats] == [0, 0, 2]
    assert [s["call"] for s in seats] == [0, 1, 0]


def test_the_figures_are_those_of_the_play_object():
    group = _figures(str(COUNTING))
    play = group["play"]
    assert all(play[k] == e["value"] for k, e in group["figures"].items())
    assert play["han"] and play["yaku"]["riichi"] == pytest.approx(1 / 3)


def test_a_corrupt_file_is_named_and_counted_and_the_rest_are_counted(tmp_path):
    shutil.copy(COUNTING, tmp_path / "good.json")
    (tmp_path / "bad.mjlog").write_text('<mjloggm ver="2.3"><GO type="185"', encoding="utf-8")
    (tmp_path / "notes.md").write_text("not a log", encoding="utf-8")
    summary = json.loads(_stats(str(tmp_path), "--json"))
    assert summary["files"] == 2 and summary["games"] == 1
    assert [f["file"] for f in summary["failed"]] == [str(tmp_path / "bad.mjlog")]
    text = _stats(str(tmp_path))
    assert "1 file could not be read or replayed" in text and "bad.mjlog" in text


def test_a_simulated_games_log_counts_as_simulate_counted_it(tmp_path):
    run = CliRunner().invoke(
        cli,
        [
            "simulate",
            "--games",
            "2",
            "--seed",
            "3",
            "--agents",
            "efficiency",
            "--json",
            "--quiet",
            "--log-out",
            str(tmp_path),
        ],
    )
    assert run.exit_code == 0, run.output
    simulated = json.loads(run.stdout)["play"]
    group = _figures(str(tmp_path), "--by-player")
    assert group["games"] == 2 and group["seats"] == 4
    for figure, estimate in group["figures"].items():
        assert estimate["value"] == pytest.approx(simulated[figure]), figure
    assert set(group["by_player"]) == {"efficiency"}


def test_a_reference_file_from_logs_is_one_simulate_and_calibrate_read(tmp_path):
    out = tmp_path / "sanma.toml"
    _stats(str(COUNTING), "--reference-out", str(out))
    reference = load_reference(out)
    assert reference.seats == 3 and reference.figures["win"] == pytest.approx(3 / 9)
    assert "counted by `mjsim stats" in reference.sources["win"]
    target = target_named(str(out))
    assert target.values["deal_in"] == pytest.approx(2 / 9) and target.tolerance["mean_win"] > 0


def test_a_path_nothing_reads_is_a_one_line_error(tmp_path):
    (tmp_path / "x.md").write_text("no log", encoding="utf-8")
    assert "no game logs here" in _stats(str(tmp_path / "x.md"), code=2)
    assert "no such file" in _stats(str(tmp_path / "missing"), code=2)


def test_simulate_compares_with_a_reference_file_from_logs(tmp_path):
    out = tmp_path / "sanma.toml"
    _stats(str(COUNTING), "--reference-out", str(out))
    args = ["simulate", "--preset", "tenhou-sanma", "--games", "1", "--quiet", "--json", "--reference", str(out)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["reference"]["win"] == pytest.approx(3 / 9)
    bad = CliRunner().invoke(cli, [*args[:-1], str(tmp_path / "missing.toml")])
    assert bad.exit_code == 2 and "reference file" in bad.output
