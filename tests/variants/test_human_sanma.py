"""The human player at three seats (variants/riichi/human/sanma.py): its profile, the North set aside as a dora,
the 108-tile wall and 1m/9m, which no two-sided wait ends on."""

from __future__ import annotations

import random

import pytest

from mjsim.agents import make_agent
from mjsim.engine.actions import DISCARD, SET_ASIDE, Action
from mjsim.hand.notation import parse_tiles
from mjsim.hand.tiles import NORTH, kind_of
from mjsim.rules import RuleSet
from tests.positions import dealt, table_view
from variants.riichi.human import sanma
from variants.riichi.human.context import Context, TableRules
from variants.riichi.human.danger import deal_in_chance
from variants.riichi.human.profile_file import shipped_profile
from variants.riichi.human.view import Threat

RULES = RuleSet.resolve("tenhou-sanma").compile()


def _three(hand: str, set_aside: str = "", indicator: str = "1z") -> Context:
    """Seat 1 of a three-seat table holding ``hand``, with ``set_aside`` Norths out, adjusted as the player does."""
    used: set[int] = set()
    tiles, _, counts = dealt(hand, ("", "", ""), used)
    aside = tuple(parse_tiles(set_aside, used=used)) if set_aside else ()
    obs = table_view(
        tiles,
        counts=counts,
        scores=(35000,) * 3,
        melds=((),) * 3,
        rivers=((),) * 3,
        declared=(False,) * 3,
        indicators=tuple(parse_tiles(indicator, used=used)),
        set_aside=((), aside, ()),
    )
    profile = shipped_profile(sanma.PROFILE)
    ctx = Context(obs, profile, TableRules.of(RULES), profile.fold_weight)
    sanma.adjust(ctx, len(RULES.flow.setup.tiles))
    return ctx


def _actions(ctx: Context) -> list[Action]:
    north = next(t for t in ctx.obs.tiles if kind_of(t) == NORTH)
    return [Action(SET_ASIDE, north), *(Action(DISCARD, t) for t in ctx.obs.tiles)]


def test_the_human_at_three_seats_plays_the_three_player_profile():
    player = make_agent("human", random.Random(0), RULES)
    assert player.profile == shipped_profile("tenhou-sanma") and player.three
    four = make_agent("human", random.Random(0), RuleSet.resolve("tenhou").compile())
    assert four.profile == shipped_profile("phoenix") and not four.three


@pytest.mark.parametrize(
    ("hand", "aside"),
    [("19m19p19s1234567z2p", False), ("1199p2255s336s44z7z", False), ("123p456p789s1155s4z", True)],
    ids=["thirteen-orphans-needs-it", "seven-pairs-needs-it", "a-plain-hand-sets-it-aside"],
)
def test_a_north_is_set_aside_unless_the_hand_needs_it(hand, aside):
    ctx = _three(hand)
    assert sanma.sets_aside(ctx, _actions(ctx)) is aside


def test_norths_held_and_set_aside_count_as_dora():
    plain = _three("234p456p789s1155s6p")
    with_norths = _three("234p456p789s1155s4z", set_aside="44z")
    assert NORTH in with_norths.doras and with_norths.red_held == plain.red_held + 2
    assert with_norths.hand_points(list(with_norths.counts)) > plain.hand_points(list(plain.counts))


def test_a_1m_indicator_makes_9m_the_dora_and_the_wall_has_108_tiles():
    ctx = _three("234p456p789s1155s6p", indicator="1m")
    assert 8 in ctx.doras and 1 not in ctx.doras
    assert ctx.unseen == 108 - sum(ctx.seen)


def test_1m_and_9m_are_as_safe_as_suji_terminals_against_a_riichi():
    ctx = _three("234p456p789s1155s6p")
    plain = Threat(0, 1.0, 8000.0, frozenset(), None)
    (adjusted,) = _three_with_threat(ctx, plain)
    profile = ctx.profile
    for kind in (0, 8):  # 1m, 9m
        assert deal_in_chance(kind, plain, ctx.seen, profile) == profile.danger_nonsuji_19
        assert deal_in_chance(kind, adjusted, ctx.seen, profile) == profile.danger_suji_19


def _three_with_threat(ctx: Context, threat: Threat) -> list[Threat]:
    ctx.threats = [threat]
    sanma.adjust(ctx, 108)
    return ctx.threats
