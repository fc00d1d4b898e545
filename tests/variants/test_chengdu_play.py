"""成都麻将 血战到底 in play: 定缺, legal actions, 过水, the last tiles, robbing, the next dealer, games, bots,
换三张 and busting."""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations

import pytest

from mjsim.agents import make_agent
from mjsim.agents.observation import observe
from mjsim.engine import core
from mjsim.engine.actions import ANKAN, CHI, DISCARD, PASS, PON, RON, Action, Event, Transfer
from mjsim.engine.offers import self_candidates
from mjsim.engine.state import CLAIM, DECLARE, ROB, TURN
from mjsim.engine.wins import may_win, win_score
from mjsim.hand.notation import parse_counts, parse_tiles
from mjsim.rules import RuleSet
from mjsim.runner.games import digest, run_games
from mjsim.scoring import NoWin
from variants.chengdu import exchange, match, play
from variants.chengdu.bots import best_void, choose_exchange


@cache
def rules(preset: str = "chengdu", **overrides):
    """A compiled Chengdu rule set (cached)."""
    return RuleSet.resolve(preset, {f"chengdu.{k}": v for k, v in overrides.items()}).compile()


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
    assert may_win(game, 1, t, RON) is False
    t = claim_window(game, 0, "5s")
    assert win_score(game, 2, t, RON).value == 1


@pytest.mark.parametrize(("guoshui", "wins"), [("same_turn", False), ("off", True)])
def test_guoshui_blocks_a_ron_after_a_passed_one(guoshui, wins):
    game = declared_game(voids=(2, 2, 2, 2), r=rules(guoshui=guoshui))
    give(game, 1, "123m456m789m123p5p")
    t = claim_window(game, 0, "5p")
    game.hand.seats[1].skipped_win = True  # the engine sets it when a seat passes a winning discard
    assert bool(may_win(game, 1, t, RON)) is wins


def test_guoshui_unless_higher_lets_a_bigger_ron_through():
    game = declared_game(voids=(2, 2, 2, 2), r=rules(guoshui="same_turn_unless_higher"))
    give(game, 1, "1122m3344m5566m7m")  # waits on 7m: 清七対 (4 fan)
    first = claim_window(game, 0, "7m")
    assert may_win(game, 1, first, RON)
    game.hand.seats[1].skipped_win = True
    assert may_win(game, 1, first, RON) is False  # the same 4 fan again: blocked
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
    result = win_score(game, 1, tile("5p"), RON)
    assert bool(result) is wins
    if wins:
        assert ("qiangganghu", 1) in [(h.name, h.value) for h in result.hits]


def test_ready_value_is_the_best_wait_as_a_ron():
    game = declared_game(voids=(2, 2, 2, 2))
    give(game, 1, "123456789m1235m")  # waits 5m (pair, 清一色 = 4) only
    assert play.tenpai_value(game, 1) == 4
    give(game, 2, "147m258m369p147p2p")
    assert play.tenpai_value(game, 2) == 0


# --- The next dealer (§6) -----------------------------------------------------------------------------------


def win_event(seat: int, source: int | None) -> Event:
    return Event("win", seat, {"tile": 0, "from": source, "score": None, "hidden_indicators": ()})


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
    bot = make_agent("chengdu", random.Random(0), rules())
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

    from mjsim.scoring.win_input import win_context
    from variants.chengdu import checks, fan

    game = declared_game(voids=(2, 2, 2, 2))
    r = rules()
    assert checks.log_audit(game) is None
    for item in events:
        if item[0] == "transfer":
            game.log.append(Event("transfer", None, item[1]))
            continue
        _, seat, hand, source = item
        ctx = win_context(hand, red_fives=0)
        try:
            sc = fan.score_win(ctx, r)
        except NoWin:  # a hand the scorer refuses: build its score from the readings to feed the audit
            sc = fan._value(replace(ctx, reading=fan.readings(ctx)[0]), r)
        game.log.append(Event("win", seat, {"tile": 0, "from": source, "score": sc, "hidden_indicators": ()}))
    assert problem in (checks.log_audit(game) or "")


# --- 换三张: the exchange of three tiles (option exchange_three) ----------------------------------------------


def seed_with_direction(name: str) -> int:
    """The first game seed whose first hand passes in direction ``name``."""
    for seed in range(100):
        game = core.new_game(rules(exchange_three=True), seed=seed)
        if exchange.direction(game) == name:
            return seed
    raise AssertionError(f"no seed below 100 passes {name}")


def first_offers(game) -> dict[int, Action]:
    """Each seat's first offered action."""
    return {seat: acts[0] for seat, acts in core.pending(game).items()}


def test_exchange_is_off_by_default():
    game = core.new_game(rules(), seed=3)
    assert {a.kind for acts in core.pending(game).values() for a in acts} == {"declare"}
    assert rules("mahjongsoul_chuanma").values["chengdu.exchange_three"] is True


def test_every_exchange_offer_is_three_tiles_of_one_suit():
    game = core.new_game(rules(exchange_three=True), seed=3)
    offers = core.pending(game)
    assert sorted(offers) == [0, 1, 2, 3]
    for seat, acts in offers.items():
        assert acts and all(a.kind == exchange.EXCHANGE and len(a.tiles) == 3 for a in acts)
        assert all(
            len({t // 36 for t in a.tiles}) == 1 and set(a.tiles) <= set(game.hand.seats[seat].tiles) for a in acts
        )
        kinds = [tuple(t // 4 for t in a.tiles) for a in acts]
        assert len(kinds) == len(set(kinds))  # equal tiles are one choice


@pytest.mark.parametrize(
    ("direction", "receiver_of_0"),
    [("counter_clockwise", 1), ("across", 2), ("clockwise", 3)],
    ids=["counter_clockwise_to_next_seat", "across", "clockwise_to_previous_seat"],
)
def test_the_tiles_go_in_the_hands_direction_then_voids_are_declared(direction, receiver_of_0):
    game = core.new_game(rules(exchange_three=True), seed=seed_with_direction(direction))
    chosen = first_offers(game)
    before = [list(s.tiles) for s in game.hand.seats]
    core.step(game, chosen)
    hand = game.hand
    assert hand.phase == DECLARE and hand.stash[exchange.DONE] == direction
    assert {a.kind for acts in core.pending(game).values() for a in acts} == {"declare"}
    got = sorted(set(hand.seats[receiver_of_0].tiles) - set(before[receiver_of_0]))
    assert got == sorted(chosen[0].tiles)
    assert all(len(s.tiles) == 13 for s in hand.seats)
    assert sorted(t for s in hand.seats for t in s.tiles) == sorted(t for b in before for t in b)
    passes = [e for e in game.log if e.kind == "pass"]
    assert len(passes) == 12 and {e.data[0] for e in passes if e.seat == 0} == {receiver_of_0}


def test_the_direction_comes_from_the_game_seed_not_global_random_state():
    directions = set()
    for seed in range(30):
        game = core.new_game(rules(exchange_three=True), seed=seed)
        random.seed(seed)  # global state must not matter
        first = exchange.direction(game)
        random.seed(seed + 1000)
        assert exchange.direction(game) == first
        directions.add(first)
    assert directions == set(exchange.SHIFTS)


def test_implicit_mode_exchanges_then_the_dealer_draws():
    game = core.new_game(rules("chengdu_seed", exchange_three=True), seed=3)
    core.step(game, first_offers(game))
    assert game.hand.phase == TURN and len(game.hand.seats[game.hand.dealer].tiles) == 14
    assert game.hand.declared == {}


@pytest.mark.parametrize(
    ("hand", "passed"),
    [
        ("123456m1234p789s", "789s"),
        ("147m123p1234567s", "147m"),
        ("11259m123456p11s", "259m"),
        ("12m1234567p1239s", "123s"),
    ],
    ids=["shortest_suit", "tie_passes_the_looser_suit", "keeps_the_pair", "too_short_suit_is_skipped"],
)
def test_the_bot_passes_three_tiles_of_its_shortest_suit(hand, passed):
    counts = parse_counts(hand)
    tiles = parse_tiles(hand, red_fives=0)
    game_like = [Action("exchange", c[0], c) for c in combinations(sorted(tiles), 3) if len({t // 36 for t in c}) == 1]
    pick = choose_exchange(counts, game_like)
    assert sorted(t // 4 for t in pick.tiles) == sorted(t // 4 for t in parse_tiles(passed, red_fives=0))


def test_exchange_games_keep_every_invariant_and_are_reproducible():
    r = rules(exchange_three=True)
    first = run_games(r, 4, root_seed=9, agent_names=["chengdu", "efficiency", "chengdu", "random"], check=True)
    assert [v for g in first for v in g.violations] == []
    again = run_games(r, 4, root_seed=9, agent_names=["chengdu", "efficiency", "chengdu", "random"])
    assert digest(first) == digest(again)


def test_the_exchange_invariant_catches_a_wrong_pass():
    from variants.chengdu import checks

    game = core.new_game(rules(exchange_three=True), seed=3)
    core.step(game, first_offers(game))
    core.step(game, first_offers(game))
    assert checks.exchange_passes(game) is None
    wrong = next(i for i, e in enumerate(game.log) if e.kind == "pass" and e.seat == 0)
    event = game.log[wrong]
    game.log[wrong] = Event("pass", 0, ((event.data[0] + 1) % 4, event.data[1]))
    assert "seat 0 passed" in checks.exchange_passes(game)


# --- Busting (option bust) ------------------------------------------------------------------------------------


def answer(game, kind: str) -> dict[int, Action]:
    """Every pending seat answers with an action of ``kind`` when it has one, else passes."""
    return {s: next((a for a in acts if a.kind == kind), Action(PASS)) for s, acts in core.pending(game).items()}


@pytest.mark.parametrize(("bust", "out"), [("off", False), ("eliminate", True)], ids=["plays_on", "eliminated"])
def test_a_discarder_below_zero_leaves_the_hand(bust, out):
    game = declared_game(voids=(2, 2, 2, 2), r=rules(bust=bust))
    give(game, 0, "5p123m456m789m1123p")
    give(game, 1, "123m456m789m123p5p")
    core.step(game, {0: Action(DISCARD, tile("5p"))})
    core.step(game, answer(game, RON))
    hand = game.hand
    assert game.scores[0] == -1 and hand.seats[1].left
    assert hand.seats[0].left is out
    assert (Event("leave", 0, None) in game.log) is out
    assert hand.phase == TURN and hand.current == 2  # the others play on
    if out:
        assert hand.outcome["left"] == [0]
        assert core.pending(game)[2]  # seat 0 is never offered anything again


@pytest.mark.parametrize(("bust", "over"), [("off", False), ("eliminate", True)], ids=["plays_on", "eliminated"])
def test_a_kong_payment_that_busts_the_last_opponent_ends_the_hand_and_the_match(bust, over):
    game = declared_game(voids=(2, 2, 2, 2), r=rules(bust=bust))
    hand = game.hand
    hand.seats[1].left = hand.seats[2].left = True  # two seats have won already
    game.scores[3] = 1
    give(game, 0, "1111m234m567m89m11p")
    ankan = next(a for a in core.pending(game)[0] if a.kind == ANKAN)
    core.step(game, {0: ankan})
    core.pending(game)  # nobody may rob a concealed kong: it stands and is paid
    assert game.scores[3] == -1
    assert game.over is over
    if over:
        assert game.history[-1]["left"] == [3] and game.history[-1]["chengdu.busted"] == 1
    else:
        assert game.hand.phase == TURN and game.hand.current == 0  # the replacement draw


def test_bust_games_end_with_the_hand_a_seat_busted_in():
    r = rules(bust="eliminate", start_points=8)
    records = run_games(r, 12, root_seed=5, agent_names=["chengdu"] * 4, check=True)
    assert [v for g in records for v in g.violations] == []
    busts = 0
    for g in records:
        ended_early = [h.get("chengdu.busted", 0) > 0 or min(h["scores"]) < 0 for h in g.hands]
        assert not any(ended_early[:-1])  # no hand follows one with a bust
        assert ended_early[-1] or len(g.hands) == 4
        assert sum(g.final["points"]) == 4 * 8
        busts += sum(h.get("chengdu.busted", 0) for h in g.hands)
    assert busts > 0 and any(len(g.hands) < 4 for g in records)


def test_bust_off_lets_scores_go_negative():
    records = run_games(rules(start_points=8), 12, root_seed=5, agent_names=["chengdu"] * 4)
    assert all(len(g.hands) == 4 for g in records)
    assert any(min(h["scores"]) < 0 for g in records for h in g.hands)
    assert not any("chengdu.busted" in h for g in records for h in g.hands)


@pytest.mark.parametrize(
    ("bust", "events", "problem"),
    [
        ("off", [Event("leave", 1, None)], "without winning"),
        ("eliminate", [Event("leave", 1, None), Event("transfer", None, Transfer(1, 2, 2, "kong"))], "busted"),
    ],
    ids=["leave_with_bust_off", "busted_seat_pays"],
)
def test_the_log_audit_reports_a_wrong_bust(bust, events, problem):
    from variants.chengdu import checks

    game = declared_game(voids=(2, 2, 2, 2), r=rules(bust=bust))
    assert checks.log_audit(game) is None
    game.log.extend(events)
    assert problem in (checks.log_audit(game) or "")


def test_a_seat_below_zero_still_in_the_hand_is_reported():
    from variants.chengdu import checks

    game = declared_game(voids=(2, 2, 2, 2), r=rules(bust="eliminate"))
    game.scores[1] = -1
    assert "seat 1 is at -1" in checks.busted_seats_left(game)
    game.hand.seats[1].left = True
    assert checks.busted_seats_left(game) is None
