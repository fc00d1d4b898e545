"""``mjsim simulate`` shows how the players played: a ``play`` object in --json, a table beside the reference."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjsim.cli import cli

RATES = ("win", "deal_in", "call", "draw", "mean_win", "hands_per_game", "win_turn", "tenpai_at_draw")


def _simulate(*args: str) -> str:
    result = CliRunner().invoke(cli, ["simulate", "--games", "2", "--seed", "5", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture(scope="module")
def tenhou() -> dict:
    return json.loads(_simulate("--json", "--agents", "efficiency,defensive,efficiency,defensive"))


def test_json_play_object_has_every_figure(tenhou):
    play = tenhou["play"]
    assert all(play[k] is not None for k in (*RATES, "riichi"))
    assert 0 < play["win"] < 1 and play["hands_per_game"] == tenhou["hands"] / tenhou["games"]
    assert set(play["han"]) <= {*map(str, range(1, 13)), "13+"} and sum(play["han"].values()) == pytest.approx(1)
    assert play["yaku"] and all(0 < share <= 1 for share in play["yaku"].values())
    assert "dora" not in play["yaku"]  # a bonus pattern is no yaku


def test_json_play_per_seat_and_per_agent(tenhou):
    play = tenhou["play"]
    assert len(play["seats"]) == 4 and set(play["agents"]) == {"efficiency", "defensive"}
    by_seat = sum(st["win"] for st in play["seats"]) / 4
    assert by_seat == pytest.approx(play["win"])
    assert play["agents"]["defensive"]["player_hands"] == play["player_hands"] / 2


def test_json_has_the_reference_and_no_misleading_win_rate(tenhou):
    assert tenhou["reference"]["name"] == "Tenhou Phoenix" and tenhou["reference"]["win"] == 0.211
    assert "win_rate" not in tenhou and "deal_in_rate" not in tenhou


def test_text_shows_the_play_beside_the_reference():
    text = _simulate()
    assert "people (Tenhou Phoenix)" in text and "han: total variation distance" in text
    row = next(line.split() for line in text.splitlines() if line.split()[:1] == ["riichi"])
    assert row[2] == "0.170"
    assert "by seat / agent" in text


@pytest.mark.parametrize(
    "preset, named, absent",
    [("chengdu", "fan", ("riichi", "han", "yaku")), ("taiwan", "tai", ("riichi", "han", "fu"))],
    ids=["chengdu-fan", "taiwan-tai"],
)
def test_families_without_han_name_their_own_groups(preset, named, absent):
    summary = json.loads(_simulate("--preset", preset, "--json"))
    play = summary["play"]
    assert named in play and play["terms"]["groups"] == [named]
    assert not any(k in play for k in absent) and "reference" not in summary


def test_riichi_games_phoenix_does_not_describe_keep_han_without_the_reference():
    summary = json.loads(_simulate("--preset", "boo-classic", "--json"))
    assert "han" in summary["play"] and "riichi" in summary["play"] and "reference" not in summary


def test_three_player_games_compare_with_the_three_player_logs():
    summary = json.loads(_simulate("--preset", "tenhou-sanma", "--json"))
    reference = summary["reference"]
    assert reference["name"] == "tenhou-sanma logs" and reference["win"] == pytest.approx(0.2856, abs=1e-4)
    assert "han" in summary["play"] and "riichi" in summary["play"]


def test_one_agent_name_fills_every_seat():
    summary = json.loads(_simulate("--agents", "defensive", "--json"))
    assert summary["agents"] == ["defensive"] * 4 and list(summary["play"]["agents"]) == ["defensive"]


def test_text_without_a_reference_shows_no_empty_reference_columns():
    text = _simulate("--preset", "boo-classic")
    header = next(line.split() for line in text.splitlines() if line.split()[:1] == ["figure"])
    assert header == ["figure", "this", "run"]
    assert "Tenhou Phoenix" not in text


def test_json_counts_the_end_offers_and_their_answers():
    """Optional 和了り止め at any seat count: each offer to end the game and its answer, from the hand records."""
    from mjsim.runner.summary import summarize

    hands = [{"hand": 0, "scores": [1, 2, 3]}, {"hand": 1, "end_chosen": False}, {"hand": 2, "end_chosen": True}]
    record = {"index": 0, "seed": 0, "final": {"points": [1, 2, 3], "ranks": [3, 2, 1]}, "hands": hands}
    assert summarize([record])["end_offers"] == {"offered": 2, "ended": 1, "played_on": 1}
