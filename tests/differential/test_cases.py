"""Every recorded case agrees: 474 real Tenhou wins and the 96 ``mahjong`` package cases.

One test per case, with the case id as the test id.  Tenhou cases from special lobbies carry a skip
flag in the file and are skipped with that reason; three-player ones are scored under the sanma rules.
The data lives beside the repository checkout (``<checkout>/../shared/validation``); without it the tests
skip (or fail, under MJSIM_REQUIRE_SHARED=1).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mjsim.rules import RuleSet
from tests.shared import require_shared
from variants.riichi.conformance import CaseScorer, summarize
from variants.riichi.logs.agari_cases import read_cases

REPO_ROOT = Path(__file__).resolve().parents[2]
SHARED_DIR = REPO_ROOT.parent / "shared"
TENHOU_CASES = SHARED_DIR / "validation" / "tenhou" / "derived" / "tenhou_agari_cases.jsonl"
PACKAGE_CASES = SHARED_DIR / "validation" / "scoring" / "mahjong_pkg_cases.json"


def _params(path: Path):
    if not path.exists():
        return [pytest.param(None, marks=pytest.mark.shared_data(path), id=path.name)]
    return [
        pytest.param(case, id=case.id, marks=[pytest.mark.skip(reason=case.skip)] if case.skip else [])
        for case in read_cases(path)
    ]


@pytest.fixture(scope="session")
def case_scorer() -> CaseScorer:
    """Compiles the tenhou rules (and each case's table overrides) once per session."""
    return CaseScorer(RuleSet.resolve("tenhou"))


def _check(case_scorer, case):
    outcome = case_scorer.check(case)
    assert outcome.status == "agree", f"{outcome.status}: {outcome.differences or outcome.detail}"


@pytest.mark.parametrize("case", _params(TENHOU_CASES))
def test_tenhou_case_agrees(case_scorer, case):
    _check(case_scorer, case)


@pytest.mark.parametrize("case", _params(PACKAGE_CASES))
def test_package_case_agrees(case_scorer, case):
    _check(case_scorer, case)


@pytest.mark.parametrize(
    ("path", "total", "skipped"),
    # 18 special-lobby cases are skipped; the 5 three-player ones are scored (tests/differential/test_sanma_cases.py)
    [pytest.param(TENHOU_CASES, 474, 18, id="tenhou"), pytest.param(PACKAGE_CASES, 96, 0, id="package")],
)
def test_case_files_are_complete(case_scorer, path, total, skipped):
    require_shared(path)
    summary = summarize(case_scorer.check(case) for case in read_cases(path))
    assert (summary["total"], summary["skipped"], summary["errors"]) == (total, skipped, 0)
    assert summary["agree"] == total - skipped, summary["mismatches"]
