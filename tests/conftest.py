"""Shared test set-up: Hypothesis profiles, the compiled tenhou rules, and paths to the shared data.

Hypothesis profiles (pick one with ``HYPOTHESIS_PROFILE``, default ``dev``):

* ``dev`` -- 50 examples, quick feedback while editing;
* ``ci`` -- 100 examples, no deadline, derandomized (the same examples on every run);
* ``thorough`` -- 2000 examples, for a long hunt before a release.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

TESTS_DIR = Path(__file__).resolve().parent
REPO_ROOT = TESTS_DIR.parent
SHARED_DIR = REPO_ROOT.parent / "shared"


def _import_real_variants() -> None:
    """Import the installed ``variants`` package before ``tests/`` shadows it.

    pytest puts ``tests/`` on ``sys.path`` to import this file, and ``tests/variants/`` (a directory for
    variant tests) would then be taken for a namespace package named ``variants``: its presets would not
    be found.  Importing the real package first (with ``tests/`` briefly off the path) pins it.
    """
    saved = list(sys.path)
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != TESTS_DIR]
    try:
        import variants  # noqa: F401
    finally:
        sys.path[:] = saved


_import_real_variants()
if str(TESTS_DIR) not in sys.path:  # so that test modules can ``import strategies``
    sys.path.insert(0, str(TESTS_DIR))

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

from mjsim.rules import Rules, RuleSet  # noqa: E402

settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile("thorough", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def shared_path(*parts: str) -> Path:
    """A path under the shared data folder (``<checkout>/../shared``); skips the test when it is absent."""
    path = SHARED_DIR.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"shared validation data not found at {path} (expected beside the repository checkout)")
    return path


@cache
def compiled(preset: str = "tenhou", **overrides) -> Rules:
    """Compiled rules of a preset with ``riichi.<name>`` overrides, compiled once per distinct set."""
    return RuleSet.from_preset(preset, {f"riichi.{k}": v for k, v in overrides.items()}).compile()


@pytest.fixture(scope="session")
def tenhou_rules() -> Rules:
    """The ``tenhou`` preset, compiled once per session."""
    return compiled("tenhou")


@pytest.fixture(scope="session")
def rules_with() -> Callable[..., Rules]:
    """``rules_with(kuitan=False, ...)``: the tenhou preset with ``riichi.*`` overrides (cached)."""
    return lambda preset="tenhou", **overrides: compiled(preset, **overrides)


@pytest.fixture(scope="session")
def shared_data() -> Callable[..., Path]:
    """``shared_data("validation", "scoring", "mahjong_pkg_cases.json")``: a shared file, or skip."""
    return shared_path
