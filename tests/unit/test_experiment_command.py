"""The command a result file names is the one a person types, however mjsim was started."""

from __future__ import annotations

import sys

import pytest

from mjsim.experiment import command_line


@pytest.mark.parametrize(
    "argv0",
    ["/work/x/.venv/bin/mjsim", "mjsim", "/work/x/mjsim/__main__.py"],
    ids=["console-script", "on-path", "python-m"],
)
def test_the_command_is_written_as_mjsim(monkeypatch, argv0):
    monkeypatch.setattr(sys, "argv", [argv0, "run", "experiments/a b.toml", "--quiet"])
    assert command_line() == "mjsim run 'experiments/a b.toml' --quiet"
