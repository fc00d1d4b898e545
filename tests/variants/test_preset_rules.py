"""The platform presets carry the 八連荘 and 大車輪 their seeds adopt (issue 20), each pinned to the seed's line."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjsim.cli import cli

DAISHARIN = ("22334455667788p", "--win", "8p", "--tsumo")  # 大車輪, closed seven pairs 2-8 of pins
# A plain 1-han hand won on a ron: the eighth win of a streak makes it a yakuman where 八連荘 is adopted.
STREAK_WIN = ("123m456m789p234s55p", "--win", "4s", "--from", "W", "--extra", "paarenchan.streak=7")


def _score(*args: str) -> dict:
    result = CliRunner().invoke(cli, ["score", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _names(data: dict) -> set[str]:
    return {y["name"] for y in data["hits"]}


@pytest.mark.parametrize(
    ("preset", "seed_line"),
    [
        ("atgames", "S000 free-platform table, @games: 大車輪 ○"),
        ("gamejan", "S000 free-platform table, ガメジャン: 大車輪 ○"),
        ("mfc", "S000 paid-platform table, MFC: 大車輪 ○"),
        ("kait", "S001 KAIT: 採用役満 天和 地和 ... 四槓子 大車輪"),
    ],
)
def test_daisharin_is_a_yakuman_where_the_seed_adopts_it(preset, seed_line):
    assert _score(*DAISHARIN, "--preset", preset)["yakuman"] == 1, seed_line


@pytest.mark.parametrize(
    ("preset", "seed_line"),
    [
        ("yahoo", "S000 free-platform table, Yahoo!: 大車輪 ×"),
        ("4play", "S001 4play: 大車輪は、なし"),
        ("tenhou", "Tenhou has no local yaku"),
    ],
)
def test_daisharin_is_chinitsu_elsewhere(preset, seed_line):
    data = _score(*DAISHARIN, "--preset", preset)
    assert data["yakuman"] == 0 and "chinitsu" in _names(data), seed_line


@pytest.mark.parametrize(
    ("preset", "dealer", "yakuman"),
    [
        ("4play", False, 1),  # S001 4play: "八連荘は、あり（子・親にかかわらず8回連続和了り）": any player
        ("4play", True, 1),
        ("atgames", True, 1),  # S000 @games: "八連荘 ○" (the standard form: the dealer's streak)
        ("atgames", False, 0),
        ("mfc", True, 1),  # S000 MFC: "八連荘 ○"
        ("mfc", False, 0),
        ("gamejan", True, 0),  # S000 ガメジャン: "八連荘 ×"
    ],
    ids=[
        "4play-non-dealer",
        "4play-dealer",
        "atgames-dealer",
        "atgames-non-dealer",
        "mfc-dealer",
        "mfc-non-dealer",
        "gamejan-dealer",
    ],
)
def test_paarenchan_follows_the_seed(preset, dealer, yakuman):
    seat = ["--dealer"] if dealer else ["--seat-wind", "S"]
    args = [*STREAK_WIN, *seat, "--preset", preset]
    if preset == "gamejan":  # no paarenchan variant: --extra names a variant the rule set lacks, so leave it out
        args = [a for a in args if a not in ("--extra", "paarenchan.streak=7")]
    assert _score(*args)["yakuman"] == yakuman
