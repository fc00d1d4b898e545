"""No hook is called except through its door: ``rules.flow`` (the game flow, ``mjsim/rules/hooks.py``), ``rules.ask``
and the installed variants' answers (``mjsim/rules/asking.py``), the plugin managers that build them
(``mjsim/rules/plugins.py``), and a family's module that declares its own hooks (``variants/riichi/hints.py``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOORS = {"mjsim/rules/hooks.py", "mjsim/rules/asking.py", "mjsim/rules/plugins.py", "variants/riichi/hints.py"}
MODULES = sorted(p for folder in ("mjsim", "variants") for p in (ROOT / folder).rglob("*.py"))
_REACHING = {"hook", "get_hookimpls", "subset_hook_caller", "get_plugins"}  # a relay or a manager's own calls


def hook_reaches(source: str) -> list[str]:
    """Every place ``source`` reaches a plugin manager's hooks itself, as ``line: name``."""
    return [
        f"{node.lineno}: {node.attr}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute) and node.attr in _REACHING
    ]


@pytest.mark.parametrize("path", MODULES, ids=[p.relative_to(ROOT).as_posix() for p in MODULES])
def test_hooks_are_called_only_through_their_doors(path: Path) -> None:
    if path.relative_to(ROOT).as_posix() in DOORS:
        pytest.skip("a door")
    assert hook_reaches(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    "source, found",
    [
        pytest.param("x = rules.hook.mjsim_play_terms(rules=rules)\n", ["1: hook"], id="relay"),
        pytest.param(
            "impls = pm.hook.mjsim_register_presets.get_hookimpls()\n", ["1: get_hookimpls", "1: hook"], id="impls"
        ),
        pytest.param("x = rules.ask.play_terms(rules)\n", [], id="the-door"),
    ],
)
def test_a_hook_reached_past_its_door_is_found(source: str, found: list[str]) -> None:
    assert sorted(hook_reaches(source)) == sorted(found)
