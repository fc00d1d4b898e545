"""Every real three-player Tenhou win agrees: fu, han, points, yaku ids and each seat's change
(validation/tenhou/sanma/derived/sanma_agari_cases.jsonl, 1205 hands; 5 more in the four-player file)."""

from __future__ import annotations

import pytest

from mjsim.rules import RuleSet
from tests.shared import SHARED_DIR, require_shared
from variants.riichi.conformance import CaseScorer, summarize
from variants.riichi.logs.agari_cases import read_cases
from variants.sanma.rulesets import tenhou_sanma

SANMA_CASES = SHARED_DIR / "validation" / "tenhou" / "sanma" / "derived" / "sanma_agari_cases.jsonl"
FOUR_PLAYER_FILE = SHARED_DIR / "validation" / "tenhou" / "derived" / "tenhou_agari_cases.jsonl"


@pytest.mark.parametrize(
    "base",
    [pytest.param(lambda: RuleSet.resolve("tenhou"), id="tenhou-default"), pytest.param(tenhou_sanma, id="sanma")],
)
def test_every_sanma_case_agrees(base):
    """Under the default preset the three-player cases switch to tenhou-sanma by themselves."""
    require_shared(SANMA_CASES)
    summary = summarize(CaseScorer(base()).check(case) for case in read_cases(SANMA_CASES))
    assert (summary["total"], summary["agree"]) == (1205, 1205), summary["mismatches"]


def test_the_three_player_cases_of_the_four_player_file_agree():
    require_shared(FOUR_PLAYER_FILE)
    cases = [case for case in read_cases(FOUR_PLAYER_FILE) if case.players == 3]
    summary = summarize(CaseScorer(RuleSet.resolve("tenhou")).check(case) for case in cases)
    assert (summary["total"], summary["agree"]) == (5, 5), summary["mismatches"]


@pytest.mark.parametrize(
    ("option", "value"),
    [("sanma.tsumo", "split"), ("sanma.honba_ron", 300), ("sanma.kita", "off")],
    ids=["tsumo-split", "honba-300", "kita-off"],
)
def test_another_rule_disagrees_with_the_records(option, value):
    """The check can fail: Tenhou's records refute split tsumo, 300 honba and North without nuki dora."""
    require_shared(SANMA_CASES)
    cases = list(read_cases(SANMA_CASES))
    summary = summarize(CaseScorer(tenhou_sanma({option: value})).check(case) for case in cases)
    assert summary["disagree"] > 0
