"""The yaku plans of the human player under 地雷 (``variants/riichi/human/plans.py``): each plan's own shanten
and improving tiles on constructed hands, and a player that follows a clean yaku when every pool yaku is
forbidden (``jirai.initial_count = jirai.max_count = 7``: the forbidden set is the whole pool and public)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from mjsim.agents import make_agent
from mjsim.engine.actions import PASS, PON, RON, Action
from mjsim.hand.notation import format_kinds, parse_counts, parse_tiles
from mjsim.hand.shanten import standard_shanten
from mjsim.hand.tiles import kind_of
from mjsim.scoring import Meld
from tests.variants.test_jirai_human import ITTSU, _observation, _offers, _rules
from variants.jirai import advice
from variants.riichi.hints import value_hints
from variants.riichi.human import plans
from variants.riichi.human.calls import choose_call
from variants.riichi.human.context import Context, TableRules
from variants.riichi.human.profile_file import DEFAULT, shipped_profile


def _plan(name: str, sets: tuple[int, ...] = (), allowed_kind: int | None = None) -> plans.Plan:
    """The plan of ``name`` (of these sets, or whose kinds include ``allowed_kind``)."""
    for plan in [*plans.SEQUENCE_PLANS, *plans.RESTRICTED_PLANS, plans.TOITOI]:
        if plan.name != name or (sets and plan.sets != sets):
            continue
        if allowed_kind is None or (plan.allowed is not None and allowed_kind in plan.allowed):
            return plan
    raise KeyError(name)


def _speed(plan: plans.Plan, hand: str, seen_extra: str = "") -> tuple[int, int] | None:
    counts = list(parse_counts(hand))
    seen = [c + e for c, e in zip(counts, parse_counts(seen_extra) if seen_extra else [0] * 34, strict=True)]
    return plans.plan_speed(plan, counts, (), seen, [max(0, 4 - n) for n in seen])


@pytest.mark.parametrize(
    ("hand", "plan", "expected"),
    [
        # the sets are held: the rest (23p + 77s) is one set and a pair from ready
        ("123456789m23p77s", _plan("ittsu", (0, 3, 6)), (0, 8)),
        # 7m missing (4 live) and the rest 23p77s1z ready: 1p or 4p (8 live) complete it
        ("12345689m23p77s1z", _plan("ittsu", (0, 3, 6)), (1, 12)),
        # 3s missing, the rest 456s 99s complete
        ("123m123p12s45699s", _plan("sanshoku", (0, 9, 18)), (0, 4)),
        # 123m twice held, the rest one tile from two sets and a pair (a tanki on 1z)
        ("112233m456p789s1z", _plan("iipeikou", (0, 0)), (0, 3)),
        # two triplets and two pairs: one pair and one single still to become triplets (3 tiles: 2-shanten)
        ("111m222p33s44s5s6z7z", plans.TOITOI, (2, 13)),
        # the man tiles alone, 111 234 567 899: the honour is let go
        ("111234567899m1z", _plan("chinitsu", allowed_kind=0), (1, 24)),
    ],
    ids=["ittsu-ready", "ittsu-7m-missing", "sanshoku-123", "iipeikou-123m", "toitoi", "chinitsu-man"],
)
def test_a_plans_shanten_and_live_tiles(hand, plan, expected):
    assert _speed(plan, hand) == expected


def test_a_plan_whose_missing_tile_is_all_in_sight_is_dead():
    """7m: none left (the hand holds none, four are in sight), so ittsu in man cannot be made."""
    assert _speed(_plan("ittsu", (0, 3, 6)), "12345689m23p77s1z", seen_extra="7777m") is None


def test_a_plans_shanten_is_never_below_the_hands_standard_shanten():
    hand = "13579m2468p1357s"
    counts = list(parse_counts(hand))
    plain = standard_shanten(counts, 4)
    for plan in [*plans.SEQUENCE_PLANS, *plans.RESTRICTED_PLANS, plans.TOITOI]:
        speed = _speed(plan, hand)
        assert speed is None or speed[0] >= plain, plan.name


def test_a_called_sequence_of_the_plan_counts_as_one_of_its_sets():
    """With 789m called, ittsu in man needs only 123m and 456m: held, so the rest (23p77s) decides."""
    counts = list(parse_counts("123456m23p77s"))
    meld = Meld("chi", tuple(parse_tiles("789m", used=set())))
    seen = counts
    assert plans.plan_speed(_plan("ittsu", (0, 3, 6)), counts, (meld,), seen, [4 - n for n in seen]) == (0, 8)


def _discard(hand: str, k: int = 7) -> str:
    obs = _observation(hand, k=k)
    chosen = make_agent("human", random.Random(0), _rules(k)).act(obs, _offers(obs, False))
    return format_kinds([kind_of(chosen.tile)])


def test_all_seven_forbidden_it_breaks_a_white_dragon_triplet_for_a_clean_ittsu():
    """The triplet of 白 is yakuhai (forbidden): either tanki wait would reverse every win. Letting one 白 go
    leaves ittsu with 白 as the pair, clean: the efficient discards (3p, 7s) keep the triplet."""
    assert _discard("123456789m555z3p7s") == "5z"


def test_all_seven_forbidden_it_keeps_the_tiles_of_its_ittsu():
    """Two tiles from an ittsu in man (6m missing): the discard is never one of its tiles. (With 56s instead of
    78s the 345 sanshoku of 345m 34p 56s competes: letting 1m go keeps both yaku two steps away, and the
    player may do that.)"""
    assert _discard("12345789m34p78s99s") not in {"1m", "2m", "3m", "4m", "5m", "7m", "8m", "9m"}


def test_all_seven_forbidden_late_it_keeps_a_clean_toitoi_over_a_ready_hand_with_no_yaku():
    """Seven draws left, 666p called: letting 2s go readies 11m/88s with 234s (no yaku: it cannot win);
    letting 3s or 4s go keeps toitoi one step away (1m makes it clean: 2 + 7 han). Its mean wait for a
    useful tile is longer than the wall, so only a chance summed over the draws keeps the plan alive."""
    obs = dataclasses.replace(_with_melds(_observation("11m666m22s34s88s"), 1, "6p"), wall_left=28)
    chosen = make_agent("human", random.Random(0), _rules(7)).act(obs, _offers(obs, False))
    assert format_kinds([kind_of(chosen.tile)]) in {"3s", "4s"}


def test_a_discard_that_keeps_two_yaku_alive_beats_one_that_keeps_one():
    """A further yaku counts for the chance that the better one fails: 16,000 at chance c, then again; a second
    way to the same yaku (sanshoku of another rank) adds nothing."""
    rules = _rules(7)
    obs = _observation(ITTSU)
    ctx = Context(obs, shipped_profile(DEFAULT), TableRules.of(rules), 1.0, value_hints(rules, obs))
    ittsu, sanshoku, shape = (2, 10, 16000.0, "ittsu"), (2, 10, 16000.0, "sanshoku"), (1, 20, 0.0, "")
    one = plans.best_route(ctx, [ittsu, shape])
    chance = ctx.win_chance(2, 10, True)
    assert one == pytest.approx(chance * 16000.0)
    assert plans.best_route(ctx, [ittsu, sanshoku, shape]) == pytest.approx(one + (1.0 - chance) * one)
    assert plans.best_route(ctx, [ittsu, ittsu, shape]) == pytest.approx(one)


def test_against_a_threat_the_ways_share_out_the_hands_chance():
    """Capped at the hand's own chance c, ittsu and sanshoku together are worth c x 16,000, not c + (1 - c) c
    times it; a total below the cap is left as it is."""
    rules = _rules(7)
    obs = _observation(ITTSU)
    ctx = Context(obs, shipped_profile(DEFAULT), TableRules.of(rules), 1.0, value_hints(rules, obs))
    ittsu, sanshoku, shape = (2, 10, 16000.0, "ittsu"), (2, 10, 16000.0, "sanshoku"), (1, 20, 0.0, "")
    chance = ctx.win_chance(2, 10, True)
    assert plans.best_route(ctx, [ittsu, sanshoku, shape], cap=chance) == pytest.approx(chance * 16000.0)
    assert plans.best_route(ctx, [ittsu, shape], cap=0.99) == pytest.approx(chance * 16000.0)


@pytest.mark.parametrize(("worth", "summed"), [(3900.0, False), (12000.0, True)], ids=["cheap", "haneman"])
def test_against_a_threat_only_a_mangan_keeps_the_one_step_chance_summed_over_its_draws(worth, summed):
    """Mid-wall, a one-shanten hand's plain chance (the fold weight's) is 0; a mangan pushes [P], so its ways
    keep the chance summed over the draws, and a cheap hand's do not. The bar is the mean worth of a win."""
    rules = _rules(1)
    obs = dataclasses.replace(_observation(ITTSU, k=1), wall_left=36)
    ctx = Context(obs, shipped_profile(DEFAULT), TableRules.of(rules), 1.0, value_hints(rules, obs))
    assert ctx.win_chance(1, 8) == 0.0 < ctx.win_chance(1, 8, True)
    ways = [(1, 8, worth, "ittsu"), (1, 8, worth, "")]
    assert plans.push_chance(ctx, ways, 1, 8) == ctx.win_chance(1, 8, summed)
    far_and_dear = [(3, 8, 32000.0, "chinitsu"), (1, 8, 2000.0, "")]  # a slow yaku does not make a hand big
    assert plans.push_chance(ctx, far_and_dear, 1, 8) == ctx.win_chance(1, 8)


@pytest.mark.parametrize("wall_left", [60, 36, 12], ids=["early", "mid-wall", "late"])
def test_chances_worked_out_once_give_the_same_cap_and_gain(wall_left):
    """The discard works the ways' chances out once for the cap and the gain: the same figures as each alone,
    late (noten payments counted) too."""
    rules = _rules(3)
    obs = dataclasses.replace(_observation(ITTSU, k=3), wall_left=wall_left)
    ctx = Context(obs, shipped_profile(DEFAULT), TableRules.of(rules), 1.0, value_hints(rules, obs))
    ways = [(2, 10, 8000.0, "ittsu"), (1, 6, 5200.0, "sanshoku"), (1, 9, 3900.0, "sanshoku"), (0, 4, 2000.0, "")]
    chances = plans.way_chances(ctx, ways)
    assert plans.push_chance(ctx, ways, 0, 4, chances) == plans.push_chance(ctx, ways, 0, 4)
    cap = plans.push_chance(ctx, ways, 0, 4)
    assert plans.best_route(ctx, ways, 2500.0, cap=cap, chances=chances) == plans.best_route(ctx, ways, 2500.0, cap=cap)


def _call(hand: str, claimed: str, k: int = 7) -> Action:
    """The human's answer to a pon of ``claimed`` discarded by seat 0 (the hand holds two copies)."""
    obs = _observation(hand, rivers=(claimed, "", "", ""), k=k)
    rules = _rules(k)
    ctx = Context(obs, shipped_profile(DEFAULT), TableRules.of(rules), 1.0, value_hints(rules, obs))
    kind = kind_of(obs.rivers[0][-1])
    own = tuple(t for t in obs.tiles if kind_of(t) == kind)[:2]
    pon = Action(PON, obs.rivers[0][-1], tiles=own)
    return choose_call(ctx, [pon], Action(PASS))


def test_all_seven_forbidden_it_never_pons_a_value_kind():
    """A pon of 白 makes yakuhai, which is forbidden: passed, even with the hand near toitoi."""
    assert _call("55z111m999p22s3s4z7z", "5z").kind == PASS


def test_all_seven_forbidden_it_pons_toward_toitoi():
    """Pairs and triplets of non-value kinds: a pon of 2s brings toitoi (clean: 2 + 7 han) closer."""
    assert _call("111m999p22s33s44p7z", "2s").kind == PON


def _with_melds(obs, seat: int, melds: str):
    """``obs`` with ``seat`` holding one pon of each kind in ``melds`` (an open hand that looks ready)."""
    used: set[int] = set(obs.tiles)
    called = tuple(Meld("pon", tuple(parse_tiles(k * 3, used=used))) for k in melds.split())
    return dataclasses.replace(obs, melds=tuple(called if s == seat else m for s, m in enumerate(obs.melds)))


def test_a_visible_threat_makes_playing_on_cost_something():
    """At seven forbidden a seat with three melds is a clean baiman when it wins (1 + 7 han, 16,000): this seat
    pays 4,000 of its tsumo (43 %) and a third of its rons, times the 40 % chance it wins."""
    obs = _observation(ITTSU)
    assert advice.threat_cost(_rules(7), obs) == 0.0
    cost = advice.threat_cost(_rules(7), _with_melds(obs, 2, "1s 9p 2z"))
    assert cost == pytest.approx(0.4 * (0.43 * 4000 + 0.57 * 16000 / 3))


def test_a_cheap_reversed_win_is_taken_only_against_a_threat(monkeypatch):
    """A reversed win that costs 1,000 ends the hand: declined with nobody threatening, taken against a seat
    whose win would cost this one more (about 1,900 in expectation)."""
    monkeypatch.setattr(advice, "win_worth", lambda obs, action, rules: -1000.0)
    ron = Action(RON, 0)
    assert advice.unwise_actions(_rules(7), _observation(ITTSU), [ron]) == [ron]
    assert advice.unwise_actions(_rules(7), _with_melds(_observation(ITTSU), 2, "1s 9p 2z"), [ron]) == []
