"""五筒 = 1 han (variants/gopin, other_variants.md §3): once per hand, a bonus or a yaku by option."""

from __future__ import annotations

from functools import cache
from types import SimpleNamespace

import pytest

import mjsim
import variants.gopin as gopin
from mjsim.errors import MjsimError
from mjsim.rules import RuleSet
from mjsim.runner.games import run_games
from variants.boo.scoring import gotong_count
from variants.riichi.win_text import win_context


@cache
def rules(counts_as_yaku: bool = False):
    """The gopin preset (Tenhou rules), the 5-pin han a bonus or a yaku."""
    return RuleSet.resolve("gopin", {"gopin.gotong_counts_as_yaku": counts_as_yaku}).compile()


def score(hand, win, r=None, **kw):
    """A standalone score of a non-dealer's win, a ron from West unless tsumo."""
    kw.setdefault("discarder", None if kw.get("tsumo") else "W")
    return mjsim.score(win_context(hand, win, seat_wind="S", **kw), r or rules())


def gotong_han(s) -> int:
    return sum(h.value for h in s.hits if h.name == "gotong")


@pytest.mark.parametrize(
    ("hand", "melds", "han"),
    [
        pytest.param("123m456m789s234p22s", [], 0, id="no-5p-no-han"),
        pytest.param("123m456m789s345p22s", [], 1, id="one-5p"),
        pytest.param("123m340p555p789s22s", [], 1, id="four-5p-still-once"),
        pytest.param("234m678s234s22s", ["chi:456p"], 1, id="melded-5p-open-tanyao"),
    ],
)
def test_bonus_once_per_hand(hand, melds, han):
    """One han for any 5-pin, concealed or melded, however many."""
    s = score(hand, "2s", melds=melds, tsumo=True)
    assert gotong_han(s) == han


def test_bonus_is_not_a_yaku_by_default():
    """Default: like dora, the 5-pin han does not satisfy the 1-han minimum; as a yaku it does."""
    hand, melds = "123m789s234s22s", ["chi:456p"]  # open, no yaku but the 5-pin
    with pytest.raises(MjsimError, match="no yaku"):
        score(hand, "2s", melds=melds)
    s = score(hand, "2s", rules(counts_as_yaku=True), melds=melds)
    assert s.detail.han == 1 and [h.name for h in s.hits if not h.bonus] == ["gotong"]


def test_red_five_pin_counts_as_a_five_and_as_red_dora():
    """A red 5-pin is a 5-pin (the gotong han) and a red five (aka dora): 2 han on top of pinfu."""
    s = score("123m406p789s234s22s", "4s")
    assert (gotong_han(s), s.detail.han) == (1, 3)


def test_boo_and_gopin_share_the_pattern():
    """The boo family's gotong count is the very function gopin uses (one implementation, parametrised)."""
    ctx = win_context("123m406p789s234s22s", "4s", seat_wind="S", discarder="W", red_fives=3)
    assert gotong_count(ctx) == 1 and gotong_count(ctx, "per_red_5p") == 1
    plain = win_context("123m456p789s234s22s", "4s", seat_wind="S", discarder="W")
    assert gotong_count(plain, "per_red_5p") == 0


def test_invariant_flags_a_second_han():
    """The bonus is 0 or 1, and 1 exactly when the hand holds a 5-pin."""

    def game(*wins):
        return SimpleNamespace(stash={gopin.WINS: list(wins)})

    assert gopin.bonus_once(game((0, 2, 1, 0), (1, 0, 0, 0), (2, 1, 0, 1))) is None  # a yakuman drops it
    assert gopin.bonus_once(game((0, 2, 2, 0)))
    assert gopin.bonus_once(game((0, 1, 0, 0)))
    assert gopin.bonus_once(game((0, 0, 1, 0)))


@pytest.mark.parametrize("counts_as_yaku", [False, True], ids=["bonus", "yaku"])
def test_games_have_no_violations(counts_as_yaku):
    """Games with the invariants checked after every step; some wins get the 5-pin han."""
    records = run_games(rules(counts_as_yaku), 2, 3, ["efficiency"] * 4, check=True)
    assert sum(len(r.violations) for r in records) == 0
    assert sum(h["gopin.wins"] for r in records for h in r.hands) > 0


def test_cannot_be_combined_with_boo():
    """boo has its own 五筒 han: the rule set refuses both, in one line."""
    boo = RuleSet.resolve("boo-classic")
    with pytest.raises(MjsimError, match="gopin and boo cannot be combined"):
        RuleSet(boo.name, (*boo.variants, "gopin"), boo.options).compile()
