"""Line-ups of an experiment: how they are written and named, the runs they make, and the robustness verdict."""

from __future__ import annotations

import pytest

from mjsim.errors import MjsimError
from mjsim.experiment import load_experiment
from mjsim.experiment.lineups import LineUp, run_name
from mjsim.report.lineups import (
    DIRECTION_DIFFERS,
    HOLDS,
    IN_NONE,
    ONLY_SOME,
    changed_line,
    ranking_robustness,
    ranking_robustness_answer,
    ranking_robustness_table,
    verdict,
)

RULESETS = '[[rulesets]]\nname = "t"\npreset = "tenhou"\n[[rulesets]]\nname = "m"\npreset = "mahjongsoul"\n'
EFF = '["efficiency", "efficiency", "efficiency", "efficiency"]'
DEF = '["defensive", "defensive", "defensive", "defensive"]'
MIXED = '["efficiency", "defensive", "efficiency", "defensive"]'


def _load(tmp_path, text: str):
    path = tmp_path / "e.toml"
    path.write_text(text + RULESETS)
    return load_experiment(path)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        pytest.param(f"lineups = [{EFF}, {DEF}]\n", ["efficiency", "defensive"], id="lists-named-by-their-bot"),
        pytest.param(
            f"lineups = [{EFF}, {MIXED}]\n",
            ["efficiency", "efficiency+defensive+efficiency+defensive"],
            id="mixed-table-named-by-every-seat",
        ),
        pytest.param(
            f'[[lineups]]\nname = "people-like"\nagents = {DEF}\n[[lineups]]\nagents = {EFF}\n',
            ["people-like", "efficiency"],
            id="tables-with-and-without-a-name",
        ),
    ],
)
def test_line_up_names(tmp_path, text, names):
    experiment = _load(tmp_path, text)
    assert [u.name for u in experiment.line_ups()] == names
    assert experiment.agents == ()


def test_every_rule_set_is_played_by_every_line_up(tmp_path):
    experiment = _load(tmp_path, f"lineups = [{EFF}, {DEF}]\n")
    assert [r.name for r in experiment.runs()] == ["t @ efficiency", "m @ efficiency", "t @ defensive", "m @ defensive"]
    assert experiment.line_up("m @ defensive") == ("defensive",) * 4
    assert experiment.line_up("t") == ("efficiency",) * 4  # a rule set's name alone: the first line-up


def test_the_fingerprint_covers_the_line_up(tmp_path):
    experiment = _load(tmp_path, f"lineups = [{EFF}, {DEF}]\n")
    a, b = (experiment.spec(r.entry, r.line_up) for r in experiment.runs() if r.entry.name == "t")
    assert a.fingerprint() != b.fingerprint()
    assert b.fingerprint_parts()["agents"] == "defensive,defensive,defensive,defensive"


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(f"agents = {EFF}\n", id="agents"),
        pytest.param(f"lineups = [{EFF}]\n", id="a-single-line-up-is-agents"),
        pytest.param(f'[[lineups]]\nname = "x"\nagents = {EFF}\n', id="a-single-named-line-up-is-agents"),
    ],
)
def test_one_line_up_keeps_the_rule_set_names_as_runs(tmp_path, text):
    experiment = _load(tmp_path, text)
    assert experiment.lineups == ()
    assert [r.name for r in experiment.runs()] == ["t", "m"]
    assert experiment.agents == ("efficiency",) * 4


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        pytest.param(f"agents = {EFF}\nlineups = [{DEF}]\n", "not both", id="agents-and-lineups"),
        pytest.param("lineups = []\n", "non-empty list of line-ups", id="no-line-up"),
        pytest.param('lineups = "efficiency"\n', "non-empty list of line-ups", id="not-a-list"),
        pytest.param(f"lineups = [{EFF}, []]\n", "lineups[1] must be a non-empty list", id="empty-line-up"),
        pytest.param(f"lineups = [{EFF}, 5]\n", "lineups[1] must be a non-empty list", id="line-up-not-a-list"),
        pytest.param(
            f'lineups = [{EFF}, ["efficiency", "nobody", "efficiency", "efficiency"]]\n',
            "lineups[1] = 'nobody' is not one of",
            id="unknown-bot",
        ),
        pytest.param(f"lineups = [{EFF}, {EFF}]\n", "named 'efficiency' more than once", id="same-line-up-twice"),
        pytest.param(
            f'[[lineups]]\nname = "a b"\nagents = {EFF}\n[[lineups]]\nagents = {DEF}\n',
            "lineups[0].name must be",
            id="name-with-a-space",
        ),
        pytest.param(
            f'[[lineups]]\nname = "x"\n[[lineups]]\nagents = {DEF}\n', "lineups[0] needs 'agents'", id="no-agents"
        ),
        pytest.param(
            f"[[lineups]]\nagent = {EFF}\n[[lineups]]\nagents = {DEF}\n",
            "unknown key lineups[0].'agent'; did you mean 'agents'?",
            id="misspelt-key",
        ),
    ],
)
def test_bad_line_ups_are_one_line(tmp_path, text, fragment):
    with pytest.raises(MjsimError, match="e.toml") as caught:
        _load(tmp_path, text)
    assert fragment in str(caught.value)
    assert "\n" not in str(caught.value)


def test_run_names():
    assert run_name("tenhou", LineUp("", ("efficiency",))) == "tenhou"
    assert run_name("tenhou", LineUp("human", ("human",))) == "tenhou @ human"


def _d(value: float, low: float, high: float) -> dict[str, float]:
    return {"value": value, "low": low, "high": high}


@pytest.mark.parametrize(
    ("differences", "expected"),
    [
        pytest.param([_d(5, 1, 9), _d(3, 0.5, 6)], HOLDS, id="clear-in-both-same-sign"),
        pytest.param([_d(-5, -9, -1), _d(-3, -6, -0.5)], HOLDS, id="clear-in-both-negative"),
        pytest.param([_d(5, 1, 9), _d(-3, -6, -0.5)], DIRECTION_DIFFERS, id="clear-in-opposite-directions"),
        pytest.param([_d(5, 1, 9), _d(-3, -6, 1)], DIRECTION_DIFFERS, id="clear-in-one-other-sign-elsewhere"),
        pytest.param([_d(5, 1, 9), _d(3, -1, 6)], ONLY_SOME, id="clear-in-one-same-sign"),
        pytest.param([_d(5, 1, 9), _d(0, 0, 0)], ONLY_SOME, id="clear-in-one-exactly-zero-in-the-other"),
        pytest.param([_d(5, -1, 9), _d(-3, -6, 1)], IN_NONE, id="clear-in-none-signs-are-noise"),
        pytest.param([_d(5, None, None), _d(3, 1, 6)], ONLY_SOME, id="undefined-interval-is-not-clear"),
    ],
)
def test_verdict(differences, expected):
    assert verdict(differences) == expected


def _ranked(rule_set: str, lineup: str, **effects: dict[str, float]) -> dict:
    """A ranking row of ``rule_set`` played by ``lineup`` with its effects by metric."""
    return {
        "ruleset": run_name(rule_set, LineUp(lineup, ())),
        "rule_set": rule_set,
        "lineup": lineup,
        "effects": effects,
    }


def test_each_ranked_effect_gets_a_verdict_across_line_ups():
    """A rule set's effect on a ranking metric is a comparison against the baseline: one verdict over the
    line-ups, the reversal named in the answer."""
    ranking = [
        _ranked("jirai", "human", mean_win_value=_d(0.27, 0.1, 0.4), hands_per_game=_d(0.5, 0.2, 0.8)),
        _ranked("rado", "human", mean_win_value=_d(0.0, 0.0, 0.0), hands_per_game=_d(-0.1, -0.3, 0.1)),
        _ranked("rado", "efficiency", mean_win_value=_d(0.0, 0.0, 0.0), hands_per_game=_d(-0.2, -0.4, -0.05)),
        _ranked("jirai", "efficiency", mean_win_value=_d(-1.39, -1.6, -1.2), hands_per_game=_d(0.4, 0.1, 0.7)),
    ]
    rows = ranking_robustness(ranking)
    assert [(r["rule_set"], r["metric"], r["verdict"]) for r in rows] == [
        ("jirai", "mean_win_value", DIRECTION_DIFFERS),
        ("jirai", "hands_per_game", HOLDS),
        ("rado", "mean_win_value", IN_NONE),
        ("rado", "hands_per_game", ONLY_SOME),
    ]
    assert rows[0]["effects"] == {"human": _d(0.27, 0.1, 0.4), "efficiency": _d(-1.39, -1.6, -1.2)}
    summary = {"baseline": "tenhou", "ranking_robustness": rows}
    answer = " ".join(ranking_robustness_answer(summary))
    assert "of the 4 effects" in answer and "1 holds, 1 significant in only some" in answer
    assert "jirai on mean_win_value (human +0.27, efficiency -1.39)" in answer
    table = ranking_robustness_table(summary)
    assert "| rule set | mean_win_value | hands_per_game |" in table
    assert (
        "| jirai | direction differs<br>human +0.27, efficiency -1.39 | holds<br>human +0.50, efficiency +0.40 |"
        in table
    )


def test_one_line_up_has_no_ranking_verdicts():
    assert ranking_robustness_answer({"baseline": "tenhou"}) == []
    assert ranking_robustness_table({"baseline": "tenhou", "ranking_robustness": []}) == []


def test_the_answer_leads_with_the_comparisons_that_change_with_the_player_model():
    row = {"a": "tenhou", "b": "4play", "description": "hands per game"}
    rows = [{**row, "verdict": v} for v in (HOLDS, IN_NONE, DIRECTION_DIFFERS, ONLY_SOME)]
    line = changed_line(rows)
    assert line.startswith("Of 4 comparisons, 2 come out the same with every line-up")
    assert "4play against tenhou, hands per game (direction differs); 4play against tenhou" in line
    assert changed_line(rows[:2]).endswith(": none changes with the player model.")
