"""Calibration of the human player: a tiny fit, profile files (round trip, errors), profiles reach the player."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjsim.agents import make_agent
from mjsim.cli import cli
from mjsim.errors import MjsimError
from mjsim.rules import RuleSet
from variants.riichi.human.calibrate import TARGETS, fit, loss
from variants.riichi.human.profile import Profile, profile_with
from variants.riichi.human.profile_file import profile_toml, read_profile_file, shipped_names, shipped_profile


def _rules():
    return RuleSet.resolve("tenhou", {}).compile()


def test_a_tiny_calibration_writes_a_profile_that_loads(tmp_path):
    """One game per evaluation, two evaluations: the file has the fitted value, the statistics and the command."""
    out = tmp_path / "fit.toml"
    args = ["calibrate", "--games", "1", "--iterations", "2", "--params", "fold_weight", "--out", str(out)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    profile, table = read_profile_file(out)
    assert table["command"].startswith("mjsim calibrate --preset tenhou --target phoenix --params fold_weight --base")
    assert "--games 1 --iterations 2" in table["command"]
    assert profile.fold_weight == pytest.approx(table["parameters"]["fold_weight"])
    assert 0 < table["statistics"]["win"] < 1 and sum(table["statistics"]["han"].values()) == pytest.approx(1, abs=1e-3)


def test_fit_keeps_the_best_evaluation_and_respects_the_bounds():
    """A made-up measure whose best fold weight is 1.3: the fit moves toward it, inside the bounds."""
    target = TARGETS["phoenix"]

    def evaluate(profile: Profile) -> dict:
        miss = profile.fold_weight - 1.3
        return {**target.values, "win": target.values["win"] + 0.05 * miss, "han": target.han}

    result = fit(profile_with(Profile(), fold_weight=0.5), ["fold_weight"], evaluate, target, 25)
    assert abs(result.values["fold_weight"] - 1.3) < 0.1
    assert all(0.2 <= v["fold_weight"] <= 2.0 for v, _ in result.evaluations)
    assert result.loss == min(lo for _, lo in result.evaluations)


def test_a_target_may_widen_a_parameters_range():
    """dan3 lets the fold weight go below Phoenix's lower bound: a best value of 0.05 is reached only there."""
    target = TARGETS["dan3"]

    def evaluate(profile: Profile) -> dict:
        return {"deal_in": 0.149 + 0.05 * (profile.fold_weight - 0.05)}

    result = fit(profile_with(Profile(), fold_weight=0.5), ["fold_weight"], evaluate, target, 25)
    assert abs(result.values["fold_weight"] - 0.05) < 0.03
    assert all(0.0 <= v["fold_weight"] <= 2.0 for v, _ in result.evaluations)  # phoenix's: 0.2-2.0 (above)


def test_the_loss_is_zero_on_the_target_and_grows_with_a_miss():
    """Each miss counts in units of its tolerance."""
    target = TARGETS["phoenix"]
    exact = {**target.values, "han": target.han}
    assert loss(exact, target) == 0
    assert loss({**exact, "draw": target.values["draw"] + 0.02}, target) == pytest.approx(1.0)


def test_a_profile_file_round_trips(tmp_path):
    """Written values (numbers, tuples, whole numbers) read back as the same profile."""
    changed = profile_with(Profile(), fold_weight=0.75, far_win_chance=(0.1, 0.03), dama_min_points=3900)
    path = tmp_path / "p.toml"
    path.write_text(profile_toml(vars(changed), {"win": 0.2, "han": {"1": 1.0}}, {"win": 0.211}, "mjsim calibrate"))
    assert read_profile_file(path)[0] == changed


def test_the_shipped_profiles_reach_the_player():
    """``human`` plays the phoenix file's values; ``human:NAME`` the file NAME's."""
    assert "phoenix" in shipped_names()
    assert make_agent("human", random.Random(0), _rules()).profile == shipped_profile("phoenix")
    for name in shipped_names():
        if name != "phoenix":
            assert make_agent(f"human:{name}", random.Random(0), _rules()).profile == shipped_profile(name)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("[parameters\n", "not TOML", id="not-toml"),
        pytest.param("[parameters]\nfold_wieght = 1.0\n", "unknown human-player parameter 'fold_wieght'", id="typo"),
        pytest.param('[parameters]\nfold_weight = "high"\n', "'fold_weight' must be a number", id="text-value"),
        pytest.param("[parameters]\nfar_win_chance = [0.1]\n", "list of 2 numbers", id="short-list"),
        pytest.param("[parameters]\ndama_min_points = 5200.5\n", "whole number", id="fraction"),
        pytest.param("parameters = 3\n", "must be a table", id="not-a-table"),
    ],
)
def test_a_bad_profile_file_is_a_one_line_error(tmp_path, text, message):
    """Each fault is one MjsimError naming the file."""
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(MjsimError, match=message) as caught:
        read_profile_file(path)
    assert "\n" not in str(caught.value) and str(path) in str(caught.value)


def test_calibrate_refuses_a_parameter_it_cannot_fit():
    """An unknown or non-fittable parameter: exit 2 with one line."""
    result = CliRunner().invoke(cli, ["calibrate", "--games", "1", "--iterations", "1", "--params", "typical_wait"])
    assert result.exit_code == 2 and "cannot fit 'typical_wait'" in result.output


def test_the_calibration_counts_as_simulate_does():
    """The calibration's measure and simulate's play object give the same figures on the same games."""
    from mjsim.play.stats import play_statistics
    from mjsim.runner.games import as_dict, run_games
    from variants.riichi.human.measure import RATES, measure, seat_makers

    rules = _rules()
    got = measure(rules, seat_makers(["efficiency"], rules), 3, 11)
    play = play_statistics([as_dict(r) for r in run_games(rules, 3, 11, ["efficiency"] * 4)])
    assert {k: got[k] for k in RATES} == {k: play[k] for k in RATES}
    assert {b: v for b, v in got["han"].items() if v} == play["han"]


def test_every_fit_starts_from_a_file_that_ships():
    """Each profile's command names its start (``--base``): ``defaults``, a shipped profile, or a stage file kept
    under ``profiles/stages/``, so every fit in the chain can be run again."""
    root = Path(__file__).resolve().parents[2]
    profiles = sorted((root / "variants/riichi/human/profiles").rglob("*.toml"))
    assert len(profiles) >= 3
    for path in profiles:
        command = tomllib.loads(path.read_text(encoding="utf-8"))["command"].split()
        base = command[command.index("--base") + 1]
        assert base == "defaults" or base in shipped_names() or (root / base).is_file(), (path.name, base)
        read_profile_file(path)  # parses: every parameter known
