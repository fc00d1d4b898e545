"""The progress display: a tqdm bar on a terminal, periodic one-line logs elsewhere, nothing with --quiet."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner

from mjsim import cli as cli_module
from mjsim import progress as progress_module
from mjsim.errors import MjsimError
from mjsim.progress import Progress, log_every


class _Clock:
    """A hand-moved ``time.monotonic``."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def clock(monkeypatch) -> _Clock:
    fake = _Clock()
    monkeypatch.setattr(progress_module.time, "monotonic", fake)
    return fake


def test_log_lines_come_every_interval_then_a_final_line(clock):
    stream = io.StringIO()
    progress = Progress(40, label="tenhou: ", stream=stream, every=10)
    clock.now += 5
    progress.advance(5)
    assert stream.getvalue() == ""  # less than the interval since the start
    clock.now += 7
    progress.advance(7)
    assert stream.getvalue() == "progress: tenhou: 12/40 games, 1.0 games/s, ETA 28 s\n"
    clock.now += 28
    progress.advance(28)
    progress.close()
    progress.close()  # closing twice writes the final line once
    assert stream.getvalue().splitlines()[1:] == ["progress: tenhou: 40/40 games in 40.0 s, 1.0 games/s"]


def test_a_resumed_run_counts_its_rate_from_what_it_plays(clock):
    progress = Progress(100, done=60, stream=io.StringIO(), every=0)
    clock.now += 4
    progress.advance(20)
    assert progress.line() == "progress: 80/100 games, 5.0 games/s, ETA 4 s"


def test_no_rate_yet_means_no_eta(clock):
    assert Progress(10, stream=io.StringIO()).line().endswith("0.0 games/s, ETA ?")


@pytest.mark.parametrize("stream_kind", ["terminal", "log"])
def test_quiet_writes_nothing(stream_kind):
    stream = _Terminal() if stream_kind == "terminal" else io.StringIO()
    with Progress(3, stream=stream, quiet=True, every=0) as progress:
        progress.advance(3)
    assert stream.getvalue() == ""


def test_a_terminal_gets_a_tqdm_bar_and_no_log_lines():
    stream = _Terminal()
    with Progress(4, label="fl8: ", stream=stream, every=0) as progress:
        progress.advance(4)
    text = stream.getvalue()
    assert "fl8" in text and "4/4" in text and "\r" in text
    assert "progress:" not in text


def test_an_error_ends_the_log_without_a_final_line():
    stream = io.StringIO()
    with pytest.raises(MjsimError), Progress(4, stream=stream, every=0) as progress:
        progress.advance(1)
        raise MjsimError("store full")
    lines = stream.getvalue().splitlines()
    assert len(lines) == 1 and lines[0].startswith("progress: 1/4 games, ")  # no final "... games in ... s"


@pytest.mark.parametrize(
    ("value", "every"), [("", 10.0), ("0", 0.0), ("2.5", 2.5)], ids=["unset-default", "zero", "fraction"]
)
def test_interval_from_the_environment(monkeypatch, value, every):
    monkeypatch.setenv("MJSIM_PROGRESS_EVERY", value)
    assert log_every() == every


@pytest.mark.parametrize("value", ["soon", "-1", "nan", "inf"])
def test_a_bad_interval_is_a_one_line_error(monkeypatch, value):
    monkeypatch.setenv("MJSIM_PROGRESS_EVERY", value)
    with pytest.raises(MjsimError, match="MJSIM_PROGRESS_EVERY"):
        log_every()


@pytest.mark.parametrize("quiet", [False, True], ids=["progress", "quiet"])
def test_simulate_json_stays_clean_and_progress_goes_to_stderr(monkeypatch, quiet):
    monkeypatch.setenv("MJSIM_PROGRESS_EVERY", "0")
    args = ["simulate", "--games", "2", "--json", *(["--quiet"] if quiet else [])]
    result = CliRunner().invoke(cli_module.cli, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 2
    lines = result.stderr.splitlines()
    if quiet:
        assert lines == []
    else:
        assert [line.split(",")[0].split(" in ")[0] for line in lines] == ["progress: 1/2 games", "progress: 2/2 games"]
