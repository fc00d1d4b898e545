"""大車輪 (variants/daisharin, other_variants.md §5): the yakuman, its suits, and the hand without the option."""

from __future__ import annotations

from functools import cache
from types import SimpleNamespace

import pytest

import mjsim
import variants.daisharin as daisharin
from mjsim.rules import RuleSet
from mjsim.rules.options import Rules
from mjsim.runner.games import run_games

WHEEL = "22334455667788p"


@cache
def rules(preset: str = "daisharin", suits: str | None = None):
    """A preset, with ``daisharin.suits`` overridden."""
    return RuleSet.resolve(preset, {} if suits is None else {"daisharin.suits": suits}).compile()


def score(hand, win, r, **kw):
    """A standalone score of a non-dealer's win, a ron from West unless tsumo."""
    kw.setdefault("discarder", None if kw.get("tsumo") else "W")
    return mjsim.score(mjsim.win_context(hand, win, seat_wind="S", **kw), r)


@pytest.mark.parametrize("tsumo", [False, True], ids=["ron", "tsumo"])
def test_without_the_option_highest_normal_reading(tsumo):
    """Under Tenhou rules the wheel is chinitsu + ryanpeikou + pinfu + tanyao (11 han, +1 on a tsumo)."""
    s = score(WHEEL, "8p", rules("tenhou"), tsumo=tsumo)
    yaku = {h.name for h in s.hits if not h.bonus}
    assert yaku - {"menzen_tsumo"} == {"chinitsu", "ryanpeikou", "pinfu", "tanyao"}
    assert (s.detail.han, s.detail.limit, s.detail.yakuman) == (11 + tsumo, "sanbaiman", 0)


@pytest.mark.parametrize("tsumo", [False, True], ids=["ron", "tsumo"])
def test_wheel_is_a_yakuman(tsumo):
    """With the option the same closed hand is 大車輪, a yakuman: 32,000 from a non-dealer."""
    s = score(WHEEL, "8p", rules(), tsumo=tsumo)
    assert [(h.name, h.title, h.multiple) for h in s.hits] == [("daisharin", "大車輪", 1)]
    assert s.value == 32000


@pytest.mark.parametrize(
    ("suits", "hand", "name"),
    [
        pytest.param("pin_only", "22334455667788m", None, id="pin_only-man-no"),
        pytest.param("pin_only", "22334455667788s", None, id="pin_only-sou-no"),
        pytest.param("all", "22334455667788m", "daisuurin", id="all-man-大数隣"),
        pytest.param("all", "22334455667788s", "daichikurin", id="all-sou-大竹林"),
        pytest.param("all", WHEEL, "daisharin", id="all-pin-大車輪"),
    ],
)
def test_suits_option(suits, hand, name):
    """daisharin_suits: pins only, or the man (大数隣) and sou (大竹林) wheels too."""
    s = score(hand, hand[-2:], rules(suits=suits))
    assert ([h.name for h in s.hits if h.multiple] or [None]) == [name]


@pytest.mark.parametrize(
    ("hand", "melds"),
    [
        pytest.param("23455667788p", ["chi:234p"], id="open"),
        pytest.param("11223344556677p", [], id="1-to-7"),
        pytest.param("33445566778899p", [], id="3-to-9"),
    ],
)
def test_only_those_fourteen_closed_tiles(hand, melds):
    """An open hand, or another run of seven pairs, is no wheel."""
    s = score(hand, hand[-2:], rules(), melds=melds)
    assert not s.detail.yakuman


def test_invariant_checks_award_both_ways():
    """The wheel must be awarded for its tiles and never for others."""
    wheel = score(WHEEL, "8p", rules())
    plain = score(WHEEL, "8p", rules("tenhou"))
    counts = daisharin.wheel_counts(1)

    def game(s, c, melds=0):
        win = {"hand": 0, "score": s, "counts": c, "melds": melds}
        return SimpleNamespace(stash={daisharin.WINS: [win]}, rules=Rules(None, {}, {"daisharin.suits": "pin_only"}))

    assert daisharin.only_the_wheel(game(wheel, counts)) is None
    assert daisharin.only_the_wheel(game(plain, counts))
    assert daisharin.only_the_wheel(game(wheel, daisharin.wheel_counts(0)))
    assert daisharin.only_the_wheel(game(wheel, counts, melds=1))


def test_games_have_no_violations():
    """Games with the invariants checked after every step."""
    records = run_games(rules(suits="all"), 2, 3, ["efficiency"] * 4, check=True)
    assert sum(len(r.violations) for r in records) == 0
