"""The shared validation data beside the checkout (``<checkout>/../shared``): a test that needs it skips
when it is absent, and fails instead under ``MJSIM_REQUIRE_SHARED=1`` (``.ci/run`` sets it)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

SHARED_DIR = Path(__file__).resolve().parents[1].parent / "shared"
REQUIRE_ENV = "MJSIM_REQUIRE_SHARED"


def required() -> bool:
    """Whether missing shared data fails the test (``MJSIM_REQUIRE_SHARED`` set, and not to 0)."""
    return os.environ.get(REQUIRE_ENV, "") not in ("", "0")


def require_shared(path: Path) -> Path:
    """``path`` when it exists; otherwise skip the test, or fail it when the shared data is required."""
    if path.exists():
        return path
    message = f"shared validation data not found at {path} (expected beside the repository checkout)"
    if required():
        pytest.fail(f"{REQUIRE_ENV} is set but the {message}", pytrace=False)
    pytest.skip(message)


def shared_path(*parts: str) -> Path:
    """A path under the shared data folder, through :func:`require_shared`."""
    return require_shared(SHARED_DIR.joinpath(*parts))
