"""The one door to a win (mjsim/engine/wins.py): one NoWin, one scoring hook for games and `mjsim score` alike."""

from __future__ import annotations

import random
import sys
import types

import pytest

import mjsim
from mjsim.agents import make_agent
from mjsim.agents.observation import observe
from mjsim.engine import core
from mjsim.hookspecs import hookimpl
from mjsim.rules import RuleSet
from mjsim.scoring import Hit, NoWin

MARK = Hit("marked", "marked", 0)  # what the test wrapper adds to every score's hits


def _play(rules, seed: int, bots: str = "efficiency"):
    """One whole game with four bots of one kind."""
    game = core.new_game(rules, seed)
    agents = [make_agent(bots, random.Random(i), rules) for i in range(4)]
    while not game.over:
        offers = core.pending(game)
        if not offers:
            break
        core.step(game, {s: agents[s].act(observe(game, s), a) for s, a in offers.items()})
    return game


@pytest.fixture
def marking_plugin():
    """A delta wrapping only mjsim_score_win: it marks every score and counts its calls."""
    module = types.ModuleType("mark_value_test_plugin")
    module.calls = 0

    @hookimpl(wrapper=True)
    def mjsim_score_win(ctx, rules):
        score = yield
        module.calls += 1
        return score._replace(hits=score.hits + (MARK,))

    module.mjsim_score_win = mjsim_score_win
    sys.modules[module.__name__] = module
    yield module
    sys.modules.pop(module.__name__, None)


def _with_plugin(preset: str, module, **options) -> object:
    base = RuleSet.resolve(preset)
    return RuleSet(preset, base.variants + (module.__name__,), {**base.options, **options}).compile()


@pytest.mark.parametrize("preset", ["tenhou", "chengdu", "taiwan", "boo-classic"])
def test_every_family_refuses_with_the_one_nowin(preset):
    """An incomplete hand raises mjsim.scoring.NoWin in every family (no family keeps its own)."""
    rules = RuleSet.resolve(preset).compile()
    with pytest.raises(NoWin):
        rules.score_win(mjsim.win_context("1357m2468p13579s", "9m"), rules)


@pytest.mark.parametrize("preset", ["tenhou", "chengdu", "taiwan"])
def test_a_score_wrapper_changes_game_wins_and_standalone_scores_alike(preset, marking_plugin):
    """A delta wraps one hook, and every win of a game and every `mjsim score` comes through it."""
    rules = _with_plugin(preset, marking_plugin)
    wins = [e.data["score"] for seed in range(3) for e in _play(rules, seed).log if e.kind == "win"]
    assert wins and all(MARK in score.hits for score in wins)
    hand = "123m456m789m2233p" if preset != "taiwan" else "123m456m789m123p456p22s"
    win = "3p" if preset != "taiwan" else "2s"
    assert MARK in mjsim.score(mjsim.win_context(hand, win, tsumo=True), rules).hits


def test_offers_are_not_scored_where_the_tiles_decide(marking_plugin):
    """Chengdu's complete hands always win: its offers are not scored, only the wins made are."""
    rules = _with_plugin("chengdu", marking_plugin, **{"chengdu.guoshui": "same_turn"})
    game = _play(rules, 1)
    wins = sum(1 for e in game.log if e.kind == "win")
    assert wins and marking_plugin.calls == wins


def test_riichi_offers_are_scored_for_their_yaku(marking_plugin):
    """A riichi offer needs a yaku, so the family's acceptance scores it through the same hook."""
    rules = _with_plugin("tenhou", marking_plugin)
    game = _play(rules, 1)
    wins = sum(1 for e in game.log if e.kind == "win")
    assert wins and marking_plugin.calls > wins


def test_win_records_take_their_facts_from_the_family_detail():
    """The hand record's win holds value, han, fu and yakuman whatever the family (the detail supplies them)."""
    for preset in ("tenhou", "chengdu", "taiwan"):
        game = _play(RuleSet.resolve(preset).compile(), 2)
        wins = [w for h in game.history for w in h.get("wins", [])]
        assert wins and all(set(w) == {"seat", "from", "value", "han", "fu", "yakuman"} for w in wins), preset
