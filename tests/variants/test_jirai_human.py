"""The human player under 地雷 with every pool yaku forbidden: it builds toward a clean yaku, never riichis.

With ``jirai.initial_count = jirai.max_count = 7`` the forbidden set is the whole pool and public (the count
is shown and only one set of seven exists), so every seat knows riichi, menzen tsumo, pinfu, tanyao, yakuhai,
chiitoitsu and honitsu reverse a win, and a clean win earns seven bonus han.
"""

from __future__ import annotations

import random

import pytest

from mjsim.agents import make_agent
from mjsim.agents.hints import value_hints
from mjsim.engine.actions import DECLARE_DISCARD, DISCARD, Action
from mjsim.hand.decompose import waits
from mjsim.hand.notation import format_kinds, parse_tiles
from mjsim.hand.tiles import kind_of
from mjsim.observation import Observation
from mjsim.rules import RuleSet
from tests.positions import dealt, table_view
from variants.riichi.human import ready
from variants.riichi.human.context import Context, TableRules
from variants.riichi.human.profile_file import DEFAULT, shipped_profile

# Ittsu in man, 3p drawn: let 3p go and the 23p wait is two-sided (pinfu + ittsu: pinfu reverses the win),
# let 2p go and the 33p-77s double-pair wait keeps ittsu alone (clean: 2 + 7 han).
ITTSU = "123456789m233p77s"


def _rules(k: int):
    return RuleSet.resolve("jirai", {"jirai.initial_count": str(k), "jirai.max_count": str(k)}, ()).compile()


def _observation(hand: str, rivers=("", "", "", ""), k: int = 7) -> Observation:
    """Seat 1 (South, East round, dealer 0) holding ``hand``, with the count of ``k`` forbidden public."""
    used: set[int] = set()
    tiles, river_tiles, counts = dealt(hand, rivers, used)
    return table_view(
        tiles,
        counts=tuple(counts),
        rivers=river_tiles,
        indicators=tuple(parse_tiles("1z", used=used)),
        extra={"jirai_forbidden_count": k, "jirai_public": ()},
        declared_at=(None,) * 4,
        tsumogiri=tuple((False,) * len(r) for r in river_tiles),
    )


def _offers(obs: Observation, riichi: bool) -> list[Action]:
    """A discard of each kind held and, with ``riichi``, a declaration on each discard that leaves it ready."""
    firsts = {kind_of(t): t for t in reversed(obs.tiles)}
    out = [Action(DISCARD, t) for t in firsts.values()]
    if riichi:
        for kind, t in firsts.items():
            counts = list(obs.counts)
            counts[kind] -= 1
            if waits(counts):
                out.append(Action(DECLARE_DISCARD, t))
    return out


def _choice(k: int, hand: str = ITTSU, riichi: bool = False, rivers=("", "", "", "")) -> Action:
    obs = _observation(hand, rivers, k)
    return make_agent("human", random.Random(0), _rules(k)).act(obs, _offers(obs, riichi))


def test_all_seven_forbidden_it_keeps_the_clean_wait_over_the_pinfu_one():
    """Two-sided 14p (8 tiles, pinfu) against 3p-7s (4 tiles, ittsu alone): the clean one."""
    chosen = _choice(7)
    assert chosen.kind == DISCARD and format_kinds([kind_of(chosen.tile)]) == "2p"


def test_all_seven_forbidden_it_declines_riichi():
    """Riichi is forbidden: it stays dama on the clean wait (a declaration would reverse every win)."""
    chosen = _choice(7, riichi=True)
    assert chosen.kind == DISCARD and format_kinds([kind_of(chosen.tile)]) == "2p"


def test_with_one_forbidden_the_wider_wait_is_still_taken():
    """One of seven forbidden: pinfu's risk is 1/7, so the two-sided wait and its riichi stay the better way."""
    chosen = _choice(1, riichi=True)
    assert format_kinds([kind_of(chosen.tile)]) == "3p"


def _ready_worth(hand: str, rivers=("", "", "", "")) -> float | None:
    obs = _observation(hand, rivers)
    rules = _rules(7)
    ctx = Context(obs, shipped_profile(DEFAULT), TableRules.of(rules), 1.0, value_hints(rules, obs))
    return ready.ready_points(ctx, list(obs.counts), (), list(obs.tiles), closed=True)


@pytest.mark.parametrize(
    ("hand", "rivers", "clean"),
    [
        ("123456789m33p77s", ("", "", "", ""), True),  # ittsu on a double-pair wait
        ("123456789m23p77s", ("", "", "", ""), False),  # the same ittsu with pinfu (two-sided wait)
        ("123456789m33p77s", ("", "7s", "", ""), False),  # furiten: 7s in its own river, no ron; tsumo reverses
        ("234m345p456s2267s", ("", "", "", ""), False),  # tanyao only
    ],
    ids=["ittsu-shanpon", "ittsu-pinfu", "ittsu-furiten", "tanyao"],
)
def test_a_ready_hand_is_worth_only_its_clean_wins(hand, rivers, clean):
    worth = _ready_worth(hand, rivers)
    assert worth is not None and ((worth > 8000) if clean else (worth == 0.0))


def test_jirai_hints_name_each_yakuhai_as_the_scorer_does():
    hints = value_hints(_rules(7), _observation(ITTSU))
    assert hints.yaku_risk["dragon_white"] == hints.yaku_risk["seat_wind_south"] == hints.yaku_risk["yakuhai"] == 1.0
