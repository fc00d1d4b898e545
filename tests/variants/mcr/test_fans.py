"""The MCR fan table and the exclusion principles (docs/mcr.md §2-§3), each principle on the example that names it."""

from __future__ import annotations

from collections import Counter

import pytest

from mjsim.errors import MjsimError
from variants.mcr.calculator import score
from variants.mcr.exclusion import FANS
from variants.mcr.hand import KONG, Meld, Win
from variants.mcr.tiles import parse_tiles

# How many fans the rulebook lists at each value (docs/mcr.md §2, [MCR §8]).
POINTS = {88: 7, 64: 6, 48: 2, 32: 3, 24: 9, 16: 6, 12: 5, 8: 9, 6: 7, 4: 4, 2: 10, 1: 13}


def fans(hand: str, win: str, *melds: Meld, **how) -> Counter:
    return score(Win(tuple(parse_tiles(hand)), parse_tiles(win)[0], melds, **how)).names()


def test_the_table_has_the_81_fans_at_the_rulebook_points():
    assert len(FANS) == 81 == len({f.name for f in FANS})
    assert Counter(f.points for f in FANS) == Counter(POINTS)


def test_every_fan_docstring_starts_with_its_chinese_name():
    assert [f.name for f in FANS if not f.doc.startswith(f.name)] == []


def test_every_excluded_name_is_a_fan():
    names = {f.name for f in FANS}
    assert [(f.name, e) for f in FANS for e, _ in f.excludes if e not in names] == []


def test_account_once_two_suits_of_234567():
    """套算一次: 234567m234567p is 喜相逢 twice and 连六 once, not twice each ([S196]; GB's own example)."""
    got = fans("234567m23456p55s", "7p")
    assert (got["喜相逢"], got["连六"]) == (2, 1)


def test_non_identical_one_chow_takes_one_fan_of_a_kind():
    """不得相同: 234s 234p 234p 567p counts 一般高, 喜相逢 and 连六 once each (GB's example)."""
    got = fans("234s223344567p5z", "5z")
    assert (got["一般高"], got["喜相逢"], got["连六"]) == (1, 1, 1)


def test_non_separation_a_straight_is_not_also_short_straights():
    """不拆移: 清龙's chows do not also make 连六 or 老少副."""
    got = fans("123456789m234p5s", "5s")
    assert got["清龙"] == 1 and not {"连六", "老少副"} & set(got)


def test_non_repeat_scope_three_winds_keep_the_fourth_terminal_pung():
    """不重复 by scope: 三风刻 removes the 幺九刻 of its three winds only, not of 999m."""
    got = fans("999m2p111222333z", "2p")
    assert got["三风刻"] == 1 and got["幺九刻"] == 1


def test_a_removed_fan_removes_nothing_four_concealed_pungs_keep_self_drawn():
    """四暗刻 removes 不求人; 不求人, removed, does not remove 自摸."""
    got = fans("111m222p333s4445z", "5z", tsumo=True)
    assert got["四暗刻"] == 1 and got["自摸"] == 1 and "不求人" not in got


def test_a_discard_makes_its_pung_exposed():
    """双暗刻 needs both pungs concealed: a pung completed by a discard is exposed (not if a chow takes the tile)."""
    ron = fans("111m55p234s789s99s", "5p")
    tsumo = fans("111m55p234s789s99s", "5p", tsumo=True)
    assert "双暗刻" not in ron and tsumo["双暗刻"] == 1


def test_kongs_by_kind_and_concealed_pungs():
    """One exposed and one concealed kong: 明杠 + 暗杠 (no 明暗杠); a concealed kong is a concealed pung."""
    got = fans("333m567p7z", "7z", Meld(KONG, 0, concealed=True), Meld(KONG, 1))
    assert got["明杠"] == got["暗杠"] == got["双暗刻"] == 1


@pytest.mark.parametrize(
    ("hand", "win", "fan"),
    [
        ("11223344556677p", "7p", "连七对"),
        ("19m19p19s1234567z", "1m", "十三幺"),
        ("147m258p369s1234z", "5z", "全不靠"),
        ("147m258p1234567z", "3s", "七星不靠"),
        ("147m258p369s123s5z", "5z", "组合龙"),
        ("1112345678999m", "5m", "九莲宝灯"),
        ("1133557799m11z22z", "2z", "七对"),
    ],
    ids=[
        "seven-shifted-pairs",
        "thirteen-orphans",
        "lesser-knitted",
        "greater-knitted",
        "knitted-straight",
        "nine-gates",
        "seven-pairs",
    ],
)
def test_special_shapes(hand, win, fan):
    tiles = parse_tiles(hand)
    w = parse_tiles(win)[0]
    if len(tiles) == 14:
        tiles.remove(w)
    assert fan in score(Win(tuple(tiles), w)).names()


def test_flowers_count_but_not_toward_the_minimum():
    result = score(Win(tuple(parse_tiles("123m456p789s234s5z")), parse_tiles("5z")[0], flowers=3))
    assert result.names()["花牌"] == 3 and result.total == result.without_flowers + 3


def test_a_hand_that_is_not_complete_is_refused():
    with pytest.raises(MjsimError, match="not a winning hand"):
        score(Win(tuple(parse_tiles("123m456p789s234s1z")), parse_tiles("5z")[0]))


def test_too_many_of_a_tile_is_refused():
    with pytest.raises(MjsimError, match="more than four"):
        Win(tuple(parse_tiles("1111m456p789s2s55z")), parse_tiles("1m")[0])
