"""Every hook of the variant API has a heading with its exact signature in docs/hooks.md."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from mjsim import hookspecs

DOCS = (Path(__file__).resolve().parents[2] / "docs" / "hooks.md").read_text(encoding="utf-8")
HOOKS = [f for name, f in vars(hookspecs).items() if name.startswith("mjsim_") and callable(f)]


@pytest.mark.parametrize("hook", HOOKS, ids=lambda f: f.__name__)
def test_hook_has_a_documented_heading(hook):
    signature = f"{hook.__name__}({', '.join(inspect.signature(hook).parameters)})"
    assert f"## {signature}" in DOCS


@pytest.mark.parametrize("hook", HOOKS, ids=lambda f: f.__name__)
def test_firstresult_hooks_say_so(hook):
    opts = getattr(hook, "mjsim_spec", {})
    if opts.get("firstresult"):
        assert "Stops at first non-None result" in hook.__doc__
