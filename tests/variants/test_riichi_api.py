"""The riichi family's deltas and the other families import it only through ``variants/riichi/api.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

import variants.riichi.api as api
from tests.imports import package_imports

ROOT = Path(__file__).resolve().parents[2]
API = "variants.riichi.api"
OUTSIDE = sorted(p for p in (ROOT / "variants").rglob("*.py") if "riichi" not in p.relative_to(ROOT).parts[:2])


def riichi_imports(source: str) -> list[str]:
    """Every import of the riichi family in ``source`` other than its API, as ``line: module``."""
    return [found for found in package_imports(source, "variants.riichi") if not found.endswith(": " + API)]


@pytest.mark.parametrize("path", OUTSIDE, ids=[p.relative_to(ROOT / "variants").as_posix() for p in OUTSIDE])
def test_a_module_outside_the_family_imports_only_its_api(path: Path) -> None:
    assert riichi_imports(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    "source, found",
    [
        pytest.param("from variants.riichi.scorer import score_win\n", ["1: variants.riichi.scorer"], id="module"),
        pytest.param("from variants.riichi import options as opt\n", ["1: variants.riichi"], id="package"),
        pytest.param("def f():\n    import variants.riichi.play\n", ["2: variants.riichi.play"], id="inside"),
        pytest.param("from variants.riichi.api import play, score_win\n", [], id="the-api"),
    ],
)
def test_an_import_past_the_api_is_found(source: str, found: list[str]) -> None:
    assert riichi_imports(source) == found


@pytest.mark.parametrize("name", api.__all__)
def test_every_public_name_loads(name: str) -> None:
    assert getattr(api, name) is not None
