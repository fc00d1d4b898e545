"""成都麻将 血战到底 (/work/shared/rules/chengdu.md): the fan table, the worked examples of §7 and the options."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from mjsim.engine import core
from mjsim.engine.actions import Event, Transfer
from mjsim.errors import MjsimError
from mjsim.rules import RuleSet
from mjsim.scoring import Meld
from mjsim.scoring.win_input import win_context
from variants.chengdu import endcheck, fan, settle
from variants.chengdu.endcheck import Standing

# §7: "B = 1, cap 5, seed fan values, no tsumo bonus, kong payments on"
EXAMPLES = {"chengdu.tsumo_bonus": "none", "chengdu.rob_kong_fan": 0, "chengdu.gangshanghua_fan": 2}


@cache
def rules(preset: str = "chengdu", **overrides):
    """A compiled Chengdu rule set (cached)."""
    return RuleSet.resolve(preset, {f"chengdu.{k}": v for k, v in overrides.items()}).compile()


def example_rules(**overrides):
    return rules(**{k.split(".", 1)[1]: v for k, v in EXAMPLES.items()}, **overrides)


def score(hand: str, r=None, win: str | None = None, melds=(), tsumo=False, situation=(), void=None):
    """The score of a hand in mpsz text (the winning tile last, or ``win`` with four melds)."""
    r = r or rules()
    ctx = win_context(hand, win, melds=melds, tsumo=tsumo, situation=situation, red_fives=0)
    extra = {"chengdu.void": (void,)} if void else {}
    return fan.score_win(replace(ctx, extra=extra), r)


def names(sc) -> list[tuple[str, int]]:
    return [(h.name, h.value) for h in sc.hits]


# --- §4.1 the table: the single highest entry counts ------------------------------------------------------

TABLE = [
    ("123m456m789m123p55p", [("pinghu", 0)], 1),
    ("111m222m333p444p55p", [("duiduihu", 1)], 2),
    ("123456789m12355m", [("qingyise", 2)], 4),
    ("1122m3344p5566p77p", [("qidui", 2)], 4),
    ("123m789m123p789p11p", [("daiyaojiu", 2)], 4),
    ("11122233344455m", [("qingdui", 3)], 8),
    ("222m555m88m222p555p", [("jiangdui", 3)], 8),
    ("11223344556677m", [("qingqidui", 4)], 16),
    ("123m123m789m789m11m", [("qingyaojiu", 4), ("gen", 1)], 32),
    ("11112222m334455p", [("longqidui", 4), ("gen", 1)], 32),
    ("11112222m334455m", [("qinglongqidui", 5), ("gen", 1)], 32),
    ("111123456789m99m", [("qingyise", 2), ("gen", 1)], 8),
]


@pytest.mark.parametrize(("hand", "hits", "value"), TABLE, ids=[t[0] for t in TABLE])
def test_fan_table(hand, hits, value):
    sc = score(hand)
    assert names(sc) == hits
    assert sc.value == value


MELDED = [
    ("golden_hook", ("pon:111m", "pon:222m", "kan:3333m", "pon:444p"), [("jingoudiao", 2), ("gen", 1)], 8),
    ("jiang_golden_hook", ("pon:222m", "pon:888m", "kan:5555p", "pon:888p"), [("jiangjingou", 4), ("gen", 1)], 32),
    ("flush_golden_hook", ("pon:111m", "pon:222m", "pon:333m", "pon:999m"), [("qingjingou", 4)], 16),
]


@pytest.mark.parametrize(("melds", "hits", "value"), [m[1:] for m in MELDED], ids=[m[0] for m in MELDED])
def test_golden_hook_family(melds, hits, value):
    sc = score("5m", win="5m", melds=melds)
    assert names(sc) == hits
    assert sc.value == value


def test_eighteen_arhats_drops_its_four_roots():
    melds = ("kan:1111m", "kan:2222m", "ankan:3333p", "kan:4444p")
    assert names(score("5m", win="5m", melds=melds)) == [("shibaluohan", 6)]
    assert names(score("5m", win="5m", melds=melds, r=rules(eighteen_arhats="5_5"))) == [("shibaluohan", 5)]
    assert names(score("5m", win="5m", melds=melds, r=rules(eighteen_arhats="off"))) == [
        ("jingoudiao", 2),
        ("gen", 4),
    ]


def test_golden_hook_is_an_add_on():
    sc = score("5m", win="5m", melds=("pon:111m", "pon:222m", "kan:3333m", "pon:444p"), r=rules(golden_hook=False))
    assert names(sc) == [("duiduihu", 1), ("gen", 1)]


@pytest.mark.parametrize(
    ("situation", "tsumo", "hit"),
    [
        ({"rinshan"}, True, ("gangshanghua", 1)),
        ({"gangshangpao"}, False, ("gangshangpao", 1)),
        ({"chankan"}, False, ("qiangganghu", 1)),
        ({"haitei"}, True, ("haidilaoyue", 1)),
    ],
    ids=["gangshanghua", "gangshangpao", "qiangganghu", "haidi"],
)
def test_additive_fan(situation, tsumo, hit):
    sc = score("123m456m789m123p55p", situation=situation, tsumo=tsumo)
    assert names(sc) == [("pinghu", 0), hit]
    assert sc.value == 2


def test_seed_values_of_the_additive_fan():
    seed = rules("chengdu_seed")
    assert names(score("123m456m789m123p55p", r=seed, situation={"rinshan"}, tsumo=True))[-1] == ("gangshanghua", 2)
    assert names(score("123m456m789m123p55p", r=seed, situation={"chankan"})) == [("pinghu", 0)]


@pytest.mark.parametrize("cap", [3, 4, 5, 6, "none"])
def test_cap(cap):
    sc = score("11112222m334455m", r=rules(fan_cap=cap))
    assert sc.detail.fan == 6
    assert sc.value == 2 ** (6 if cap == "none" else min(6, cap))


@pytest.mark.parametrize(
    ("hand", "void", "why"),
    [
        ("123m456p789s11m234m", None, "all three suits"),
        ("123m456m789m123p55p", "p", "declared void suit p"),
        ("123m456m789m123m11z", None, "no honours"),
        ("123m456m789m123p5p", None, "14 tiles"),
        ("123m456m789m124p55p", None, "not complete"),
    ],
    ids=["three_suits", "declared_void", "honours", "13_tiles", "incomplete"],
)
def test_not_a_win(hand, void, why):
    with pytest.raises(MjsimError, match=why):
        score(hand, void=void)


def test_mahjong_soul_dragon_pairs_is_one_fan_less():
    assert names(score("11112222m334455p", r=rules("mahjongsoul_chuanma"))) == [("longqidui", 3), ("gen", 1)]


# --- §7 worked examples -------------------------------------------------------------------------------------


def new_game(r):
    """A fresh game under ``r`` (its walls do not matter to the payments)."""
    return core.new_game(r, seed=1)


def win_of(game, seat: int, hand: str, source: int | None):
    """(seat, tile, from, score) of a win, scored under the game's rules."""
    sc = score(hand, r=game.rules, tsumo=source is None)
    return (seat, 0, source, sc)


def pay(game, transfers) -> None:
    core._pay(game, transfers)


def test_example_1_three_wins():
    """A tsumos 対々和 (2 each), B rons C with 清一色 + 根 (8), C tsumos a plain hand (1, from D only)."""
    game = new_game(example_rules())
    a, b, c, d = range(4)
    pay(game, settle.settle_win(game, [win_of(game, a, "111m222m333p444p55p", None)]))
    game.hand.seats[a].left = True
    pay(game, settle.settle_win(game, [win_of(game, b, "111123456789m99m", c)]))
    game.hand.seats[b].left = True
    plain = settle.settle_win(game, [win_of(game, c, "123m456m789m123p55p", None)])
    assert plain == [Transfer(d, c, 1, "win")]
    pay(game, plain)
    assert game.scores == [6, 6, -9, -3]


def test_example_2_dragon_pairs_with_a_second_quad():
    dragon, flush_dragon = score("11112222m334455p", r=example_rules()), score("11112222m334455m", r=example_rules())
    assert (dragon.detail.fan, dragon.value, dragon.detail.limit) == (5, 32, None)
    assert (flush_dragon.detail.fan, flush_dragon.value, flush_dragon.detail.limit) == (6, 32, "cap")


def kong_event(game, seat: int, kind: str, data) -> None:
    """Log a kong as the engine does (the payment reads the latest kong of the seat)."""
    game.log.append(Event(kind, seat, data))


def test_example_3_concealed_kong_then_refund():
    """D's concealed kong: A, B, C pay 2 each; A wins and leaves; D not ready at exhaustion returns 2 to each."""
    game = new_game(example_rules())
    a, b, c, d = range(4)
    kong_event(game, d, "ankan", (0, 1, 2, 3))
    paid = settle.settle_meld(game, d, Meld("ankan", (0, 1, 2, 3)))
    assert paid == [Transfer(s, d, 2, "kong") for s in (a, b, c)]
    pay(game, paid)
    game.hand.seats[a].left = True
    back = endcheck.refunds(game, Standing(active=(b, c, d), pigs=(), ready={}))
    assert back == [Transfer(d, s, 2, "kong refund") for s in (a, b, c)]
    pay(game, back)
    assert game.scores == [0, 0, 0, 0]


def test_example_4_pig_and_not_ready_checks():
    """A won; B ready (best 清一色 = 4); C not ready; D a flower pig: D pays B and C 32, C pays B 4."""
    game = new_game(example_rules())
    a, b, c, d = range(4)
    st = Standing(active=(b, c, d), pigs=(d,), ready={b: 4})
    assert endcheck.pig_check(game, st) == [Transfer(d, b, 32, "flower pig"), Transfer(d, c, 32, "flower pig")]
    assert endcheck.not_ready_check(game, st) == [Transfer(c, b, 4, "not ready")]
    assert a not in {t.payer for t in endcheck.pig_check(game, st) + endcheck.not_ready_check(game, st)}


def test_example_5_mahjong_soul_amounts():
    ms = rules("mahjongsoul_chuanma")
    assert score("111123456789m99m", r=ms).value == 8000
    assert fan.tsumo_charge(ms.values, score("111123456789m99m", r=ms, tsumo=True).value) == 9000


# --- Kong payments (§5.2) ----------------------------------------------------------------------------------------


def test_exposed_kong_is_paid_by_the_discarder():
    game = new_game(rules())
    kong_event(game, 2, "kan", (8, (9, 10, 11), 0))
    assert settle.settle_meld(game, 2, Meld("kan", (8, 9, 10, 11))) == [Transfer(0, 2, 2, "kong")]


@pytest.mark.parametrize(("just_drawn", "paid"), [(True, 1), (False, 0)], ids=["drawn", "from_hand"])
def test_added_kong_pays_only_when_just_drawn(just_drawn, paid):
    game = new_game(rules())
    game.hand.last_draw = 11 if just_drawn else 40
    kong_event(game, 1, "kakan", 11)
    transfers = settle.settle_meld(game, 1, Meld("kan", (8, 9, 10, 11))) or []
    assert [t.amount for t in transfers] == [paid] * (3 if paid else 0)


def test_no_kong_payments_option():
    game = new_game(rules(kong_payments=False))
    kong_event(game, 3, "ankan", (0, 1, 2, 3))
    assert settle.settle_meld(game, 3, Meld("ankan", (0, 1, 2, 3))) is None


# --- End checks options (§5.3) -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "amounts"),
    [
        ({}, [32, 32]),
        ({"pig_penalty": "fixed", "pig_penalty_fixed": 10}, [10, 10]),
        ({"pig_penalty": "ms_style"}, [8, 8]),
        ({"pig_penalty": "ms_style", "fan_cap": "none"}, [8, 8]),
        ({"fan_cap": "none"}, [64, 64]),
        ({"pig_penalty": "fixed", "pig_penalty_fixed": 2, "pig_and_chajiao": "larger_only"}, [4, 2]),
    ],
    ids=["cap_value", "fixed", "ms_style", "ms_style_no_cap", "no_cap_is_6_fan", "larger_only"],
)
def test_pig_penalty_options(options, amounts):
    game = new_game(rules(**options))
    st = Standing(active=(1, 2, 3), pigs=(3,), ready={1: 4})
    assert [t.amount for t in endcheck.pig_check(game, st)] == amounts


def test_every_option_has_the_spec_default():
    declared = rules().declared
    assert declared["chengdu.void_mode"].default == "declared"
    assert declared["chengdu.fan_cap"].default == 5
    assert declared["chengdu.guoshui"].default == "same_turn"
    assert declared["chengdu.kong_replacement_from"].default == "tail"
    assert declared["chengdu.tsumo_bonus"].default == "add_base"


def test_a_bad_option_value_is_a_clear_error():
    with pytest.raises(MjsimError, match="option chengdu.fan_cap: bad value 17"):
        RuleSet.resolve("chengdu", {"chengdu.fan_cap": 17}).compile()


@pytest.mark.parametrize(("key", "value"), [("base", 0), ("match_hands", 0), ("kong_exposed", -1)])
def test_integer_options_out_of_range_fail_at_compile_time(key, value):
    with pytest.raises(MjsimError, match=f"option chengdu.{key}: bad value {value}"):
        RuleSet.resolve("chengdu", {f"chengdu.{key}": value}).compile()
