"""成都麻将 血战到底 in play: 定缺, legal actions, 过水, the last tiles, robbing, the next dealer, games, bots."""

from __future__ import annotations

import random
from functools import cache

import pytest

from mjsim.agents import make_agent
from mjsim.agents.chengdu import best_void
from mjsim.engine import core
from mjsim.engine.actions import CHI, DISCARD, PASS, PON, RON, Action, Event, Transfer
from mjsim.engine.offers import self_candidates
from mjsim.engine.state import CLAIM, DECLARE, ROB, TURN
from mjsim.hand.notation import parse_counts, parse_tiles
from mjsim.observation import observe
from mjsim.rules import RuleSet
from mjsim.simulate import digest, run_games
from variants.chengdu import match, play


@cache
def rules(preset: str = "chengdu", **overrides):
    """A compiled Chengdu rule set (cached)."""
    return RuleSet.from_preset(preset, {f"chengdu.{k}": v for k, v in overrides.items()}).compile()


def declared_game(voids=(0, 0, 0, 0), r=None):
    """A game whose seats have declared ``voids`` (suit indices), the dealer holding 14 tiles."""
    game = core.new_game(r or rules(), seed=3)
    core.step(game, {seat: Action("declare", 36 * suit) for seat, suit in enumerate(voids)})
    return game


def give(game, seat: int, text: str) -> None:
    """Replace a seat's concealed tiles (a unit-test position: tiles are no longer conserved)."""
    me = game.hand.seats[seat]
    for t in list(me.tiles):
        me.remove(t)
    for t in parse_tiles(text, red_fives=0):
        me.add(t)


def tile(text: str) -> int:
    return parse_tiles(text, red_fives=0)[0]


# --- 定缺 -----------------------------------------------------------------------------------------------------


def test_every_seat_declares_before_the_dealer_draws():
    game = core.new_game(rules(), seed=3)
    assert game.hand.phase == DECLARE
    offers = core.pending(game)
    assert sorted(offers) == [0, 1, 2, 3]
    assert all([a.tile for a in acts] == [0, 36, 72] for acts in offers.values())
    assert [len(s.tiles) for s in game.hand.seats] == [13, 13, 13, 13]
    core.step(game, {seat: Action("declare", 36 * (seat % 3)) for seat in range(4)})
    assert game.hand.phase == TURN and len(game.hand.seats[0].tiles) == 14
    assert observe(game, 2).extra["chengdu.voids"] == {0: 0, 1: 1, 2: 2, 3: 0}


def test_implicit_mode_has_no_declaration():
    game = core.new_game(rules("chengdu_seed"), seed=3)
    assert game.hand.phase == TURN and len(game.hand.seats[0].tiles) == 14


def test_void_tiles_are_discarded_first():
    game = declared_game(voids=(2, 0, 0, 0))
    give(game, 0, "123456789m123p9s")
    offered = self_candidates(game, game.hand, 0)
    discards = [a for a in play.legal_actions(game, 0, offered) if a.kind == DISCARD]
    assert discards and all(a.tile // 36 == 2 for a in discards)


def test_no_chi_and_no_call_on_the_void_suit():
    game = declared_game(voids=(0, 1, 0, 0))
    actions = [Action(PASS), Action(CHI, tile("3m"), (tile("1m"), tile("2m"))), Action(PON, tile("5p"), (1, 2))]
    assert play.legal_actions(game, 1, actions) == [Action(PASS)]


# --- Wins: the missing suit, 过水, the last tiles, robbing ----------------------------------------------------


def claim_window(game, discarder: int, text: str) -> int:
    """Open a claim window on a discard of ``text`` by ``discarder``; the discarded tile."""
    t = tile(text)
    game.hand.phase, game.hand.discard = CLAIM, (discarder, t)
    return t


def test_a_win_must_lack_the_declared_suit():
    game = declared_game(voids=(0, 1, 1, 0))
    give(game, 1, "123m456m789m123p5p")  # ready, but holds pins: its declared void
    give(game, 2, "123m456m789m123s5s")
    t = claim_window(game, 0, "5p")
    assert play.can_win(game, 1, t, RON, False) is False
    t = claim_window(game, 0, "5s")
    assert play.can_win(game, 2, t, RON, True).value == 1


@pytest.mark.parametrize(("guoshui", "wins"), [("same_turn", False), ("off", True)])
def test_guoshui_blocks_a_ron_after_a_passed_one(guoshui, wins):
    game = declared_game(voids=(2, 2, 2, 2), r=rules(guoshui=guoshui))
    give(game, 1, "123m456m789m123p5p")
    t = claim_window(game, 0, "5p")
    game.hand.seats[1].skipped_win = True  # the engine sets it when a seat passes a winning discard
    assert bool(play.can_win(game, 1, t, RON, False)) is wins


def test_guoshui_unless_higher_lets_a_bigger_ron_through():
    game = declared_game(voids=(2, 2, 2, 2), r=rules(guoshui="same_turn_unless_higher"))
    give(game, 1, "1122m3344m5566m7m")  # waits on 7m: 清七対 (4 fan)
    first = claim_window(game, 0, "7m")
    assert play.can_win(game, 1, first, RON, False)
    game.hand.seats[1].skipped_win = True
    assert play.can_win(game, 1, first, RON, False) is False  # the same 4 fan again: blocked
    assert play.legal_actions(game, 1, [Action(PASS), Action(PON, first, (0, 1))]) == [Action(PASS)]


def test_the_last_tiles_force_the_win():
    game = declared_game(voids=(2, 2, 2, 2))
    actions = [Action(PASS), Action(RON, 5), Action(PON, 5, (6, 7))]
    assert play.legal_actions(game, 1, actions) == actions
    del game.hand.wall[3:]
    assert play.legal_actions(game, 1, actions) == [Action(RON, 5)]


@pytest.mark.parametrize(("rob_kind", "wins"), [("kan", True), ("ankan", False)], ids=["added_kong", "concealed"])
def test_only_an_added_kong_can_be_robbed(rob_kind, wins):
    game = declared_game(voids=(2, 2, 2, 2))
    give(game, 1, "123m456m789m123p5p")
    game.hand.phase, game.hand.robbed, game.hand.rob_kind = ROB, (0, tile("5p")), rob_kind
    result = play.can_win(game, 1, tile("5p"), RON, True)
    assert bool(result) is wins
    if wins:
        assert ("qiangganghu", 1) in [(h.name, h.han) for h in result.hits]


def test_ready_value_is_the_best_wait_as_a_ron():
    game = declared_game(voids=(2, 2, 2, 2))
    give(game, 1, "123456789m1235m")  # waits 5m (pair, 清一色 = 4) only
    assert play.tenpai_value(game, 1) == 4
    give(game, 2, "147m258m369p147p2p")
    assert play.tenpai_value(game, 2) == 0


# --- The next dealer (§6) -----------------------------------------------------------------------------------


def win_event(seat: int, source: int | None) -> Event:
    return Event("win", seat, {"tile": 0, "from": source, "score": None, "ura": ()})


@pytest.mark.parametrize(
    ("events", "option", "dealer"),
    [
        ([], "discarder", 2),
        ([win_event(3, None), Event("draw", 0, 5), win_event(1, 0)], "discarder", 3),
        ([win_event(3, 0), win_event(1, 0)], "discarder", 0),
        ([win_event(3, 0), win_event(1, 0)], "upstream_winner", 1),
    ],
    ids=["nobody_won_dealer_stays", "first_winner", "multi_ron_discarder", "multi_ron_upstream"],
)
def test_next_dealer(events, option, dealer):
    game = core.new_game(rules(multi_ron_first_dealer=option), seed=3)
    game.log.extend(events)
    assert match.next_dealer(game, 2) == dealer


# --- Seeded games -------------------------------------------------------------------------------------------

BOTS = ["chengdu", "chengdu", "chengdu_random_void", "chengdu_worst_void"]


@pytest.mark.parametrize("preset", ["chengdu", "chengdu_seed", "mahjongsoul_chuanma", "wmt_tournament"])
def test_games_keep_every_invariant(preset):
    records = run_games(rules(preset), 6, root_seed=11, agent_names=BOTS, check=True)
    assert [v for r in records for v in r.violations] == []
    for r in records:
        assert len(r.hands) == 4
        assert sum(r.final["points"]) == 4 * rules(preset).flow.setup.start_points
        assert r.final["results"] == r.final["points"] and sorted(r.final["ranks"]) == [1, 2, 3, 4]


def test_hands_have_two_and_three_winners_and_the_digest_is_stable():
    first = run_games(rules(), 12, root_seed=7, agent_names=["chengdu"] * 4)
    winners = {h["chengdu.winners"] for r in first for h in r.hands}
    assert {2, 3} <= winners
    assert digest(first) == digest(run_games(rules(), 12, root_seed=7, agent_names=["chengdu"] * 4))


def test_a_hand_ends_with_three_winners_or_an_empty_wall():
    for r in run_games(rules(), 8, root_seed=5, agent_names=["chengdu"] * 4):
        for h in r.hands:
            assert (h["chengdu.winners"] == 3 and "draw" not in h) or (h["chengdu.wall_left"] == 0 and "draw" in h)


def test_kong_replacements_from_the_front():
    game = declared_game(r=rules(kong_replacement_from="front"))
    front, tail = game.hand.wall[0], game.hand.wall[-1]
    core._draw(game, game.hand, 1, replacement=True)
    assert game.hand.last_draw == front and game.hand.wall[-1] == tail


# --- Bots ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "void"),
    [("123456m1234p789s", 2), ("123m456p11p789s55s", 0), ("19m123p456p789p13s", 0), ("13m123p456p789p19s", 2)],
    ids=["fewest_sou", "fewest_man", "tie_voids_the_looser_man", "tie_voids_the_looser_sou"],
)
def test_the_bot_voids_its_shortest_suit(hand, void):
    assert best_void(parse_counts(hand)) == void


def test_the_bot_takes_every_win_and_declares_its_shortest_suit():
    bot = make_agent("chengdu", random.Random(0))
    game = core.new_game(rules(), seed=3)
    seat = 1
    want = best_void(game.hand.seats[seat].counts)
    assert bot.act(observe(game, seat), core.pending(game)[seat]) == Action("declare", 36 * want)
    win = Action(RON, 5)
    assert bot.act(observe(game, seat), [Action(PASS), Action(PON, 5, (6, 7)), win]) == win


# --- The invariants catch what they guard -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("events", "problem"),
    [
        ([("win", 1, "123m456m789m123p55p", 0), ("transfer", Transfer(1, 2, 1, "win"))], "paid"),
        ([("win", 1, "123m456m789m123p55p", 0), ("win", 1, "123m456m789m123p55p", 0)], "won twice"),
        ([("transfer", Transfer(0, -1, 1000, "riichi"))], "unexpected transfer"),
        ([("win", 2, "123m456p789s123m55m", 0)], "suits"),
    ],
    ids=["winner_pays", "two_wins", "table_transfer", "three_suits"],
)
def test_the_log_audit_reports_a_broken_hand(events, problem):
    from dataclasses import replace

    from mjsim.win_input import win_context
    from variants.chengdu import checks, fan

    game = declared_game(voids=(2, 2, 2, 2))
    r = rules()
    assert checks.log_audit(game) is None
    for item in events:
        if item[0] == "transfer":
            game.log.append(Event("transfer", None, item[1]))
            continue
        _, seat, hand, source = item
        ctx = replace(win_context(hand, red_fives=0), options=r.values)
        try:
            sc = fan.score_win(ctx, r)
        except fan.NoWin:  # a hand the scorer refuses: build its score from the readings to feed the audit
            sc = fan._value(replace(ctx, reading=fan.readings(ctx)[0]), r)
        game.log.append(Event("win", seat, {"tile": 0, "from": source, "score": sc, "ura": ()}))
    assert problem in (checks.log_audit(game) or "")
