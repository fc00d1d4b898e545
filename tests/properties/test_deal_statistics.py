"""Dealing and play against published statistics of real games (../shared/validation/stats.md)."""

from __future__ import annotations

import pytest
from scipy import stats

from mjsim.engine import core
from mjsim.hand.shanten import shanten
from mjsim.rules import RuleSet
from mjsim.runner.games import run_games
from mjsim.runner.summary import summarize

# Starting-hand shanten, % of hands (kobalab, Tenhou): 0..6 shanten.
PUBLISHED_DEAL_SHANTEN = [0.0, 0.6, 9.4, 36.2, 39.9, 13.1, 0.8]


@pytest.fixture(scope="module")
def rules():
    return RuleSet.resolve("tenhou").compile()


def dealt_shanten(rules, games: int) -> list[int]:
    """Shanten of the 13 dealt tiles of every seat in the first hand of ``games`` games."""
    out = []
    for seed in range(games):
        game = core.new_game(rules, seed)
        for seat in game.hand.seats:
            tiles = [t for t in seat.tiles if t != game.hand.last_draw] if len(seat.tiles) == 14 else seat.tiles
            counts = [0] * 34
            for t in tiles:
                counts[t // 4] += 1
            out.append(shanten(counts))
    return out


def test_deal_shanten_matches_published_distribution(rules):
    observed = dealt_shanten(rules, 1500)
    counts = [sum(1 for s in observed if s == k) for k in range(7)]
    # Pool 0-1 and 5-6 shanten: the published shares there are too small for a chi-square cell.
    obs = [counts[0] + counts[1] + counts[2], counts[3], counts[4], counts[5] + counts[6]]
    shares = PUBLISHED_DEAL_SHANTEN
    exp_share = [shares[0] + shares[1] + shares[2], shares[3], shares[4], shares[5] + shares[6]]
    expected = [len(observed) * p / sum(exp_share) for p in exp_share]
    assert stats.chisquare(obs, expected).pvalue > 0.001, (obs, [round(e) for e in expected])


def test_efficiency_bots_win_most_hands(rules):
    summary = summarize(run_games(rules, 8, root_seed=3, agent_names=["efficiency"] * 4))
    assert summary["play"]["draw"] <= 0.4  # most hands end in a win
    assert 5 <= summary["hands_per_game"] <= 20
