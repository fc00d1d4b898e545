"""The human-like players of the other families: 成都 and 台湾 ``human`` (push/fold on the family's own facts),
ブー's advice (``mjsim_unwise_actions``), and the shared pieces in ``variants/common``."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from mjsim.agents import make_agent
from mjsim.agents.base import advised_actions
from mjsim.engine.actions import DISCARD, RON, TSUMO, Action
from mjsim.rules import RuleSet
from mjsim.runner.games import run_games
from mjsim.scoring import Meld
from variants.boo.advice import unwise_win
from variants.chengdu.human import ChengduHuman
from variants.chengdu.human_reading import ChengduProfile, FanTable, hand_fan
from variants.chengdu.human_reading import threats as chengdu_threats
from variants.common.hazards import one_away_chance, win_chance
from variants.common.pushfold import PushFoldProfile, Threat, deal_in_chance, passed_since_last_discard, ready_chance
from variants.taiwan.human import TaiwanHuman

P = PushFoldProfile()


def _rules(preset: str):
    return RuleSet.resolve(preset).compile()


def _obs(rivers, dealer=0, seat=0, melds=None, extra=None, wall_left=40):
    """A minimal observation of what the readings use."""
    return SimpleNamespace(
        seat=seat,
        dealer=dealer,
        rivers=rivers,
        melds=melds or ((),) * len(rivers),
        scores=(0,) * len(rivers),
        extra=extra or {},
        wall_left=wall_left,
    )


# --- shared pieces ---------------------------------------------------------------------------------------------


def test_a_ready_hand_wins_more_often_than_a_one_shanten_and_that_than_a_two_shanten():
    chances = [win_chance(sh, 8, 12.0, 80, P) for sh in (0, 1, 2)]
    assert chances[0] > chances[1] > chances[2] > 0


def test_a_late_one_shanten_hand_with_few_tiles_keeps_a_chance_when_counted_by_draw():
    """Four live tiles of 80 unseen: the mean wait (20 draws) is longer than the 5 draws left, so the default
    chance is 0; counted over the draw that readies it, an early draw still wins sometimes."""
    assert win_chance(1, 4, 5.0, 80, P) == 0.0
    assert win_chance(1, 4, 5.0, 80, P, by_draw=True) == one_away_chance(4, 5.0, 80, P) > 0.0


@pytest.mark.parametrize(
    ("fewer", "more"),
    [((4, 5.0), (8, 5.0)), ((8, 5.0), (8, 10.0))],
    ids=["more-live-tiles", "more-draws-left"],
)
def test_a_one_shanten_chance_by_draw_grows_with_tiles_and_draws(fewer, more):
    assert 0.0 < one_away_chance(*fewer, 80, P) < one_away_chance(*more, 80, P)


def test_a_one_shanten_chance_by_draw_stays_below_a_ready_hands():
    ready = win_chance(0, P.typical_wait, 10.0, 80, P)
    assert one_away_chance(40, 10.0, 80, P) < ready
    assert one_away_chance(4, 1.0, 80, P) == 0.0  # no draw left to be ready and then win


def test_readiness_grows_with_discards_and_open_melds_up_to_its_cap():
    assert ready_chance(2, 0, P) == 0.0
    assert ready_chance(8, 0, P) < ready_chance(10, 0, P) < ready_chance(10, 1, P)
    assert ready_chance(30, 4, P) == P.ready_max


@pytest.mark.parametrize(
    ("seat", "passed"),
    [(0, set()), (1, {3, 4, 5}), (2, {4, 5}), (3, {4})],
    ids=["the-dealer-just-discarded", "next-to-play", "two-behind", "one-behind"],
)
def test_tiles_passed_since_a_seats_last_discard(seat, passed):
    # Tiles as ids (kind = id // 4), in turn order: the dealer (seat 0) kind 0, seat 1 kind 2, seat 2 kind 3,
    # seat 3 kind 5, the dealer again kind 4; seat 1 is to play.
    rivers = ((0, 16), (8,), (12,), (20,))
    assert passed_since_last_discard(_obs(rivers), seat) == frozenset(passed)


@pytest.mark.parametrize(
    ("kind", "seen", "safe", "hot", "compare"),
    [
        (4, {}, {4}, None, "zero"),
        (4, {2: 4, 3: 4, 5: 4, 6: 4}, set(), None, "lower"),
        (4, {}, set(), 0, "higher"),
        (0, {}, set(), None, "lower"),
    ],
    ids=["safe-kind", "no-chance-both-sides", "hot-suit", "terminal-below-middle"],
)
def test_danger_reads_safety_kabe_the_hot_suit_and_rank(kind, seen, safe, hot, compare):
    counts = [seen.get(k, 0) for k in range(34)]
    threat = Threat(1, 1.0, 1000.0, frozenset(safe), hot)
    plain = deal_in_chance(4, Threat(1, 1.0, 1000.0, frozenset()), [0] * 34, P)
    got = deal_in_chance(kind, threat, counts, P)
    assert {"zero": got == 0.0, "lower": 0 < got < plain, "higher": got > plain}[compare]


# --- 成都 --------------------------------------------------------------------------------------------------------


def test_a_chengdu_threats_void_suit_is_safe_against_it_and_a_winner_is_no_threat():
    table = FanTable.of(_rules("chengdu"))
    rivers = ((0,) * 12, (40,) * 12, (80,) * 12, (4,) * 12)
    extra = {"chengdu.voids": {1: 2, 2: 0}, "chengdu.left": (False, False, False, True)}
    found = {t.seat: t for t in chengdu_threats(_obs(rivers, extra=extra), table, ChengduProfile(), guoshui=False)}
    assert set(found) == {1, 2}
    assert set(range(18, 27)) <= found[1].safe and set(range(9)) <= found[2].safe


def test_the_fan_estimate_counts_a_flush_and_each_four_of_a_kind():
    table = FanTable.of(_rules("chengdu"))
    flush = [0] * 34
    flush[0:9] = [4, 1, 1, 1, 1, 1, 1, 1, 2]
    mixed = list(flush)
    mixed[8], mixed[9] = 1, 1
    assert hand_fan(flush, (), table) == table.qingyise + table.gen
    assert hand_fan(mixed, (), table) == table.gen
    pon = Meld("pon", (36, 37, 38), called=36, from_seat=1)  # a pin pon breaks the man flush
    assert hand_fan(flush, (pon,), table) == table.gen


@pytest.mark.parametrize("preset", ["chengdu", "chengdu_seed", "mahjongsoul_chuanma", "wmt_tournament"])
def test_the_chengdu_human_keeps_every_invariant(preset):
    records = run_games(_rules(preset), 3, root_seed=11, agent_names=["human", "chengdu"] * 2, check=True)
    assert [v for r in records for v in r.violations] == []


def test_the_chengdu_human_sheds_its_implicit_void_in_time():
    """Without a declaration (chengdu_seed) a pig holds three suits at the empty wall: the human sheds its void
    target before the rest of its junk (it was a pig in 14 of 320 player-hands when it shed the safest first)."""
    records = run_games(_rules("chengdu_seed"), 20, root_seed=11, agent_names=["human"] * 4)
    pigs = sum(h["chengdu.pigs"] for r in records for h in r.hands)
    assert pigs * 100 <= 4 * sum(len(r.hands) for r in records)


def test_the_chengdu_human_deals_in_less_than_the_chengdu_bot():
    deal_ins = {}
    for agent in ("human", "chengdu"):
        records = run_games(_rules("chengdu"), 8, root_seed=5, agent_names=[agent] * 4)
        wins = [w for r in records for h in r.hands for w in h.get("wins", ())]
        deal_ins[agent] = sum(1 for w in wins if w.get("from") is not None)
    assert deal_ins["human"] < deal_ins["chengdu"]


# --- 台湾 --------------------------------------------------------------------------------------------------------


def test_the_families_register_their_own_human():
    assert isinstance(make_agent("human", random.Random(0), _rules("chengdu")), ChengduHuman)
    assert isinstance(make_agent("human", random.Random(0), _rules("taiwan")), TaiwanHuman)


def test_the_taiwan_human_keeps_every_invariant():
    records = run_games(_rules("taiwan"), 1, root_seed=11, agent_names=["human", "taiwan"] * 2, check=True)
    assert [v for r in records for v in r.violations] == []


# --- ブー ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("outlook", "unwise"),
    [
        (None, False),
        ({"ends": False, "top": False, "top_type": None, "forbidden": False}, False),
        ({"ends": True, "top": True, "top_type": "C", "forbidden": False}, False),
        ({"ends": True, "top": False, "top_type": "B", "forbidden": False}, True),
        ({"ends": False, "top": False, "top_type": None, "forbidden": True}, True),
    ],
    ids=["no-outlook", "goes-on", "ends-on-top", "ends-another-on-top", "forbidden"],
)
def test_boo_advises_against_forbidden_wins_and_endings_with_another_on_top(outlook, unwise):
    assert unwise_win(outlook) is unwise


def test_boo_advice_drops_the_wins_and_keeps_the_discards():
    rules = _rules("boo-modern")
    win, ron, plain = Action(TSUMO, tile=0), Action(RON, tile=0), Action(DISCARD, tile=0)
    obs = SimpleNamespace(extra={"boo.win": {"ends": True, "top": False, "top_type": "A", "forbidden": False}})
    assert advised_actions(rules, obs, [win, plain]) == [plain]
    assert advised_actions(rules, obs, [ron]) == [ron]  # never leaves a player without a choice
