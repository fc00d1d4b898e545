"""Scoring a Cantonese win: the best reading's faan, the limit, the minimum (docs/cantonese.md, "Faan").

``Total = min(limit, hand + winning condition)`` for a limit hand, ``min(limit, hand + honours + flowers +
winning condition)`` otherwise [W]; a pattern worth the limit or more makes a limit hand.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from mjsim.hand.tiles import FLOWER, kind_of
from mjsim.scoring import ORPHANS, STANDARD, NoWin, Reading, WinContext, hand_readings
from variants.cantonese import options as opt
from variants.cantonese.faan import FLOWERS, FLOWERS_KEY, HAND, HONOURS, WIN, FaanPattern, table

HAND_TILES = 14  # four sets and a pair, kongs counted as three
SHAPES = (STANDARD, ORPHANS)  # seven pairs is no Cantonese hand in the sources
LIMIT_GROUPS = (HAND, WIN)  # what a limit hand counts [W]


class FaanHit(NamedTuple):
    """A pattern that scored: its name, Chinese title, group and faan (times counted included)."""

    name: str
    title: str
    group: str
    faan: int


class FaanResult(NamedTuple):
    """A win's faan: the total (capped), the faan counted for the minimum, the hits, and what kind of win."""

    faan: int
    counted: int
    hits: tuple[FaanHit, ...]
    limit_hand: bool
    chicken: bool  # 雞糊: no faan from the hand or its honours (self-drawn, flowers and the like may add)
    reading: Reading


def score_faan(ctx: WinContext, rules) -> FaanResult:
    """The faan of the best reading of the win in ``ctx`` (NoWin when it is no hand or under the minimum)."""
    ctx = flowers_apart(ctx)
    if sum(ctx.concealed_counts) + 3 * len(ctx.melds) != HAND_TILES:
        raise NoWin(f"{sum(ctx.concealed_counts) + 3 * len(ctx.melds)} tiles: a Cantonese hand has 14")
    patterns = table(rules)
    results = [_faan_of(replace(ctx, reading=r), patterns, rules) for r in hand_readings(ctx) if r.form in SHAPES]
    if not results:
        raise NoWin("the tiles are not four sets and a pair, nor 十三么")
    best = max(results, key=lambda r: (r.faan, r.counted))
    if best.counted < rules[opt.MIN_FAAN]:
        raise NoWin(f"{best.counted} faan: the minimum is {rules[opt.MIN_FAAN]} ({opt.MIN_FAAN})")
    return best


def _faan_of(ctx: WinContext, patterns: list[FaanPattern], rules) -> FaanResult:
    """One reading's faan."""
    limit = rules[opt.LIMIT_FAAN]
    hits = _resolve([_hit(p, ctx) for p in patterns])
    limit_hand = any(h.faan >= limit for h in hits if h.group == HAND)
    if limit_hand:
        hits = [h for h in hits if h.group in LIMIT_GROUPS]
    total = sum(h.faan for h in hits)
    flower_faan = sum(h.faan for h in hits if h.group == FLOWERS)
    counted = total if rules[opt.FLOWERS_COUNT_TO_MINIMUM] else total - flower_faan
    chicken = not any(h.group in (HAND, HONOURS) for h in hits)
    return FaanResult(min(limit, total), min(limit, counted), tuple(hits), limit_hand, chicken, ctx.reading)


def _hit(pattern: FaanPattern, ctx: WinContext) -> tuple[FaanHit, tuple[str, ...]] | None:
    times = pattern.applies(ctx)
    if not times:
        return None
    return FaanHit(pattern.name, pattern.title, pattern.group, pattern.faan * int(times)), pattern.replaces


def _resolve(found) -> list[FaanHit]:
    """The hits, without those a tighter hit supersedes [W]."""
    found = [f for f in found if f is not None]
    dropped = {name for _, replaces in found for name in replaces}
    return [hit for hit, _ in found if hit.name not in dropped]


def flowers_apart(ctx: WinContext) -> WinContext:
    """Flowers written among the concealed tiles become the winner's flowers (``ctx.extra``)."""
    flowers = [t for t in ctx.concealed if kind_of(t) >= FLOWER]
    if not flowers:
        return ctx
    if kind_of(ctx.win_tile) >= FLOWER:
        raise NoWin("the winning tile is a flower: write the flowers first or name the tile")
    kept = tuple(t for t in ctx.concealed if kind_of(t) < FLOWER)
    held = tuple(ctx.extra.get(FLOWERS_KEY, ())) + tuple(kind_of(t) for t in flowers)
    return replace(ctx, concealed=kept, extra={**ctx.extra, FLOWERS_KEY: held})
