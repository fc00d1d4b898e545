"""The core's floor plan: each layer imports only itself and the layers below (docs/architecture.md, "Layers").

One contract per layer, in the import-linter way: :data:`LAYERS` lists the layers from the ground up, each made
of rooms (a room is one or more packages or modules); a module may import its own room and any room of a lower
layer, never a higher layer or another room of its own layer. Every import counts, at module level or inside a
function, ``importlib.import_module("mjsim.x")`` too; an import under ``if TYPE_CHECKING:`` does not (it never
runs). Importing a package's module runs the package's ``__init__`` first: both are in the same room here, and the
root ``mjsim`` (the public facade) is a room of its own, near the top. A known breach waits in
``KNOWN_UPWARD`` as a strict expected failure with its reason, so the entry must go once the breach is fixed.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "mjsim"
ARCHITECTURE = ROOT / "docs" / "architecture.md"

# From the ground up: (layer, rooms). A room's names are packages (their modules included) or modules.
LAYERS: list[tuple[str, tuple[tuple[str, ...], ...]]] = [
    (
        "ground",
        (
            (
                "mjsim.errors",
                "mjsim.version",
                "mjsim.files",
                "mjsim.progress",
                "mjsim.stats",
                "mjsim.native",
                "mjsim.hookspecs",
            ),
        ),
    ),
    ("hands", (("mjsim.hand",),)),
    ("scoring", (("mjsim.scoring",),)),
    ("the game", (("mjsim.engine",),)),
    ("rules", (("mjsim.rules",),)),
    ("players", (("mjsim.agents",),)),
    ("game logs", (("mjsim.gamelog",),)),
    ("play statistics | checking", (("mjsim.play",), ("mjsim.checking",))),
    ("runs", (("mjsim.runner",),)),
    ("experiments", (("mjsim.experiment",),)),
    ("viewer", (("mjsim.view",),)),
    ("reports", (("mjsim.report",),)),
    ("exploring", (("mjsim.explore",),)),
    ("environments | Python API", (("mjsim.env",), ("mjsim.api", "mjsim"))),
    ("command line", (("mjsim.cli", "mjsim.__main__", "mjsim.native_build"),)),
]

# module -> why it still imports upward (none today; an entry marks a known breach while it waits).
KNOWN_UPWARD: dict[str, str] = {}
_IMPORTING_CALLS = {"import_module", "__import__"}


def module_names() -> dict[str, Path]:
    """Every module of the mjsim package by dotted name (a package by its ``__init__``)."""
    names = {}
    for path in sorted(CORE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def room_of(module: str) -> tuple[int, int] | None:
    """(layer, room) of a module: the room naming it or its closest package (the root ``mjsim`` only by itself)."""
    best, best_len = None, -1
    for layer, (_name, rooms) in enumerate(LAYERS):
        for room, names in enumerate(rooms):
            for name in names:
                inside = module == name or (name != "mjsim" and module.startswith(name + "."))
                if inside and len(name) > best_len:
                    best, best_len = (layer, room), len(name)
    return best


def imported_modules(source: str, known: set[str]) -> list[tuple[int, str]]:
    """(line, module) of every mjsim module ``source`` imports, at any depth, except under ``if TYPE_CHECKING:``."""
    found = []
    stack: list[ast.AST] = [ast.parse(source)]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            # from P import m names the module P.m when there is one, else P itself
            targets = [
                f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in known else node.module for a in node.names
            ]
        elif isinstance(node, ast.Call) and _called_name(node.func) in _IMPORTING_CALLS and node.args:
            first = node.args[0]
            targets = [first.value] if isinstance(first, ast.Constant) and isinstance(first.value, str) else []
        else:
            continue
        found += [(node.lineno, t) for t in targets if t in known]
    return sorted(set(found))


def _called_name(func: ast.expr) -> str:
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def breaches(module: str, source: str, known: set[str]) -> list[str]:
    """The imports of ``module`` that reach a higher layer or another room of its own layer, as ``line: target``."""
    here = room_of(module)
    found = []
    for line, target in imported_modules(source, known):
        there = room_of(target)
        if here is None or there is None:
            continue  # test_every_module_has_a_room names them
        if there[0] > here[0]:
            found.append(f"{line}: {target} ({LAYERS[there[0]][0]} above {LAYERS[here[0]][0]})")
        elif there[0] == here[0] and there != here:
            found.append(f"{line}: {target} (another room of {LAYERS[here[0]][0]})")
    return found


MODULES = module_names()


def _params() -> list:
    marks = {m: [pytest.mark.xfail(reason=why, strict=True)] for m, why in KNOWN_UPWARD.items()}
    return [pytest.param(name, id=name, marks=marks.get(name, [])) for name in MODULES]


def test_every_module_has_a_room() -> None:
    """A new module or package is placed in the table before it is imported by anything."""
    assert [m for m in MODULES if room_of(m) is None] == []


def test_every_room_exists() -> None:
    """Every name in the table is a module or a package (the engine's has no ``__init__``) of the core."""
    names = [name for _layer, rooms in LAYERS for room in rooms for name in room]
    assert [n for n in names if n not in MODULES and not any(m.startswith(n + ".") for m in MODULES)] == []


@pytest.mark.parametrize("module", _params())
def test_module_imports_only_its_layer_and_below(module: str) -> None:
    assert breaches(module, MODULES[module].read_text(encoding="utf-8"), set(MODULES)) == []


def test_top_of_the_core_keeps_ten_modules_at_most() -> None:
    """The top of mjsim/ holds the ground (and the entry points); everything else lives in a package."""
    top = sorted(p.name for p in CORE.glob("*.py"))
    assert len(top) <= 10, top


def architecture_layers() -> list[list[str]]:
    """The layer table of docs/architecture.md, from the ground up: each row's mjsim packages and modules."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    table = text.split("## Layers", 1)[1].split("\n\n")[1]
    rows = [line for line in table.splitlines() if line.startswith("|")][2:]  # past the header and the rule
    layers = []
    for row in rows:
        cells = row.split("|")[2]
        names = [_dotted(p) for p in re.findall(r"`(mjsim[\w./]*)`", cells)]
        layers.append(names)
    return layers[::-1]


def _dotted(path: str) -> str:
    """``mjsim/cli/`` -> ``mjsim.cli``; ``mjsim/errors.py`` -> ``mjsim.errors``; ``mjsim`` stays."""
    return path.removesuffix("/").removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def test_architecture_table_shows_these_layers() -> None:
    """docs/architecture.md's table lists the same layers, in the same order, as this test checks."""
    expected = [[name for room in rooms for name in room] for _layer, rooms in LAYERS]
    assert architecture_layers() == expected


KNOWN = {"mjsim", "mjsim.cli", "mjsim.engine.core", "mjsim.engine.state", "mjsim.rules", "mjsim.rules.hooks"}
KNOWN |= {"mjsim.env.game", "mjsim.api", "mjsim.play.facts", "mjsim.checking.invariants", "mjsim.errors"}


@pytest.mark.parametrize(
    "module, source, found",
    [
        pytest.param(
            "mjsim.engine.core", "import mjsim.cli\n", ["1: mjsim.cli (command line above the game)"], id="planted"
        ),
        pytest.param(
            "mjsim.engine.core",
            "def f():\n    from mjsim.rules import hooks\n",
            ["2: mjsim.rules.hooks (rules above the game)"],
            id="function-local",
        ),
        pytest.param(
            "mjsim.engine.core",
            "import importlib\nimportlib.import_module('mjsim.rules')\n",
            ["2: mjsim.rules (rules above the game)"],
            id="import-module",
        ),
        pytest.param(
            "mjsim.rules.hooks",
            "from mjsim import RuleSet\n",
            ["1: mjsim (environments | Python API above rules)"],
            id="facade",
        ),
        pytest.param(
            "mjsim.play.facts",
            "from mjsim.checking import invariants\n",
            ["1: mjsim.checking.invariants (another room of play statistics | checking)"],
            id="sibling-room",
        ),
        pytest.param(
            "mjsim.rules.hooks",
            "if TYPE_CHECKING:\n    import mjsim.cli\nfrom mjsim.engine import state\n",
            [],
            id="type-checking-and-downward",
        ),
        pytest.param(
            "mjsim.env.game", "from mjsim.errors import MjsimError\nimport mjsim.engine.core\n", [], id="down"
        ),
    ],
)
def test_breaches_are_found(module: str, source: str, found: list[str]) -> None:
    assert breaches(module, source, KNOWN) == found
