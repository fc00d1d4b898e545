"""台湾麻将 games: invariants under every bot and option flip, reproducibility, dealer continuation, hand facts."""

from __future__ import annotations

from functools import cache
from types import SimpleNamespace

import pytest

from mjsim.agents.observation import observe
from mjsim.engine import core
from mjsim.engine.actions import Event
from mjsim.rules import RuleSet
from mjsim.runner.games import digest, run_games
from variants.taiwan import checks, settlement

PRESET = "taiwan"


@cache
def rules(**overrides):
    """The taiwan preset with option overrides."""
    return RuleSet.resolve(PRESET, {f"taiwan.{k}": v for k, v in overrides.items()}).compile()


@pytest.mark.parametrize(
    "agents",
    [
        pytest.param(("taiwan",) * 4, id="taiwan-bots"),
        pytest.param(("efficiency", "taiwan", "random", "tsumogiri"), id="mixed-bots"),
    ],
)
def test_games_keep_every_invariant(agents):
    """Whole games with the invariants checked after every step."""
    records = run_games(rules(), 2, 5, agents, check=True)
    assert [r.violations for r in records] == [[], []]


@pytest.mark.parametrize(
    "overrides",
    [
        pytest.param({"flowers": False}, id="no-flowers-136"),
        pytest.param({"seat_wind_mode": "dealer_is_east"}, id="dealer-is-east"),
        pytest.param({"multi_ron": "all"}, id="multi-ron-all"),
        pytest.param({"guoshui": "off"}, id="guoshui-off"),
        pytest.param({"lilikuli": True, "banqiu": True, "qiangting": True}, id="local-hands"),
        pytest.param({"qiqiangyi": "hiding_forbidden", "dujing_mode": "south"}, id="qiqiangyi-south"),
        pytest.param({"daiminkan_rinshan_win": "forbidden", "draw_renchan": "never"}, id="literal-kongs"),
        pytest.param({"local_tai": "jianhua,jianfeng,kong_tai,wuziwuhua", "migi_window": 4}, id="local-tai"),
        pytest.param({"bust": 100, "start_points": 100}, id="bust"),
    ],
)
def test_option_flips_keep_every_invariant(overrides):
    """Each option flip plays a checked game without violations."""
    records = run_games(rules(**overrides), 1, 3, ("taiwan", "efficiency", "taiwan", "random"), check=True)
    assert records[0].violations == []


def test_same_seed_same_digest():
    """Reproducible: the same seed plays the same games (dice and walls derive from the game seed)."""
    first = run_games(rules(), 2, 11, ("taiwan",) * 4)
    again = run_games(rules(), 2, 11, ("taiwan",) * 4)
    assert digest(first) == digest(again)
    assert digest(first) != digest(run_games(rules(), 2, 12, ("taiwan",) * 4))


def test_checking_does_not_change_the_games():
    """Invariants read the 過水 state after every step; the games must be the very same without them."""
    agents = ("taiwan", "taiwan_tsumo", "taiwan", "taiwan_tsumo")
    checked = run_games(rules(), 4, root_seed=11, agent_names=agents, check=True)
    assert digest(checked) == digest(run_games(rules(), 4, root_seed=11, agent_names=agents))


def test_hand_facts_recorded():
    """Every hand records its facts; tai only where there was a win; the dealer keeps the deal on draws."""
    hands = [h for r in run_games(rules(), 2, 5, ("taiwan",) * 4) for h in r.hands]
    assert all({"taiwan.win", "taiwan.tsumo", "taiwan.dealin", "taiwan.repeats"} <= set(h) for h in hands)
    assert all(("taiwan.tai" in h) == bool(h.get("wins")) for h in hands)
    assert all(h["taiwan.dealer_kept"] == 1 for h in hands if h.get("draw"))
    assert any(h["taiwan.win"] for h in hands) and any(h["taiwan.repeats"] for h in hands)


def _outcome_game(dealer: int, round_index: int, **overrides):
    return SimpleNamespace(dealer=dealer, round_index=round_index, honba=0, scores=[0] * 4, rules=rules(**overrides))


@pytest.mark.parametrize(
    ("outcome", "dealer", "round_index", "expected"),
    [
        pytest.param({"wins": [{"seat": 1}]}, 1, 0, (1, 0, True, False), id="dealer-win-repeats"),
        pytest.param({"wins": [{"seat": 2}]}, 1, 0, (2, 0, False, False), id="non-dealer-win-passes"),
        pytest.param({"draw": "exhaustive"}, 1, 0, (1, 0, True, False), id="draw-repeats"),
        pytest.param({"draw": "yilu_guixi"}, 1, 0, (1, 0, True, False), id="yilu-guixi-repeats"),
        pytest.param({"wins": [{"seat": 0}]}, 3, 0, (0, 1, False, False), id="south-round-starts"),
        pytest.param({"wins": [{"seat": 0}]}, 3, 3, (0, 4, False, True), id="game-ends-after-north"),
    ],
)
def test_dealer_continuation(outcome, dealer, round_index, expected):
    """§11: the dealer repeats on its win and on every draw; the game ends after the North round."""
    nxt = settlement.next_hand(_outcome_game(dealer, round_index), outcome)
    assert (nxt.dealer, nxt.round, nxt.repeat, nxt.over) == expected


def test_draw_renchan_never():
    """With draw_renchan never, a draw passes the deal."""
    nxt = settlement.next_hand(_outcome_game(1, 0, draw_renchan="never"), {"draw": "exhaustive"})
    assert (nxt.dealer, nxt.repeat) == (2, False)


def test_observation_shows_seat_winds_and_own_block_only():
    """A seat sees the wall-break seat winds, everyone's flowers, and its own 過水 state."""
    game = core.new_game(rules(), 5)
    extra = observe(game, 1).extra
    assert sorted(extra["taiwan.seat_winds"]) == [0, 1, 2, 3]
    assert isinstance(extra["taiwan.blocked"], bool)
    assert len(extra["taiwan.flowers"]) == 4


def test_guoshui_invariant_catches_a_blocked_win():
    """A recorded win by a seat whose own last discard was one of its waits is a violation."""
    log = [
        Event("hand_start", 0),
        Event("discard", 1, 4 * 16),  # seat 1 discards 8p (kind 16), one of its waits
        Event("discard", 2, 4 * 30),
    ]
    check = {"hand": 0, "seat": 1, "waits": (16,), "ron": True, "at": 3, "hand_win": True, "guoshui": True}
    game = SimpleNamespace(log=log, stash={settlement.WIN_CHECKS: [check]})
    assert "blocked" in checks.guoshui_respected(game)
    game.stash[settlement.WIN_CHECKS] = [{**check, "waits": (17,)}]
    assert checks.guoshui_respected(game) is None


def test_calls_invariant_catches_a_kong_from_the_left():
    """An exposed kong on the previous player's discard is a violation."""
    game = SimpleNamespace(log=[Event("kan", 2, (0, (1, 2, 3), 1))])
    assert checks.calls_allowed(game)
    game = SimpleNamespace(log=[Event("kan", 3, (0, (1, 2, 3), 1))])
    assert checks.calls_allowed(game) is None
