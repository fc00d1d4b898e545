"""Boo scoring (boo.md §5): Arusiaru or riichi units, the 場300 add-ons, ryanmen-tsumo fu and the 五筒 han."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from mjsim.engine.actions import TSUMO
from mjsim.hand.tiles import RED_FIVE_IDS, next_in_cycle
from mjsim.scoring import RYANMEN, SEVEN_PAIRS, Pattern, Score, WinContext, evaluate
from variants.boo import options as opt
from variants.riichi.api import RiichiDetail, base_points, ron_value, tsumo_shares, win_context
from variants.riichi.api import fu as riichi_fu
from variants.riichi.api import options as riichi_opt
from variants.riichi.api import table_facts as tf

PIN5 = 13  # the kind of the 5-pin
DORA_HITS = ("dora", "aka_dora", "ura_dora")
CLASSIC_CAP = 500  # Arusiaru base points of a mangan: 2000 for a non-dealer


class FreeStick(int):
    """A riichi deposit of 0 that divides as if the table held no sticks.

    Boo riichi costs nothing (立直料なし), but the engine and the riichi family divide the table by the deposit
    (``game.table // deposit``); as a subclass of int its reflected ``//`` runs first and answers 0.
    """

    def __rfloordiv__(self, other):
        return 0


_RED_PIN5 = frozenset(RED_FIVE_IDS[4]) & frozenset(range(4 * PIN5, 4 * PIN5 + 4))


def gotong_count(ctx: WinContext, mode: str = "presence_1han") -> int:
    """五筒 (5-pin): one han for any 5-pin in the hand (``presence_1han``), or one per red 5-pin (``per_red_5p``)."""
    if mode == "per_red_5p":
        return sum(1 for t in ctx.all_tiles if t in _RED_PIN5)
    return 1 if ctx.counts[PIN5] else 0


def gotong_pattern(mode: str = "presence_1han", bonus: bool = True) -> Pattern:
    """The 五筒 han as a pattern: a bonus like dora, or a yaku when ``bonus`` is False (shared with ``gopin``)."""
    return Pattern(
        "gotong",
        "五筒",
        lambda ctx: gotong_count(ctx, mode),
        value=1,
        open_value=1,
        bonus=bonus,
        doc=gotong_count.__doc__,
        per_hand=True,
    )


def patterns(rules) -> list[Pattern]:
    """The 5-pin han as a bonus pattern (not a yaku), unless the option turns it off."""
    mode = rules[opt.GOTONG_MODE]
    return [] if mode == "off" else [gotong_pattern(mode)]


# --- Contexts -------------------------------------------------------------------------------


def context(
    game,
    seat: int,
    tile: int,
    how: str,
    first: bool = True,
    source: int | None = None,
    concealed: tuple[int, ...] | None = None,
    riichi: bool = False,
) -> WinContext:
    """The riichi family's context of a win; a hypothetical one (tiles, a ron from ``source``, riichi) by keyword."""
    if concealed is None and source is None and not riichi:
        return win_context(game, seat, tile, how, first_winner=first)
    ctx = win_context(game, seat, tile, TSUMO, first_winner=first)  # a TSUMO context needs no discard on the table
    changes = {"concealed": concealed if concealed is not None else ctx.concealed}
    if source is not None:
        changes.update(tsumo=False, discarder=(source - game.hand.dealer) % 4)
    if riichi:  # a declared riichi: chance yaku (haitei, ippatsu ...) are ignored
        changes["situation"] = frozenset({"riichi"})
    return replace(ctx, **changes)


def score(ctx: WinContext, pattern_index, rules: Mapping[str, Any]) -> Score | None:
    """The best reading's score with boo payments under the rule values, or None when the hand does not win."""
    return evaluate(ctx, pattern_index, lambda reading_ctx, hits: _value(reading_ctx, hits, rules))


# --- One reading -------------------------------------------------------------------------------


def _value(ctx: WinContext, hits, rules: Mapping[str, Any]) -> Score | None:
    """Han, fu, base and payments (by wind index) of one reading; yaku-less readings win too."""
    if ctx.reading.form == SEVEN_PAIRS and not rules[opt.ALLOW_CHIITOITSU]:
        return None
    yakuman = sum(h.multiple for h in hits)
    dora_as_addon = "dora" in rules[opt.ADDONS]
    han = sum(_han(h, rules) for h in hits if not (dora_as_addon and h.name in DORA_HITS))
    fu_total, fu_parts = _fu(ctx, hits, rules)
    base, limit = _base(rules, han, fu_total, yakuman)
    hand = _hand_deltas(ctx, base, rules)
    addon = _addon_points(ctx, hits, rules)
    _table_payment(hand, ctx, addon, addon // 3)
    chips = _ura_chips(ctx, rules)
    _table_payment(hand, ctx, chips, chips)  # a chip is paid whole by each payer
    honba = [0] * 4
    stick = _honba_sticks(ctx, hits, rules) * rules[opt.ADDON_VALUE]
    _table_payment(honba, ctx, stick, stick // 3)
    payments = tuple(a + b for a, b in zip(hand, honba, strict=True))
    detail = RiichiDetail(han, fu_total, fu_parts, limit, yakuman, base)
    return Score(tuple(hits), hand[ctx.seat], payments, ctx.reading, detail)


def _han(hit, rules) -> int:
    """A hit's han, riichi valued by option."""
    return rules[opt.RIICHI_HAN] if hit.name == "riichi" else hit.value


def _fu(ctx: WinContext, hits, rules: Mapping[str, Any]) -> tuple[int, tuple]:
    """Riichi fu; with 4 ryanmen-tsumo fu, no pinfu-tsumo exception and 2 more fu for a two-sided tsumo."""
    if rules[opt.RYANMEN_TSUMO_FU] == 2:
        return riichi_fu(ctx, rules, pinfu=any(h.name == "pinfu" for h in hits))
    total, parts = riichi_fu(ctx, rules, pinfu=False)
    if ctx.reading.form == SEVEN_PAIRS:
        return total, parts
    parts = tuple(p for p in parts if p[0] != "open pinfu shape")
    if ctx.tsumo and ctx.reading.wait == RYANMEN and ("tsumo", 2) in parts:
        parts += (("two-sided tsumo", 2),)  # 両面待ちでツモ和了りすると4符
    rounded = -(-sum(v for _, v in parts) // 10) * 10
    if rounded == 20 and not ctx.closed and rules[riichi_opt.OPEN_PINFU_30FU]:
        parts, rounded = parts + (("open pinfu shape", 10),), 30
    return rounded, parts


def _base(rules, han: int, fu_total: int, yakuman: int) -> tuple[int, str | None]:
    """Arusiaru base fu x 2^han capped at 500 (mangan only), or riichi base points."""
    if rules[opt.UNITS] == "riichi":
        return base_points(han, fu_total, yakuman, rules)
    if yakuman:
        return CLASSIC_CAP, "yakuman"
    base = fu_total * 2**han
    return (CLASSIC_CAP, "mangan") if base >= CLASSIC_CAP else (base, None)


def _hand_deltas(ctx: WinContext, base: int, rules: Mapping[str, Any]) -> list[int]:
    """The hand's payments by wind index: unrounded in Arusiaru units, rounded up to 100 in riichi units."""
    riichi_units = rules[opt.UNITS] == "riichi"
    deltas = [0] * 4
    if ctx.tsumo:
        shares = tsumo_shares(base, ctx.seat) if riichi_units else _classic_shares(base, ctx.seat)
        for wind, share in enumerate(shares):
            deltas[wind] -= share
            deltas[ctx.seat] += share
        return deltas
    amount = ron_value(base, ctx.dealer) if riichi_units else base * (6 if ctx.dealer else 4)
    deltas[ctx.discarder] -= amount
    deltas[ctx.seat] += amount
    return deltas


def _classic_shares(base: int, winner: int) -> list[int]:
    """Arusiaru tsumo: the dealer pays 2b, others b; a dealer's tsumo is 2b from each."""
    return [0 if w == winner else (2 * base if 0 in (w, winner) else base) for w in range(4)]


def _table_payment(deltas: list[int], ctx: WinContext, ron: int, tsumo_each: int) -> None:
    """A 場 payment: the discarder pays ``ron``, or on a tsumo each other seat pays ``tsumo_each``."""
    if not ron:
        return
    payers = [w for w in range(4) if w != ctx.seat] if ctx.tsumo else [ctx.discarder]
    each = tsumo_each if ctx.tsumo else ron
    for w in payers:
        deltas[w] -= each
        deltas[ctx.seat] += each


def _has_yaku(hits) -> bool:
    """A real yaku scored (dora and the 5-pin are bonuses)."""
    return any(not h.bonus for h in hits)


def _addon_points(ctx: WinContext, hits, rules: Mapping[str, Any]) -> int:
    """門前 and dora add-ons (場300 each) in points; none for a yaku-less win unless only honba is blocked."""
    addons = rules[opt.ADDONS]
    if not _has_yaku(hits) and rules[opt.YAKULESS_BLOCKS] == "all_addons":
        return 0
    units = ("menzen" in addons and ctx.closed) + ("dora" in addons) * sum(
        h.value for h in hits if h.name in ("dora", "aka_dora")
    )
    return units * rules[opt.ADDON_VALUE]


def _honba_sticks(ctx: WinContext, hits, rules: Mapping[str, Any]) -> int:
    """Honba sticks paid as add-ons (積み棒); a yaku-less win gets none (積み符は付かない)."""
    if "honba" not in rules[opt.ADDONS]:
        return 0
    return tf.honba(ctx) if _has_yaku(hits) else 0


def _ura_chips(ctx: WinContext, rules: Mapping[str, Any]) -> int:
    """Ura dora paid as chips (modern houses): chip x ura tiles, by the discarder or by each on a tsumo."""
    chip = rules[opt.URA_CHIP]
    if not chip or not tf.ura_indicators(ctx):
        return 0
    return chip * sum(ctx.counts[next_in_cycle(t >> 2)] for t in tf.ura_indicators(ctx))


def win_tile_for(game, kind: int) -> int:
    """A plain (not red) physical tile of ``kind``, for hypothetical wins."""
    reds = game.rules.flow.setup.red_ids
    return next(t for t in range(4 * kind, 4 * kind + 4) if t not in reds)


__all__ = ["FreeStick", "TSUMO", "context", "gotong_count", "gotong_pattern", "patterns", "score", "win_tile_for"]
