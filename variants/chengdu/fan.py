"""The fan table (chengdu.md §4): one pattern entry (the highest) plus additive fan, capped; the value B x 2^fan.

Patterns are data (:class:`mjsim.scoring.Pattern`). Table entries are plain patterns and only the highest one
counts (they do not add, §4.1); additive items (根, 杠上花, ...) are ``bonus`` patterns and add (§4.2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, NamedTuple

from mjsim.hand.tiles import kind_of
from mjsim.scoring import (
    ANKAN,
    QUAD,
    SEQUENCE,
    SEVEN_PAIRS,
    STANDARD,
    TANKI,
    Hit,
    NoWin,
    Pattern,
    Reading,
    Score,
    WinContext,
    hand_readings,
)
from variants.chengdu import options as opt
from variants.chengdu.options import capped, win_value
from variants.chengdu.tiles import SUITS, is_seven_pairs, suit_allowed


class FanDetail(NamedTuple):
    """Chengdu's facts of a win: its fan, and "cap" when the cap cut them."""

    fan: int
    limit: str | None

    def rank_key(self) -> tuple[int]:
        """Between readings of equal value: more fan."""
        return (self.fan,)

    def record(self) -> dict[str, Any]:
        """The hand record's facts of the win (named as the riichi family names them: fan are the han)."""
        return {"han": self.fan, "fu": 0, "yakuman": 0}

    def report(self) -> dict[str, Any]:
        """The fields ``mjsim score --json`` shows."""
        return {"han": self.fan, "fu": 0, "fu_parts": [], "limit": self.limit, "yakuman": 0}

    def lines(self, unit: str) -> list[str]:
        """No fu line: fan have no parts."""
        return []

    def label(self) -> str | None:
        """ "cap" when the cap cut the fan."""
        return self.limit


# --- Shape facts of one reading ---------------------------------------------------------------------


def _standard(ctx: WinContext) -> bool:
    return ctx.reading.form == STANDARD


def _all_pungs(ctx: WinContext) -> bool:
    return _standard(ctx) and not ctx.reading.sequences


def _flush(ctx: WinContext) -> bool:
    return len(ctx.suits) == 1


def _pairs(ctx: WinContext) -> bool:
    return ctx.reading.form == SEVEN_PAIRS


def _dragon_pairs(ctx: WinContext) -> bool:
    return _pairs(ctx) and 4 in ctx.counts


def _terminal_sets(ctx: WinContext) -> bool:
    """Every set and the pair holds a 1 or a 9."""
    r = ctx.reading
    if not _standard(ctx) or r.pair % 9 not in (0, 8):
        return False
    return all(st.kind % 9 in (0, 6) if st.shape == SEQUENCE else st.kind % 9 in (0, 8) for st in r.sets)


def _only_258(ctx: WinContext) -> bool:
    return all(k % 9 in (1, 4, 7) for k in ctx.kinds)


def _golden_hook(ctx: WinContext) -> bool:
    """Four called or declared sets, the winning tile pairing the last tile in hand."""
    return _standard(ctx) and len(ctx.melds) == 4


def _four_kongs(ctx: WinContext) -> bool:
    return _standard(ctx) and sum(1 for st in ctx.reading.sets if st.shape == QUAD) == 4


# --- Table entries (§4.1): the highest one counts ------------------------------------------------------


def pinghu(ctx: WinContext) -> bool:
    """平胡 (plain hand): none of the patterns below."""
    return True


def duiduihu(ctx: WinContext) -> bool:
    """対々和 / 大对子 (all pungs): four pungs or kongs and a pair."""
    return _all_pungs(ctx)


def qingyise(ctx: WinContext) -> bool:
    """清一色 (full flush): one suit only."""
    return _flush(ctx)


def qidui(ctx: WinContext) -> bool:
    """七対 (seven pairs): a closed hand of seven pairs."""
    return _pairs(ctx)


def daiyaojiu(ctx: WinContext) -> bool:
    """幺九 / 带幺九: every set and the pair contains a 1 or a 9."""
    return _terminal_sets(ctx)


def jingoudiao(ctx: WinContext) -> bool:
    """金钩钓 (golden hook): four melds, waiting on the pair with one tile in hand."""
    return _golden_hook(ctx)


def qingdui(ctx: WinContext) -> bool:
    """清対: 清一色 and 対々和."""
    return _flush(ctx) and _all_pungs(ctx)


def jiangdui(ctx: WinContext) -> bool:
    """将対: an all-pung hand of 2, 5 and 8 only."""
    return _all_pungs(ctx) and _only_258(ctx)


def qingqidui(ctx: WinContext) -> bool:
    """清七対: 清一色 and 七対."""
    return _flush(ctx) and _pairs(ctx)


def longqidui(ctx: WinContext) -> bool:
    """龍七対: seven pairs holding four identical tiles (two pairs); one 根 is consumed."""
    return _dragon_pairs(ctx)


def qingyaojiu(ctx: WinContext) -> bool:
    """清幺九: 清一色 and 幺九."""
    return _flush(ctx) and _terminal_sets(ctx)


def jiangjingou(ctx: WinContext) -> bool:
    """将金钩钓: 金钩钓 of 2, 5 and 8 only."""
    return _golden_hook(ctx) and _only_258(ctx)


def qingjingou(ctx: WinContext) -> bool:
    """清金钩钓: 金钩钓 in one suit."""
    return _golden_hook(ctx) and _flush(ctx)


def qinglongqidui(ctx: WinContext) -> bool:
    """清龍七対: 清一色 and 龍七対; one 根 is consumed."""
    return _flush(ctx) and _dragon_pairs(ctx)


def tianhu(ctx: WinContext) -> bool:
    """天和 (heavenly hand): the dealer wins on the initial fourteen tiles."""
    return True


def dihu(ctx: WinContext) -> bool:
    """地和 (earthly hand): a non-dealer wins on the first draw, no call before."""
    return True


def shibaluohan(ctx: WinContext) -> bool:
    """十八罗汉 (eighteen arhats): four kongs and a pair; its four 根 are not counted."""
    return _four_kongs(ctx)


def qingshibaluohan(ctx: WinContext) -> bool:
    """清十八罗汉: 十八罗汉 in one suit."""
    return _four_kongs(ctx) and _flush(ctx)


# --- Additive fan (§4.2) ---------------------------------------------------------------------------------


def gen(ctx: WinContext) -> int:
    """根 (root): +1 for each kind held four times (hand and kongs, winning tile included)."""
    return sum(1 for n in ctx.counts if n == 4)


def gangshanghua(ctx: WinContext) -> bool:
    """杠上花: a win on a kong's replacement tile."""
    return True


def gangshangpao(ctx: WinContext) -> bool:
    """杠上炮: a ron on the discard made right after a kong."""
    return True


def qiangganghu(ctx: WinContext) -> bool:
    """抢杠胡: a ron robbing an added kong."""
    return True


def haidilaoyue(ctx: WinContext) -> bool:
    """海底捞月: a tsumo on the wall's last tile."""
    return True


def zimo_fan(ctx: WinContext) -> bool:
    """自摸加番: one more fan for a self-drawn win."""
    return ctx.tsumo


def menqing(ctx: WinContext) -> bool:
    """门清: a closed hand (concealed kongs allowed) won by tsumo."""
    return ctx.tsumo and all(m.type == ANKAN for m in ctx.melds)


def zhongzhang(ctx: WinContext) -> bool:
    """中张 (断幺九): no 1 or 9 anywhere."""
    return all(k % 9 not in (0, 8) for k in ctx.kinds)


CONSUMED_GEN = {"longqidui": 1, "qinglongqidui": 1, "shibaluohan": 4, "qingshibaluohan": 4}
"""根 that a pattern consumes (its four-of-a-kind is part of the pattern itself)."""


def _entry(func, fan: int, closed_only: bool = False, when: str | None = None) -> Pattern:
    """A table entry: only the highest applicable one counts."""
    title = func.__doc__.split(" ", 1)[0].rstrip(":")
    return Pattern(
        func.__name__, title, func, value=fan, open_value=None if closed_only else fan, doc=func.__doc__, when=when
    )


def _addon(func, fan: int, when: str | None = None) -> Pattern:
    """An additive item."""
    title = func.__doc__.split(" ", 1)[0].rstrip(":")
    return Pattern(func.__name__, title, func, value=fan, open_value=fan, bonus=True, doc=func.__doc__, when=when)


def patterns(rules: Mapping[str, Any]) -> list[Pattern]:
    """The fan table configured by the options (entries with 0 fan from an option are left out)."""
    out = [
        _entry(pinghu, 0),
        _entry(duiduihu, 1),
        _entry(qingyise, 2),
        _entry(qidui, 2, closed_only=True),
        _entry(daiyaojiu, 2),
        _entry(qingdui, 3),
        _entry(jiangdui, 3),
        _entry(qingqidui, 4, closed_only=True),
        _entry(longqidui, rules[opt.LONG_QIDUI_FAN], closed_only=True),
        _entry(qingyaojiu, 4),
        _entry(qinglongqidui, 5, closed_only=True),
        _entry(tianhu, 5, when="tenhou"),
        _entry(dihu, 5, when="chiihou"),
        _addon(gen, 1),
        _addon(gangshanghua, rules[opt.GANGSHANGHUA_FAN], when="rinshan"),
    ]
    if rules[opt.GOLDEN_HOOK]:
        out += [_entry(jingoudiao, 2), _entry(jiangjingou, 4), _entry(qingjingou, 4)]
    arhats = rules[opt.EIGHTEEN_ARHATS]
    if arhats != "off":
        plain, flush = (6, 8) if arhats == "6_8" else (5, 5)
        out += [_entry(shibaluohan, plain), _entry(qingshibaluohan, flush)]
    addons = (
        (gangshangpao, opt.GANGSHANGPAO_FAN, "gangshangpao"),
        (qiangganghu, opt.ROB_KONG_FAN, "chankan"),
        (haidilaoyue, opt.HAIDI_FAN, "haitei"),
        (menqing, opt.MENQING_FAN, None),
        (zhongzhang, opt.ZHONGZHANG_FAN, None),
    )
    out += [_addon(func, rules[key], when) for func, key, when in addons if rules[key]]
    if rules[opt.TSUMO_BONUS] == "add_fan":
        out.append(_addon(zimo_fan, 1))
    return out


# --- Scoring ----------------------------------------------------------------------------------------------


def readings(ctx: WinContext) -> list[Reading]:
    """Every reading: sets and a pair, and seven pairs where four of a kind counts as two pairs."""
    found = [r for r in hand_readings(ctx) if r.form == STANDARD]
    counts = ctx.concealed_counts
    if not ctx.melds and is_seven_pairs(counts):
        pairs = tuple(k for k, n in enumerate(counts) for _ in range(n // 2))
        found.append(Reading(SEVEN_PAIRS, None, (), TANKI, pairs))
    return found


def void_of(ctx: WinContext) -> int | None:
    """The declared missing suit of the winner (``extra["chengdu.void"]``, e.g. ("s",)), None when implicit."""
    given = ctx.extra.get("chengdu.void")
    if not given:
        return None
    letter = given[0] if isinstance(given, tuple | list) else given
    if letter not in SUITS:
        raise NoWin(f"chengdu.void must be one of m, p, s, got {letter!r}")
    return SUITS.index(letter)


def score_win(ctx: WinContext, rules) -> Score:
    """The best reading's fan and value, or NoWin saying why the tiles do not win."""
    if any(kind_of(t) >= 27 for t in ctx.all_tiles):
        raise NoWin("the 108-tile set has no honours or flowers")
    size = len(ctx.concealed) + 3 * len(ctx.melds)
    if size != 14:
        raise NoWin(f"a winning hand has 14 tiles (kongs counted as 3), this one has {size}")
    if not suit_allowed(ctx.suits, void_of(ctx)):
        raise NoWin("a winning hand must lack a suit (缺一门): " + _suit_reason(ctx))
    best = None
    for reading in readings(ctx):
        score = _value(replace(ctx, reading=reading), rules)
        if best is None or score.rank_key() > best.rank_key():
            best = score
    if best is None:
        raise NoWin("the hand is not complete")
    return best


def _suit_reason(ctx: WinContext) -> str:
    void = void_of(ctx)
    return "it holds all three suits" if void is None else f"it holds tiles of the declared void suit {SUITS[void]}"


def _value(ctx: WinContext, rules) -> Score:
    """Fan and value of one reading: the highest table entry, plus additive fan, less consumed roots."""
    entries, addons = [], []
    for p in rules.patterns:
        if (p.when is not None and p.when not in ctx.situation) or (p.open_value is None and not ctx.closed):
            continue
        times = int(p.applies(ctx))
        if times:
            (addons if p.bonus else entries).append((p, times))
    main = max(entries, key=lambda item: item[0].value)[0]
    hits = [Hit(main.name, main.title, main.value)]
    for p, times in addons:
        if p.name == "gen":
            times -= CONSUMED_GEN.get(main.name, 0)
        if times > 0:
            hits.append(Hit(p.name, p.title, p.value * times, 0, True))
    fan = sum(h.value for h in hits)
    value = win_value(rules, fan)
    limit = "cap" if capped(rules, fan) < fan else None
    return Score(tuple(hits), value, _payments(ctx, rules, value), ctx.reading, FanDetail(fan, limit))


def tsumo_charge(rules: Mapping[str, Any], value: int) -> int:
    """What each payer of a tsumo pays: the value, plus one base under 自摸加底."""
    return value + (rules[opt.BASE] if rules[opt.TSUMO_BONUS] == "add_base" else 0)


def _payments(ctx: WinContext, rules: Mapping[str, Any], value: int) -> tuple[int, ...]:
    """Changes by wind index when every other seat is still in the hand (a ron: the discarder pays)."""
    out = [0, 0, 0, 0]
    if ctx.tsumo:
        charge = tsumo_charge(rules, value)
        for wind in range(4):
            out[wind] = 3 * charge if wind == ctx.seat else -charge
    else:
        out[ctx.seat], out[ctx.discarder] = value, -value
    return tuple(out)
