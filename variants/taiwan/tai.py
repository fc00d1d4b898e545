"""The tai (台) table as pattern data (taiwan.md §8), configured for the rule set's options.

Dealer items (莊家, 連莊) depend on the transaction and the flower wins (七搶一, 八仙過海) on the whole table,
so they are priced in ``variants/taiwan/scoring.py``; everything that reads the winner's hand is here.
"""

from __future__ import annotations

from mjsim.hand.tiles import DRAGONS, WINDS
from mjsim.scoring import KANCHAN, PENCHAN, RYANMEN, TANKI, Pattern, WinContext
from variants.taiwan import options as opt
from variants.taiwan.seats import own_flower
from variants.taiwan.waits import waits_of

SUITED_LIMIT = 27
SINGLE_WAIT_SHAPES = (KANCHAN, PENCHAN, TANKI)


def flowers(ctx: WinContext) -> tuple[int, ...]:
    """The winner's flower kinds."""
    return ctx.extra.get("taiwan.flowers", ())


def _waits_before(ctx: WinContext, lilikuli: bool) -> tuple[int, ...]:
    """The kinds that completed the hand before the winning tile came (嚦咕嚦咕 a shape too, by option)."""
    counts = bytearray(ctx.concealed_counts)
    counts[ctx.win_kind] -= 1
    return waits_of(bytes(counts), lilikuli)


def _with(rule, *args):
    """``rule`` with the rule values it reads bound once (the context carries none)."""

    def applies(ctx):
        return rule(ctx, *args)

    applies.__doc__ = rule.__doc__
    return applies


def _open_melds(ctx: WinContext) -> int:
    return sum(1 for m in ctx.melds if m.opened)


def _menqing(ctx):
    """門清: no chi, pon or exposed kong (flowers and concealed kongs allowed)."""
    return ctx.closed


def _zimo(ctx):
    """自摸: a self-drawn win, open or closed."""
    return ctx.tsumo


def _buqiuren(ctx):
    """不求人: closed and self-drawn, counted instead of 門清 and 自摸 (not after MIGI, which excludes 門清)."""
    return ctx.closed and ctx.tsumo and "migi" not in ctx.situation


def _dudiao_north(ctx, lilikuli: bool):
    """獨聽 (north): only one tile kind completed the hand."""
    return len(_waits_before(ctx, lilikuli)) == 1


def _dudiao_south(ctx, lilikuli: bool):
    """獨聽 (south): the win can be read as an edge, closed or single wait, or only one kind completed the hand."""
    return ctx.reading.wait in SINGLE_WAIT_SHAPES or len(_waits_before(ctx, lilikuli)) == 1


def _pinghu(ctx, allows_menzen: bool):
    """平和: five chows and a pair, no honours, no flowers, a ron on a two-sided wait."""
    r = ctx.reading
    return (
        len(r.sequences) == 5
        and not ctx.has_honors
        and not flowers(ctx)
        and not ctx.tsumo
        and r.wait == RYANMEN
        and (not ctx.closed or allows_menzen)
    )


def _quanqiuren(ctx):
    """全求人: five exposed sets and a ron on the single remaining tile (counted instead of 獨聽)."""
    return _open_melds(ctx) == 5 and not ctx.tsumo


def _banqiu(ctx):
    """半求: five exposed sets and a self-drawn win (local)."""
    return _open_melds(ctx) == 5 and ctx.tsumo


def _duiduihu(ctx):
    """對對和 (碰碰胡): five pungs or kongs and a pair."""
    return len(ctx.reading.triplets) == 5


def _lilikuli(ctx):
    """嚦咕嚦咕: seven pairs and one pung, necessarily closed (local)."""
    return ctx.reading.form == "lilikuli"


def _hunyise(ctx):
    """混一色 (湊一色): one suit and honours."""
    return len(ctx.suits) == 1 and ctx.has_honors


def _qingyise(ctx):
    """清一色: one suit only."""
    return len(ctx.suits) == 1 and not ctx.has_honors


def _ziyise(ctx):
    """字一色: honours only."""
    return not ctx.suits


def _concealed_pungs(n: int, title: str):
    def applies(ctx):
        return ctx.reading.concealed_triplets == n

    applies.__doc__ = f"{title}: {n} concealed pungs or kongs"
    return applies


def _dragon_pungs(ctx) -> int:
    """三元牌: one tai for each pung or kong of 中, 發 or 白."""
    return sum(1 for k in ctx.reading.triplets if k in DRAGONS)


def _quanfeng(ctx):
    """圈風: a pung or kong of the round wind."""
    return ctx.round_wind in ctx.reading.triplet_set


def _menfeng(ctx):
    """門風: a pung or kong of the seat wind."""
    return ctx.seat_wind in ctx.reading.triplet_set


def _xiaosanyuan(ctx):
    """小三元: two dragon pungs and a dragon pair (the dragon tai included)."""
    return _dragon_pungs(ctx) == 2 and ctx.reading.pair in DRAGONS


def _dasanyuan(ctx):
    """大三元: three dragon pungs (the dragon tai included)."""
    return _dragon_pungs(ctx) == 3


def _wind_pungs(ctx) -> int:
    """見風見台: one tai for every wind pung or kong (local)."""
    return sum(1 for k in ctx.reading.triplets if k in WINDS)


def _xiaosixi(ctx):
    """小四喜: three wind pungs and a wind pair (the wind tai not added)."""
    return _wind_pungs(ctx) == 3 and ctx.reading.pair in WINDS


def _dasixi(ctx):
    """大四喜: four wind pungs (the wind tai included)."""
    return _wind_pungs(ctx) == 4


def _zhenghua(ctx) -> int:
    """正花: one tai for each of the seat's own flowers."""
    return sum(1 for k in flowers(ctx) if own_flower(k, ctx.seat))


def _huagang(ctx) -> int:
    """花槓: all four seasons, or all four plants, held by the winner (one tai each set)."""
    held = {k - 34 for k in flowers(ctx)}
    return sum(1 for group in (range(4), range(4, 8)) if held.issuperset(group))


def _jianhua(ctx) -> int:
    """見花見台: every flower is one tai, whatever the seat (local)."""
    return len(flowers(ctx))


def _kong_tai(ctx) -> int:
    """槓: an exposed kong one tai, a concealed kong two (local)."""
    return sum(2 if not m.opened else 1 for m in ctx.melds if len(m.tiles) == 4)


def _wuziwuhua(ctx):
    """無字無花: no honours and no flowers (local)."""
    return not ctx.has_honors and not flowers(ctx)


def _situation(title: str):
    def applies(ctx):
        return True

    applies.__doc__ = f"{title}: the circumstance of the win"
    return applies


_NO_FIRST = ("menqing", "zimo", "buqiuren", "migi")
_WINDS = ("quanfeng", "menfeng")


def patterns(rules) -> list[Pattern]:
    """Every tai item the rule set's options allow, with the values they set."""
    # The tai table itself, one row per item: it reads best whole.
    local = rules[opt.LOCAL_TAI]
    ziyise_tai = rules[opt.ZIYISE_TAI]
    lilikuli = rules[opt.LILIKULI]
    south = rules[opt.DUJING_MODE] == "south"  # 獨聽 by the southern reading is counted once per reading
    dudiao = _dudiao_south if south else _dudiao_north
    rows = [
        # name, title, tai, applies, closed only, replaces, per hand, circumstance
        ("menqing", "門清", 1, _menqing, True, (), True, None),
        ("zimo", "自摸", 1, _zimo, False, (), True, None),
        ("buqiuren", "不求人", 3, _buqiuren, True, ("menqing", "zimo"), True, None),
        ("dudiao", "獨聽", 1, _with(dudiao, lilikuli), False, (), not south, None),
        ("qianggang", "搶槓", 1, _situation("搶槓"), False, (), True, "chankan"),
        ("gangshang", "槓上開花", 1, _situation("槓上開花"), False, (), True, "rinshan"),
        ("haidi", "海底撈月", 1, _situation("海底撈月"), False, (), True, "haitei"),
        ("hedi", "河底撈魚", 1, _situation("河底撈魚"), False, (), True, "houtei"),
        ("pinghu", "平和", 2, _with(_pinghu, rules[opt.PINFU_ALLOWS_MENZEN]), False, (), False, None),
        ("quanqiuren", "全求人", 3, _quanqiuren, False, ("dudiao",), True, None),
        ("duiduihu", "對對和", 4, _duiduihu, False, (), False, None),
        ("hunyise", "混一色", 4, _hunyise, False, (), True, None),
        ("qingyise", "清一色", 8, _qingyise, False, (), True, None),
        ("ziyise", "字一色", ziyise_tai, _ziyise, False, ("duiduihu",) if ziyise_tai == 16 else (), True, None),
        ("sananke", "三暗刻", 2, _concealed_pungs(3, "三暗刻"), False, (), False, None),
        ("sianke", "四暗刻", 5, _concealed_pungs(4, "四暗刻"), False, (), False, None),
        ("wuanke", "五暗刻", 8, _concealed_pungs(5, "五暗刻"), False, (), False, None),
        ("sanyuan", "三元牌", 1, _dragon_pungs, False, (), False, None),
        ("quanfeng", "圈風", 1, _quanfeng, False, (), False, None),
        ("menfeng", "門風", 1, _menfeng, False, (), False, None),
        ("xiaosanyuan", "小三元", 4, _xiaosanyuan, False, ("sanyuan",), False, None),
        ("dasanyuan", "大三元", 8, _dasanyuan, False, ("sanyuan", "xiaosanyuan"), False, None),
        ("xiaosixi", "小四喜", 8, _xiaosixi, False, _WINDS + ("jianfeng",), False, None),
        ("dasixi", "大四喜", 16, _dasixi, False, _WINDS + ("xiaosixi", "jianfeng"), False, None),
        ("zhenghua", "正花", 1, _zhenghua, False, (), True, None),
        ("huagang", "花槓", 1, _huagang, False, (), True, None),
        ("migi", "天聽地聽", rules[opt.MIGI_TAI], _situation("天聽・地聽 (MIGI)"), True, ("menqing",), True, "migi"),
        ("qiangting", "嗆聽", 1, _situation("嗆聽"), False, (), True, "qiangting"),
        ("renhu", "人和", 16, _situation("人和"), False, _NO_FIRST, True, "renhu"),
        ("dihu", "地和", 16, _situation("地和"), False, _NO_FIRST, True, "dihu"),
        ("tianhu", "天和", rules[opt.TIANHU_TAI], _situation("天和"), False, _NO_FIRST, True, "tianhu"),
    ]
    if lilikuli:
        rows.append(("lilikuli", "嚦咕嚦咕", 4, _lilikuli, True, ("menqing",), False, None))
    if rules[opt.BANQIU]:
        rows.append(("banqiu", "半求", 1, _banqiu, False, (), True, None))
    if "jianhua" in local:
        rows.append(("jianhua", "見花見台", 1, _jianhua, False, ("zhenghua",), True, None))
    if "jianfeng" in local:
        rows.append(("jianfeng", "見風見台", 1, _wind_pungs, False, _WINDS, False, None))
    if "kong_tai" in local:
        rows.append(("kong_tai", "槓", 1, _kong_tai, False, (), True, None))
    if "wuziwuhua" in local:
        rows.append(("wuziwuhua", "無字無花", 2, _wuziwuhua, False, (), True, None))
    return [_pattern(*row) for row in rows]


def _pattern(name, title, tai, applies, closed_only, replaces, per_hand, when) -> Pattern:
    """One row of the table as a Pattern (tai in the ``han`` slot)."""
    return Pattern(
        name,
        title,
        applies,
        value=tai,
        open_value=None if closed_only else tai,
        replaces=tuple(replaces),
        doc=applies.__doc__ or title,
        when=when,
        per_hand=per_hand,
    )
