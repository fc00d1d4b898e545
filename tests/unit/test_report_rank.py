"""Ranking rule sets by how much they change the game (mjsim/report/rank.py)."""

from __future__ import annotations

import random

import pytest

from mjsim.report.rank import change_score, effect, rank_rulesets


def _records(values: list[float], shift: float = 0.0, hands: list[float] | None = None) -> list[dict]:
    hands = hands or [10.0] * len(values)
    return [{"index": i, "v": v + shift, "h": h} for i, (v, h) in enumerate(zip(values, hands, strict=True))]


BASE = [random.Random(1).gauss(0, 1000) for _ in range(200)]
METRICS = {"v": ("a points metric", lambda r: r["v"]), "h": ("hands", lambda r: r["h"])}


def test_a_rule_that_never_fires_scores_exactly_zero():
    score = change_score([f for _, f in METRICS.values()], _records(BASE), _records(BASE))
    assert (score["value"], score["low"], score["high"]) == (0.0, 0.0, 0.0)


def test_a_shift_of_one_baseline_sd_is_an_effect_of_one():
    base = _records(BASE)
    sd = effect(METRICS["v"][1], base, base)["baseline_sd"]
    moved = effect(METRICS["v"][1], base, _records(BASE, shift=sd))
    assert moved["value"] == pytest.approx(1.0)
    assert moved["difference"]["value"] == pytest.approx(sd)


def test_bigger_changes_rank_first_and_the_baseline_is_not_ranked():
    records = {"tenhou": _records(BASE), "small": _records(BASE, shift=100), "big": _records(BASE, shift=900)}
    ranking = rank_rulesets("tenhou", records, METRICS)
    assert [row["ruleset"] for row in ranking] == ["big", "small"]
    assert ranking[0]["score"]["low"] <= ranking[0]["score"]["value"] <= ranking[0]["score"]["high"]


def test_games_without_a_value_are_left_out_of_that_metric_only():
    base = _records(BASE)
    other = _records(BASE, shift=50)
    other[0]["v"] = None
    result = effect(lambda r: r["v"], base, other)
    assert result["pairs"] == len(BASE) - 1
