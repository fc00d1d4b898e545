"""The riichi family's deltas and the other families import it only through ``variants/riichi/api.py``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import variants.riichi.api as api

ROOT = Path(__file__).resolve().parents[2]
OUTSIDE = sorted(p for p in (ROOT / "variants").rglob("*.py") if "riichi" not in p.relative_to(ROOT).parts[:2])


def riichi_imports(source: str) -> list[str]:
    """Every import of the riichi family in ``source`` other than its API, as ``line: module``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules = (
                [node.module] if node.module != "variants.riichi" else [f"variants.riichi.{a.name}" for a in node.names]
            )
        elif isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        else:
            continue
        found += [
            f"{node.lineno}: {m}" for m in modules if m.startswith("variants.riichi") and m != "variants.riichi.api"
        ]
    return found


@pytest.mark.parametrize("path", OUTSIDE, ids=[p.relative_to(ROOT / "variants").as_posix() for p in OUTSIDE])
def test_a_module_outside_the_family_imports_only_its_api(path: Path) -> None:
    assert riichi_imports(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    "source, found",
    [
        pytest.param("from variants.riichi.scorer import score_win\n", ["1: variants.riichi.scorer"], id="module"),
        pytest.param("from variants.riichi import options as opt\n", ["1: variants.riichi.options"], id="package"),
        pytest.param("def f():\n    import variants.riichi.play\n", ["2: variants.riichi.play"], id="inside"),
        pytest.param("from variants.riichi.api import play, score_win\n", [], id="the-api"),
    ],
)
def test_an_import_past_the_api_is_found(source: str, found: list[str]) -> None:
    assert riichi_imports(source) == found


@pytest.mark.parametrize("name", api.__all__)
def test_every_public_name_loads(name: str) -> None:
    assert getattr(api, name) is not None


def test_an_unknown_name_is_one_line_naming_the_public_ones() -> None:
    with pytest.raises(AttributeError, match="variants.riichi.api has no 'scorer'; the family's public names: "):
        api.scorer  # noqa: B018
