"""Scoring a riichi win: configure the patterns for the rules, then value each reading."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from mjsim.scoring import Hit, NoWin, Pattern, Points, Score, WinContext, evaluate, hand_readings, match
from variants.riichi import table_facts as tf
from variants.riichi.detail import RiichiDetail
from variants.riichi.fu import fu
from variants.riichi.limits import base_points
from variants.riichi.local_yaku import local_patterns, puutaa_context, puutaa_hits
from variants.riichi.options import (
    CHIITOITSU_SCORING,
    COMPOSITE_YAKUMAN,
    DOUBLE_YAKUMAN_PATTERNS,
    MIN_HAN,
    MIN_HAN_CHOICES,
    PAO_HONBA_PAYER,
    PAO_SCOPE,
    PAO_SET,
    RENHOU,
    RYANHAN_SHIBARI,
    TWO_HAN,
    YAKUMAN_MAX_MULTIPLE,
)
from variants.riichi.payments import hand_value, payments
from variants.riichi.yaku import CONFIGURED_RULES, PATTERNS

# Constants are Final: the compiled build (mjsim/native.py) then reads them without a module lookup.
# renhou option -> (han, yakuman)
_RENHOU: Final = {
    "yakuman": (0, 1),
    "needs_other_yaku": (0, 1),
    "baiman": (8, 0),
    "mangan": (5, 0),
    "5han": (5, 0),
    "4han": (4, 0),
}


MIN_HAN_CEILING: Final = max(*MIN_HAN_CHOICES, TWO_HAN)  # no rule asks for more: a win at this many han needs no check


def configured_patterns(rules) -> list[Pattern]:
    """The riichi patterns with option-dependent values applied, and the rules that read options bound to them."""
    doubles = rules[DOUBLE_YAKUMAN_PATTERNS]
    out = []
    for p in PATTERNS:
        if p.name in CONFIGURED_RULES:
            p = replace(p, applies=CONFIGURED_RULES[p.name](rules))
        if p.name in ("kokushi_13", "suuankou_tanki", "junsei_chuuren", "daisuushii"):
            option_name = {"kokushi_13": "kokushi_13"}.get(p.name, p.name)
            p = replace(p, multiple=2 if option_name in doubles else 1)
        elif p.name == "renhou":
            if rules[RENHOU] == "off":
                continue
            han, yakuman = _RENHOU[rules[RENHOU]]
            p = replace(p, value=han, multiple=yakuman)
        elif p.name == "chiitoitsu" and rules[CHIITOITSU_SCORING] == "1h50f_then_2h25f":
            p = replace(p, value=1)
        out.append(p)
    return out + local_patterns(rules)


def score_win(ctx: WinContext, patterns, rules: Mapping[str, Any]) -> Score:
    """The best reading's score under the rule values ``rules``, or NoWin saying why there is none."""
    if ctx.reading is None and len(ctx.concealed) + 3 * len(ctx.melds) != 14:
        raise NoWin(
            f"a winning hand has 14 tiles (kans counted as 3), this one has {len(ctx.concealed) + 3 * len(ctx.melds)}"
        )
    best = evaluate(ctx, patterns, valuer(rules))
    puutaa = puutaa_context(ctx, rules)
    if puutaa is not None:
        special = value_of(puutaa, puutaa_hits(getattr(patterns, "patterns", patterns)), rules)
        if special is not None and (best is None or special.rank_key() > best.rank_key()):
            best = special
    if best is None:
        raise NoWin("the hand is not complete" if not hand_readings(ctx) else "the hand has no yaku")
    return best


def valuer(rules: Mapping[str, Any]) -> Callable[[WinContext, list[Hit]], Score | None]:
    """The value function of one reading under the rule values ``rules`` (what :func:`evaluate` calls)."""

    def value(ctx: WinContext, hits: list[Hit]) -> Score | None:
        return value_of(ctx, hits, rules)

    return value


def value_of(ctx: WinContext, hits: list[Hit], rules: Mapping[str, Any]) -> Score | None:
    """Han, fu, limit and who pays what for one reading (None: not a valid win)."""
    reading = ctx.reading
    assert reading is not None, "a value is worked out for one reading of the hand"
    han, yaku_han, yaku, limit_hands = _tally(hits)
    yakuman = _yakuman_multiple(limit_hands, rules) if limit_hands else 0
    if not yakuman and (not yaku or (yaku_han < MIN_HAN_CEILING and yaku_han < _min_han(ctx, rules))):
        return None
    names = {h.name for h in hits}
    if "renhou" in names and rules[RENHOU] == "needs_other_yaku" and not _has_other_yaku(ctx, rules):
        return None
    fu_total, fu_parts = fu(ctx, rules, pinfu="pinfu" in names)
    if reading.form == "seven_pairs" and rules[CHIITOITSU_SCORING] == "1h50f_then_2h25f":
        han, fu_total, fu_parts = _chiitoitsu_1h50f(han, fu_total, fu_parts, rules)
    base, limit = base_points(han, fu_total, yakuman, rules)
    # Paid per reading, not once for the best: five wins in six have one reading, and a second pass costs more.
    pao_base = pao_base_of(hits, base, yakuman, rules) if tf.pao(ctx) is not None else 0
    pays = payments(base, ctx, pao_base, rules[PAO_HONBA_PAYER]) if pao_base else payments(base, ctx)
    detail = RiichiDetail(han, fu_total, fu_parts, limit, yakuman, base)
    return Score(tuple(hits), hand_value(base, ctx), pays, reading, detail)


def _tally(hits: list[Hit]) -> tuple[int, int, int, tuple[int, ...]]:
    """(han, han of the yaku, number of yaku, yakuman values) of the hits; dora are not yaku.

    One pass over the hits: this runs for every reading of every win.
    """
    han = yaku_han = yaku = 0
    yakuman: tuple[int, ...] = ()
    for h in hits:
        han += h.value
        if h.multiple:
            yakuman += (h.multiple,)
        if not h.bonus:
            yaku_han += h.value
            yaku += 1
    return han, yaku_han, yaku, yakuman


def _has_other_yaku(ctx: WinContext, rules: Mapping[str, Any]) -> bool:
    """Whether a yaku other than renhou applies (4play: renhou counts only beside another yaku).

    The hits passed to ``_value`` keep only limit hands once renhou (a yakuman) applies, so the
    regular yaku are matched again here; this runs only for renhou hands.
    """
    regular = [p for p in configured_patterns(rules) if not p.multiple and not p.bonus and p.name != "renhou"]
    return any(h for h in match(regular, ctx) if not h.bonus)


def _chiitoitsu_1h50f(han, fu_total, fu_parts, rules):
    """Maru-Jan seven pairs: 1 han 50 fu below mangan, 2 han 25 fu from mangan up."""
    if base_points(han + 1, 25, 0, rules)[1] is not None:
        return han + 1, 25, fu_parts
    return han, 50, (("seven pairs", 50),)


def _yakuman_multiple(values: tuple[int, ...], rules) -> int:
    """Total yakuman of the limit hands' ``values``, honouring composite and cap options."""
    total = sum(values) if rules[COMPOSITE_YAKUMAN] else max(values)
    cap = rules[YAKUMAN_MAX_MULTIPLE]
    return min(total, cap) if cap else total


def pao_base_of(hits: Sequence[Hit], base: Points, yakuman: int, rules) -> Points:
    """The part of the base points the pao seat is liable for."""
    liable = [h for h in hits if h.name in rules[PAO_SET]]
    if not liable:
        return 0
    if rules[PAO_SCOPE] == "whole_hand":
        return base
    # Capped at the whole hand: with a yakuman cap or composite yakuman off, the liable yakuman can
    # add up to more than the hand is worth.
    return min(base, base * sum(h.multiple for h in liable) // yakuman)


def _min_han(ctx: WinContext, rules: Mapping[str, Any]) -> int:
    """Han of yaku needed: 1, or 2 under the two-han rules."""
    mode = rules[RYANHAN_SHIBARI]
    two = (
        mode == "always"
        or (mode == "from_5_honba" and tf.honba(ctx) >= 5)
        or (mode == "from_dealer_5th_repeat" and ctx.extra.get("dealer_repeats", 0) >= 5)
    )
    return max(rules[MIN_HAN], TWO_HAN if two else 1)
