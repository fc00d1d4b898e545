"""Scoring a Taiwanese win: the tai of the best reading, the flower wins, and who pays what (taiwan.md §8-§10).

``payment = (底 + Σ tai + dealer bonus) x rate`` per paying seat, the dealer bonus (2n + 1) counting in every
transaction the dealer takes part in, as winner or as payer.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from mjsim.hand.tiles import FLOWER, kind_of
from mjsim.scoring import TANKI, Hit, NoWin, Reading, Score, WinContext, evaluate, match
from variants.taiwan import options as opt
from variants.taiwan.waits import is_lilikuli

FLOWER_ITEMS = ("zhenghua", "huagang", "jianhua")
FLOWER_WINS = {"qiqiangyi": ("七搶一", 8), "baxian": ("八仙過海", 16)}
HAND_TILES = 17  # five sets and a pair, kongs counted as three


class TaiDetail(NamedTuple):
    """Taiwan's facts of a win: the tai (the most any payer pays), the fixed parts (底, the dealer's bonus), 底."""

    tai: int
    parts: tuple[tuple[str, int], ...] = ()
    di: int = 0

    def rank_key(self) -> tuple[int]:
        """Between readings of equal value: more tai."""
        return (self.tai,)

    def record(self) -> dict[str, Any]:
        """The hand record's facts of the win (named as the riichi family names them: tai are the han)."""
        return {"han": self.tai, "fu": 0, "yakuman": 0}

    def report(self) -> dict[str, Any]:
        """The fields ``mjsim score --json`` shows."""
        parts = [{"part": part, "fu": value} for part, value in self.parts]
        return {"han": self.tai, "fu": 0, "fu_parts": parts, "limit": None, "yakuman": 0, "base": self.di}

    def lines(self, unit: str) -> list[str]:
        """The fixed parts (底 and the dealer's bonus) and the tai."""
        parts = ", ".join(f"{part} {value}" for part, value in self.parts)
        return [f"  {parts}; {self.tai} {unit}"] if parts else []

    def label(self) -> str | None:
        """No limit: tai add without a cap."""
        return None


def score_win(ctx: WinContext, rules) -> Score:
    """The score of a win: the best reading's tai, the flower win if any, and every seat's payment."""
    ctx = _flowers_apart(ctx)
    flower_win = ctx.extra.get("taiwan.flower_win")
    best = best_reading(ctx, rules.pattern_index, rules[opt.LILIKULI])
    if best is None and flower_win is None:
        raise NoWin(_why_not(ctx))
    di, rate = rules[opt.DI], rules[opt.RATE]
    hits = list(best.hits) if best is not None else []
    per_payer = _tai_by_payer(ctx, hits, flower_win)
    dealer, bonus = dealer_of(ctx), 2 * repeats_of(ctx) + 1
    payments = [0] * 4
    for payer, tai in per_payer.items():
        extra = bonus if dealer in (payer, ctx.seat) else 0
        amount = (di + tai + extra) * rate
        payments[payer] -= amount
        payments[ctx.seat] += amount
    shown = _shown_hits(hits, flower_win)
    tai = max(per_payer.values(), default=0)
    parts = (("底", di),) + ((("莊家+連莊", bonus),) if dealer == ctx.seat or dealer in per_payer else ())
    reading = best.reading if best is not None else Reading("flowers", None, (), TANKI)
    return Score(tuple(shown), payments[ctx.seat], tuple(payments), reading, TaiDetail(tai, parts, di))


def best_reading(ctx: WinContext, index, lilikuli: bool) -> Score | None:
    """The reading of the hand worth the most tai (None when the tiles are not a complete hand).

    ``lilikuli``: the option taiwan.lilikuli (嚦咕嚦咕, seven pairs and a triplet, is a winning shape).
    """
    if sum(ctx.concealed_counts) + 3 * len(ctx.melds) != HAND_TILES:
        return None
    best = evaluate(ctx, index, _value)
    if lilikuli and not ctx.melds and is_lilikuli(ctx.concealed_counts):
        pairs = tuple(k for k, n in enumerate(ctx.concealed_counts) if n in (2, 4))
        special = replace(ctx, reading=Reading("lilikuli", None, (), TANKI, pairs))
        score = _value(special, match(index.patterns, special))
        if best is None or score.rank_key() > best.rank_key():
            best = score
    return best


def _value(ctx: WinContext, hits: list[Hit]) -> Score:
    """One reading: its tai items (every complete hand wins, there is no minimum)."""
    tai = sum(h.value for h in hits)
    return Score(tuple(hits), tai, (), ctx.reading, TaiDetail(tai))


def _tai_by_payer(ctx: WinContext, hits: list[Hit], flower_win: str | None) -> dict[int, int]:
    """Tai each paying seat (wind index) pays, before 底 and the dealer bonus."""
    others = [w for w in range(4) if w != ctx.seat]
    hand_tai = sum(h.value for h in hits)
    if flower_win is None:
        payers = others if ctx.tsumo else [ctx.discarder]
        return {w: hand_tai for w in payers}
    without_flowers = sum(h.value for h in hits if h.name not in FLOWER_ITEMS)
    item = FLOWER_WINS[flower_win][1]
    if flower_win == "baxian":  # counts as a tsumo: all three pay, the flower tai not added
        return {w: item + without_flowers for w in others}
    single = ctx.extra["taiwan.single_holder"]
    out = {single: item + without_flowers}
    if hits:  # the replacement completed the hand: the others pay the ordinary tsumo, flowers counted
        out.update({w: hand_tai for w in others if w != single})
    return out


def _shown_hits(hits: list[Hit], flower_win: str | None) -> list[Hit]:
    """The items to show: the flower win first (its flower tai dropped), then the hand's items."""
    if flower_win is None:
        return hits
    title, tai = FLOWER_WINS[flower_win]
    kept = [h for h in hits if h.name not in FLOWER_ITEMS] if flower_win == "baxian" else hits
    return [Hit(flower_win, title, tai)] + kept


def _flowers_apart(ctx: WinContext) -> WinContext:
    """Flowers written among the concealed tiles (``mjsim score 15f...``) become the winner's flowers."""
    flowers = [t for t in ctx.concealed if kind_of(t) >= FLOWER]
    if not flowers:
        return ctx
    if kind_of(ctx.win_tile) >= FLOWER:
        raise NoWin("the winning tile is a flower: write the flowers first or name the tile with --win")
    kept = tuple(t for t in ctx.concealed if kind_of(t) < FLOWER)
    held = tuple(ctx.extra.get("taiwan.flowers", ())) + tuple(kind_of(t) for t in flowers)
    return replace(ctx, concealed=kept, extra={**ctx.extra, "taiwan.flowers": held})


def _why_not(ctx: WinContext) -> str:
    size = sum(ctx.concealed_counts) + 3 * len(ctx.melds)
    if size != HAND_TILES:
        return f"a winning hand has 17 tiles (kongs counted as 3), this one has {size}"
    return "the hand is not five sets and a pair"


def _number(ctx: WinContext, key: str, default: int) -> int:
    """An integer fact of the context (``--extra taiwan.repeats=2`` arrives as the text tuple ("2",))."""
    raw = ctx.extra.get(key, default)
    if isinstance(raw, tuple):
        raw = raw[0] if raw else default
    try:
        return int(raw)
    except (TypeError, ValueError):
        raise NoWin(f"{key} must be an integer, got {raw!r}") from None


def repeats_of(ctx: WinContext) -> int:
    """n: the dealer's consecutive repeats (連n拉n)."""
    n = _number(ctx, "taiwan.repeats", 0)
    if n < 0:
        raise NoWin(f"taiwan.repeats must not be negative, got {n}")
    return n


def dealer_of(ctx: WinContext) -> int:
    """The dealer's wind index: given in the context, else East (``--dealer``) ."""
    raw = ctx.extra.get("taiwan.dealer", 0)
    if isinstance(raw, tuple):
        text = raw[0].upper() if raw else "E"
        if text not in ("E", "S", "W", "N"):
            raise NoWin(f"taiwan.dealer is the dealer's seat wind E, S, W or N, got {text!r}")
        return "ESWN".index(text)
    return int(raw)
