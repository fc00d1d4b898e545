"""The 81 fans of the 2006 Mahjong Competition Rules (docs/mcr.md §2), each a small pattern object.

A finder returns the scopes where its fan occurs: ``[HAND]`` (or several for a fan counted per kind, 四归一),
the group indices of the sets it combines, or ``[]``. What excludes what is data on each fan; how exclusion
works is one mechanism in ``variants/mcr/exclusion.py``. Registration order is the rulebook's order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations

from variants.mcr.fan import HAND, Scope, fan
from variants.mcr.hand import CHOW, KNIT, PAIR, Group, Reading
from variants.mcr.readings import CLOSED, EDGE, SINGLE
from variants.mcr.tiles import (
    DRAGONS,
    GREEN_TILES,
    KINDS,
    KNITTED,
    REVERSIBLE_TILES,
    WINDS,
    is_honor,
    is_terminal,
    is_terminal_or_honor,
    rank,
    suit,
)

SPECIAL = ("seven_pairs", "thirteen_orphans", "honors_knitted")
CONCEALED = ("门前清", "不求人")


# ---- helpers -----------------------------------------------------------------------------------------------------


def _kinds(r: Reading) -> list[int]:
    """The tile kinds in the hand."""
    return [t for t in range(KINDS) if r.win.counts[t]]


def _every(r: Reading, test: Callable[[int], bool]) -> list[Scope]:
    """[HAND] when every tile passes ``test``."""
    return [HAND] if all(test(t) for t in _kinds(r)) else []


def _if(cond: bool) -> list[Scope]:
    return [HAND] if cond else []


def _indices(r: Reading, pungs: bool) -> list[int]:
    """Group indices of the pungs and kongs (``pungs``) or of the chows."""
    return [i for i, g in enumerate(r.sets) if (g.is_pung if pungs else g.kind == CHOW)]


def _combos(r: Reading, k: int, pungs: bool, test: Callable[[list[Group]], bool]) -> list[Scope]:
    """Every k sets of one kind (pungs or chows) whose groups pass ``test``."""
    idx = _indices(r, pungs)
    return [frozenset(c) for c in combinations(idx, k) if test(sorted((r.groups[i] for i in c), key=_key))]


def _key(g: Group) -> int:
    return g.tile


def _with_pair(r: Reading, k: int, pungs: bool, test: Callable[[list[Group], Group], bool]) -> list[Scope]:
    """Every k sets of one kind that pass ``test`` together with the pair (the pair's index joins the scope)."""
    if r.pair is None or r.pair.kind != PAIR:
        return []
    p = len(r.groups) - 1
    idx = _indices(r, pungs)
    return [
        frozenset((*c, p)) for c in combinations(idx, k) if test(sorted((r.groups[i] for i in c), key=_key), r.pair)
    ]


def _same_suit(gs: list[Group]) -> bool:
    return len({suit(g.tile) for g in gs}) == 1 and not is_honor(gs[0].tile)


def _three_suits(gs: list[Group]) -> bool:
    return len({suit(g.tile) for g in gs}) == len(gs) == 3 and not any(is_honor(g.tile) for g in gs)


def _ranks(gs: list[Group]) -> list[int]:
    return sorted(rank(g.tile) for g in gs)


def _stepped(values: list[int], step: int) -> bool:
    return all(b - a == step for a, b in zip(values, values[1:], strict=False))


def _suited(gs: list[Group]) -> bool:
    return not any(is_honor(g.tile) for g in gs)


def _per_set(r: Reading, test: Callable[[Group], bool]) -> list[Scope]:
    """One scope per pung or kong passing ``test``."""
    return [frozenset((i,)) for i, g in enumerate(r.sets) if g.is_pung and test(g)]


def _regular(r: Reading) -> bool:
    return r.shape in ("regular", "knitted")


def _concealed_triplets(r: Reading) -> int:
    return sum(1 for g in r.sets if g.is_pung and g.concealed)


def _kongs(r: Reading, concealed: bool) -> int:
    return sum(1 for g in r.sets if g.kind == "kong" and g.concealed == concealed)


def _groups_all(r: Reading, test: Callable[[Group], bool]) -> bool:
    """Every group (pair included) of a four-sets reading passes ``test``."""
    return r.shape == "regular" and all(test(g) for g in r.groups)


def _group_tiles(g: Group) -> Iterator[int]:
    return iter((g.tile, g.tile + 1, g.tile + 2)) if g.kind == CHOW else iter((g.tile,))


def _suits(r: Reading) -> set[int]:
    return {suit(t) for t in _kinds(r) if not is_honor(t)}


def _has_honors(r: Reading) -> bool:
    return any(is_honor(t) for t in _kinds(r))


def _suited_ranks(r: Reading) -> list[int] | None:
    """The ranks in the hand, or None when it holds an honour."""
    return None if _has_honors(r) else [rank(t) for t in _kinds(r)]


# ---- 88 ----------------------------------------------------------------------------------------------------------


@fan("大四喜", "Big Four Winds", 88, ("圈风刻", "门风刻", "三风刻", "碰碰和", "幺九刻"), True)
def big_four_winds(r: Reading) -> list[Scope]:
    """大四喜: pungs or kongs of all four winds."""
    return _combos(r, 4, True, lambda gs: all(g.tile in WINDS for g in gs))


@fan("大三元", "Big Three Dragons", 88, ("双箭刻", "箭刻", "幺九刻"), True)
def big_three_dragons(r: Reading) -> list[Scope]:
    """大三元: pungs or kongs of all three dragons."""
    return _combos(r, 3, True, lambda gs: all(g.tile in DRAGONS for g in gs))


@fan("绿一色", "All Green", 88, ("混一色", "缺一门"))
def all_green(r: Reading) -> list[Scope]:
    """绿一色: only 2, 3, 4, 6, 8 of bamboo and the green dragon."""
    return _every(r, GREEN_TILES.__contains__)


@fan("九莲宝灯", "Nine Gates", 88, ("清一色", "不求人", "门前清", "无字", ("幺九刻", 1)))
def nine_gates(r: Reading) -> list[Scope]:
    """九莲宝灯: closed 1112345678999 of one suit before the winning tile of that suit."""
    w = r.win
    if w.melds or r.shape != "regular" or is_honor(w.win_tile):
        return []
    base = suit(w.win_tile) * 9
    want = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    before = list(w.concealed_counts)
    before[w.win_tile] -= 1
    return _if(before[base : base + 9] == want and sum(before) == 13)


@fan("四杠", "Four Kongs", 88, ("三杠", "双明杠", "明杠", "双暗杠", "暗杠", "碰碰和", "单钓将"))
def four_kongs(r: Reading) -> list[Scope]:
    """四杠: four kongs."""
    return _if(_kongs(r, True) + _kongs(r, False) == 4)


@fan("连七对", "Seven Shifted Pairs", 88, ("七对", "清一色", "门前清", "不求人", "无字", "单钓将"))
def seven_shifted_pairs(r: Reading) -> list[Scope]:
    """连七对: seven pairs of seven consecutive tiles of one suit."""
    c = r.win.concealed_counts
    return _if(
        r.shape == "seven_pairs"
        and any(all(c[s * 9 + start + i] == 2 for i in range(7)) for s in range(3) for start in range(3))
    )


@fan("十三幺", "Thirteen Orphans", 88, ("五门齐", "混幺九", "门前清", "不求人", "单钓将"))
def thirteen_orphans(r: Reading) -> list[Scope]:
    """十三幺: one of each terminal and honour and a pair of one of them."""
    return _if(r.shape == "thirteen_orphans")


# ---- 64 ----------------------------------------------------------------------------------------------------------


@fan("清幺九", "All Terminals", 64, ("混幺九", "碰碰和", "全带幺", "幺九刻", "无字", "双同刻"))
def all_terminals(r: Reading) -> list[Scope]:
    """清幺九: terminals only."""
    return _every(r, is_terminal)


@fan("小四喜", "Little Four Winds", 64, ("三风刻", "幺九刻"), True)
def little_four_winds(r: Reading) -> list[Scope]:
    """小四喜: pungs of three winds and a pair of the fourth."""
    return _with_pair(r, 3, True, lambda gs, p: all(g.tile in WINDS for g in (*gs, p)))


@fan("小三元", "Little Three Dragons", 64, ("双箭刻", "箭刻", "幺九刻"), True)
def little_three_dragons(r: Reading) -> list[Scope]:
    """小三元: pungs of two dragons and a pair of the third."""
    return _with_pair(r, 2, True, lambda gs, p: all(g.tile in DRAGONS for g in (*gs, p)))


@fan("字一色", "All Honors", 64, ("碰碰和", "全带幺", "幺九刻", "缺一门", "混幺九"))
def all_honors(r: Reading) -> list[Scope]:
    """字一色: honours only."""
    return _every(r, is_honor)


@fan("四暗刻", "Four Concealed Pungs", 64, ("碰碰和", "门前清", "不求人"))
def four_concealed_pungs(r: Reading) -> list[Scope]:
    """四暗刻: four concealed pungs or kongs."""
    return _if(_concealed_triplets(r) == 4)


@fan("一色双龙会", "Pure Terminal Chows", 64, ("七对", "清一色", "平和", "无字"), True)
def pure_terminal_chows(r: Reading) -> list[Scope]:
    """一色双龙会: two 123 and two 789 chows and a pair of 5, all of one suit."""

    def test(gs: list[Group], p: Group) -> bool:
        return _same_suit([*gs, p]) and _ranks(gs) == [1, 1, 7, 7] and rank(p.tile) == 5

    return _with_pair(r, 4, False, test)


# ---- 48, 32 ------------------------------------------------------------------------------------------------------


@fan("一色四同顺", "Quadruple Chow", 48, ("四归一",), True)
def quadruple_chow(r: Reading) -> list[Scope]:
    """一色四同顺: four identical chows."""
    return _combos(r, 4, False, lambda gs: len({g.tile for g in gs}) == 1)


@fan("一色四节高", "Four Pure Shifted Pungs", 48, ("碰碰和",), True)
def four_pure_shifted_pungs(r: Reading) -> list[Scope]:
    """一色四节高: four pungs of one suit, each one higher."""
    return _combos(r, 4, True, lambda gs: _same_suit(gs) and _stepped([g.tile for g in gs], 1))


@fan("一色四步高", "Four Pure Shifted Chows", 32, (), True)
def four_pure_shifted_chows(r: Reading) -> list[Scope]:
    """一色四步高: four chows of one suit, each one or each two higher."""
    return _combos(r, 4, False, lambda gs: _same_suit(gs) and any(_stepped([g.tile for g in gs], s) for s in (1, 2)))


@fan("三杠", "Three Kongs", 32, ("双明杠", "明杠", "双暗杠", "暗杠"))
def three_kongs(r: Reading) -> list[Scope]:
    """三杠: three kongs."""
    return _if(_kongs(r, True) + _kongs(r, False) == 3)


@fan("混幺九", "All Terminals and Honors", 32, ("碰碰和", "全带幺", "幺九刻"))
def all_terminals_and_honors(r: Reading) -> list[Scope]:
    """混幺九: terminals and honours only, both present."""
    kinds = _kinds(r)
    return _if(
        all(is_terminal_or_honor(t) for t in kinds)
        and any(is_honor(t) for t in kinds)
        and not all(is_honor(t) for t in kinds)
    )


# ---- 24 ----------------------------------------------------------------------------------------------------------


@fan("七对", "Seven Pairs", 24, ("门前清", "不求人", "单钓将"))
def seven_pairs(r: Reading) -> list[Scope]:
    """七对: seven pairs (four of a kind counts as two)."""
    return _if(r.shape == "seven_pairs")


@fan("七星不靠", "Greater Honors and Knitted Tiles", 24, ("全不靠", "五门齐", "门前清", "不求人", "单钓将"))
def greater_honors_and_knitted(r: Reading) -> list[Scope]:
    """七星不靠: all seven honours and seven tiles of one knitted straight."""
    return _if(r.shape == "honors_knitted" and all(r.win.counts[t] for t in range(27, 34)))


@fan("全双刻", "All Even Pungs", 24, ("碰碰和", "断幺", "无字"))
def all_even_pungs(r: Reading) -> list[Scope]:
    """全双刻: pungs and pair of even tiles only."""
    return _if(_groups_all(r, lambda g: g.kind != CHOW and not is_honor(g.tile) and rank(g.tile) % 2 == 0))


@fan("清一色", "Full Flush", 24, ("无字",))
def full_flush(r: Reading) -> list[Scope]:
    """清一色: one suit only."""
    return _if(len(_suits(r)) == 1 and not _has_honors(r))


@fan("一色三同顺", "Pure Triple Chow", 24, (), True)
def pure_triple_chow(r: Reading) -> list[Scope]:
    """一色三同顺: three identical chows."""
    return _combos(r, 3, False, lambda gs: len({g.tile for g in gs}) == 1)


@fan("一色三节高", "Pure Shifted Pungs", 24, (), True)
def pure_shifted_pungs(r: Reading) -> list[Scope]:
    """一色三节高: three pungs of one suit, each one higher."""
    return _combos(r, 3, True, lambda gs: _same_suit(gs) and _stepped([g.tile for g in gs], 1))


def _ranks_within(r: Reading, low: int, high: int) -> bool:
    ranks = _suited_ranks(r)
    return ranks is not None and all(low <= x <= high for x in ranks)


@fan("全大", "Upper Tiles", 24, ("大于五", "无字"))
def upper_tiles(r: Reading) -> list[Scope]:
    """全大: suited 7, 8, 9 only."""
    return _if(_ranks_within(r, 7, 9))


@fan("全中", "Middle Tiles", 24, ("断幺", "无字"))
def middle_tiles(r: Reading) -> list[Scope]:
    """全中: suited 4, 5, 6 only."""
    return _if(_ranks_within(r, 4, 6))


@fan("全小", "Lower Tiles", 24, ("小于五", "无字"))
def lower_tiles(r: Reading) -> list[Scope]:
    """全小: suited 1, 2, 3 only."""
    return _if(_ranks_within(r, 1, 3))


# ---- 16 ----------------------------------------------------------------------------------------------------------


@fan("清龙", "Pure Straight", 16, (), True)
def pure_straight(r: Reading) -> list[Scope]:
    """清龙: 123, 456 and 789 of one suit."""
    return _combos(r, 3, False, lambda gs: _same_suit(gs) and _ranks(gs) == [1, 4, 7])


@fan("三色双龙会", "Three-Suited Terminal Chows", 16, ("平和", "无字"), True)
def three_suited_terminal_chows(r: Reading) -> list[Scope]:
    """三色双龙会: 123 and 789 of two suits and a pair of 5 of the third."""

    def test(gs: list[Group], p: Group) -> bool:
        if is_honor(p.tile) or rank(p.tile) != 5 or not _suited(gs):
            return False
        suits = {suit(g.tile) for g in gs}
        return (
            len(suits) == 2
            and suit(p.tile) not in suits
            and sorted((suit(g.tile), rank(g.tile)) for g in gs) == sorted((s, x) for s in suits for x in (1, 7))
        )

    return _with_pair(r, 4, False, test)


@fan("一色三步高", "Pure Shifted Chows", 16, (), True)
def pure_shifted_chows(r: Reading) -> list[Scope]:
    """一色三步高: three chows of one suit, each one or each two higher."""
    return _combos(r, 3, False, lambda gs: _same_suit(gs) and any(_stepped([g.tile for g in gs], s) for s in (1, 2)))


@fan("全带五", "All Fives", 16, ("断幺", "无字"))
def all_fives(r: Reading) -> list[Scope]:
    """全带五: a 5 in every set and in the pair."""
    return _if(_groups_all(r, lambda g: any(not is_honor(t) and rank(t) == 5 for t in _group_tiles(g))))


@fan("三同刻", "Triple Pung", 16, (), True)
def triple_pung(r: Reading) -> list[Scope]:
    """三同刻: pungs of the same number in all three suits."""
    return _combos(r, 3, True, lambda gs: _three_suits(gs) and len(set(_ranks(gs))) == 1)


@fan("三暗刻", "Three Concealed Pungs", 16)
def three_concealed_pungs(r: Reading) -> list[Scope]:
    """三暗刻: three concealed pungs or kongs."""
    return _if(_concealed_triplets(r) == 3)


# ---- 12 ----------------------------------------------------------------------------------------------------------


@fan("全不靠", "Lesser Honors and Knitted Tiles", 12, ("五门齐", "门前清", "不求人", "单钓将"))
def lesser_honors_and_knitted(r: Reading) -> list[Scope]:
    """全不靠: fourteen single tiles of honours and of one knitted straight."""
    return _if(r.shape == "honors_knitted")


@fan("组合龙", "Knitted Straight", 12)
def knitted_straight(r: Reading) -> list[Scope]:
    """组合龙: 147, 258 and 369 each of a different suit."""
    c = r.win.counts
    return _if(r.shape == "knitted" or r.shape == "honors_knitted" and any(all(c[t] for t in k) for k in KNITTED))


@fan("大于五", "Upper Four", 12, ("无字",))
def upper_four(r: Reading) -> list[Scope]:
    """大于五: suited 6 to 9 only."""
    return _if(_ranks_within(r, 6, 9))


@fan("小于五", "Lower Four", 12, ("无字",))
def lower_four(r: Reading) -> list[Scope]:
    """小于五: suited 1 to 4 only."""
    return _if(_ranks_within(r, 1, 4))


@fan("三风刻", "Big Three Winds", 12, ("幺九刻",), True)
def big_three_winds(r: Reading) -> list[Scope]:
    """三风刻: pungs or kongs of three winds."""
    return _combos(r, 3, True, lambda gs: all(g.tile in WINDS for g in gs))


# ---- 8 -----------------------------------------------------------------------------------------------------------


@fan("花龙", "Mixed Straight", 8, (), True)
def mixed_straight(r: Reading) -> list[Scope]:
    """花龙: 123, 456 and 789 each in a different suit."""
    return _combos(r, 3, False, lambda gs: _three_suits(gs) and _ranks(gs) == [1, 4, 7])


@fan("推不倒", "Reversible Tiles", 8, ("缺一门",))
def reversible_tiles(r: Reading) -> list[Scope]:
    """推不倒: only tiles that look the same upside down (1234589 dots, 245689 bamboo, white dragon)."""
    return _every(r, REVERSIBLE_TILES.__contains__)


@fan("三色三同顺", "Mixed Triple Chow", 8, (), True)
def mixed_triple_chow(r: Reading) -> list[Scope]:
    """三色三同顺: the same chow in all three suits."""
    return _combos(r, 3, False, lambda gs: _three_suits(gs) and len(set(_ranks(gs))) == 1)


@fan("三色三节高", "Mixed Shifted Pungs", 8, (), True)
def mixed_shifted_pungs(r: Reading) -> list[Scope]:
    """三色三节高: pungs in three suits, each one higher."""
    return _combos(r, 3, True, lambda gs: _three_suits(gs) and _stepped(_ranks(gs), 1))


@fan("无番和", "Chicken Hand", 8)
def chicken_hand(r: Reading) -> list[Scope]:
    """无番和: a win with no other fan (flowers aside); exclusion.py adds it when nothing else counts."""
    return []


@fan("妙手回春", "Last Tile Draw", 8, ("自摸",))
def last_tile_draw(r: Reading) -> list[Scope]:
    """妙手回春: self-drawn on the last tile of the wall."""
    return _if(r.win.tsumo and r.win.wall_last)


@fan("海底捞月", "Last Tile Claim", 8)
def last_tile_claim(r: Reading) -> list[Scope]:
    """海底捞月: winning on the discard of the last tile of the wall."""
    return _if(not r.win.tsumo and r.win.wall_last)


@fan("杠上开花", "Out with Replacement Tile", 8, ("自摸",))
def out_with_replacement_tile(r: Reading) -> list[Scope]:
    """杠上开花: self-drawn on the replacement tile of a kong."""
    return _if(r.win.tsumo and r.win.kong and any(m.kind == "kong" for m in r.win.melds))


@fan("抢杠和", "Robbing the Kong", 8, ("和绝张",))
def robbing_the_kong(r: Reading) -> list[Scope]:
    """抢杠和: winning on the tile another player adds to a pung to make a kong."""
    w = r.win
    return _if(not w.tsumo and w.kong and w.concealed_counts[w.win_tile] == 1 and w.counts[w.win_tile] == 1)


# ---- 6 -----------------------------------------------------------------------------------------------------------


@fan("碰碰和", "All Pungs", 6)
def all_pungs(r: Reading) -> list[Scope]:
    """碰碰和: four pungs or kongs and a pair."""
    return _if(r.shape == "regular" and all(g.is_pung for g in r.sets))


@fan("混一色", "Half Flush", 6)
def half_flush(r: Reading) -> list[Scope]:
    """混一色: one suit and honours."""
    return _if(len(_suits(r)) == 1 and _has_honors(r))


@fan("三色三步高", "Mixed Shifted Chows", 6, (), True)
def mixed_shifted_chows(r: Reading) -> list[Scope]:
    """三色三步高: chows in three suits, each one higher."""
    return _combos(r, 3, False, lambda gs: _three_suits(gs) and _stepped(_ranks(gs), 1))


@fan("五门齐", "All Types", 6)
def all_types(r: Reading) -> list[Scope]:
    """五门齐: all three suits, a wind and a dragon."""
    kinds = _kinds(r)
    return _if(len(_suits(r)) == 3 and any(t in WINDS for t in kinds) and any(t in DRAGONS for t in kinds))


@fan("全求人", "Melded Hand", 6, ("单钓将",))
def melded_hand(r: Reading) -> list[Scope]:
    """全求人: four claimed sets and the pair completed by a discard."""
    w = r.win
    return _if(not w.tsumo and len(w.melds) == 4 and not any(m.concealed for m in w.melds))


@fan("双暗杠", "Two Concealed Kongs", 6, ("暗杠", "双暗刻"))
def two_concealed_kongs(r: Reading) -> list[Scope]:
    """双暗杠: two concealed kongs."""
    return _if(_kongs(r, True) == 2)


@fan("双箭刻", "Two Dragon Pungs", 6, ("箭刻", "幺九刻"), True)
def two_dragon_pungs(r: Reading) -> list[Scope]:
    """双箭刻: pungs or kongs of two dragons."""
    return _combos(r, 2, True, lambda gs: all(g.tile in DRAGONS for g in gs))


# ---- 4 -----------------------------------------------------------------------------------------------------------


@fan("全带幺", "Outside Hand", 4)
def outside_hand(r: Reading) -> list[Scope]:
    """全带幺: a terminal or an honour in every set and in the pair."""
    return _if(_groups_all(r, lambda g: any(is_terminal_or_honor(t) for t in _group_tiles(g))))


@fan("不求人", "Fully Concealed Hand", 4, ("自摸",))
def fully_concealed_hand(r: Reading) -> list[Scope]:
    """不求人: a closed hand (concealed kongs allowed) won on its own draw."""
    return _if(r.win.closed and r.win.tsumo)


@fan("双明杠", "Two Melded Kongs", 4, ("明杠",))
def two_melded_kongs(r: Reading) -> list[Scope]:
    """双明杠: two exposed kongs."""
    return _if(_kongs(r, False) == 2)


@fan("和绝张", "Last Tile", 4)
def last_tile(r: Reading) -> list[Scope]:
    """和绝张: winning on the last tile of its kind, the other three visible (three in one's own sets: always)."""
    w = r.win
    in_melds = w.counts[w.win_tile] - w.concealed_counts[w.win_tile]
    return _if(w.concealed_counts[w.win_tile] == 1 and (w.last_of_kind or in_melds == 3))


# ---- 2 -----------------------------------------------------------------------------------------------------------


@fan("箭刻", "Dragon Pung", 2, ("幺九刻",))
def dragon_pung(r: Reading) -> list[Scope]:
    """箭刻: a pung or kong of a dragon (each counts)."""
    return _per_set(r, lambda g: g.tile in DRAGONS)


@fan("圈风刻", "Prevalent Wind", 2, ("幺九刻",))
def prevalent_wind(r: Reading) -> list[Scope]:
    """圈风刻: a pung or kong of the round's wind."""
    return _per_set(r, lambda g: g.tile == 27 + r.win.prevalent_wind)


@fan("门风刻", "Seat Wind", 2, ("幺九刻",))
def seat_wind(r: Reading) -> list[Scope]:
    """门风刻: a pung or kong of the seat's wind."""
    return _per_set(r, lambda g: g.tile == 27 + r.win.seat_wind)


@fan("门前清", "Concealed Hand", 2)
def concealed_hand(r: Reading) -> list[Scope]:
    """门前清: a closed hand (concealed kongs allowed) won on a discard."""
    return _if(r.win.closed and not r.win.tsumo)


@fan("平和", "All Chows", 2, ("无字",))
def all_chows(r: Reading) -> list[Scope]:
    """平和: four chows (a knitted straight counts as three) and a pair of a suit."""
    return _if(
        _regular(r) and all(g.kind in (CHOW, KNIT) for g in r.sets) and r.pair is not None and not is_honor(r.pair.tile)
    )


@fan("四归一", "Tile Hog", 2)
def tile_hog(r: Reading) -> list[Scope]:
    """四归一: all four tiles of a kind in the hand without a kong of them (each kind counts)."""
    kongs = {m.tile for m in r.win.melds if m.kind == "kong"}
    return [HAND for t in range(KINDS) if r.win.counts[t] == 4 and t not in kongs]


@fan("双同刻", "Double Pung", 2, (), True)
def double_pung(r: Reading) -> list[Scope]:
    """双同刻: pungs of the same number in two suits."""
    return _combos(
        r, 2, True, lambda gs: _suited(gs) and suit(gs[0].tile) != suit(gs[1].tile) and len(set(_ranks(gs))) == 1
    )


@fan("双暗刻", "Two Concealed Pungs", 2)
def two_concealed_pungs(r: Reading) -> list[Scope]:
    """双暗刻: two concealed pungs or kongs."""
    return _if(_concealed_triplets(r) == 2)


@fan("暗杠", "Concealed Kong", 2)
def concealed_kong(r: Reading) -> list[Scope]:
    """暗杠: one concealed kong."""
    return _if(_kongs(r, True) == 1)


@fan("断幺", "All Simples", 2, ("无字",))
def all_simples(r: Reading) -> list[Scope]:
    """断幺: no terminals and no honours."""
    return _every(r, lambda t: not is_terminal_or_honor(t))


# ---- 1 -----------------------------------------------------------------------------------------------------------


def _two_chows(r: Reading, test: Callable[[Group, Group], bool]) -> list[Scope]:
    return _combos(r, 2, False, lambda gs: test(gs[0], gs[1]))


@fan("一般高", "Pure Double Chow", 1, (), True)
def pure_double_chow(r: Reading) -> list[Scope]:
    """一般高: two identical chows."""
    return _two_chows(r, lambda a, b: a.tile == b.tile)


@fan("喜相逢", "Mixed Double Chow", 1, (), True)
def mixed_double_chow(r: Reading) -> list[Scope]:
    """喜相逢: the same chow in two suits."""
    return _two_chows(r, lambda a, b: suit(a.tile) != suit(b.tile) and rank(a.tile) == rank(b.tile))


@fan("连六", "Short Straight", 1, (), True)
def short_straight(r: Reading) -> list[Scope]:
    """连六: two chows of one suit making six consecutive tiles."""
    return _two_chows(r, lambda a, b: b.tile - a.tile == 3 and suit(a.tile) == suit(b.tile))


@fan("老少副", "Two Terminal Chows", 1, (), True)
def two_terminal_chows(r: Reading) -> list[Scope]:
    """老少副: 123 and 789 of one suit."""
    return _two_chows(r, lambda a, b: b.tile - a.tile == 6 and suit(a.tile) == suit(b.tile) and rank(a.tile) == 1)


@fan("幺九刻", "Pung of Terminals or Honors", 1)
def pung_of_terminals_or_honors(r: Reading) -> list[Scope]:
    """幺九刻: a pung or kong of terminals or honours (each counts)."""
    return _per_set(r, lambda g: is_terminal_or_honor(g.tile))


@fan("明杠", "Melded Kong", 1)
def melded_kong(r: Reading) -> list[Scope]:
    """明杠: one exposed kong."""
    return _if(_kongs(r, False) == 1)


@fan("缺一门", "One Voided Suit", 1)
def one_voided_suit(r: Reading) -> list[Scope]:
    """缺一门: exactly one of the three suits missing."""
    return _if(len(_suits(r)) == 2)


@fan("无字", "No Honors", 1)
def no_honors(r: Reading) -> list[Scope]:
    """无字: no honours."""
    return _if(not _has_honors(r))


@fan("边张", "Edge Wait", 1)
def edge_wait(r: Reading) -> list[Scope]:
    """边张: the only winning tile was the 3 of 12 or the 7 of 89."""
    return _if(r.wait == EDGE)


@fan("嵌张", "Closed Wait", 1)
def closed_wait(r: Reading) -> list[Scope]:
    """嵌张: the only winning tile was the middle of a chow."""
    return _if(r.wait == CLOSED)


@fan("单钓将", "Single Wait", 1)
def single_wait(r: Reading) -> list[Scope]:
    """单钓将: the only winning tile was the pair's."""
    return _if(r.wait == SINGLE)


@fan("自摸", "Self-Drawn", 1)
def self_drawn(r: Reading) -> list[Scope]:
    """自摸: a win on one's own draw."""
    return _if(r.win.tsumo)


@fan("花牌", "Flower Tiles", 1)
def flower_tiles(r: Reading) -> list[Scope]:
    """花牌: one fan per flower (not counted toward the minimum, docs/mcr.md §4)."""
    return [HAND] * r.win.flowers
