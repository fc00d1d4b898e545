"""成都麻将 rules the seed and the spec name that were missing (issue 20): the seed's fixed 查大叫 amount, busted
players sitting out later hands, and 血流成河 beside 血战到底; each test quotes its source."""

from __future__ import annotations

import random
from functools import cache

import pytest

from mjsim.agents import make_agent
from mjsim.agents.observation import observe
from mjsim.checking.invariants import check_step, step_mark
from mjsim.engine import core
from mjsim.engine.actions import DISCARD, PASS, RON, TSUMO
from mjsim.rules import RuleSet
from variants.chengdu import options as opt
from variants.chengdu.endcheck import NOT_READY, Standing, not_ready_check
from variants.chengdu.play import has_won


@cache
def rules(preset: str = "chengdu", **overrides):
    """A compiled Chengdu rule set (cached)."""
    return RuleSet.resolve(preset, {f"chengdu.{k}": v for k, v in overrides.items()}).compile()


def play(r, seed: int, on_offer=None):
    """One game with four ``chengdu`` bots and every invariant checked after every step; ``on_offer(game, offers)``
    sees each decision. Returns the game and the violations."""
    agents = [make_agent("chengdu", random.Random(seed * 4 + i), r) for i in range(4)]
    game = core.new_game(r, seed)
    problems: list[str] = []
    while not game.over:
        offers = core.pending(game)
        if not offers:
            break
        if on_offer is not None:
            on_offer(game, offers)
        before = step_mark(game)
        core.step(game, {s: agents[s].act(observe(game, s), acts) for s, acts in offers.items()})
        problems += check_step(game, before)
    return game, problems


def hands_of(game):
    """The events of each hand of the game, in order."""
    out: list[list] = []
    for event in game.log:
        if event.kind == "hand_start":
            out.append([])
        if out:
            out[-1].append(event)
    return out


# --- 查大叫: the seed's fixed amount ----------------------------------------------------------------------------


@pytest.mark.parametrize(("mode", "expected"), [("max_value", 4), ("fixed", 8)], ids=["best-win", "fixed"])
def test_chajiao_amount(mode, expected):
    """Seed: "聴牌していない人は、聴牌している人に一定の点数を支払わなければならない(点数は取り決めによる)" -- a fixed
    amount (``chajiao = fixed``, 8 bases by default) beside M2/MS's best possible win (here a 2-fan wait, 4)."""
    game = core.new_game(rules(chajiao=mode), seed=3)
    standing = Standing(active=(0, 1, 2, 3), pigs=(3,), ready={1: 4})
    paid = not_ready_check(game, standing)
    want = [(0, 1, expected, NOT_READY), (2, 1, expected, NOT_READY)]
    assert [(t.payer, t.payee, t.amount, t.reason) for t in paid] == want


def test_the_seed_preset_uses_the_seeds_fixed_amounts():
    """Seed: "ブタ ... 一定の点数を支払わなければならない ... 聴牌していない人は ... 一定の点数" -- both
    checks are fixed amounts in ``chengdu_seed``; the common preset keeps the apps' amounts."""
    seed, common = rules("chengdu_seed"), rules()
    assert (seed[opt.PIG_PENALTY], seed[opt.CHAJIAO]) == ("fixed", "fixed")
    assert (common[opt.PIG_PENALTY], common[opt.CHAJIAO]) == ("cap_value", "max_value")


def test_chajiao_fixed_must_not_be_negative():
    """A negative amount is a one-line error naming the key."""
    from mjsim.errors import MjsimError

    with pytest.raises(MjsimError, match="chengdu.chajiao_fixed"):
        rules(chajiao_fixed=-1)


# --- 血流成河 ---------------------------------------------------------------------------------------------------


def test_blood_flow_winners_stay_and_win_again():
    """Spec §3: "Blood-flow variant (血流成河): winners stay in and can win repeatedly" -- under ``play_on = xueliu``
    a seat wins twice in a hand, an earlier winner pays a later win, and a hand ends only with the wall."""
    r = rules(play_on="xueliu")
    twice = paid_after_winning = 0
    for seed in range(3):
        game, problems = play(r, seed)
        assert problems == []
        assert all(h["draw"] == "exhaustive" for h in game.history)
        for events in hands_of(game):
            won: list[int] = []
            for e in events:
                if e.kind == "transfer" and e.data.reason == "win" and e.data.payer in won:
                    paid_after_winning += 1
                if e.kind == "win":
                    won.append(e.seat)
            twice += len(won) != len(set(won))
    assert twice and paid_after_winning


def test_blood_flow_winner_keeps_its_hand():
    """[proposal] After a win under 血流成河 the seat keeps its hand: it may only win again or discard its draw."""
    r = rules(play_on="xueliu")
    seen = []

    def locked(game, offers):
        for seat, actions in offers.items():
            if has_won(game, seat):
                seen.append(seat)
                draw = game.hand.last_draw
                assert all(a.kind in (TSUMO, RON, PASS) or (a.kind == DISCARD and a.tile == draw) for a in actions)

    play(r, 1, locked)
    assert seen


def test_blood_battle_winners_still_leave():
    """Seed: "誰かが和了っても局は終わらず、3人が和了するか流局するまで続ける" -- the default (血战到底) is
    unchanged."""
    game, problems = play(rules(), 1)
    assert problems == []
    for events in hands_of(game):
        winners = [e.seat for e in events if e.kind == "win"]
        assert len(winners) == len(set(winners)) <= 3


# --- Busted players sit out -------------------------------------------------------------------------------------


def test_busted_players_sit_out_later_hands():
    """Spec §5.4: "MA: a player who runs out of chips during a hand is eliminated at once and the others go on" --
    ``bust = sit_out``: the busted seat sits every later hand out (never draws, never deals) while the match
    goes on."""
    r = rules(bust="sit_out", start_points=10, match_hands=12)
    went_on = 0
    for seed in range(4):
        game, problems = play(r, seed)
        assert problems == []
        out: set[int] = set()
        for events in hands_of(game):
            start = events[0]
            assert start.seat not in out  # the dealer plays
            sat = {e.seat for e in events if e.kind == "sit_out"}
            assert sat == out
            assert not any(e.kind in ("draw", "discard", "win") and e.seat in out for e in events)
            went_on += bool(out)
            out |= {e.seat for e in events if e.kind == "leave"} | {s for s in range(4) if _ended_below(events, s)}
    assert went_on


def _ended_below(events, seat) -> bool:
    """The seat's score at the end of the hand was below zero."""
    end = next((e for e in reversed(events) if e.kind == "hand_end"), None)
    if end is None:
        return False
    start = events[0].data["scores"][seat]
    moved = sum(
        (e.data.amount if e.data.payee == seat else -e.data.amount)
        for e in events
        if e.kind == "transfer" and seat in (e.data.payer, e.data.payee)
    )
    return start + moved < 0


def test_eliminate_still_ends_the_match():
    """``bust = eliminate`` (the earlier reading): the match ends with the hand in which a seat busted."""
    r = rules(bust="eliminate", start_points=10, match_hands=12)
    for seed in range(4):
        game, problems = play(r, seed)
        assert problems == []
        busted = [i for i, events in enumerate(hands_of(game)) if any(e.kind == "leave" for e in events)]
        assert not busted or busted[0] == len(game.history) - 1
