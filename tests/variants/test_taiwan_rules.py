"""台湾麻将's flower rules as the seed states them (taiwan.md §9): the eighth flower is the drawer's choice (藏花),
and 七搶一 stands the moment seven flowers meet the eighth."""

from __future__ import annotations

import random
from functools import cache

import pytest

from mjsim.agents import make_agent
from mjsim.agents.observation import observe
from mjsim.engine import core
from mjsim.engine.actions import DISCARD, PASS, Action
from mjsim.engine.state import BONUS, ENDED
from mjsim.hand.notation import parse_tiles
from mjsim.hand.tiles import FIRST_FLOWER_ID
from mjsim.rules import RuleSet
from variants.taiwan.flow import _hand_may_win
from variants.taiwan.flowers import HIDE, HIDER, SHOW, flower_win, hidden_by

FLOWERS = list(range(FIRST_FLOWER_ID, FIRST_FLOWER_ID + 8))
DI, QIQIANGYI_TAI, DEALER_BONUS = 3, 8, 1  # 底 3; 七搶一 8 tai; the dealer's 2n + 1 with n = 0


@cache
def rules(**overrides):
    """The taiwan preset with the dealer East and no 一路歸西, so that a dealt table plays as dealt."""
    base = {"seat_wind_mode": "dealer_is_east", "yilu_guixi": False}
    return RuleSet.resolve("taiwan", {f"taiwan.{k}": v for k, v in {**base, **overrides}.items()}).compile()


def table(dealt_flowers: dict[int, int], eighth_drawn_by: int | None, r=None):
    """Seat ``s`` is dealt ``dealt_flowers[s]`` flowers; the remaining flower (if any) is the first draw of seat
    ``eighth_drawn_by`` (seat 0 deals; every other tile is ordinary, replacements come from the wall's end)."""
    r = r or rules()
    ordinary = [t for t in r.flow.setup.tiles if t < FIRST_FLOWER_ID]
    random.Random(7).shuffle(ordinary)
    flowers = list(FLOWERS)
    dealt = []
    for seat in range(4):
        mine = [flowers.pop(0) for _ in range(dealt_flowers.get(seat, 0))]
        dealt += mine + [ordinary.pop() for _ in range(16 - len(mine))]
    draws = [ordinary.pop() for _ in range(eighth_drawn_by)] + flowers if eighth_drawn_by is not None else []
    wall = dealt + draws + ordinary + [t for t in flowers if t not in draws]
    return core.game_at(r, scores=[0] * 4, dealer=0, round_index=0, honba=0, table=0, walls=(wall, [], []))


def play_until_bonus_choice(game):
    """Everyone passes and discards the first tile offered, until a seat must choose about its flower."""
    while True:
        offered = core.pending(game)  # first: a discard nobody can answer passes while the offers are made
        if game.hand.phase in (BONUS, ENDED) or game.hand.index > 0:
            return game
        chosen = {s: next((a for a in acts if a.kind in (PASS, DISCARD)), acts[0]) for s, acts in offered.items()}
        core.step(game, chosen)


def wins(game):
    return [(e.seat, e.data["from"]) for e in game.log if e.kind == "win"]


def test_the_eighth_flower_is_the_drawers_choice():
    """藏花 allowed: "藏花のルールを認める場合は、7枚の花牌を抜いているプレイヤーがいると、放銃を避けるために
    残った1枚の花牌を引いても抜かなくてよい" -- the drawer of the eighth, seven being out, is offered to hide it or
    to show it."""
    game = play_until_bonus_choice(table({0: 7}, eighth_drawn_by=1))
    assert game.hand.phase == BONUS and game.hand.current == 1
    assert [a.kind for a in core.pending(game)[1]] == [HIDE, SHOW]


def test_showing_the_eighth_flower_pays_qiqiangyi_at_once():
    """七搶一: "花牌を7枚抜いているプレーヤーがいる状態で他家が残った1枚の花牌を抜いたとき ... いずれも
    花牌1枚を抜いたプレーヤーの放銃扱いとなる" -- shown, the holder of seven wins at once and only the drawer of
    the eighth pays (底 + 8 + the dealer's 1)."""
    game = play_until_bonus_choice(table({0: 7}, eighth_drawn_by=1))
    core.step(game, {1: Action(SHOW, FLOWERS[7])})
    assert wins(game) == [(0, 1)]
    assert game.history[-1]["deltas"] == [DI + QIQIANGYI_TAI + DEALER_BONUS, -(DI + QIQIANGYI_TAI + DEALER_BONUS), 0, 0]


def test_hiding_the_eighth_flower_pays_nothing_and_forbids_winning():
    """Hidden: "（もちろん、これによってあがれなくなってしまう）" -- nobody wins 七搶一, and the hider cannot
    win this hand."""
    game = play_until_bonus_choice(table({0: 7}, eighth_drawn_by=1))
    core.step(game, {1: Action(HIDE, FLOWERS[7])})
    assert game.hand.phase != ENDED and hidden_by(game) == 1
    assert game.hand.current == 1 and game.hand.last_draw is not None  # it drew its replacement
    assert flower_win(game, 0) is None and not wins(game)
    me = game.hand.seats[1]  # a unit position: seat 1 now holds a complete hand, its last tile just drawn
    for t in list(me.tiles):
        me.remove(t)
    for t in parse_tiles("123456789m123p55s78p9p", red_fives=0):
        me.add(t)
    drawn = me.tiles[-1]
    assert not _hand_may_win(game, 1, drawn, "tsumo")
    del game.hand.stash[HIDER]  # the same hand, had it shown the flower, could win
    assert _hand_may_win(game, 1, drawn, "tsumo")


def test_hiding_forbidden_means_qiqiangyi_at_once_without_a_choice():
    """藏花 not allowed ("藏花のルールを認めない場合は、花牌を抜かない場合は反則"): no choice, the eighth
    is shown and 七搶一 stands at once."""
    game = play_until_bonus_choice(table({0: 7}, eighth_drawn_by=1, r=rules(qiqiangyi="hiding_forbidden")))
    assert not any(e.kind == "bonus_choice" for e in game.log)
    assert wins(game) == [(0, 1)] and game.history[0]["wins"][0]["seat"] == 0


def test_seven_and_one_at_the_deal_win_before_the_first_draw():
    """Case (a): "配牌の時点で1人で7枚の花牌を抜いた状態で他家が残った1枚の花牌を抜いたとき" -- the hand
    ends on the deal."""
    game = table({0: 7, 2: 1}, eighth_drawn_by=None)
    assert game.hand.phase == ENDED and wins(game) == [(0, 2)]
    assert not any(e.kind == "draw" for e in game.log)


def test_qiqiangyi_off_never_wins_on_flowers():
    """``qiqiangyi = off``: seven against one is no win."""
    game = table({0: 7, 2: 1}, eighth_drawn_by=None, r=rules(qiqiangyi="off"))
    assert game.hand.phase != ENDED and not wins(game)


@pytest.mark.parametrize(("bot", "expected"), [("taiwan", HIDE), ("taiwan_show", SHOW), ("efficiency", HIDE)])
def test_bots_answer_the_flower_choice(bot, expected):
    """The Taiwanese bot hides (showing pays and it cannot win either way), taiwan_show shows, a generic bot takes
    the first offer (hide)."""
    game = play_until_bonus_choice(table({0: 7}, eighth_drawn_by=1))
    agent = make_agent(bot, random.Random(1), game.rules)
    assert agent.act(observe(game, 1), core.pending(game)[1]).kind == expected


def test_the_hidden_flower_invariant_catches_a_win_after_hiding():
    """The invariant that guards 藏花: a 七搶一 after the eighth was hidden is a violation; shown, it is not."""
    from variants.taiwan.checks import hidden_flower_respected

    shown = play_until_bonus_choice(table({0: 7}, eighth_drawn_by=1))
    core.step(shown, {1: Action(SHOW, FLOWERS[7])})
    assert hidden_flower_respected(shown) is None
    hidden = play_until_bonus_choice(table({0: 7}, eighth_drawn_by=1))
    core.step(hidden, {1: Action(HIDE, FLOWERS[7])})
    assert hidden_flower_respected(hidden) is None
    hidden.log.append(next(e for e in shown.log if e.kind == "win"))  # a forged 七搶一 in the hiding hand
    assert "hid the eighth flower" in hidden_flower_respected(hidden)
