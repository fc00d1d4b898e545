"""Count the hook implementations that only call another function (issue 37, part 3).

Run from the repository's root: ``python tools/forwarders.py [--list]``. A hook implementation is a function
marked ``@hookimpl`` in ``mjsim/`` or ``variants/``. It is a *forwarder* when its body, past the docstring, is
one statement calling another function: ``pure`` when it passes its own parameters, in order, and nothing
else (the variant can import the called function under the hook's name instead: docs/hooks.md, "Answering a
hook"), an *adapter* when it passes anything else (an attribute of an argument, a constant, fewer arguments).
"""

from __future__ import annotations

import argparse
import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def hook_functions(tree: ast.Module) -> list[ast.FunctionDef]:
    """The module's functions decorated ``@hookimpl`` (with or without options)."""
    found = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and any(_is_hookimpl(d) for d in node.decorator_list):
            found.append(node)
    return found


def _is_hookimpl(decorator: ast.expr) -> bool:
    """Whether a decorator is ``hookimpl`` or ``hookimpl(...)``."""
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return isinstance(target, ast.Name) and target.id == "hookimpl"


def kind(function: ast.FunctionDef) -> str:
    """``pure``, ``adapter`` or ``own`` (a body of its own)."""
    body = function.body[1:] if _has_docstring(function) else function.body
    if len(body) != 1:
        return "own"
    statement = body[0]
    call = statement.value if isinstance(statement, ast.Return | ast.Expr) else None
    if not isinstance(call, ast.Call):
        return "own"
    params = [a.arg for a in function.args.args]
    passed = [a.id if isinstance(a, ast.Name) else None for a in call.args]
    return "pure" if passed == params and not call.keywords else "adapter"


def _has_docstring(function: ast.FunctionDef) -> bool:
    """Whether the function's first statement is its docstring."""
    first = function.body[0]
    return isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str)


def survey() -> list[tuple[str, str, str]]:
    """(path, function, kind) of every hook implementation in mjsim/ and variants/."""
    rows = []
    for folder in ("mjsim", "variants"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for function in hook_functions(tree):
                rows.append((path.relative_to(ROOT).as_posix(), function.name, kind(function)))
    return rows


def main() -> None:
    """Print the counts (and, with --list, every forwarder)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="list every forwarder")
    args = parser.parse_args()
    rows = survey()
    if args.list:
        for path, name, found in rows:
            if found != "own":
                print(f"{found:8} {path}: {name}")
    counts = Counter(found for _, _, found in rows)
    print(f"hook implementations {len(rows)}: pure forwarders {counts['pure']}, adapters {counts['adapter']}, ", end="")
    print(f"own bodies {counts['own']}")


if __name__ == "__main__":
    main()
