"""The exact worth of a ready hand under a variant's yaku risks: each wait scored as a ron and as a tsumo.

Used only when the hints put yaku at risk (地雷): the estimate of ``hinted.py`` guesses which yaku a hand will
hold; once the hand is ready the scorer says it. Each wait's ron and tsumo are scored by the family's scorer,
valued as ``(1 - p)`` times the points with the clean bonus minus ``p`` times the plain points (``p``: the
largest risk of the yaku it holds), and a win worth less than nothing counts as none (the player declines it).
A furiten wait (a waiting kind in the seat's river, or the tile just discarded) has no ron: a person who
declines a reversed tsumo keeps that tile and changes the wait. Waits are weighed by their live copies.

What it costs is kept by what it reads: each win's expected points by the hand's shape (its concealed kinds, the
red fives it holds, its melds), the waiting kind, ron or tsumo and dama or riichi, in a table of the seat's scoring
facts (rules, winds, indicators, hints) that lives from decision to decision (a hand met again, or met one draw
later, is not scored again); a ready hand's weighed worth once per decision (it reads the visible tiles); and the
look-ahead asks the shanten of every readying draw and every ready discard in one pass each (``improving_kinds``,
the discard kernel), not one call per tile.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from mjsim.errors import MjsimError
from mjsim.hand import discard_kernel as kernel
from mjsim.hand.decompose import waits
from mjsim.hand.shanten import improving_kinds, shanten
from mjsim.hand.tiles import kind_of
from mjsim.scoring import Score, WinContext
from variants.riichi.hints import ValueHints
from variants.riichi.limits import base_points
from variants.riichi.payments import hand_value
from variants.riichi.scorer import score_win
from variants.riichi.statistics import TSUMO_SHARE
from variants.riichi.table_facts import table_facts

if TYPE_CHECKING:  # for the annotations only (context.py imports this module): compiled, they make ctx's reads native
    from mjsim.agents.observation import Observation
    from variants.riichi.human.context import Context

# a closed hand that has not declared: dama or riichi
RIICHI_WAYS: tuple[frozenset[str], ...] = (frozenset(), frozenset({"riichi"}))
# The scored wins, per table of scoring facts (``seat_table``): a few seats' tables at a time, each of a bounded size
# (a hand's tables hold a few thousand wins; a new hand's facts start a new table).
_WIN_TABLES: dict[tuple, tuple[object, dict[tuple, float]]] = {}
MAX_TABLES = 16
MAX_WINS = 1 << 16


def signed_worth(score: Score, ctx: WinContext, hints: ValueHints, rules) -> float:
    """Expected points of one scored win under the hints (a yakuman is never at risk and gets no bonus)."""
    if score.detail.yakuman:
        return float(score.value)
    risk = max((hints.yaku_risk.get(h.name, 0.0) for h in score.hits if not h.bonus), default=0.0)
    if not hints.clean_han:
        clean = float(score.value)
    else:
        base, _limit = base_points(score.detail.han + hints.clean_han, score.detail.fu, 0, rules)
        clean = float(hand_value(base, ctx))
    return (1.0 - risk) * clean - risk * float(score.value)


def ready_points(
    ctx: Context, counts: list[int], melds: tuple, tiles: list[int], closed: bool, discarded: tuple[int, ...] = ()
) -> float | None:
    """Expected points of the ready hand of ``counts``/``tiles`` (3n+1 concealed) under ``ctx.hints``.

    None when the hand is not ready or the rules are not known. ``discarded``: kinds let go since (furiten).
    """
    rules = ctx.table.rules
    if rules is None or sum(counts) % 3 != 1:
        return None
    if shanten(counts) != 0:  # why first: most hands asked about are not ready, and the waits cache keeps ready ones
        return None
    shape = bytes(counts)
    ready = _waits(shape)
    if not ready:
        return None
    obs = ctx.obs
    furiten = any(w in discarded or w in ctx.river_kinds for w in ready)
    # why by kinds and red fives, not tile ids: two copies of a kind score alike, and the look-ahead meets one
    # ready hand by several paths in a decision (its weighed worth reads the visible tiles: kept per decision)
    hand = (shape, _reds(tiles, ctx.table.red_ids), tuple(melds))
    key = (hand, closed, furiten)
    worth = ctx.ready_memo.get(key)
    if worth is None:
        ways = (frozenset({"riichi"}),) if obs.declared[obs.seat] else (RIICHI_WAYS if closed else (frozenset(),))
        wins = seat_table(ctx)
        worth = max(_waits_worth(ctx, ready, hand, tiles, furiten, way, rules, wins) for way in ways)
        ctx.ready_memo[key] = worth
    return worth


def _reds(tiles: list[int], red_ids: frozenset[int]) -> tuple[int, ...]:
    """The red fives among ``tiles``, by id (what, beside the kinds, a win's score reads of the concealed tiles)."""
    return tuple(sorted(t for t in tiles if t in red_ids))


def seat_table(ctx: Context) -> dict[tuple, float]:
    """The table of ``ctx``'s seat under its scoring facts (the rules, the winds and so the dealer, who would deal
    in, the dora indicators, the hints: a win's worth reads nothing else of the table), kept between decisions:
    scored wins here, plan worths in ``plans.best_plans``."""
    table = ctx.win_table
    if table is not None:
        return table
    obs, hints, rules = ctx.obs, ctx.hints, ctx.table.rules
    facts = (
        id(rules),
        obs.seat_wind,
        obs.round_wind,
        (obs.seat + 1 - obs.dealer) % len(obs.scores),
        tuple(obs.indicators),
        tuple(sorted(hints.yaku_risk.items())),
        hints.clean_han,
    )
    entry = _WIN_TABLES.get(facts)
    if entry is None or entry[0] is not rules:  # why the rules kept: an id is only unique while its object lives
        if len(_WIN_TABLES) >= MAX_TABLES:
            _WIN_TABLES.clear()
        entry = (rules, {})
        _WIN_TABLES[facts] = entry
    table = entry[1]
    if len(table) >= MAX_WINS:
        table.clear()
    ctx.win_table = table
    return table


def _waits_worth(
    ctx: Context,
    ready: tuple[int, ...],
    hand: tuple,
    tiles: list[int],
    furiten: bool,
    situation: frozenset[str],
    rules: Any,
    wins: dict[tuple, float],
) -> float:
    """Expected points of the waits ``ready`` in one situation (dama or riichi), each weighed by its live copies."""
    live = {w: max(0, 4 - ctx.seen[w]) for w in ready}
    total = sum(live.values())
    worth = 0.0
    for w in ready:
        weight = live[w] / total if total else 1.0 / len(ready)
        ron = 0.0 if furiten else _scored_win(ctx, hand, tiles, w, False, situation, rules, wins)
        tsumo = _scored_win(ctx, hand, tiles, w, True, situation, rules, wins)
        worth += weight * ((1.0 - TSUMO_SHARE) * max(ron, 0.0) + TSUMO_SHARE * max(tsumo, 0.0))
    return worth


def _scored_win(
    ctx: Context,
    hand: tuple,
    tiles: list[int],
    kind: int,
    tsumo: bool,
    situation: frozenset[str],
    rules: Any,
    wins: dict[tuple, float],
) -> float:
    """``_win_worth`` of winning on ``kind``, looked up in the seat's table ``wins`` first: the winning copy is
    the hand's free copy of ``kind`` (``_free_copy``), which the hand's kinds and red fives decide."""
    key = (hand, kind, tsumo, tuple(sorted(situation)))  # why not the set: a key of plain tuples leaves the gc alone
    worth = wins.get(key)
    if worth is None:
        tile = _free_copy(kind, tiles, ctx.table.red_ids)
        worth = _win_worth(ctx, tiles, tile, hand[2], tsumo, situation, rules)
        wins[key] = worth
    return worth


# small: hits are repeats within a turn (256 entries hit as often as 65,536), and a full 65,536 held ~20 MB a worker
@lru_cache(maxsize=1 << 12)
def _waits(counts: bytes) -> tuple[int, ...]:
    """The waits of a hand (a pure function of its counts, so kept): asked of the decomposition only when the
    hand is ready, which shanten answers some forty times faster than ``waits`` does."""
    return tuple(waits(list(counts))) if shanten(list(counts)) == 0 else ()


def _win_worth(
    ctx: Context, tiles: list[int], tile: int, melds: tuple, tsumo: bool, situation: frozenset[str], rules: Any
) -> float:
    """Expected points of winning on ``tile`` (0: no yaku, so no win)."""
    obs = ctx.obs
    win = WinContext(
        concealed=tuple(tiles) + (tile,),
        win_tile=tile,
        melds=tuple(melds),
        tsumo=tsumo,
        seat_wind=obs.seat_wind,
        round_wind=obs.round_wind,
        discarder=None if tsumo else (obs.seat + 1 - obs.dealer) % len(obs.scores),
        situation=situation,
        table=table_facts(dora=obs.indicators),
    )
    try:
        score = score_win(win, rules.pattern_index, rules)
    except MjsimError:
        return 0.0
    return signed_worth(score, win, ctx.hints, rules)


def _free_copy(kind: int, tiles: list[int], red_ids: frozenset[int]) -> int:
    """A physical tile of ``kind`` the hand does not hold, a plain copy before a red five (all held: the first)."""
    ids = [t for t in range(4 * kind, 4 * kind + 4) if t not in red_ids]
    ids += [t for t in range(4 * kind, 4 * kind + 4) if t in red_ids]
    for t in ids:
        if t not in tiles:
            return t
    return ids[0]


def exact_points(
    ctx: Context, counts: list[int], melds: tuple | None, tiles: Sequence[int] | None, closed: bool
) -> float | None:
    """The ready worth of a hand about to discard (3n+2: its best ready discard) or just after one (3n+1);
    None when it is not ready, so the estimate of ``hinted.py`` stands."""
    own: tuple = ctx.obs.melds[ctx.obs.seat] if melds is None else melds
    held = list(ctx.obs.tiles if tiles is None else tiles)
    if sum(counts) % 3 == 1:
        let_go = _let_go(ctx.obs, counts, own)
        worth = ready_points(ctx, counts, own, held, closed, let_go)
        return worth if worth is not None else one_away_points(ctx, counts, own, held, closed, let_go)
    best = None
    kinds = [k for k, n in enumerate(counts) if n]
    for kind, after in zip(kinds, kernel.shanten_after_discards(counts, kinds), strict=True):
        if after != 0:
            continue
        counts[kind] -= 1
        try:
            rest = tiles_without(held, kind, ctx.table.red_ids)
            worth = ready_points(ctx, counts, own, rest, closed, (kind,))
            best = worth if best is None or (worth is not None and worth > best) else best
        finally:
            counts[kind] += 1
    return best


def _let_go(obs: Observation, counts: list[int], melds: tuple) -> tuple[int, ...]:
    """The kind the seat's own hand just discarded to reach ``counts`` (none: not one discard from it)."""
    if melds != obs.melds[obs.seat] or sum(obs.counts) != sum(counts) + 1:
        return ()
    return tuple(k for k, (was, now) in enumerate(zip(obs.counts, counts, strict=False)) if was == now + 1)[:1]


def tiles_without(tiles: Sequence[int], kind: int, red_ids: frozenset[int]) -> list[int]:
    """The tiles without one copy of ``kind``: the first plain copy, else the first red five."""
    out = list(tiles)
    pick = -1
    for i in range(len(out)):
        t = out[i]
        if kind_of(t) == kind:
            if t not in red_ids:
                pick = i
                break
            if pick < 0:
                pick = i
    if pick < 0:
        raise ValueError(f"no tile of kind {kind} to take out")
    del out[pick]
    return out


def one_away_points(
    ctx: Context, counts: list[int], melds: tuple, tiles: list[int], closed: bool, discarded: tuple[int, ...]
) -> float | None:
    """Expected ready worth of a hand one tile from ready (3n+1): over each draw that readies it, weighed by
    its live copies, the worth of the best ready discard then (draws that do not ready it are not counted).
    None when the hand is further, or no live draw readies it."""
    if shanten(counts) != 1:  # most hands looked at are further: the cheap answer first
        return None
    _now, readying = improving_kinds(counts, 1)  # one pass: the draws that take it to ready, in kind order
    seen = ctx.seen
    red_ids = ctx.table.red_ids
    total, worth = 0, 0.0
    for draw in readying:
        live = max(0, 4 - seen[draw]) if counts[draw] < 4 else 0
        if not live:
            continue
        counts[draw] += 1
        try:
            best = _best_ready_discard(
                ctx, counts, melds, tiles + [_free_copy(draw, tiles, red_ids)], closed, discarded
            )
        finally:
            counts[draw] -= 1
        total += live
        worth += live * best
    return worth / total if total else None


def _best_ready_discard(
    ctx: Context, counts: list[int], melds: tuple, tiles: list[int], closed: bool, discarded: tuple[int, ...]
) -> float:
    """The worth of the best discard that leaves the 3n+2 hand ready (0: none worth anything)."""
    best = 0.0
    kinds = [k for k, n in enumerate(counts) if n]
    for kind, after in zip(kinds, kernel.shanten_after_discards(counts, kinds), strict=True):
        if after != 0:
            continue
        counts[kind] -= 1
        try:
            rest = tiles_without(tiles, kind, ctx.table.red_ids)
            worth = ready_points(ctx, counts, melds, rest, closed, discarded + (kind,)) or 0.0
            best = max(best, worth)
        finally:
            counts[kind] += 1
    return best
