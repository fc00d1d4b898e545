"""Records of three-seat games (``mjsim.checking.testing``) give three-seat summaries, statistics, reports and runs."""

from __future__ import annotations

import pytest

from mjsim import stats
from mjsim.errors import MjsimError
from mjsim.report import _jsonable
from mjsim.report.md import _seat_tables
from mjsim.rules import RuleSet
from mjsim.rules.plugins import allow_plugin
from mjsim.runner import RunSpec
from mjsim.runner.games import as_dict, run_games
from mjsim.runner.summary import summarize

RULES = RuleSet("three-seat", ("mjsim.checking.testing",)).compile()
GAMES = 12


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return [as_dict(r) for r in run_games(RULES, GAMES, root_seed=5, agent_names=["random"] * 3)]


@pytest.fixture
def preset(tmp_path) -> str:
    """A preset file that plays the three-seat family (a preset file, since the family ships no preset)."""
    path = tmp_path / "three.toml"
    allow_plugin("mjsim.checking.testing")  # not an installed variant: a preset file may name it only when allowed
    path.write_text('name = "three"\nvariants = ["mjsim.checking.testing"]\n')
    return str(path)


def test_summarize_gives_three_seats_with_ranks_one_to_three(records):
    summary = summarize(records)
    assert len(summary["seats"]) == 3
    for seat, st in enumerate(summary["seats"]):
        ranks = [r["final"]["ranks"][seat] for r in records]
        assert st["rank_distribution"] == [ranks.count(k) / GAMES for k in (1, 2, 3)]
    for rank in range(3):  # every game gives each rank to one seat
        assert sum(st["rank_distribution"][rank] for st in summary["seats"]) == pytest.approx(1.0)


def test_seat_summary_and_balance_test_are_three_by_three(records):
    summaries = stats.seat_summary(records)
    assert [len(s.rank_distribution) for s in summaries] == [3, 3, 3]
    balance = stats.seat_balance_test(records)
    assert len(balance.rank_table) == 3 and all(len(row) == 3 and sum(row) == GAMES for row in balance.rank_table)
    assert balance.rank_dof == 4
    assert stats.seat_count(records) == 3 and stats.seat_count([]) == 0


def test_seat_table_of_a_report_has_three_rank_columns(records):
    ruleset = {"seats": _jsonable(stats.seat_summary(records)), "seat_balance": {"verdict": "-"}}
    lines = _seat_tables({"rulesets": {"three": ruleset}})
    header = lines.index("| seat | mean points | mean rank | 1st | 2nd | 3rd |")
    assert [line.split(" | ")[0] for line in lines[header + 2 : header + 5]] == ["| 0", "| 1", "| 2"]


def test_a_rotated_run_rotates_through_three_seats(preset):
    spec = RunSpec(RuleSet.resolve(preset), agents=("a", "b", "c"), rotate=True)
    line_ups = [spec.game(i)[1:] for i in range(4)]
    assert line_ups == [(("a", "b", "c"), 0), (("c", "a", "b"), 1), (("b", "c", "a"), 2), (("a", "b", "c"), 0)]
    assert spec.game(2)[0] == spec.game(0)[0] != spec.game(3)[0]


@pytest.mark.parametrize("agents", [("random",) * 2, ("random",) * 4], ids=["two-agents", "four-agents"])
def test_a_run_needs_one_agent_per_seat_of_its_table(preset, agents):
    with pytest.raises(MjsimError, match=f"seats 3 players, got {len(agents)} agents"):
        RunSpec(RuleSet.resolve(preset), agents=agents).check()


def test_a_run_without_agents_seats_an_efficiency_bot_in_every_seat(preset):
    spec = RunSpec(RuleSet.resolve(preset))
    spec.check()
    assert spec.game(0)[1] == ("efficiency",) * 3
