"""Sanma play through the engine: Norths set aside with a replacement draw, robbed by ron, no chi, aborts,
draw payments, the end of the game, the bots, and whole games under every invariant.

Forced hands are built with ``core.game_at`` and hand-picked walls, as in ``test_riichi_flow.py``.
"""

from __future__ import annotations

import random
from functools import cache
from types import SimpleNamespace

import pytest

from mjsim.agents import make_agent
from mjsim.agents.observation import observe
from mjsim.checking.invariants import check_step, step_mark
from mjsim.engine import core
from mjsim.engine.actions import (
    CHI,
    DECLARE_DISCARD,
    DISCARD,
    END_GAME,
    PASS,
    PLAY_ON,
    RON,
    SET_ASIDE,
    TSUMO,
    Action,
    Event,
    Transfer,
)
from mjsim.hand.notation import parse_kinds, parse_tiles
from mjsim.runner.games import digest, run_games
from variants.riichi import draws
from variants.sanma import play
from variants.sanma.rulesets import tenhou_sanma
from variants.sanma.settlement import final_settlement
from variants.sanma.table import TILES

NORTH = parse_kinds("4z")[0]


@cache
def rules(**overrides):
    """tenhou-sanma with overrides, compiled once."""
    return tenhou_sanma(overrides).compile()


def table(rules_, hands: dict[int, str], draws_: str = "", *, dealer=0, dead="", **at):
    """A three-seat game at a hand whose deal, draws (turn order) and dead wall (rinshan|indicators) are given."""
    used: set[int] = set(range(136)) - set(TILES)  # 2m-8m are not in the set
    dealt = {seat: parse_tiles(text, used=used) for seat, text in hands.items()}
    drawn = [t for token in draws_.split() for t in parse_tiles(token, used=used)]
    rinshan, indicators = (parse_tiles(part, used=used) for part in (dead.split("|") + [""])[:2])
    spare = sorted((t for t in TILES if t not in used and t // 4 != NORTH), key=lambda t: (t % 4, t))
    spare += [t for t in TILES if t not in used and t // 4 == NORTH]  # spare Norths last: never drawn early
    for seat in range(3):
        dealt.setdefault(seat, [spare.pop(0) for _ in range(13)])
    rinshan += [spare.pop(0) for _ in range(4 - len(rinshan))]
    indicators += [spare.pop(0) for _ in range(10 - len(indicators))]
    live = [t for i in range(3) for t in dealt[(dealer + i) % 3]] + drawn + spare
    options = {"scores": (35000,) * 3, "round_index": 0, "honba": 0, "table": 0, **at}
    return core.game_at(rules_, dealer=dealer, walls=(live, rinshan, indicators), **options)


def offered(game, seat: int, kind: str) -> Action | None:
    """The action of ``kind`` offered to ``seat`` now, or None."""
    return next((a for a in core.pending(game).get(seat, []) if a.kind == kind), None)


def act(game, seat: int, kind: str) -> None:
    """``seat`` takes an offered ``kind`` action; every other seat asked passes."""
    action = offered(game, seat, kind)
    assert action is not None, f"{kind} not offered to seat {seat}: {core.pending(game).get(seat)}"
    core.step(game, {**{s: Action(PASS) for s in core.pending(game) if s != seat}, seat: action})


READY = "111p234p567p789s5s"  # a tanki wait on 5s (13 tiles)


def test_a_north_is_set_aside_and_replaced_from_the_dead_wall():
    game = table(rules(), {0: "111p234p567p78s4z5s"}, "9s", dead="1s")
    assert offered(game, 0, SET_ASIDE).tile // 4 == NORTH
    act(game, 0, SET_ASIDE)
    assert 0 in core.pending(game)  # nobody can ron the North: the window closes and the replacement is drawn
    hand = game.hand
    assert [t // 4 for t in hand.seats[0].flowers] == [NORTH] and hand.after_kan
    assert hand.last_draw // 4 == parse_kinds("1s")[0] and hand.phase == "turn" and hand.current == 0
    assert len(hand.rinshan) == 4  # the dead wall is refilled from the live wall


def test_winning_on_the_replacement_draw_is_rinshan_and_each_north_a_dora():
    game = table(rules(), {0: "111p234p567p789s5s"}, "4z", dead="5s")  # draws a North, then 5s behind it
    act(game, 0, SET_ASIDE)
    act(game, 0, TSUMO)
    win = game.history[-1]["wins"][0]
    score = next(e for e in game.log if e.kind == "win").data["score"]
    assert "rinshan_kaihou" in {h.name for h in score.hits}
    assert dict((h.name, h.value) for h in score.hits)["sanma_dora"] >= 1
    assert win["seat"] == 0


def test_a_north_being_set_aside_can_be_robbed_by_ron_without_chankan():
    game = table(rules(), {0: "111p234p567p78s4z5s", 1: "123s456s789s999p4z"}, "9s")
    act(game, 0, SET_ASIDE)
    assert offered(game, 1, RON) is not None
    act(game, 1, RON)
    score = next(e for e in game.log if e.kind == "win").data["score"]
    assert "chankan" not in {h.name for h in score.hits}


@pytest.mark.parametrize(("rob", "offered_ron"), [("any", True), ("kokushi", False), ("none", False)])
def test_who_may_rob_a_north_is_an_option(rob, offered_ron):
    game = table(rules(**{"sanma.nuki_rob": rob}), {0: "111p234p567p78s4z5s", 1: "123s456s789s999p4z"}, "9s")
    act(game, 0, SET_ASIDE)
    assert (offered(game, 1, RON) is not None) is offered_ron


def test_with_kita_off_north_is_a_plain_tile():
    game = table(rules(**{"sanma.kita": "off"}), {0: "111p234p567p78s4z5s"}, "9s")
    assert offered(game, 0, SET_ASIDE) is None
    assert any(a.kind == DISCARD and a.tile // 4 == NORTH for a in core.pending(game)[0])


def test_after_riichi_only_the_north_just_drawn_may_be_set_aside():
    game = table(rules(), {0: "111p234p567p789s4z"}, "1s 1s 1s 9p")  # riichi on a North tanki
    riichi = next(a for a in core.pending(game)[0] if a.kind == DECLARE_DISCARD and a.tile // 4 == parse_kinds("1s")[0])
    core.step(game, {0: riichi})
    while (offers := core.pending(game)) and not (game.hand.current == 0 and game.hand.phase == "turn"):
        turn = game.hand.phase == "turn"
        core.step(game, {s: Action(DISCARD, game.hand.last_draw) if turn else Action(PASS) for s in offers})
    assert game.hand.last_draw // 4 == parse_kinds("9p")[0]
    assert offered(game, 0, SET_ASIDE) is None  # the North of the waiting hand stays
    assert play.north_to_set_aside(game, 0) is None


def test_no_chi_is_offered():
    game = table(rules(), {1: "45p111s222s333s99s"}, "6p")  # seat 1 could chi the dealer's 6p
    core.step(game, {0: Action(DISCARD, game.hand.last_draw)})
    assert not any(a.kind == CHI for actions in core.pending(game).values() for a in actions)


def _log(*events):
    return SimpleNamespace(log=[Event("hand_start"), *events])


@pytest.mark.parametrize(
    ("events", "around"),
    [
        ((Event(DECLARE_DISCARD, 1), Event(SET_ASIDE, 0)), (True, False)),
        ((Event(SET_ASIDE, 1), Event(DECLARE_DISCARD, 1)), (False, True)),
        ((Event(DECLARE_DISCARD, 2), Event(SET_ASIDE, 0)), (True, False)),  # another seat's riichi
        ((Event(DECLARE_DISCARD, 1),), (False, False)),
    ],
    ids=["after-riichi", "before-riichi", "no-riichi-of-the-seat", "none"],
)
def test_norths_set_aside_are_told_apart_around_the_riichi(events, around):
    assert play._nuki_around_riichi(_log(*events), 1) == around


@pytest.mark.parametrize(("tenpai", "paid"), [([0], [2000, -1000, -1000]), ([0, 1], [1000, 1000, -2000])])
def test_noten_payments_total_2000(tenpai, paid):
    game = SimpleNamespace(seat_count=3, rules=rules())
    balance = [0, 0, 0]
    for t in draws.noten_payments(game, tenpai):
        balance[t.payer] -= t.amount
        balance[t.payee] += t.amount
    assert balance == paid


@pytest.mark.parametrize(
    ("tsumo", "seat", "paid"),
    [
        ("loss", 1, [-4000, 6000, -2000]),  # README: non-dealer +6000 (dealer -4000, other -2000)
        ("loss", 0, [8000, -4000, -4000]),  # README: dealer +8000 (-4000 each)
        ("split", 1, [-5000, 8000, -3000]),  # the North's 2000 split: 1000 more from each payer
        ("split", 0, [12000, -6000, -6000]),  # the North's 4000 split: 2000 more from each
    ],
    ids=["loss-non-dealer", "loss-dealer", "split-non-dealer", "split-dealer"],
)
def test_nagashi_mangan_is_paid_like_a_mangan_tsumo_of_the_tsumo_rule(monkeypatch, tsumo, seat, paid):
    """Tenhou (sanma README): "Nagashi mangan is a draw paid like a mangan tsumo with tsumo loss"; under the
    split rule its North share is split as a tsumo win's is."""
    from mjsim.engine.outcomes import DrawSettlement
    from variants.riichi import settlement as family
    from variants.sanma import settlement

    game = SimpleNamespace(seat_count=3, rules=rules(**{"sanma.tsumo": tsumo}), hand=SimpleNamespace(dealer=0))
    mangan = {0: [(1, 4000), (2, 4000)], 1: [(0, 4000), (2, 2000)]}[seat]  # the family's tsumo-loss shares
    transfers = [Transfer(payer, seat, amount, settlement.NAGASHI) for payer, amount in mangan]
    monkeypatch.setattr(family, "settle_draw", lambda game, reason: DrawSettlement(transfers, {}))
    balance = [0, 0, 0]
    for t in settlement.settle_draw(game, "exhaustive").transfers:
        balance[t.payer] -= t.amount
        balance[t.payee] += t.amount
    assert balance == paid


@pytest.mark.parametrize(("answer", "over"), [(END_GAME, True), (PLAY_ON, False)])
def test_the_all_last_dealer_is_offered_the_optional_stop(answer, over):
    """riichi_base.md §14 at three seats: the all-last dealer (seat 2, South 3) who wins in 1st place is asked."""
    at = {"round_index": 1, "scores": (30000, 30000, 45000)}
    game = table(rules(**{"riichi.agari_yame": "optional"}), {2: READY}, "5s", dealer=2, **at)
    act(game, 2, TSUMO)
    assert core.pending(game) == {2: [Action(END_GAME), Action(PLAY_ON)]}
    core.step(game, {2: Action(answer)})
    assert game.over is over


def test_final_settlement_oka_15_and_uma_20_0_minus_20():
    game = SimpleNamespace(scores=[52300, 30500, 22200], rules=rules(), seat_count=3)
    final = final_settlement(game)
    assert final["ranks"] == [1, 2, 3]
    assert final["results"] == [47.0, -9.0, -38.0]  # 31 - 40 = -9; 22 - 40 - 20 = -38; 1st takes the rest


@cache
def _games(count: int = 3):
    return run_games(rules(), count, 7, ["efficiency"] * 3, check=True)


def test_whole_games_keep_every_invariant_and_the_same_digest_twice():
    records = _games()
    assert not [v for r in records for v in r.violations]
    assert digest(records) == digest(run_games(rules(), 3, 7, ["efficiency"] * 3))
    assert all(sum(r.final["points"]) == 105000 for r in records)


def test_the_efficiency_bot_sets_a_north_aside():
    game = table(rules(), {0: "111p234p567p78s4z5s"}, "9s")
    bot = make_agent("efficiency", random.Random(0), rules())
    assert bot.act(observe(game, 0), core.pending(game)[0]).kind == SET_ASIDE


def test_every_step_of_a_game_checks_clean():
    game = core.new_game(rules(), 11)
    bots = [make_agent("efficiency", random.Random(i), rules()) for i in range(3)]
    while not game.over:
        offers = core.pending(game)
        mark = step_mark(game)
        core.step(game, {s: bots[s].act(observe(game, s), a) for s, a in offers.items()})
        assert check_step(game, mark) == []
    assert any(e.kind == SET_ASIDE for e in game.log)


@pytest.mark.parametrize(
    ("kans", "rule", "action", "dropped"),
    [
        (4, "abort_4th_multi_player", Action("ankan", 0, (0, 1, 2, 3)), True),  # the refilled wall would allow it
        (4, "abort_4th_multi_player", Action("abort", 0, (0, 1, 2, 3)), True),  # the family's 5th-kan abort
        (4, "abort_4th_multi_player", Action("abort"), False),  # nine terminals
        (3, "abort_4th_multi_player", Action("ankan", 0, (0, 1, 2, 3)), False),
        (4, "abort_on_5th", Action("abort", 0, (0, 1, 2, 3)), False),
    ],
    ids=["kan", "kan-as-abort", "nine-terminals", "fourth-kan", "abort-on-5th"],
)
def test_no_fifth_kan_though_the_dead_wall_is_refilled(kans, rule, action, dropped):
    game = SimpleNamespace(hand=SimpleNamespace(kans=kans), rules={"riichi.suukaikan": rule})
    assert play._fifth_kan(game, action) is dropped
