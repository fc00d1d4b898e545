"""広東麻雀 games: invariants under each branch preset, reproducibility, the dealer's turn, the minimum, the CLI."""

from __future__ import annotations

from functools import cache
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from mjsim.cli import cli
from mjsim.engine.actions import PASS, RON, Action
from mjsim.rules import RuleSet
from mjsim.runner.games import digest, run_games
from mjsim.scoring import NoWin
from mjsim.scoring.win_input import win_context
from variants.cantonese import flow, settlement


@cache
def rules(preset: str = "hongkong", **overrides):
    """A branch preset with option overrides (keys without the family prefix)."""
    return RuleSet.resolve(preset, {f"cantonese.{k}": v for k, v in overrides.items()}).compile()


@pytest.mark.parametrize("preset", ["hongkong", "tuidao"])
def test_each_branch_keeps_every_invariant(preset):
    """A whole game with the invariants checked after every step (laozhang and xinzhang play hongkong's table)."""
    records = run_games(rules(preset), 1, 3, ("efficiency", "random", "efficiency", "tsumogiri"), check=True)
    assert records[0].violations == []


@pytest.mark.parametrize(
    "overrides",
    [
        pytest.param(
            {"flowers": False, "min_faan": 1, "limit_faan": 8, "rise": "spicy", "responsibility": "full"},
            id="136-tiles-one-faan-spicy-full",
        ),
    ],
)
def test_option_flips_keep_every_invariant(overrides):
    """Option flips play a checked game without violations."""
    records = run_games(rules(**overrides), 1, 4, ("efficiency",) * 4, check=True)
    assert records[0].violations == []


def test_same_seed_same_digest():
    """Reproducible: the same seed plays the same games."""
    first = run_games(rules("tuidao"), 1, 7, ("efficiency",) * 4)
    again = run_games(rules("tuidao"), 1, 7, ("efficiency",) * 4)
    assert digest(first) == digest(again)


def _game(dealer: int, round_index: int = 0):
    return SimpleNamespace(dealer=dealer, round_index=round_index, honba=0)


@pytest.mark.parametrize(
    ("outcome", "dealer", "round_index", "repeat"),
    [
        ({"wins": [{"seat": 1}]}, 1, 0, True),
        ({"wins": [{"seat": 2}]}, 2, 0, False),
        ({"draw": "exhaustive"}, 1, 0, True),
    ],
    ids=["dealer-wins-repeats", "other-wins-passes", "draw-repeats"],
)
def test_dealer_turn(outcome, dealer, round_index, repeat):
    """The dealer repeats on its win and on a draw; otherwise the deal passes on."""
    after = settlement.next_hand(_game(1), outcome)
    expected_dealer = 1 if repeat else 2
    assert (after.dealer, after.round, after.repeat) == (expected_dealer, round_index, repeat)


def test_game_ends_after_four_rounds():
    """[A] 四圈: North's deal passing on after the fourth round ends the game."""
    assert settlement.next_hand(_game(3, 3), {"wins": [{"seat": 0}]}).over


def test_minimum_refuses_a_game_win():
    """The family's score door refuses a hand under the preset's minimum; 推倒胡 takes it."""
    ctx = win_context("123m456p789s234s55m", tsumo=False, seat_wind="S", discarder="W")
    with pytest.raises(NoWin, match="minimum is 3"):
        rules().score_win(ctx, rules())
    assert rules("tuidao").score_win(ctx, rules("tuidao")).value > 0


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["1f5f456m789m333z55m", "--meld", "chi:123m", "--tsumo", "--dealer"], "East +192, South -64"),
        (["456m789m333z55m", "--meld", "chi:123m", "--from", "W"], "East -16, South +64, West -32, North -16"),
        (
            ["456m789m333z55m", "--meld", "chi:123m", "--tsumo", "--extra", "cantonese.liable=W"],
            "South +144, West -144",  # [Z] 包自摸: 5 faan = 24 x 2 a portion, three portions from West
        ),
    ],
    ids=["self-drawn-with-flowers", "discard-half-responsibility", "liable-pays-three-portions"],
)
def test_score_cli(args, expected):
    """``mjsim score --preset hongkong``: faan and payments (6 faan = 32 x base 2 a portion; 4 faan = 16 x 2)."""
    result = CliRunner().invoke(cli, ["score", "--preset", "hongkong", *args])
    assert result.exit_code == 0, result.output
    assert expected in result.output


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["123m456p789s234s55m", "--from", "W"], "cantonese.min_faan"),
        (["456m789m333z55m", "--meld", "chi:123m", "--tsumo", "--extra", "cantonese.liable=x"], "cantonese.liable"),
    ],
    ids=["under-minimum", "bad-liable-seat"],
)
def test_score_cli_refusals_are_one_line_errors(args, named):
    """A hand under the minimum, a liable seat that is no wind: exit status 2 and one line naming what."""
    result = CliRunner().invoke(cli, ["score", "--preset", "hongkong", *args])
    assert result.exit_code == 2
    assert named in result.output and len(result.output.strip().splitlines()) == 1


def test_two_rons_the_nearest_wins_alone():
    """截糊: of two rons on West's discard, North (next after West) wins, not South."""
    game = SimpleNamespace(hand=SimpleNamespace(discard=(2, 40), robbed=None, seats=[None] * 4))
    answers = {1: Action(RON, 40), 3: Action(RON, 40), 0: Action(PASS)}
    assert [seat for seat, _ in flow.resolve_claims(game, answers).answers] == [3]
