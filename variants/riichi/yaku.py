"""The riichi yaku and yakuman (riichi_base.md §7) and the dora counts (§8), as pattern data.

Each rule is a small predicate over a :class:`WinContext`; its docstring
starts with the kanji name.  A rule that reads a rule value takes the values
as a second argument (``configured=True``): ``scorer.configured_patterns``
binds them once per rule set (:data:`CONFIGURED_RULES`), since the context
carries no options.  ``@yaku`` turns it into a :class:`Pattern`;
Tenhou's yaku id is kept so real logs can be compared.  ``needs`` names the
features (``mjsim.scoring.FEATURES``) a yaku cannot do without, so the
evaluator skips it for hands that lack them; each rule still checks its whole
condition, so the declarations only ever save time.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from mjsim.hand.tiles import (
    DRAGONS,
    GREEN,
    GREENS,
    HONOR,
    RED_FIVE_IDS,
    TERMINALS,
    WINDS,
    YAOCHU_SET,
    next_in_cycle,
)
from mjsim.native import source_path
from mjsim.scoring import ORPHANS, SEVEN_PAIRS, STANDARD, TANKI, Pattern, WinContext, feature_mask
from variants.riichi import table_facts as tf
from variants.riichi.options import (
    CHIITOI_TSUUIISOU,
    DOUBLE_RIICHI,
    GAME_LENGTH,
    IPPATSU,
    KUITAN,
    RED_FIVES,
    RYUUIISOU_REQUIRES_HATSU,
    TSUMO_PINFU,
    URA_DORA,
)

PATTERNS: list[Pattern] = []
# Pattern name -> a function of the rule values giving the rule of one argument (see ``configured``).
CONFIGURED_RULES: dict[str, Callable[[Mapping[str, Any]], Callable[[WinContext], Any]]] = {}
_DRAGON_SET, _WIND_SET = frozenset(DRAGONS), frozenset(WINDS)


def _mask(kinds) -> int:
    """A bit mask with bit ``k`` set for each kind (as in ``Reading.sequence_mask`` and ``triplet_mask``)."""
    return sum(1 << k for k in set(kinds))


_DRAGON_MASK, _WIND_MASK = _mask(DRAGONS), _mask(WINDS)
_YAOCHU_MASK, _TERMINAL_MASK = _mask(YAOCHU_SET), _mask(TERMINALS)
_ONE_SUIT = 0x1FF  # the nine kinds of one suit
_ITTSU_MASKS = tuple(0b1001001 << base for base in (0, 9, 18))  # sequences from 1, 4 and 7 of one suit
_OUTSIDE_SEQUENCES = _mask(k for k in range(27) if k % 9 in (0, 6))  # 123 and 789: the sequences holding a terminal
_ONLY_SIMPLES = feature_mask(["only_simples"])
_DORA_OF = [next_in_cycle(k) for k in range(34)]
_FIVES = (4, 13, 22)  # the kinds of 5m, 5p and 5s
_RED_FIVES = {count: frozenset(ids) for count, ids in RED_FIVE_IDS.items()}  # physical ids are unique: a set will do


def yaku(
    han: int = 0,
    open_han: int | None = None,
    *,
    yakuman: int = 0,
    tenhou: int | None = None,
    replaces: tuple[str, ...] = (),
    bonus: bool = False,
    name: str | None = None,
    when: str | None = None,
    per_hand: bool = False,
    needs: tuple[str, ...] = (),
    configured: bool = False,
):
    """Register the decorated predicate as a pattern (its docstring: kanji name, then the rule).

    ``configured``: the rule is ``rule(ctx, rules)``, bound to the rule values when the patterns are configured.
    """

    def register(rule: Callable[..., int | bool]) -> Callable[..., int | bool]:
        doc = _docstring(rule).strip()
        if configured:
            CONFIGURED_RULES[name or rule.__name__] = _binder(rule)
        PATTERNS.append(
            Pattern(
                name=name or rule.__name__,
                title=doc.split()[0],
                applies=rule,
                value=han,
                open_value=open_han,
                multiple=yakuman,
                replaces=replaces,
                bonus=bonus,
                when=when,
                per_hand=per_hand,
                needs=needs,
                doc=doc,
                ids={"tenhou": tenhou} if tenhou is not None else {},
            )
        )
        return rule

    return register


def _binder(rule: Callable[..., Any]) -> Callable[[Mapping[str, Any]], Callable[[WinContext], Any]]:
    """A function of the rule values giving ``rule`` with them bound (one closure per rule set, not per win)."""

    def bind(rules: Mapping[str, Any]) -> Callable[[WinContext], Any]:
        def applies(ctx: WinContext) -> Any:
            return rule(ctx, rules)

        return applies

    return bind


def _docstring(rule: Callable) -> str:
    """The rule's docstring, read from this module's source when it is compiled (mypyc keeps none)."""
    return rule.__doc__ or _source_docstrings().get(rule.__name__, "")


@cache
def _source_docstrings() -> dict[str, str]:
    """The docstring of every function of this module's source, by name."""
    tree = ast.parse(source_path(__name__).read_text(encoding="utf-8"))
    return {node.name: ast.get_docstring(node) or "" for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}


def _standard(ctx: WinContext) -> bool:
    return ctx.reading.form == STANDARD


# --- 1 han: situation --------------------------------------------------------


@yaku(1, tenhou=0, per_hand=True, needs=("closed", "tsumo"))
def menzen_tsumo(ctx):
    """門前清自摸和 (menzen tsumo): a closed hand wins by self-draw."""
    return ctx.tsumo and ctx.closed


@yaku(1, tenhou=1, per_hand=True)
def riichi(ctx):
    """立直 (riichi): the winner had declared riichi."""
    return ctx.has("riichi", "double_riichi")


@yaku(2, tenhou=21, replaces=("riichi",), when="double_riichi", per_hand=True, configured=True)
def double_riichi(ctx, rules):
    """両立直 (double riichi): riichi declared on the first discard, before any call."""
    return ctx.has("double_riichi") and rules[DOUBLE_RIICHI]


@yaku(1, tenhou=2, when="ippatsu", per_hand=True, configured=True)
def ippatsu(ctx, rules):
    """一発 (ippatsu): a win within one go-around of riichi, no call in between."""
    return ctx.has("ippatsu") and rules[IPPATSU]


@yaku(1, 1, tenhou=3, when="chankan", per_hand=True)
def chankan(ctx):
    """槍槓 (chankan): ron on a tile added to a kan."""
    return ctx.has("chankan")


@yaku(1, 1, tenhou=4, when="rinshan", per_hand=True)
def rinshan_kaihou(ctx):
    """嶺上開花 (rinshan kaihou): self-draw on a kan's replacement tile."""
    return ctx.has("rinshan")


@yaku(1, 1, tenhou=5, when="haitei", per_hand=True)
def haitei(ctx):
    """海底摸月 (haitei raoyue): self-draw on the last tile of the wall."""
    return ctx.tsumo and ctx.has("haitei")


@yaku(1, 1, tenhou=6, when="houtei", per_hand=True)
def houtei(ctx):
    """河底撈魚 (houtei raoyui): ron on the last discard."""
    return not ctx.tsumo and ctx.has("houtei")


# --- 1 han: shape --------------------------------------------------------------


def _is_value_pair(ctx: WinContext, kind: int) -> bool:
    return kind in DRAGONS or kind in (ctx.seat_wind, ctx.round_wind)


@yaku(1, tenhou=7, needs=("closed", "all_sequences"), configured=True)
def pinfu(ctx, rules):
    """平和 (pinfu): closed, four sequences, a pair of no value, won on a two-sided wait."""
    r = ctx.reading
    return (
        ctx.closed
        and _standard(ctx)
        and len(r.sequences) == len(r.sets)
        and r.wait == "ryanmen"
        and not _is_value_pair(ctx, r.pair)
        and (not ctx.tsumo or rules[TSUMO_PINFU])
    )


@yaku(1, 1, tenhou=8, per_hand=True, needs=("only_simples",), configured=True)
def tanyao(ctx, rules):
    """断幺九 (tanyao): only simples (open hands only with kuitan)."""
    return bool(ctx.features & _ONLY_SIMPLES) and (ctx.closed or rules[KUITAN])


def _identical_sequence_pairs(ctx: WinContext) -> int:
    return ctx.reading.identical_sequence_pairs if ctx.closed else 0


@yaku(1, tenhou=9, needs=("closed", "identical_sequences"))
def iipeikou(ctx):
    """一盃口 (iipeikou): two identical sequences in a closed hand."""
    return _identical_sequence_pairs(ctx) == 1


@yaku(3, tenhou=32, replaces=("iipeikou",), needs=("closed", "identical_sequences"))
def ryanpeikou(ctx):
    """二盃口 (ryanpeikou): two pairs of identical sequences in a closed hand."""
    return _identical_sequence_pairs(ctx) == 2


def _triplet_of(kind: int) -> Callable[[WinContext], bool]:
    """The rule "a triplet or quad of ``kind``"."""
    return lambda ctx: kind in ctx.reading.triplets


def _wind_triplet(wind: int, role: str) -> Callable[[WinContext], bool]:
    """The rule "a triplet or quad of ``wind``, which is the winner's ``role`` (seat or round) wind"."""
    attr = f"{role}_wind"
    return lambda ctx: getattr(ctx, attr) == wind and wind in ctx.reading.triplets


_WIND_NAMES = ("east", "south", "west", "north")
_WIND_KANJI = "東南西北"
for _i, (_wind, _name) in enumerate(zip(WINDS, _WIND_NAMES, strict=True)):
    for _role, _kanji, _base in (("seat", "自風", 10), ("round", "場風", 14)):
        PATTERNS.append(
            Pattern(
                name=f"{_role}_wind_{_name}",
                title=f"{_kanji} {_WIND_KANJI[_i]}",
                value=1,
                open_value=1,
                applies=_wind_triplet(_wind, _role),
                doc=f"{_kanji} {_WIND_KANJI[_i]} ({_role} wind {_name}): a triplet of {_name} as the {_role} wind.",
                ids={"tenhou": _base + _i},
                needs=(f"{_name}_triplet",),
            )
        )
for _i, (_dragon, _name, _kanji) in enumerate(zip(DRAGONS, ("white", "green", "red"), "白發中", strict=True)):
    PATTERNS.append(
        Pattern(
            name=f"dragon_{_name}",
            title=f"役牌 {_kanji}",
            value=1,
            open_value=1,
            applies=_triplet_of(_dragon),
            doc=f"役牌 {_kanji} (dragon {_name}): a triplet of {_name} dragons.",
            ids={"tenhou": 18 + _i},
            needs=(f"{_name}_triplet",),
        )
    )


# --- 2 han and more ---------------------------------------------------------


@yaku(2, tenhou=22, needs=("seven_pairs",))
def chiitoitsu(ctx):
    """七対子 (chiitoitsu): seven distinct pairs."""
    return ctx.reading.form == SEVEN_PAIRS


def _all_groups_have(ctx: WinContext, kinds: int) -> bool:
    """Every set and the pair hold one of the ``kinds`` (a mask: terminals, or terminals and honours)."""
    r = ctx.reading
    # A sequence holds a terminal only as 123 or 789; the pair and each triplet must be of the kinds.
    return (
        r.pair is not None
        and bool(kinds >> r.pair & 1)
        and not r.sequence_mask & ~_OUTSIDE_SEQUENCES
        and not r.triplet_mask & ~kinds
    )


@yaku(2, 1, tenhou=23, needs=("sequence", "yaochu_pair"))
def chanta(ctx):
    """混全帯幺九 (chanta): every set and the pair hold a terminal or honour, with a sequence."""
    return bool(ctx.reading.sequences) and _all_groups_have(ctx, _YAOCHU_MASK)


@yaku(3, 2, tenhou=33, replaces=("chanta",), needs=("sequence", "yaochu_pair", "no_honors"))
def junchan(ctx):
    """純全帯幺九 (junchan): every set and the pair hold a terminal, with a sequence."""
    return bool(ctx.reading.sequences) and _all_groups_have(ctx, _TERMINAL_MASK)


@yaku(2, 1, tenhou=24, needs=("three_sequences",))
def ittsu(ctx):
    """一気通貫 (ittsu): 123, 456 and 789 of one suit."""
    starts = ctx.reading.sequence_mask
    for ittsu_starts in _ITTSU_MASKS:
        if starts & ittsu_starts == ittsu_starts:
            return True
    return False


@yaku(2, 1, tenhou=25, needs=("three_sequences", "three_suits"))
def sanshoku_doujun(ctx):
    """三色同順 (sanshoku doujun): the same sequence in all three suits."""
    starts = ctx.reading.sequence_mask
    return bool(starts & starts >> 9 & starts >> 18 & _ONE_SUIT)  # a start in man, pin and sou at one rank


@yaku(2, 2, tenhou=26, needs=("three_triplets", "three_suits"))
def sanshoku_doukou(ctx):
    """三色同刻 (sanshoku doukou): the same triplet in all three suits."""
    kinds = ctx.reading.triplet_mask
    return bool(kinds & kinds >> 9 & kinds >> 18 & _ONE_SUIT)  # a triplet in man, pin and sou at one rank


@yaku(2, 2, tenhou=27, needs=("three_quads",))
def sankantsu(ctx):
    """三槓子 (sankantsu): three kans."""
    return ctx.reading.quads == 3


@yaku(2, 2, tenhou=28, needs=("no_sequences",))
def toitoi(ctx):
    """対々和 (toitoi): four triplets or kans."""
    return _standard(ctx) and not ctx.reading.sequences


@yaku(2, 2, tenhou=29, needs=("three_concealed_triplets",))
def sanankou(ctx):
    """三暗刻 (sanankou): three concealed triplets."""
    return ctx.reading.concealed_triplets == 3


@yaku(2, 2, tenhou=30, needs=("dragon_triplet",))
def shousangen(ctx):
    """小三元 (shousangen): two dragon triplets and a dragon pair."""
    r = ctx.reading
    return r.pair in _DRAGON_SET and (r.triplet_mask & _DRAGON_MASK).bit_count() == 2


@yaku(2, 2, tenhou=31, replaces=("chanta", "junchan"), per_hand=True, needs=("no_simples", "honors"))
def honroutou(ctx):
    """混老頭 (honroutou): only terminals and honours, with both."""
    return ctx.kinds <= YAOCHU_SET and not ctx.kinds <= TERMINALS and any(k >= HONOR for k in ctx.kinds)


@yaku(3, 2, tenhou=34, per_hand=True, needs=("one_suit", "honors"))
def honitsu(ctx):
    """混一色 (honitsu): one suit plus honours."""
    return len(ctx.suits) == 1 and ctx.has_honors


@yaku(6, 5, tenhou=35, replaces=("honitsu",), per_hand=True, needs=("one_suit", "no_honors"))
def chinitsu(ctx):
    """清一色 (chinitsu): one suit and nothing else."""
    return len(ctx.suits) == 1 and not ctx.has_honors


# --- Yakuman ------------------------------------------------------------------


@yaku(yakuman=1, tenhou=47, needs=("orphans",))
def kokushi(ctx):
    """国士無双 (kokushi musou): one of each terminal and honour, and a pair of one."""
    return ctx.reading.form == ORPHANS


@yaku(yakuman=2, tenhou=48, replaces=("kokushi",), needs=("orphans",))
def kokushi_13(ctx):
    """国士無双１３面 (kokushi 13-sided): thirteen orphans on the 13-sided wait."""
    return ctx.reading.form == ORPHANS and ctx.reading.wait == "orphans13"


@yaku(yakuman=1, tenhou=40, needs=("three_concealed_triplets",))
def suuankou(ctx):
    """四暗刻 (suuankou): four concealed triplets."""
    return ctx.reading.concealed_triplets == 4


@yaku(yakuman=2, tenhou=41, replaces=("suuankou",), needs=("three_concealed_triplets",))
def suuankou_tanki(ctx):
    """四暗刻単騎 (suuankou tanki): four concealed triplets, won on the pair wait."""
    return suuankou(ctx) and ctx.reading.wait == TANKI


@yaku(yakuman=1, tenhou=39, needs=("white_triplet", "green_triplet", "red_triplet"))
def daisangen(ctx):
    """大三元 (daisangen): triplets of all three dragons."""
    return ctx.reading.triplet_mask & _DRAGON_MASK == _DRAGON_MASK


@yaku(yakuman=1, tenhou=50, needs=("wind_triplet",))
def shousuushii(ctx):
    """小四喜 (shousuushii): three wind triplets and a wind pair."""
    r = ctx.reading
    return r.pair in _WIND_SET and (r.triplet_mask & _WIND_MASK).bit_count() == 3


@yaku(yakuman=2, tenhou=49, replaces=("shousuushii",), needs=tuple(f"{w}_triplet" for w in _WIND_NAMES))
def daisuushii(ctx):
    """大四喜 (daisuushii): triplets of all four winds."""
    return ctx.reading.triplet_mask & _WIND_MASK == _WIND_MASK


@yaku(yakuman=1, tenhou=42, needs=("honors", "no_simples"), configured=True)
def tsuuiisou(ctx, rules):
    """字一色 (tsuuiisou): only honours (seven pairs too, by option)."""
    if ctx.reading.form == SEVEN_PAIRS and not rules[CHIITOI_TSUUIISOU]:
        return False
    return not ctx.suits


@yaku(yakuman=1, tenhou=43, per_hand=True, needs=("one_suit", "simples"), configured=True)
def ryuuiisou(ctx, rules):
    """緑一色 (ryuuiisou): only 2 3 4 6 8 sou and 發 (發 required by option)."""
    return ctx.kinds <= GREENS and (GREEN in ctx.kinds or not rules[RYUUIISOU_REQUIRES_HATSU])


@yaku(yakuman=1, tenhou=44, per_hand=True, needs=("no_simples", "no_honors"))
def chinroutou(ctx):
    """清老頭 (chinroutou): only terminals."""
    return ctx.kinds <= TERMINALS


_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _gates_suit(ctx: WinContext) -> int | None:
    """The suit base of a nine-gates hand, or None."""
    if ctx.melds or ctx.has_honors or len(ctx.suits) != 1:
        return None
    base = min(ctx.kinds) // 9 * 9
    counts = ctx.counts[base : base + 9]
    return base if all(c >= need for c, need in zip(counts, _NINE_GATES, strict=True)) else None


@yaku(yakuman=1, tenhou=45, per_hand=True, needs=("closed", "one_suit", "no_honors"))
def chuuren(ctx):
    """九蓮宝燈 (chuuren poutou): 1112345678999 of one suit plus any tile of it, closed."""
    return _gates_suit(ctx) is not None


@yaku(yakuman=2, tenhou=46, replaces=("chuuren",), per_hand=True, needs=("closed", "one_suit", "no_honors"))
def junsei_chuuren(ctx):
    """純正九蓮宝燈 (junsei chuuren): nine gates won on the nine-sided wait."""
    base = _gates_suit(ctx)
    if base is None:
        return False
    before = list(ctx.counts[base : base + 9])
    before[ctx.win_kind - base] -= 1
    return tuple(before) == _NINE_GATES


@yaku(yakuman=1, tenhou=51, needs=("three_quads",))
def suukantsu(ctx):
    """四槓子 (suukantsu): four kans."""
    return ctx.reading.quads == 4


@yaku(yakuman=1, tenhou=37, when="tenhou", per_hand=True)
def tenhou(ctx):
    """天和 (tenhou): the dealer wins on the first draw."""
    return ctx.has("tenhou")


@yaku(yakuman=1, tenhou=38, when="chiihou", per_hand=True)
def chiihou(ctx):
    """地和 (chiihou): a non-dealer wins on their first draw, no call before it."""
    return ctx.has("chiihou")


@yaku(yakuman=1, tenhou=36, when="renhou", per_hand=True)
def renhou(ctx):
    """人和 (renhou): a non-dealer ron before their first draw, no call before it."""
    return ctx.has("renhou")


# --- Dora (bonus han, not yaku) -----------------------------------------------


def _count_dora(ctx: WinContext, indicators) -> int:
    """How many tiles of the hand the indicators point to (a tile pointed to twice counts twice)."""
    counts, total = ctx.counts, 0
    for t in indicators:  # a plain loop: there are one to five indicators, and this runs for every win
        total += counts[_DORA_OF[t >> 2]]
    return total


@yaku(1, 1, tenhou=52, bonus=True, per_hand=True)
def dora(ctx):
    """ドラ (dora): each tile the dora indicators point to."""
    return _count_dora(ctx, tf.dora_indicators(ctx))


@yaku(1, 1, tenhou=53, bonus=True, per_hand=True, needs=("closed",), configured=True)  # riichi needs a closed hand
def ura_dora(ctx, rules):
    """裏ドラ (ura dora): each tile the ura indicators point to, for a riichi winner."""
    if not ctx.has("riichi", "double_riichi") or not rules[URA_DORA]:
        return 0
    return _count_dora(ctx, tf.ura_indicators(ctx))


@yaku(1, 1, tenhou=54, bonus=True, per_hand=True, configured=True)
def aka_dora(ctx, rules):
    """赤ドラ (aka dora): each red five."""
    counts = ctx.counts
    if not (counts[_FIVES[0]] or counts[_FIVES[1]] or counts[_FIVES[2]]):  # no five at all: a third of wins
        return 0
    reds = red_five_ids(rules)
    found = len(reds.intersection(ctx.concealed))
    for meld in ctx.melds:
        found += len(reds.intersection(meld.tiles))
    return found


def red_five_ids(rules) -> frozenset[int]:
    """The physical ids of the red fives: a named count (3 = one per suit, ...) or a count per suit (m, p, s)."""
    value = rules[RED_FIVES]
    if not isinstance(value, tuple):
        return _RED_FIVES[red_five_count(rules)]
    reds = _PER_SUIT_REDS.get(value)
    if reds is None:
        reds = _PER_SUIT_REDS[value] = frozenset(
            4 * kind + copy for kind, n in zip(_FIVES, value, strict=True) for copy in range(n)
        )
    return reds


_PER_SUIT_REDS: dict[tuple, frozenset[int]] = {}  # per-suit counts -> ids, built once per value


def red_five_count(rules) -> int:
    """How many red fives the rules put in the set (the east/hanchan split reads game length)."""
    value = rules[RED_FIVES]
    if isinstance(value, tuple):
        return sum(value)
    if value == "4_east_3_hanchan":
        return 4 if rules[GAME_LENGTH] == "east" else 3
    return value
