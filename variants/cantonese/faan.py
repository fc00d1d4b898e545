"""The faan (番) table of 広東麻雀 as small pattern objects (docs/cantonese.md, "Faan").

Each pattern reads one reading of the winner's hand (``ctx.reading``) or the circumstances of the win; the groups
say which part of the win it prices, because a limit hand counts only its hand and its winning condition [W].
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mjsim.hand.tiles import DRAGONS, FLOWER, TERMINALS, WINDS, YAOCHU_SET
from mjsim.scoring import ANKAN, ORPHANS, WinContext
from variants.cantonese import options as opt

HAND, HONOURS, FLOWERS, WIN = "hand", "honours", "flowers", "win"
FLOWERS_KEY = "cantonese.flowers"  # ctx.extra: the winner's flower kinds (34-37 春夏秋冬, 38-41 梅蘭菊竹)


@dataclass(frozen=True)
class FaanPattern:
    """One row of the faan table: name, Chinese title, group, faan, the test, the rows it supersedes."""

    name: str
    title: str
    group: str
    faan: int
    applies: Callable[[WinContext], int | bool]  # a truth value, or how many times it scores
    replaces: tuple[str, ...] = ()

    @property
    def doc(self) -> str:
        """The test's docstring (it starts with the Chinese name)."""
        return self.applies.__doc__ or self.title


def flowers_of(ctx: WinContext) -> tuple[int, ...]:
    """The winner's flower kinds."""
    return tuple(ctx.extra.get(FLOWERS_KEY, ()))


def _triplets_in(ctx: WinContext, kinds: tuple[int, ...]) -> int:
    return sum(1 for k in ctx.reading.triplets if k in kinds)


def common_hand(ctx):
    """平糊: every set a chow [W]."""
    return len(ctx.reading.sequences) == 4


def all_triplets(ctx):
    """對對糊: every set a pung or kong [W], [A]."""
    return len(ctx.reading.triplets) == 4


def mixed_one_suit(ctx):
    """混一色: one suit and honours [A]."""
    return len(ctx.suits) == 1 and ctx.has_honors


def all_one_suit(ctx):
    """清一色: one suit, no honours [A]."""
    return len(ctx.suits) == 1 and not ctx.has_honors


def mixed_orphans(ctx):
    """混么九 (花么): terminals and honours only, of both kinds [A]."""
    return ctx.kinds <= YAOCHU_SET and ctx.has_honors and bool(ctx.suits)


def small_dragons(ctx):
    """小三元: two dragon pungs and a dragon pair [A]."""
    return _triplets_in(ctx, DRAGONS) == 2 and ctx.reading.pair in DRAGONS


def great_dragons(ctx):
    """大三元: three dragon pungs [A]."""
    return _triplets_in(ctx, DRAGONS) == 3


def small_winds(ctx):
    """小四喜: three wind pungs and a wind pair [A]."""
    return _triplets_in(ctx, WINDS) == 3 and ctx.reading.pair in WINDS


def great_winds(ctx):
    """大四喜: four wind pungs [A]."""
    return _triplets_in(ctx, WINDS) == 4


def thirteen_orphans(ctx):
    """十三么: one of each terminal and honour and a pair of one of them [A]."""
    return ctx.reading.form == ORPHANS


def all_terminals(ctx):
    """清么九 (么九): pungs and a pair of ones and nines only [A]."""
    return ctx.kinds <= TERMINALS


def four_kongs(ctx):
    """十八羅漢: four kongs [A]."""
    return ctx.reading.quads == 4


def all_honours(ctx):
    """字一色: honours only [P]."""
    return not ctx.suits


def dragon_pungs(ctx) -> int:
    """三元牌: one faan for each pung or kong of 中, 發 or 白 [A]."""
    return _triplets_in(ctx, DRAGONS)


def seat_wind(ctx):
    """門風: a pung or kong of one's own wind [A], [B]."""
    return ctx.seat_wind in ctx.reading.triplet_set


def round_wind(ctx):
    """圈風: a pung or kong of the round's wind [B]."""
    return ctx.round_wind in ctx.reading.triplet_set


def _concealed(ctx) -> bool:
    return all(m.type == ANKAN for m in ctx.melds)


def concealed_on_discard(ctx):
    """門前清: no chow, pung or exposed kong, and won on a discard [A]."""
    return _concealed(ctx) and not ctx.tsumo


def concealed_any(ctx):
    """門前清: no chow, pung or exposed kong, however won (option cantonese.concealed_self_drawn) [P]."""
    return _concealed(ctx)


def self_drawn(ctx):
    """自摸: the winning tile drawn from the wall [A]."""
    return ctx.tsumo


def last_tile(ctx):
    """海底撈月: won on the last tile, drawn or discarded [A], [B]."""
    return ctx.has("haitei", "houtei")


def robbing_kong(ctx):
    """搶槓: won on the tile another player added to a pung [A], [B]."""
    return ctx.has("chankan")


def kong_replacement(ctx):
    """槓上開花: won on the replacement tile of a kong [B]."""
    return ctx.has("rinshan")


def no_flowers(ctx):
    """無花: the winner holds no flower or season [B], [P]."""
    return not flowers_of(ctx)


def own_flowers(ctx) -> int:
    """正花: one faan for the flower and the season of one's seat number (East 1 .. North 4) [Y], [P]."""
    return sum(1 for k in flowers_of(ctx) if (k - FLOWER) % 4 == ctx.seat)


def flower_sets(ctx) -> int:
    """一台花: all four seasons, or all four plants, each set counted [P]."""
    held = {k - FLOWER for k in flowers_of(ctx)}
    return sum(1 for first in (0, 4) if held.issuperset(range(first, first + 4)))


_WIND_ITEMS = ("seat_wind", "round_wind")


def table(rules) -> list[FaanPattern]:
    """Every faan pattern with the values the options give it."""
    limit = rules[opt.LIMIT_FAAN]
    concealed = concealed_any if rules[opt.CONCEALED_SELF_DRAWN] else concealed_on_discard
    rows = [
        # name, title, group, faan, test, replaces
        ("common_hand", "平糊", HAND, 1, common_hand, ()),
        ("all_triplets", "對對糊", HAND, 3, all_triplets, ()),
        ("mixed_one_suit", "混一色", HAND, 3, mixed_one_suit, ()),
        ("all_one_suit", "清一色", HAND, 7, all_one_suit, ()),
        ("mixed_orphans", "混么九", HAND, 1, mixed_orphans, ()),
        ("small_dragons", "小三元", HAND, 5, small_dragons, ("dragon_pungs",)),
        ("great_dragons", "大三元", HAND, 8, great_dragons, ("dragon_pungs",)),
        ("small_winds", "小四喜", HAND, rules[opt.SMALL_WINDS_FAAN], small_winds, _WIND_ITEMS),
        ("great_winds", "大四喜", HAND, limit, great_winds, _WIND_ITEMS + ("small_winds",)),
        ("thirteen_orphans", "十三么", HAND, limit, thirteen_orphans, ("mixed_orphans", "concealed")),
        ("all_terminals", "清么九", HAND, limit, all_terminals, ()),
        ("four_kongs", "十八羅漢", HAND, limit, four_kongs, ()),
        ("all_honours", "字一色", HAND, limit, all_honours, ()),
        ("concealed", "門前清", HAND, 1, concealed, ()),
        ("dragon_pungs", "三元牌", HONOURS, 1, dragon_pungs, ()),
        ("seat_wind", "門風", HONOURS, 1, seat_wind, ()),
        ("round_wind", "圈風", HONOURS, 1, round_wind, ()),
        ("self_drawn", "自摸", WIN, 1, self_drawn, ()),
        ("last_tile", "海底撈月", WIN, 1, last_tile, ()),
        ("robbing_kong", "搶槓", WIN, 1, robbing_kong, ()),
        ("kong_replacement", "槓上開花", WIN, 1, kong_replacement, ()),
    ]
    if rules[opt.FLOWERS]:
        rows += [
            ("no_flowers", "無花", FLOWERS, 1, no_flowers, ()),
            ("own_flowers", "正花", FLOWERS, 1, own_flowers, ()),
            ("flower_sets", "一台花", FLOWERS, rules[opt.FLOWER_SET_FAAN], flower_sets, ()),
        ]
    return [FaanPattern(*row) for row in rows]
