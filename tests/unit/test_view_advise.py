"""``mjsim view LOG --advise BOT``: the decisions where a bot would choose otherwise, counted per seat."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from mjsim.cli import cli
from mjsim.engine.actions import Action
from mjsim.view.advise import action_words, same_choice
from tests.browser.logs import write_log


@pytest.fixture(scope="module")
def log(tmp_path_factory):
    return write_log("tenhou", tmp_path_factory.mktemp("advise"))


@pytest.mark.parametrize(
    "a, b, same",
    [
        (Action("discard", 16), Action("discard", 17), True),  # two copies of 5m (one may be red): one decision
        (Action("discard", 16), Action("discard", 20), False),
        (Action("discard", 16), Action("declare_discard", 16), False),
        (Action("pon", 8, (9, 10)), Action("pon", 8, (10, 11)), True),
        (Action("chi", 8, (4, 12)), Action("chi", 8, (12, 16)), False),
    ],
    ids=["copies", "kinds", "riichi", "pon-copies", "chi-shapes"],
)
def test_same_choice_is_one_kind_of_action_on_the_same_kinds(a, b, same):
    assert same_choice(a, b) is same


def test_action_words():
    assert action_words(Action("declare_discard", 16)) == "declare discard 5m"
    assert action_words(Action("pon", 108, (109, 110))) == "pon 1z with 1z 1z"


def test_advise_human_counts_per_seat_and_marks_with_reasons(log, tmp_path):
    ran = CliRunner().invoke(cli, ["view", str(log), "-o", str(tmp_path / "g.html"), "--advise", "human"])
    assert ran.exit_code == 0, ran.output
    counts = re.findall(r"seat (\d): (\d+) of (\d+)", ran.output)
    assert [int(s) for s, _, _ in counts] == [0, 1, 2, 3]
    assert all(0 < int(differ) < int(decisions) for _, differ, decisions in counts), counts
    page = (tmp_path / "g.html").read_text(encoding="utf-8")
    assert '"advisor":"human"' in page and '"why":"ranks discards by' in page


def test_an_unknown_advisor_is_a_one_line_error(log, tmp_path):
    ran = CliRunner().invoke(cli, ["view", str(log), "-o", str(tmp_path / "g.html"), "--advise", "nobody"])
    assert ran.exit_code == 2 and "unknown agent 'nobody'" in ran.output
    assert len(ran.output.strip().splitlines()) == 1 and "Traceback" not in ran.output
