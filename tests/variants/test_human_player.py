"""The human-like riichi player decides as a person would in constructed positions."""

from __future__ import annotations

import random

import pytest

from mjsim.agents import make_agent
from mjsim.agents.observation import Observation
from mjsim.engine.actions import CHI, DECLARE_DISCARD, DISCARD, PASS, Action
from mjsim.hand.notation import parse_tiles
from mjsim.hand.tiles import kind_of
from mjsim.rules import RuleSet
from mjsim.scoring import Meld
from tests.positions import dealt, table_view


def _human(options: dict | None = None):
    return make_agent("human", random.Random(0), RuleSet.resolve("tenhou", options or {}).compile())


def _observation(hand: str, rivers=("", "", "", ""), riichi_seat=None, indicator="1z", wall_left=40, last=None):
    """Seat 0 (East, dealer, East round) holding ``hand``; ``riichi_seat`` declared on its last river tile."""
    used: set[int] = set()
    tiles, river_tiles, counts = dealt(hand, rivers, used)
    declared = tuple(s == riichi_seat for s in range(4))
    declared_at = tuple(len(river_tiles[s]) - 1 if declared[s] else None for s in range(4))
    last_discard = None
    if last is not None:
        seat, text = last
        last_discard = (seat, parse_tiles(text, used=used)[0])
    return table_view(
        tiles,
        seat=0,
        sticks=1 if riichi_seat is not None else 0,
        counts=tuple(counts),
        rivers=river_tiles,
        declared=declared,
        indicators=tuple(parse_tiles(indicator, used=used)),
        wall_left=wall_left,
        last_discard=last_discard,
        declared_at=declared_at,
        tsumogiri=tuple((False,) * len(r) for r in river_tiles),
    )


def _discards(obs: Observation) -> list[Action]:
    seen, out = set(), []
    for t in obs.tiles:
        if kind_of(t) not in seen:
            seen.add(kind_of(t))
            out.append(Action(DISCARD, t))
    return out


def _kind(action: Action) -> str:
    from mjsim.hand.notation import format_kinds

    return format_kinds([kind_of(action.tile)])


def test_a_weak_hand_folds_with_the_riichi_seats_own_discard():
    """Three-shanten against a riichi: the middle tile the riichi seat discarded (genbutsu), not an honour."""
    obs = _observation("159m37p26s9s13567z5p", rivers=("", "", "19p4s5p", ""), riichi_seat=2)
    assert _kind(_human().act(obs, _discards(obs))) == "5p"


def test_a_mangan_ready_hand_pushes_a_dangerous_tile():
    """Ready for mangan (tanyao, two dora, riichi value) on 1-4m: the non-suji 5m keeps it ready and goes."""
    obs = _observation("23m456p678p234s55s5m", rivers=("", "", "3m9p1z", ""), riichi_seat=2, indicator="4s")
    assert _kind(_human().act(obs, _discards(obs))) == "5m"


def test_no_call_into_a_hand_without_yaku():
    """A chi that would speed up a hand with terminals, no value honour and no one suit: pass."""
    obs = _observation("13m456p789s19p4z35s", last=(3, "2m"))
    chi = Action(CHI, obs.last_discard[1], (obs.tiles[0], obs.tiles[1]))
    assert _human().act(obs, [Action(PASS), chi]).kind == PASS


@pytest.mark.parametrize(
    ("kuitan", "expected"), [(True, CHI), (False, PASS)], ids=["kuitan-on-calls", "kuitan-off-passes"]
)
def test_open_tanyao_calls_follow_the_kuitan_rule(kuitan, expected):
    """A two-shanten all-simples hand chis toward open tanyao only where open tanyao scores."""
    obs = _observation("23m456p678s2s57p6m9m", last=(3, "4m"))
    chi = Action(CHI, obs.last_discard[1], (obs.tiles[0], obs.tiles[1]))
    assert _human({"riichi.kuitan": kuitan}).act(obs, [Action(PASS), chi]).kind == expected


def test_riichi_on_a_good_wait():
    """Ready on a two-sided wait without a yaku, early: declare."""
    obs = _observation("23m456p678p234s99s1z", wall_left=60)
    offers = _discards(obs)
    east = next(a for a in offers if _kind(a) == "1z")
    chosen = _human().act(obs, [*offers, Action(DECLARE_DISCARD, east.tile)])
    assert chosen.kind == DECLARE_DISCARD and _kind(chosen) == "1z"


def test_the_player_reads_the_rules_it_is_given():
    """The compiled rules reach the player: open tanyao, atozuke, the red fives of the set."""
    assert _human().table.kuitan and not _human({"riichi.kuitan": False}).table.kuitan
    assert len(_human().table.red_ids) == 3 and not _human({"riichi.red_fives": 0}).table.red_ids


def test_a_melded_pon_is_a_meld():
    """Meld facts the value estimate reads (a guard on the Meld API it relies on)."""
    pon = Meld("pon", tuple(parse_tiles("555z")))
    assert pon.opened and pon.kind == 31


@pytest.mark.parametrize(
    ("melds", "threatened"), [(1, False), (3, True)], ids=["one-meld-plays-on", "three-melds-threaten"]
)
def test_an_open_hand_threatens_only_when_likely_ready(melds, threatened):
    """One open meld early is not played around (tenpai first); three melds are a threat."""
    from dataclasses import replace

    from variants.riichi.human.view import threats

    obs = _observation("23m456p678p234s99s1z")
    pons = tuple(Meld("pon", tuple(parse_tiles(f"{n}{n}{n}s"))) for n in range(1, 1 + melds))
    obs = replace(obs, melds=((), (), pons, ()))
    assert bool(threats(obs, _human().profile)) is threatened


def test_a_ready_hand_is_worth_more_than_a_wide_one_shanten():
    """The win chance of a ready hand on 8 live tiles beats a one-shanten hand with 18 tiles that improve it."""
    from variants.riichi.human.context import Context, TableRules

    player = _human()
    ctx = Context(_observation("23m456p678p234s99s1z"), player.profile, TableRules(), 1.0)
    assert ctx.win_chance(0, 8) > 1.5 * ctx.win_chance(1, 18) > 0
    assert ctx.win_chance(3, 30) > ctx.win_chance(4, 30) > 0


@pytest.mark.parametrize(
    ("dama_min_points", "expected"), [(5200, DISCARD), (20000, DECLARE_DISCARD)], ids=["dama", "riichi"]
)
def test_profile_values_reach_the_decisions(dama_min_points, expected):
    """Tanyao with two dora on a two-sided wait: dama at the default threshold, riichi when the profile asks more."""
    from variants.riichi.human.player import HumanPlayer
    from variants.riichi.human.profile import profile_with

    obs = _observation("23m456p678p234s55s1z", indicator="4s", wall_left=60)
    offers = _discards(obs)
    east = next(a for a in offers if _kind(a) == "1z")
    rules = RuleSet.resolve("tenhou", {}).compile()
    player = HumanPlayer(random.Random(0), rules, profile_with(_human().profile, dama_min_points=dama_min_points))
    chosen = player.act(obs, [*offers, Action(DECLARE_DISCARD, east.tile)])
    assert chosen.kind == expected and _kind(chosen) == "1z"


@pytest.mark.parametrize(("hand", "five_red"), [("05m456p678p234s99s1z", False), ("0m4456p678p234s99s1z", True)])
def test_the_value_after_a_discard_counts_the_red_five_a_person_keeps(hand, five_red):
    """A discard of 5m lets a plain copy go before the red one: the per-decision count agrees with the tiles left."""
    from variants.riichi.human.context import Context, TableRules

    rules = RuleSet.resolve("tenhou", {}).compile()
    table = TableRules.of(rules)
    obs = _observation(hand, indicator="4m")  # 5m is the dora
    ctx = Context(obs, _human().profile, table, 1.0)
    fives = sorted((t for t in obs.tiles if kind_of(t) == 4), key=lambda t: t in table.red_ids)
    left = [t for t in obs.tiles if t != fives[0]]
    counts = list(obs.counts)
    counts[4] -= 1
    assert (fives[0] in table.red_ids) is five_red
    assert ctx.value_after(4) == ctx.hand_points(counts, tiles=left)
    assert ctx.counts == list(obs.counts)  # the candidate's count is put back


def test_the_decision_facts_are_worked_out_once():
    """Compiled, a cached_property recomputes on every read: the context keeps plain attributes instead."""
    from variants.riichi.human.context import Context, TableRules

    ctx = Context(
        _observation("23m456p678p234s99s1z", riichi_seat=1, rivers=("", "1z", "", "")),
        _human().profile,
        TableRules(),
        1.0,
    )
    assert ctx.seen is ctx.seen and ctx.threats is ctx.threats and ctx.value_kinds is ctx.value_kinds
    assert len(ctx.threats) == 1 and ctx.unseen == 136 - sum(ctx.seen)
