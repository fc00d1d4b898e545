"""台湾's penalties (taiwan.md §12), each in a constructed hand: a false win is chombo paid to each player as the
larger of 底 and its own ready hand's ron, a wrong tile count or an illegal call makes the hand dead."""

from __future__ import annotations

import random
from functools import cache

import pytest

from mjsim.engine import core
from mjsim.engine.actions import DISCARD, PASS, PON, RON, TSUMO, Action
from mjsim.hand.notation import parse_tiles
from mjsim.hand.tiles import FIRST_FLOWER_ID
from mjsim.rules import RuleSet
from variants.common.mistakes import DEAD, TAAHAI
from variants.taiwan.penalties import CHOMBO, LIABLE, mistakes, ready_value

READY = "111m234m567m789s123p5p"  # seat 1: five sets and a single 5p (a tanki wait on 5p)
FIVE_P = "5p"


@cache
def rules(**overrides):
    return RuleSet.resolve("taiwan", {f"taiwan.{k}": v for k, v in overrides.items()}).compile()


def table(r, first_draw: str = FIVE_P, then: str = ""):
    """Seat 0 deals; seat 1 holds READY; seat 0's first draw is ``first_draw``, the next draws ``then``; no flowers
    anywhere."""
    used: set[int] = set()
    ready = parse_tiles(READY, used=used)
    drawn = parse_tiles(first_draw + then, used=used)
    rest = sorted(t for t in range(FIRST_FLOWER_ID) if t not in used and t // 4 != ready[-1] // 4)
    random.Random(5).shuffle(rest)  # seats 0, 2 and 3 hold no ready hand
    rest += sorted(t for t in range(FIRST_FLOWER_ID) if t not in used and t // 4 == ready[-1] // 4)  # last: undrawn
    deal = rest[:16] + ready + rest[16:48]
    wall = deal + drawn + rest[48:]
    return core.game_at(r, scores=[0] * 4, dealer=0, round_index=0, honba=0, table=0, walls=(wall, [], []))


def ron_payment() -> int:
    """What seat 1's ron on seat 0's 5p really pays (the chombo's yardstick)."""
    game = table(rules())
    drawn = game.hand.last_draw
    core.step(game, {0: Action(DISCARD, drawn)})
    ron = next(a for a in core.pending(game)[1] if a.kind == RON)
    core.step(game, {s: (ron if s == 1 else Action(PASS)) for s in core.pending(game)})
    return next(t.amount for t in game.ledger if t.payee == 1)


def test_a_false_tsumo_is_chombo_paid_as_each_players_ready_hand_or_the_base():
    """§12: "Chombo ...: pay each of the three players the larger of the declared value and that player's own
    tenpai value": seat 1's ready hand takes its ron's value, the others 底 3 + the dealer's 1."""
    game = table(rules(), first_draw="9p")
    assert not any(a.kind == TSUMO for a in core.pending(game)[0])
    core.step(game, {0: Action(TSUMO, game.hand.last_draw)})
    paid = {t.payee: t.amount for t in game.ledger if t.reason == CHOMBO}
    assert paid == {1: ron_payment(), 2: 4, 3: 4} and paid[1] > 4
    record = game.history[0]
    assert record["draw"] == "chombo" and record["taiwan.chombo"] == 1 and record["taiwan.mistakes_by"] == [0]
    assert game.dealer == 0 and not game.over  # a draw: the dealer repeats


def test_ready_value_is_zero_for_a_hand_not_ready():
    game = table(rules())
    assert [ready_value(game, seat, 0) for seat in (2, 3)] == [0, 0]


def test_a_wrong_tile_count_makes_the_hand_dead():
    """§12: "Wrong tile count (多牌/少牌): no calls and no win for the rest of the hand"."""
    game = table(rules(), first_draw="9p")
    core.step(game, {0: Action(TAAHAI)})  # seat 0, on its turn, is found a tile long: it decides again
    assert game.hand.stash[DEAD] == {0} and game.history == []
    assert {a.kind for a in core.pending(game)[0]} == {DISCARD}


def test_an_illegal_call_makes_the_hand_dead():
    """§12: an illegal chi/pon not undone at once: "no calls/wins for the rest of the hand": seat 1, ready on
    5p, declares a pon of it with one 5p; the pon passes and its ron is gone for the hand."""
    game = table(rules())
    core.step(game, {0: Action(DISCARD, game.hand.last_draw)})
    pending = core.pending(game)
    assert not any(a.kind == PON for a in pending[1]) and any(a.kind == RON for a in pending[1])
    core.step(game, {s: (Action(PON, game.hand.discard[1]) if s == 1 else Action(PASS)) for s in pending})
    assert game.hand.stash[DEAD] == {1} and game.history == [] and game.hand.current == 1  # passed: seat 1 draws
    assert not any(a.kind == TSUMO for a in core.pending(game)[1])


def test_a_dead_hand_cannot_ron():
    game = table(rules())
    core.step(game, {0: Action(TAAHAI)})
    game.hand.stash[DEAD].add(1)  # seat 1's hand is dead too (its own mistake, as above)
    core.step(game, {0: Action(DISCARD, game.hand.last_draw)})
    assert not any(a.kind == RON for a in core.pending(game).get(1, ()))


@pytest.mark.parametrize("option", ["false_win", "hand_size", "miscall"])
def test_off_lists_no_such_mistake(option):
    game = table(rules(**{option: "off"}), first_draw="9p")
    listed = mistakes(game, 0, core.pending(game)[0])
    kind = "hand_size" if option == "miscall" else option  # a mis-call is listed in a claim window only
    assert (kind in listed) is (option == "miscall")


def test_a_fake_concealed_kong_makes_its_seat_pay_every_win_of_the_hand():
    """§12 "藏花（許可されていないルールなら）・偽暗槓：パオ": seat 0 lays four tiles that are no set face down; turned
    up, its hand is dead, and seat 1's tsumo is paid by seat 0 alone (what seats 2 and 3 owed too)."""
    game = table(rules(), first_draw="9p", then="5p")
    fake = mistakes(game, 0, core.pending(game)[0])["fake_kong"][0]
    assert fake.kind == "ankan" and len({t // 4 for t in fake.tiles}) > 1
    core.step(game, {0: fake})
    assert game.hand.stash[DEAD] == {0} and game.hand.stash[LIABLE] == 0 and game.hand.current == 0
    core.step(game, {0: Action(DISCARD, game.hand.last_draw)})
    core.step(game, {s: Action(PASS) for s in core.pending(game)})  # nobody claims the 9p
    tsumo = next(a for a in core.pending(game)[1] if a.kind == TSUMO)
    core.step(game, {1: tsumo})
    paid = [(t.payer, t.payee) for t in game.ledger if t.amount]
    assert paid and all(payer == 0 and payee == 1 for payer, payee in paid)
    record = game.history[0]
    assert record["taiwan.liable"] == 0 and sum(record["deltas"]) == 0 and record["deltas"][2:] == [0, 0]
