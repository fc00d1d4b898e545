"""Riichi situations no game can give are refused with one line naming the conflict (issue 20), in the CLI,
the Python API and case files; every situation a game can give is still scored."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import mjsim
from mjsim.cli import cli
from mjsim.errors import MjsimError
from variants.riichi.conformance import CaseScorer
from variants.riichi.logs.agari_cases import read_cases

HAND = ("123m456p789s1122z", "--win", "2z", "--preset", "riichi")  # a yakuhai hand: it wins without any flag

# (id, flags after the hand, the message's conflict)
IMPOSSIBLE = [
    ("ippatsu-without-riichi", ["--ippatsu"], "ippatsu needs riichi"),
    ("ippatsu-on-rinshan", ["--riichi", "--ippatsu", "--rinshan", "--tsumo"], "ippatsu cannot be won with rinshan"),
    ("chankan-on-tsumo", ["--chankan", "--tsumo"], "chankan needs a ron, not a tsumo"),
    ("rinshan-on-ron", ["--rinshan"], "rinshan needs a tsumo, not a ron"),
    ("haitei-with-rinshan", ["--haitei", "--rinshan", "--tsumo"], "haitei cannot be won with rinshan"),
    ("houtei-with-chankan", ["--houtei", "--chankan"], "houtei cannot be won with chankan"),
    ("houtei-on-tsumo", ["--houtei", "--tsumo"], "houtei needs a ron, not a tsumo"),
    ("haitei-on-ron", ["--haitei"], "haitei needs a tsumo, not a ron"),
    ("tenhou-non-dealer", ["--tenhou"], "tenhou needs the dealer"),
    ("tenhou-on-ron", ["--situation", "tenhou", "--dealer"], "tenhou needs a tsumo, not a ron"),
    ("tenhou-with-meld", ["--tenhou", "--dealer", "--meld", "pon:777z"], "tenhou needs a hand without melds"),
    ("tenhou-with-riichi", ["--tenhou", "--dealer", "--riichi"], "tenhou cannot be won with riichi"),
    ("chiihou-dealer", ["--chiihou", "--dealer"], "chiihou needs a non-dealer"),
    ("chiihou-on-ron", ["--situation", "chiihou"], "chiihou needs a tsumo, not a ron"),
    ("chiihou-with-meld", ["--chiihou", "--meld", "ankan:7777z"], "chiihou needs a hand without melds"),
    ("chiihou-at-haitei", ["--chiihou", "--haitei"], "chiihou cannot be won with haitei"),
    ("renhou-on-tsumo", ["--renhou", "--tsumo"], "renhou needs a ron, not a tsumo"),
    ("renhou-dealer", ["--renhou", "--dealer"], "renhou needs a non-dealer"),
    ("renhou-with-meld", ["--renhou", "--meld", "pon:777z"], "renhou needs a hand without melds"),
    ("renhou-with-double-riichi", ["--renhou", "--double-riichi"], "renhou cannot be won with double_riichi"),
    ("riichi-open-hand", ["--riichi", "--meld", "pon:777z"], "riichi needs a closed hand"),
    ("double-riichi-open-hand", ["--double-riichi", "--meld", "pon:777z"], "double_riichi needs a closed hand"),
    ("open-riichi-without-riichi", ["--open-riichi"], "open_riichi needs riichi"),
    (
        "open-riichi-deal-in-on-tsumo",
        ["--riichi", "--open-riichi", "--open-riichi-deal-in", "--tsumo"],
        "open_riichi_deal_in needs a ron, not a tsumo",
    ),
    (
        "open-riichi-deal-in-without-open-riichi",
        ["--riichi", "--open-riichi-deal-in"],
        "open_riichi_deal_in needs open_riichi",
    ),
]

POSSIBLE = [
    ("riichi-ippatsu", ["--riichi", "--ippatsu"]),
    ("double-riichi-ippatsu", ["--double-riichi", "--ippatsu", "--tsumo"]),
    ("riichi-and-double-riichi", ["--riichi", "--double-riichi"]),  # the mahjong package sets both
    ("riichi-with-ankan", ["--riichi", "--meld", "ankan:7777z"]),
    ("riichi-ippatsu-chankan", ["--riichi", "--ippatsu", "--chankan"]),
    ("rinshan-on-tsumo", ["--rinshan", "--tsumo", "--meld", "kan:7777z"]),
    ("double-riichi-haitei", ["--double-riichi", "--haitei", "--tsumo"]),
    ("houtei", ["--houtei"]),
    ("tenhou", ["--tenhou", "--dealer"]),
    ("chiihou", ["--chiihou"]),
    ("renhou", ["--renhou"]),
]


def _hand_for(flags: list[str]) -> tuple[str, ...]:
    """The yakuhai hand, with 777z melded away when a flag melds it."""
    if "--meld" in flags:
        return ("123m456p789s11z", "--win", "1z", "--preset", "riichi", "--round-wind", "S")
    return HAND


@pytest.mark.parametrize(("flags", "message"), [c[1:] for c in IMPOSSIBLE], ids=[c[0] for c in IMPOSSIBLE])
def test_cli_refuses_impossible_situation(flags, message):
    result = CliRunner().invoke(cli, ["score", *_hand_for(flags), *flags])
    assert result.exit_code == 2, result.output
    assert result.output.strip().splitlines() == [f"mjsim: error: impossible win: {message}"]


@pytest.mark.parametrize("flags", [c[1] for c in POSSIBLE], ids=[c[0] for c in POSSIBLE])
def test_cli_scores_possible_situation(flags):
    result = CliRunner().invoke(cli, ["score", *_hand_for(flags), *flags])
    assert result.exit_code == 0, result.output


def test_api_refuses_with_mjsim_error():
    ctx = mjsim.win_context("123m456p789s1122z", "2z", situation={"ippatsu"})
    with pytest.raises(MjsimError, match="^impossible win: ippatsu needs riichi$"):
        mjsim.score(ctx)


def test_api_scores_riichi_ippatsu():
    ctx = mjsim.win_context("123m456p789s1122z", "2z", situation={"riichi", "ippatsu"})
    assert {"riichi", "ippatsu"} <= {h.name for h in mjsim.score(ctx).hits}


_CASE = {
    "id": "ippatsu_without_riichi",
    "closed_tiles_136": [4, 8, 12, 17, 20, 24, 40, 44, 48, 92, 96, 100, 89, 90],
    "win_tile_136": 100,
    "melds": [],
    "dora_indicators_136": [],
    "ura_dora_indicators_136": [],
    "situation": {"is_tsumo": True, "is_riichi": False, "is_ippatsu": True, "seat_wind": "S", "round_wind": "E"},
    "options": {"has_open_tanyao": True, "has_aka_dora": True},
    "expected": {"error": "no yaku", "han": None, "fu": None, "cost": None, "yaku": []},
}


@pytest.mark.parametrize("expected_error", [None, "no yaku"], ids=["expects-a-score", "expects-no-win"])
def test_case_file_reports_impossible_case_as_error(tmp_path, expected_error):
    """Even a case that expects no win is an error, not an agreement: no game gives ippatsu without riichi."""
    path = tmp_path / "cases.json"
    path.write_text(json.dumps({"cases": [{**_CASE, "expected": {**_CASE["expected"], "error": expected_error}}]}))
    (outcome,) = [CaseScorer(mjsim.RuleSet.resolve("riichi")).check(case) for case in read_cases(path)]
    assert (outcome.status, outcome.detail) == ("error", "impossible win: ippatsu needs riichi")


def test_cli_case_file_counts_the_error(tmp_path):
    path = tmp_path / "cases.json"
    path.write_text(json.dumps({"cases": [_CASE]}))
    result = CliRunner().invoke(cli, ["score", "--cases", str(path), "--preset", "riichi"])
    assert result.exit_code == 1
    assert "1 cases: 0 agree, 0 disagree, 1 errors" in result.output
    assert "impossible win: ippatsu needs riichi" in result.output
