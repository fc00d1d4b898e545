"""The local yaku of the seed tables (riichi_base.md §7, §20.1 ``local_yaku``), each by its own option, off by default.

The seeds say which platform has which (S000 free-platform table, @games column: 三連刻 ○, 四連刻 ○, 一色三順 ○,
一色四順 ×, 十三不搭 ○満貫, オープン立直 ×; S001 4play: 十三不塔 なし, オープンリーチなし) but not what they are worth;
the values below follow the common definitions, with their sources:

* 三連刻 2 han, no reduction when open (ja.wikipedia 三連刻: "2翻。喰い下がりはない").
* 四連刻 a yakuman, calls allowed (ja.wikipedia 四連刻: "役満。副露可").
* 一色三順 3 han closed, 2 open (w.atwiki.jp/mahjlocal 一色三順 lists "3飜(喰い下がりあり)"); it holds a 一盃口 and
  replaces it, as 二盃口 does.
* 一色四順 a yakuman, open or closed (ja.wikipedia 一色四順: "門前では役満 ... やはり役満とするか").
* 十三不塔 on the first draw (the dealer's deal, a non-dealer's first draw with no call before): no set, no partial
  set (two tiles of a suit at most two apart) and exactly one pair; a mangan at @games (5 han, as ``renhou``'s
  mangan), or a yakuman (ja.wikipedia 十三不塔).
* オープン立直 1 han over riichi (2 han; 3 with double riichi), the hand shown; a player not in riichi who deals
  into it pays a yakuman by ``open_riichi_deal_in`` (ja.wikipedia 開立直: "立直をしていない者がオープンリーチに
  振り込んだ場合は、「役満払い」とするルールが多い ... 以前から立直をしていた者の振込みは通常払い").

Combinations: 三連刻 and 一色三順 read the same tiles as triplets or as sequences, so one reading has one of them
and the scorer keeps the better reading (高点法, ja.wikipedia 三連刻); 三連刻 adds to 三暗刻 and 対々和; 四連刻
and 一色四順 are yakuman, so the other yaku drop.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from mjsim.scoring import TANKI, Hit, Pattern, Reading, WinContext
from variants.riichi.options import (
    ISSHOKU_SANJUN,
    ISSHOKU_YONJUN,
    OPEN_RIICHI,
    OPEN_RIICHI_DEAL_IN,
    SANRENKOU,
    SHIISAN_PUUTAA,
    SUURENKOU,
)

PUUTAA_FORM = "shiisan_puutaa"  # the reading form of a 十三不塔 hand: no sets, one pair
OPEN = "riichi.open"  # seat stash: the tiles the seat showed when it declared open riichi
OPEN_RIICHI_SITUATION, DEAL_IN_SITUATION = "open_riichi", "open_riichi_deal_in"
_FIRST_DRAW = ("tenhou", "chiihou")
_RUN_STARTS = {n: sum(((1 << (10 - n)) - 1) << base for base in (0, 9, 18)) for n in (3, 4)}  # a run fits the suit


def _consecutive_triplets(ctx: WinContext, n: int) -> bool:
    """``n`` triplets or quads of consecutive ranks in one suit."""
    mask = run = ctx.reading.triplet_mask
    for shift in range(1, n):
        run &= mask >> shift
    return bool(run & _RUN_STARTS[n])


def _identical_sequences(ctx: WinContext) -> int:
    """The most sequences of one kind in the reading."""
    seqs = ctx.reading.sequences
    return max((seqs.count(k) for k in set(seqs)), default=0)


def sanrenkou(ctx: WinContext) -> bool:
    """三連刻 (sanrenkou): three triplets of consecutive ranks in one suit (333 444 555), open or closed."""
    return _consecutive_triplets(ctx, 3)


def suurenkou(ctx: WinContext) -> bool:
    """四連刻 (suurenkou): four triplets of consecutive ranks in one suit, a yakuman."""
    return _consecutive_triplets(ctx, 4)


def isshoku_sanjun(ctx: WinContext) -> bool:
    """一色三順 (isshoku sanjun): three identical sequences (345 345 345); it replaces 一盃口."""
    return _identical_sequences(ctx) == 3


def isshoku_yonjun(ctx: WinContext) -> bool:
    """一色四順 (isshoku yonjun): four identical sequences, a yakuman."""
    return _identical_sequences(ctx) == 4


def shiisan_puutaa(ctx: WinContext) -> bool:
    """十三不塔 (shiisan puutaa): on the first draw, no set, no partial set and one pair."""
    return ctx.reading.form == PUUTAA_FORM


def open_riichi(ctx: WinContext) -> bool:
    """オープン立直 (open riichi): the winner declared riichi showing the hand, one han more than riichi."""
    return ctx.has(OPEN_RIICHI_SITUATION) and ctx.has("riichi", "double_riichi")


def open_riichi_deal_in(ctx: WinContext) -> bool:
    """オープン立直放銃 (dealing into open riichi): a player not in riichi dealt into a shown hand, a yakuman."""
    return not ctx.tsumo and ctx.has(DEAL_IN_SITUATION) and open_riichi(ctx)


def _pattern(rule, han: int = 0, open_han: int | None = None, yakuman: int = 0, **kw: Any) -> Pattern:
    """A local yaku as a pattern: its han closed and open (None: closed only) or its yakuman multiple."""
    doc = (rule.__doc__ or "").strip()
    title = doc.split()[0]
    return Pattern(rule.__name__, title, rule, value=han, open_value=open_han, multiple=yakuman, doc=doc, **kw)


def local_patterns(rules: Mapping[str, Any]) -> list[Pattern]:
    """The local yaku the rule values switch on."""
    out = []
    if rules[SANRENKOU]:
        out.append(_pattern(sanrenkou, 2, 2, needs=("three_triplets",)))
    if rules[SUURENKOU]:
        out.append(_pattern(suurenkou, yakuman=1, replaces=("sanrenkou",), needs=("three_triplets", "no_sequences")))
    if rules[ISSHOKU_SANJUN]:
        out.append(_pattern(isshoku_sanjun, 3, 2, replaces=("iipeikou",), needs=("three_sequences",)))
    if rules[ISSHOKU_YONJUN]:
        out.append(_pattern(isshoku_yonjun, yakuman=1, needs=("three_sequences",)))
    if rules[SHIISAN_PUUTAA] != "off":
        value = {"han": 5} if rules[SHIISAN_PUUTAA] == "mangan" else {"yakuman": 1}
        out.append(_pattern(shiisan_puutaa, open_han=None, needs=("closed",), **value))
    if rules[OPEN_RIICHI]:
        out.append(_pattern(open_riichi, 1, when=OPEN_RIICHI_SITUATION, per_hand=True, needs=("closed",)))
        if rules[OPEN_RIICHI_DEAL_IN] == "yakuman":
            out.append(_pattern(open_riichi_deal_in, yakuman=1, when=DEAL_IN_SITUATION, per_hand=True))
    return out


# --- 十三不塔: a hand of no sets -------------------------------------------------------------------------------


def is_puutaa(counts) -> bool:
    """14 concealed tiles: one pair, every other kind single, no two tiles of a suit at most two ranks apart."""
    if sum(counts) != 14 or sorted(n for n in counts if n) != [1] * 12 + [2]:
        return False
    for base in (0, 9, 18):
        ranks = [r for r in range(9) if counts[base + r]]
        if any(b - a <= 2 for a, b in zip(ranks, ranks[1:], strict=False)):
            return False
    return True


def puutaa_context(ctx: WinContext, rules: Mapping[str, Any]) -> WinContext | None:
    """The win read as 十三不塔 (its own reading), or None when the option is off or the hand is not one."""
    if rules[SHIISAN_PUUTAA] == "off" or ctx.melds or not ctx.tsumo or not ctx.has(*_FIRST_DRAW):
        return None
    counts = ctx.concealed_counts
    if not is_puutaa(counts):
        return None
    pair = next(k for k, n in enumerate(counts) if n == 2)
    # Not a complete hand, so not 天和/地和 either: those flags only mark the first draw here.
    situation = ctx.situation - set(_FIRST_DRAW)
    return replace(ctx, situation=situation, reading=Reading(PUUTAA_FORM, pair, (), TANKI))


def puutaa_hits(patterns) -> list[Hit]:
    """The hits of a 十三不塔 win: the hand is worth its fixed value and nothing else (no tsumo, no dora)."""
    puutaa = next(p for p in patterns if p.name == "shiisan_puutaa")
    return [Hit(puutaa.name, puutaa.title, puutaa.value, puutaa.multiple)]
