"""Missing shared data skips a test, and fails it under ``MJSIM_REQUIRE_SHARED=1`` (as ``.ci/run`` runs)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from tests import conftest
from tests.shared import REQUIRE_ENV, require_shared


@pytest.fixture
def missing(tmp_path):
    return tmp_path / "no-such-data"


def _marked(path):
    """A stand-in test item carrying ``@pytest.mark.shared_data(path)``."""
    return SimpleNamespace(
        iter_markers=lambda name: [pytest.mark.shared_data(path).mark] if name == "shared_data" else []
    )


@pytest.mark.parametrize("value", [None, "", "0"], ids=["unset", "empty", "zero"])
def test_missing_data_skips_when_not_required(monkeypatch, missing, value):
    if value is None:
        monkeypatch.delenv(REQUIRE_ENV, raising=False)
    else:
        monkeypatch.setenv(REQUIRE_ENV, value)
    with pytest.raises(pytest.skip.Exception, match="not found"):
        require_shared(missing)
    with pytest.raises(pytest.skip.Exception):
        conftest.pytest_runtest_setup(_marked(missing))


def test_missing_data_fails_when_required(monkeypatch, missing):
    monkeypatch.setenv(REQUIRE_ENV, "1")
    with pytest.raises(pytest.fail.Exception, match=f"{REQUIRE_ENV} is set"):
        require_shared(missing)
    with pytest.raises(pytest.fail.Exception):
        conftest.pytest_runtest_setup(_marked(missing))


def test_present_data_is_returned_either_way(monkeypatch, tmp_path):
    monkeypatch.setenv(REQUIRE_ENV, "1")
    assert require_shared(tmp_path) == tmp_path
    conftest.pytest_runtest_setup(_marked(tmp_path))


def test_ci_requires_the_shared_data_and_the_compiled_build():
    script = (Path(__file__).resolve().parents[2] / ".ci" / "run").read_text(encoding="utf-8")
    assert f"{REQUIRE_ENV}=1" in script and "MJSIM_REQUIRE_COMPILED=1" in script
