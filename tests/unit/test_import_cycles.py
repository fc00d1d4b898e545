"""No import cycles among mjsim's modules: every import counts, top level or inside a function.

An import under ``if TYPE_CHECKING:`` is not executed and does not count.  A cycle still being removed by
another change is listed in ``KNOWN_CYCLES`` with its reason, as an expected (strict) failure: when it is
gone, its test passes unexpectedly and fails the run, so the entry is deleted rather than forgotten.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE_DIR = Path(__file__).resolve().parents[2] / "mjsim"

# Each entry: the modules of a cycle owned by another change (a smaller cycle within them is allowed too).
KNOWN_CYCLES: dict[str, tuple[frozenset[str], str]] = {}


def module_names() -> dict[str, Path]:
    """Every module of the mjsim package by dotted name (a package by its ``__init__``)."""
    names = {}
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        parts = path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def _is_type_checking(node: ast.If) -> bool:
    """``if TYPE_CHECKING:`` or ``if typing.TYPE_CHECKING:``."""
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(tree: ast.AST):
    """Every import statement of a module, at any depth, except those under ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def _targets(node: ast.Import | ast.ImportFrom, here: str, is_package: bool, known: set[str]) -> set[str]:
    """The mjsim modules an import statement names (``from X import m`` names X.m when m is a module)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names} & known
    base = node.module or ""
    if node.level:
        parent = here.split(".")[: len(here.split(".")) - node.level + is_package]
        base = ".".join(parent + ([base] if base else []))
    found = {f"{base}.{alias.name}" for alias in node.names} & known
    return found or ({base} & known)


def _packages_run_first(target: str, importer: str, known: set[str]) -> set[str]:
    """The packages whose ``__init__`` importing ``target`` runs first.

    Left out: the root ``mjsim`` (the public facade, which imports everything) and the importer's own
    packages (already loading when it runs).
    """
    parts = target.split(".")
    ancestors = {".".join(parts[:i]) for i in range(2, len(parts))}
    own = {".".join(importer.split(".")[:i]) for i in range(1, len(importer.split(".")) + 1)}
    return (ancestors & known) - own


def import_graph() -> dict[str, set[str]]:
    """Module -> the mjsim modules it imports, with the packages those imports run first."""
    modules = module_names()
    known = set(modules)
    graph = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        is_package = path.name == "__init__.py"
        named = {t for n in _import_nodes(tree) for t in _targets(n, name, is_package, known)}
        graph[name] = (named | {p for t in named for p in _packages_run_first(t, name, known)}) - {name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for succ in sorted(graph[node]):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = []
            while not component or component[-1] != node:
                component.append(stack.pop())
            if len(component) > 1:
                found.append(frozenset(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


@pytest.fixture(scope="module")
def found() -> list[frozenset[str]]:
    return cycles(import_graph())


def test_no_import_cycle_but_the_known_ones(found):
    unexpected = [sorted(c) for c in found if not any(c <= known for known, _ in KNOWN_CYCLES.values())]
    assert unexpected == []


@pytest.mark.parametrize(
    "known",
    [
        pytest.param(known, marks=pytest.mark.xfail(strict=True, reason=reason), id=key)
        for key, (known, reason) in KNOWN_CYCLES.items()
    ],
)
def test_a_known_cycle_is_gone(found, known):
    """Expected to fail while the cycle remains; when it passes, delete its entry from KNOWN_CYCLES."""
    assert not any(c <= known for c in found)


@pytest.mark.parametrize(
    ("sources", "expected"),
    [
        pytest.param(
            {"a": "import mjsim.b", "b": "def f():\n    from mjsim import a"},
            [{"mjsim.a", "mjsim.b"}],
            id="function-local-import-counts",
        ),
        pytest.param(
            {"a": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import mjsim.b", "b": "import mjsim.a"},
            [],
            id="type-checking-import-does-not-count",
        ),
        pytest.param(
            {"a": "from mjsim.p.q import x", "p/__init__": "from mjsim import a", "p/q": ""},
            [{"mjsim.a", "mjsim.p"}],
            id="a-package-init-runs-first",
        ),
        pytest.param(
            {"p/__init__": "from mjsim.p.q import x", "p/q": "from mjsim.p import r", "p/r": ""},
            [],
            id="a-package-importing-its-own-modules-is-no-cycle",
        ),
    ],
)
def test_the_checker_finds_cycles(tmp_path, monkeypatch, sources, expected):
    for name, text in sources.items():
        path = tmp_path / "mjsim" / f"{name}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + "\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE_DIR", tmp_path / "mjsim")
    assert [set(c) for c in cycles(import_graph())] == expected
