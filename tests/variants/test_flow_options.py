"""The riichi flow options of issue 20, each pinned to its source: the dealer's own 和了り止め / 聴牌止め choice,
北入り, the strict form of 後付け-off, the three 同巡 definitions and a per-rank uma."""

from __future__ import annotations

import random

import pytest

from mjsim.agents.bots import EfficiencyBot
from mjsim.agents.observation import observe
from mjsim.engine import core
from mjsim.engine.actions import DISCARD, END_GAME, PLAY_ON, PON, RON, TSUMO, Action
from mjsim.errors import MjsimError
from mjsim.rules import RuleSet
from mjsim.scoring import Meld, WinContext
from tests.variants.test_riichi_flow import ALL_LAST, DEALER_READY, NOTEN, _quiet, act, offered, table, turns
from variants.riichi.play import first_call_fixes_yaku
from variants.riichi.settlement import final_settlement
from variants.riichi.uma import parse_uma

TOP_DEALER = (22000, 22000, 22000, 34000)  # the all-last dealer (seat 3) leads


@pytest.fixture(scope="module")
def rules(rules_with):
    """``rules(name=value, ...)``: the riichi preset (every option at its default) with overrides."""
    return lambda **overrides: rules_with("riichi", **overrides)


def _dealer_tsumo(rules):
    """All-last: the dealer, 1st, wins by tsumo on 白."""
    hands = {3: DEALER_READY, 0: NOTEN[0], 1: NOTEN[1], 2: NOTEN[2]}
    game = table(rules, hands, "9m 5m 6m 5p 5z", scores=TOP_DEALER, **ALL_LAST)
    turns(game, 4)
    act(game, 3, TSUMO)
    return game


# --- 和了り止め / 聴牌止め: the dealer's choice ---------------------------------------------------------------


@pytest.mark.parametrize(("answer", "over"), [(END_GAME, True), (PLAY_ON, False)])
def test_optional_agari_yame_is_the_dealers_choice(rules, answer, over):
    """riichi_base.md §14: "a dealer who wins ... while in 1st place may end the game. Options: off / optional /
    forced"; optional: the dealer is asked, and its answer decides."""
    game = _dealer_tsumo(rules(agari_yame="optional"))
    assert core.pending(game) == {3: [Action(END_GAME), Action(PLAY_ON)]}
    core.step(game, {3: Action(answer)})
    assert game.over is over
    assert over or (game.dealer, game.honba) == (3, 1)  # playing on: the dealer repeats


@pytest.mark.parametrize(("answer", "over"), [(END_GAME, True), (PLAY_ON, False)])
def test_optional_tenpai_yame_is_the_dealers_choice(rules, answer, over):
    """riichi_base.md §14: "(or, tenpai-yame 聴牌止め, is tenpai at a draw) ... may end the game"; KAIT (S001):
    "【オーラストップで聴牌やめ、上がりやめあり】"."""
    game = _quiet(rules(tenpai_yame="optional"), ready=True, scores=TOP_DEALER, **ALL_LAST)
    assert core.pending(game) == {3: [Action(END_GAME), Action(PLAY_ON)]}
    core.step(game, {3: Action(answer)})
    assert game.over is over


@pytest.mark.parametrize("mode", ["off", "forced"])
def test_off_and_forced_ask_nobody(rules, mode):
    """S000: 和了り止め "◎強制" (forced) stops by itself; off plays on: neither asks the dealer."""
    game = _dealer_tsumo(rules(agari_yame=mode))
    assert game.over is (mode == "forced")
    assert game.over or game.hand.phase != "end_offer"


def test_not_offered_to_a_dealer_behind(rules):
    """§14: only a dealer "while in 1st place" may stop: a dealer behind is not asked."""
    game = table(
        rules(agari_yame="optional"),
        {3: DEALER_READY, 0: NOTEN[0], 1: NOTEN[1], 2: NOTEN[2]},
        "9m 5m 6m 5p 5z",
        scores=(40000, 20000, 20000, 20000),
        **ALL_LAST,
    )
    turns(game, 4)
    act(game, 3, TSUMO)
    assert game.hand is not None and game.hand.phase != "end_offer"


@pytest.mark.parametrize(
    ("scores", "ends"),
    [
        pytest.param(TOP_DEALER, True, id="lead-12000-stops"),
        pytest.param((24000, 24000, 24000, 28000), False, id="lead-4000-plays-on"),
        pytest.param((25000, 20000, 20000, 35000), False, id="lead-10000-plays-on"),
        pytest.param((40000, 20000, 20000, 20000), False, id="behind-plays-on"),
    ],
)
def test_default_policy_stops_above_the_margin(rules, scores, ends):
    """The bots' default answer: end the game while the seat leads by more than END_GAME_MARGIN of the table's
    points (10,000 of 100,000 here), else play on."""
    bot = EfficiencyBot(random.Random(0), rules())
    game = _dealer_tsumo(rules(agari_yame="optional"))
    game.scores = list(scores)
    choice = bot.act(observe(game, 3), [Action(END_GAME), Action(PLAY_ON)])
    assert choice == Action(END_GAME if ends else PLAY_ON)


# --- 北入り -------------------------------------------------------------------------------------------------

WEST_4, NORTH_4 = {"dealer": 3, "round_index": 2}, {"dealer": 3, "round_index": 3}


@pytest.mark.parametrize(
    ("rounds", "where", "over"),
    [
        pytest.param("one", WEST_4, True, id="one-west4-ends"),
        pytest.param("to_north", WEST_4, False, id="to_north-west4-north_round"),
        pytest.param("to_north", NORTH_4, True, id="to_north-north4-ends"),
    ],
)
def test_extension_rounds(rules, rounds, where, over):
    """S003: "オーラスが終わった時点で誰も持ち点が30000点に達していない場合、西入りとなり延長戦となるルールも
    存在します。(同様に北入りも存在します。)": with nobody at 30000, West 4 leads into North under to_north."""
    game = _quiet(
        rules(extension_rounds=rounds, extension_end="four_hands"), scores=(29000, 25000, 24000, 22000), **where
    )
    assert game.over is over
    assert over or (game.round_index, game.dealer) == (3, 0)


# --- 後付け off: 片アガリ禁止 or 完全先付け ---------------------------------------------------------------------


def _open(first: str, kind: int) -> Meld:
    tiles = tuple(4 * kind + i for i in range(3)) if first == "pon" else tuple(4 * (kind + i) for i in range(3))
    return Meld(first, tiles, tiles[0], 1)


@pytest.mark.parametrize(
    ("melds", "fixed"),
    [
        pytest.param((), True, id="closed-nothing_to_fix"),
        pytest.param((_open("pon", 31),), True, id="first_call_haku_pon"),
        pytest.param((_open("pon", 27),), True, id="first_call_round_east_pon"),
        pytest.param((_open("chi", 1), _open("pon", 31)), False, id="chi_then_haku-yaku_came_later"),
        pytest.param((_open("pon", 29),), False, id="first_call_guest_west_pon"),
    ],
)
def test_first_call_fixes_yaku(melds, fixed):
    """Strict 後付け-off (atozuke_off_form first_call, 完全先付け): the seeds define no form of the ban (S000
    "後付 ○", S001 "後ヅケあり"); as usually stated, the yaku is fixed by the first call (a value-tile pon)."""
    ctx = WinContext(concealed=(), win_tile=0, melds=melds, seat_wind=28, round_wind=27)
    assert first_call_fixes_yaku(ctx) is fixed


def test_first_call_form_refuses_a_later_yaku(rules):
    """Lenient (every_wait) accepts a chi followed by a 白 pon; the strict form refuses the same win."""
    from variants.riichi.play import accept_win

    ctx = WinContext(
        concealed=tuple(4 * k for k in (10, 11, 12, 19, 20, 21, 24)) + (4 * 24 + 1,),
        win_tile=4 * 24 + 1,
        melds=(_open("chi", 1), _open("pon", 31)),
        tsumo=True,
        seat_wind=28,
        round_wind=27,
    )
    results = {}
    for form in ("every_wait", "first_call"):
        game = table(rules(atozuke=False, atozuke_off_form=form), {})
        results[form] = accept_win(game, 1, ctx, object())
    assert results == {"every_wait": True, "first_call": False}


# --- The three 同巡 definitions -------------------------------------------------------------------------------

SHANPON_LIKE = "23m567p345s66s888s"  # waits 1m/4m (tanyao on 4m); after 6s pon and 8s out, still 1m/4m


@pytest.mark.parametrize(
    ("definition", "ron"),
    [
        pytest.param("draw_to_draw", True, id="draw_to_draw-own_call_ends_it"),
        pytest.param("call_skips", True, id="call_skips-own_call_ends_it"),
        pytest.param("call_rewinds", False, id="call_rewinds-only_own_draw_ends_it"),
    ],
)
def test_own_call_and_the_same_go_around(rules, definition, ron):
    """S000 同巡の定義: "自摸をおこなってから次の自摸まで / 鳴きなどの場合順番が飛ばされたと解釈 / 鳴きなどの場合順番が
    巻き戻ったと解釈". Seat 2 passes the dealer's 4m, pons seat 1's 6s and discards 8s; seat 3 then discards 4m."""
    game = table(rules(same_turn_definition=definition), {2: SHANPON_LIKE}, "4m 6s 4m")
    turns(game)  # the dealer's 4m: seat 2 may ron and passes
    assert game.hand.seats[2].skipped_win
    act(game, 1, DISCARD, "6s")
    act(game, 2, PON, "6s")
    act(game, 2, DISCARD, "8s")
    act(game, 3, DISCARD, "4m")
    assert (offered(game, 2, RON) is not None) is ron


def test_call_rewinds_ends_at_the_own_draw(rules):
    """call_rewinds: the seat's next draw ends the go-around (自摸をおこなってから次の自摸まで)."""
    from variants.riichi.play import furiten

    game = table(rules(same_turn_definition="call_rewinds"), {2: SHANPON_LIKE}, "4m 6s 4m 9p 1p 2p")
    turns(game)
    act(game, 1, DISCARD, "6s")
    act(game, 2, PON, "6s")
    act(game, 2, DISCARD, "8s")
    act(game, 3, DISCARD, "4m")
    assert furiten(game, 2)  # not drawn since the pass
    turns(game, 2)  # seats 0 and 1 discard; seat 2 draws
    assert game.hand.current == 2 and not furiten(game, 2)


# --- Per-rank uma --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        pytest.param("10-20", "10-20", id="named"),
        pytest.param([15, 5, -5, -15], (15, 5, -5, -15), id="list"),
        pytest.param("15,5,-5,-15", (15, 5, -5, -15), id="text"),
        pytest.param([7.5, 2.5, -2.5, -7.5], (7.5, 2.5, -2.5, -7.5), id="halves"),
        pytest.param("5-15", (15, 5, -5, -15), id="shorthand"),
        pytest.param("20-40", (40, 20, -20, -40), id="shorthand-wide"),
        pytest.param("0-0", (0, 0, 0, 0), id="shorthand-zero"),
        pytest.param("2.5-7.5", (7.5, 2.5, -2.5, -7.5), id="shorthand-halves"),
    ],
)
def test_uma_values(raw, value):
    """§15 uma: the seeds' spreads (S000 "10-20 10-30 5-10", S004 "1位:+20、2位:+10、3位:-10、4位:-20"), or any
    per-rank list (Mahjong Soul's +15/+5/-5/-15, issue 20)."""
    assert parse_uma(raw) == value


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        pytest.param([15, 5, -5], "3 numbers, not 4", id="length"),
        pytest.param([15, 5, -5, -10], "sum to 5, not 0", id="sum"),
        pytest.param([15, 5, "x", -20], "is not a number", id="word"),
        pytest.param([True, 0, 0, -1], "is not a number", id="bool"),
        pytest.param("20-x", "is not a number", id="shorthand-word"),
        pytest.param("20-10", "above an earlier one", id="shorthand-reversed"),
        pytest.param("50-150", "150 is outside -100..100", id="shorthand-too-wide"),
        pytest.param([5, 15, -5, -15], "above an earlier one", id="rising"),
        pytest.param("1-2-3", "not a spread a-b", id="three-parts"),
    ],
)
def test_bad_uma_is_one_line_error(raw, why):
    with pytest.raises(MjsimError, match=why) as info:
        RuleSet.resolve("tenhou", {"riichi.uma": raw}).compile()
    assert "riichi.uma" in str(info.value) and "\n" not in str(info.value)


def test_per_rank_uma_settles(rules):
    """(points - return) / 1000 + the rank's bonus; with return = start there is no oka."""
    game = table(rules(uma=(15, 5, -5, -15), return_points="none"), {}, scores=(40000, 30000, 20000, 10000))
    assert final_settlement(game)["results"] == [30.0, 10.0, -10.0, -30.0]


def test_any_uma_start_and_return_settle(rules):
    """Issue 17: uma 5-15, start 35,000, return 40,000 (none of them a seed's pair) settle as §15 says: (points -
    return) / 1000 + the rank's bonus, and the oka 4 x (40,000 - 35,000) = 20 to 1st."""
    game = table(rules(uma="5-15", start_points=35000, return_points=40000), {}, scores=(50000, 40000, 30000, 20000))
    assert final_settlement(game)["results"] == [10 + 15 + 20, 0 + 5, -10 - 5, -20 - 15]


# --- 発声優先 ----------------------------------------------------------------------------------------------

RACE = {0: "5m123p456p789p123s", 1: "46m258p369s12345z", 2: "55m147p258s12345z"}  # seat 0 throws 5m


def _race(rules, seed: int) -> str:
    """Seat 1 chis and seat 2 pons seat 0's 5m: the kind of call that takes it."""
    game = table(rules, RACE, "9s", seed=seed)
    act(game, 0, DISCARD, "5m")
    offers = core.pending(game)
    chi = next(a for a in offers[1] if a.kind == "chi")
    pon = next(a for a in offers[2] if a.kind == PON)
    core.step(game, {**{s: Action("pass") for s in offers}, 1: chi, 2: pon})
    return next(e.kind for e in reversed(game.log) if e.kind in ("chi", PON))


def test_pon_over_chi_by_default(rules):
    assert {_race(rules(), seed) for seed in range(6)} == {PON}


def test_first_voice_lets_either_call_take_the_tile(rules):
    """S001 4play: "鳴きは発声優先。発声が重なったときはポン優先"; KAIT: "鳴きは発声が同時の場合ポン＞チーの優先":
    the call spoken first wins, so a chi may beat a pon; the same game always resolves the same way."""
    first_voice = rules(call_priority="first_voice")
    won = [_race(first_voice, seed) for seed in range(12)]
    assert set(won) == {"chi", PON}
    assert won == [_race(first_voice, seed) for seed in range(12)]
