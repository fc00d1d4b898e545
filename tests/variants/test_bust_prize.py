"""トビ賞 (variants/bust_prize): fl8 / KAIT / 4play prizes, splits, 上家取り, the bust requirement (§10)."""

from __future__ import annotations

from functools import cache

import pytest

from mjsim.engine.actions import TABLE, Transfer
from mjsim.errors import MjsimError
from mjsim.rules import RuleSet
from mjsim.runner.games import play_game
from tests.moves import net
from variants.bust_prize import checks
from variants.bust_prize.prize import busted_seats, by_win_or_draw, several_4play


@cache
def rules(preset="tenhou", **options):
    """A preset with the bust prize (options without the prefix)."""
    base = RuleSet.resolve(preset, {f"bust_prize.{k}": v for k, v in options.items()})
    return RuleSet(base.name, (*base.variants, "bust_prize"), base.options).compile()


RON_3_BY_1 = ({"wins": [{"seat": 1, "from": 3}]}, [Transfer(3, 1, 8000, "win")])
DOUBLE_RON_ON_3 = (
    {"wins": [{"seat": 0, "from": 3}, {"seat": 1, "from": 3}]},
    [Transfer(3, 0, 8000, "win"), Transfer(3, 1, 3900, "win"), Transfer(TABLE, 0, 1000, "riichi sticks")],
)
TSUMO_BY_0 = ({"wins": [{"seat": 0, "from": None}]}, [Transfer(s, 0, 4000, "win") for s in (1, 2, 3)])
NOTEN_2 = (
    {"draw": "exhaustive", "tenpai": [0, 3]},
    [Transfer(p, q, 750, "noten") for p in (1, 2) for q in (0, 3)],
)
DEPOSIT_ONLY = ({"draw": "exhaustive", "tenpai": []}, [Transfer(2, TABLE, 1000, "riichi")])


@pytest.mark.parametrize(
    ("busted", "hand", "expected"),
    [
        pytest.param(3, RON_3_BY_1, {1: 10, 3: -10}, id="ron-buster-plus-10"),
        pytest.param(3, DOUBLE_RON_ON_3, {0: 5, 1: 5, 3: -10}, id="double-ron-busters-share"),
        pytest.param(2, TSUMO_BY_0, {0: 10, 2: -10}, id="tsumo-buster"),
        pytest.param(2, NOTEN_2, {3: 10, 2: -10}, id="noten-bust-upstream-tenpai-from-next-seat"),
        pytest.param(1, NOTEN_2, {3: 10, 1: -10}, id="noten-bust-seat1-first-tenpai-after-it-is-3"),
        pytest.param(2, DEPOSIT_ONLY, {}, id="deposit-only-no-prize"),
    ],
)
def test_fl8_kait_prize(busted, hand, expected):
    moves = by_win_or_draw(busted, *hand, 10, "upstream_tenpai")
    assert {s: v for s, v in net(moves).items() if v} == expected


def test_noten_bust_split_among_the_tenpai():
    assert net(by_win_or_draw(2, *NOTEN_2, 10, "split_tenpai")) == {0: 5, 1: 0, 2: -10, 3: 5}


def test_several_busted_each_pay():
    moves = [m for seat in (1, 2, 3) for m in by_win_or_draw(seat, *TSUMO_BY_0, 10, "upstream_tenpai")]
    assert net(moves) == {0: 30, 1: -10, 2: -10, 3: -10}


@pytest.mark.parametrize(
    ("busted", "hand", "rule", "expected"),
    [
        pytest.param(3, RON_3_BY_1, "penalty", {1: 3, 3: -3}, id="win-3-chips-to-buster"),
        pytest.param(3, DOUBLE_RON_ON_3, "penalty", {0: 2, 1: 1, 3: -3}, id="double-ron-3-chips-shared-upstream-first"),
        pytest.param(2, NOTEN_2, "penalty", {0: 1, 1: 1, 2: -3, 3: 1}, id="penalty-bust-1-each-to-three"),
        pytest.param(2, NOTEN_2, "upstream_tenpai", {3: 3, 2: -3}, id="noten-bust-upstream-tenpai"),
    ],
)
def test_4play_one_busted(busted, hand, rule, expected):
    moves = by_win_or_draw(busted, *hand, 3, rule)
    assert {s: v for s, v in net(moves).items() if v} == expected


@pytest.mark.parametrize(
    ("busted", "expected"),
    [
        pytest.param([2, 3], {0: 3, 1: 3, 2: -3, 3: -3}, id="two-busted-two-receive-3-each"),
        pytest.param([1, 2, 3], {0: 9, 1: -3, 2: -3, 3: -3}, id="three-busted-last-receives-9"),
    ],
)
def test_4play_several_busted(busted, expected):
    assert net(several_4play(busted, 3)) == expected


@pytest.mark.parametrize(("mode", "busted"), [("below_zero", [1]), ("zero_or_below", [1, 2])])
def test_busted_seats_follow_the_bust_option(mode, busted):
    assert busted_seats([30000, -100, 0, 70100], mode) == busted


# --- Compile time and play -----------------------------------------------------------------------------


def test_needs_bust_enabled():
    with pytest.raises(MjsimError, match=r"bust_prize needs riichi\.bust to be one of below_zero, zero_or_below"):
        RuleSet("x", ("riichi", "bust_prize"), {"riichi.bust": "off"}).compile()


@pytest.mark.parametrize(("form", "currency"), [("fl8", "settlement"), ("kait", "settlement"), ("4play", "chips")])
def test_prize_paid_exactly_when_a_game_ends_by_bust(form, currency):
    records = [play_game(rules(form=form), seed, ["efficiency"] * 4, check=True) for seed in range(12)]
    assert all(r.violations == [] for r in records)
    busts = [r for r in records if min(r.final["points"]) < 0]
    assert any(any(r.final["side"][currency]) for r in busts), "no prize paid in these seeds"
    for r in records:
        side, points = r.final["side"][currency], r.final["points"]
        assert sum(side) == 0
        assert all(side[s] >= 0 for s in range(4) if points[s] >= 0)  # only the busted pay
        if min(points) >= 0:
            assert not any(side)


def test_invariants_are_registered():
    names = {name for name, _ in rules().flow.invariants}
    assert {name for name, _ in checks.INVARIANTS} <= names
