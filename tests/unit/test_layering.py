"""The core knows no rule content: no module of ``mjsim/`` imports ``variants`` or names a family, a family's own
word (each family declares its ``WORDS``: riichi's han, fu, yakuman, dora...) or a scoring pattern.

Each module is a test of its own, so a new breach fails even while a known one waits for its fix; the known
ones are marked ``xfail(strict=True)`` with the reason, so an entry must go once its breach is fixed.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from functools import cache
from pathlib import Path

import pytest

from tests.imports import package_imports

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "mjsim"

# Modules that still import the variants package, in files other engineers of issue 14 are changing.
KNOWN_IMPORTS: dict[str, str] = {}  # core modules that still import variants (none; an entry marks a known breach)
# Core modules that still name a family, its words or a pattern (none today; an entry marks a known breach).
KNOWN_NAMES: dict[str, str] = {}


def _modules(folder: Path, known: dict[str, str]) -> list:
    """One parameter per module under ``folder``, the known offenders marked as expected failures."""
    params = []
    for path in sorted(folder.rglob("*.py")):
        name = path.relative_to(folder).as_posix()
        marks = [pytest.mark.xfail(reason=known[name], strict=True)] if name in known else []
        params.append(pytest.param(path, id=name, marks=marks))
    return params


def variant_imports(source: str) -> list[str]:
    """Every import of ``variants`` in ``source`` (anywhere, also inside functions), as ``line: module``."""
    return package_imports(source, "variants")


@cache
def rule_words() -> tuple[frozenset[str], frozenset[str]]:
    """The installed variants' names with every family's declared words (``WORDS``), and the names of every
    pattern the presets register."""
    from mjsim.rules import RuleSet, preset_names
    from mjsim.rules.plugins import installed_variants, load_variant

    variants = installed_variants()
    words = {w.lower() for name in variants for w in getattr(load_variant(name), "WORDS", ())}
    patterns = {p.name for preset in preset_names() for p in RuleSet.resolve(preset).compile().patterns}
    return frozenset(variants) | frozenset(words), frozenset(patterns)


def rule_names(source: str, families: frozenset[str], yaku: frozenset[str]) -> list[str]:
    """Identifiers and string values of ``source`` that name a family or a yaku, outside comments and docstrings.

    A word names a yaku when it is one (``tanyao``); a family when one of its ``_``/``.`` parts is
    (``riichi_turn``, ``"chengdu.blood"``).
    """
    docstrings = _docstring_lines(ast.parse(source))
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.NAME:
            word = token.string
        elif token.type == tokenize.STRING and token.start[0] not in docstrings:
            word = _string_value(token.string)
        else:
            continue
        lower = word.lower()
        if lower in yaku or families.intersection(re.split(r"[._]", lower)):
            found.append(f"{token.start[0]}: {word}")
    return found


def _string_value(text: str) -> str:
    """The value of a string literal token ("" for bytes and for f-strings, which Python 3.11 tokenizes whole)."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return ""
    return value if isinstance(value, str) else ""


def _docstring_lines(tree: ast.Module) -> set[int]:
    """The first lines of the module's, classes' and functions' docstrings."""
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                lines.add(first.lineno)
    return lines


@pytest.mark.parametrize("path", _modules(CORE, KNOWN_IMPORTS))
def test_core_module_does_not_import_variants(path: Path) -> None:
    assert variant_imports(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", _modules(CORE, KNOWN_NAMES))
def test_core_module_names_no_family_word_or_pattern(path: Path) -> None:
    """Every core module plays every family through hooks: no family, family word, option or pattern is named."""
    families, patterns = rule_words()
    assert rule_names(path.read_text(encoding="utf-8"), families, patterns) == []


@pytest.mark.parametrize("word", ["han", "fu", "yakuman", "dora", "riichi", "chengdu", "tai", "faan"])
def test_each_family_word_is_declared(word: str) -> None:
    """The words the scan looks for come from the families' declarations (a planted one is caught)."""
    families, _ = rule_words()
    assert word in families
    planted = f"def value(hit):\n    return hit.{word}_total + len('{word}.x')\n"
    assert rule_names(planted, families, frozenset()) == [f"2: {word}_total", f"2: {word}.x"]


@pytest.mark.parametrize(
    "source, found",
    [
        pytest.param("import variants.riichi\n", ["1: variants.riichi"], id="import"),
        pytest.param("def f():\n    from variants.jirai import x\n", ["2: variants.jirai"], id="function-local"),
        pytest.param("from variants import riichi\n", ["1: variants"], id="from-package"),
        pytest.param("importlib.import_module('variants.boo')\n", ["1: variants.boo"], id="import-module"),
        pytest.param("from . import variants\nimport variantsx\n", [], id="not-the-package"),
    ],
)
def test_variant_imports_are_found(source: str, found: list[str]) -> None:
    assert variant_imports(source) == found


@pytest.mark.parametrize(
    "source, found",
    [
        pytest.param("RIICHI = 'riichi'\n", ["1: RIICHI", "1: riichi"], id="family"),
        pytest.param("me.riichi_turn = 0\n", ["1: riichi_turn"], id="family-part"),
        pytest.param("key = 'chengdu.blood'\n", ["1: chengdu.blood"], id="option-key"),
        pytest.param("if hit == 'tanyao':\n    pass\n", ["1: tanyao"], id="yaku"),
        pytest.param('def f():\n    """riichi and tanyao."""\n    # riichi\n', [], id="docstring-and-comment"),
        pytest.param("tanyao_like = 'pinfu_ish'\n", [], id="yaku-only-whole"),
        pytest.param("text = f'{x} riichi'\n", [], id="f-string-left-alone"),
    ],
)
def test_rule_names_are_found(source: str, found: list[str]) -> None:
    assert rule_names(source, frozenset({"riichi", "chengdu"}), frozenset({"tanyao", "pinfu"})) == found
