"""Shared test set-up: Hypothesis profiles, the compiled tenhou rules, and the shared data.

A test that needs the shared data (``<checkout>/../shared``) asks for the ``shared_data`` fixture or carries
``@pytest.mark.shared_data(path)``: it skips when the data is absent, or fails under ``MJSIM_REQUIRE_SHARED=1``.

Hypothesis profiles (pick one with ``HYPOTHESIS_PROFILE``, default ``dev``):

* ``dev`` -- 50 examples, quick feedback while editing;
* ``ci`` -- 100 examples, no deadline, derandomized (the same examples on every run);
* ``thorough`` -- 2000 examples, for a long hunt before a release.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from mjsim.rules import Rules, RuleSet
from tests.shared import require_shared, shared_path

# A suite started from a background job (`make test &` in a script) inherits SIGINT ignored, and so would every
# mjsim process it starts, which the Ctrl-C tests then cannot stop: take Python's own handler, as a terminal has.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

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


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``shared_data`` marker."""
    config.addinivalue_line("markers", "shared_data(path): the test needs this shared file or folder")


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Skip (or fail, when required) a test marked ``shared_data(path)`` whose path is missing."""
    for mark in item.iter_markers("shared_data"):
        require_shared(mark.args[0])


@cache
def compiled(preset: str = "tenhou", **overrides) -> Rules:
    """Compiled rules of a preset with ``riichi.<name>`` overrides, compiled once per distinct set."""
    return RuleSet.resolve(preset, {f"riichi.{k}": v for k, v in overrides.items()}).compile()


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
    """``shared_data("validation", "scoring", "mahjong_pkg_cases.json")``: a shared file, or skip (or fail)."""
    return shared_path
