"""Finding imports in source text, for the tests that hold modules to their layers and families' APIs."""

from __future__ import annotations

import ast

_IMPORTING_CALLS = {"import_module", "__import__", "files"}  # importlib, builtins, importlib.resources


def package_imports(source: str, package: str) -> list[str]:
    """Every import of ``package`` or a module in it in ``source`` (anywhere, also inside functions, and by
    ``import_module`` strings), as ``line: module``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            targets = [node.module or ""] if node.level == 0 else []
        elif isinstance(node, ast.Call) and _called_name(node.func) in _IMPORTING_CALLS and node.args:
            first = node.args[0]
            targets = [first.value] if isinstance(first, ast.Constant) and isinstance(first.value, str) else []
        else:
            continue
        found += [f"{node.lineno}: {t}" for t in targets if t == package or t.startswith(package + ".")]
    return found


def _called_name(func: ast.expr) -> str:
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
