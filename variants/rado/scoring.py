"""Rado scoring: rado replace dora (and ura dora), and the value of a win at 0 han or less (§1)."""

from __future__ import annotations

from fractions import Fraction

from mjsim.hand.tiles import kind_of, next_in_cycle
from mjsim.scoring import Pattern, Score, WinContext
from variants.rado import options as opt
from variants.riichi.api import ValueHints, hand_value, payments, yaku

RADO, AKA_RADO = "rado", "aka_rado"
DROPPED = ("dora", "ura_dora")  # the indicators point at rado; there is no ura dora and no ura rado


def rado(ctx: WinContext) -> int:
    """ラド (rado): each tile the rado indicators (kan rado included) point to subtracts one han."""
    return yaku.dora(ctx)  # the same count as dora, worth -1 each


def aka_rado(ctx: WinContext, rules) -> int:
    """赤ラド (red rado): with red_fives_are_rado, each red five subtracts one han."""
    return yaku.aka_dora(ctx, rules)


def _minus_one(name: str, title: str, rule, doc: str | None = None) -> Pattern:
    """A counted bonus worth -1 han each time, open or closed (rado never counts towards the yaku minimum)."""
    return Pattern(name, title, rule, value=-1, open_value=-1, bonus=True, doc=doc or rule.__doc__, per_hand=True)


def patterns(rules) -> list[Pattern]:
    """The rado patterns for the rules (red rado only by option)."""
    found = [_minus_one(RADO, "ラド", rado)]
    if rules[opt.RED_FIVES_ARE_RADO]:
        found.append(_minus_one(AKA_RADO, "赤ラド", lambda ctx: aka_rado(ctx, rules), aka_rado.__doc__))
    return found


def replace_dora(batches: list[list[Pattern]], rules) -> list[list[Pattern]]:
    """Every variant's patterns without dora and ura dora (and red dora when reds are rado), plus rado."""
    dropped = DROPPED + (("aka_dora",) if rules[opt.RED_FIVES_ARE_RADO] else ())
    kept = [[p for p in batch if p.name not in dropped] for batch in batches]
    return kept + [patterns(rules)]


def value_hints(obs) -> ValueHints:
    """What rado makes a tile worth: -1 han per copy for each indicator pointing at its kind."""
    worth: dict[int, float] = {}
    for t in obs.indicators:
        kind = next_in_cycle(kind_of(t))
        worth[kind] = worth.get(kind, 0.0) - 1.0
    return ValueHints(kind_han=worth)


def low_han_base(han: int, fu: int, mode: str) -> int | Fraction:
    """Base points of a win at han <= 0: fu x 2^(han+2) exact (a Fraction when not whole), han clamped to 0, or 0."""
    if mode == "no_payment":
        return 0
    exact = Fraction(fu) * Fraction(2) ** (max(han, 0) if mode == "clamp_zero" else han) * 4
    # why exact: each payment is rounded up to 100 from the real product (7.5 x 4 = 30 -> 100), so no early rounding
    return int(exact) if exact.denominator == 1 else exact


def at_low_han(score: Score) -> bool:
    """A non-yakuman win whose net han is 0 or less (yakuman are unaffected by rado)."""
    return not score.detail.yakuman and score.detail.han <= 0


def low_han_score(score: Score, ctx: WinContext, rules) -> Score:
    """The score with the base, value and payments of ``rado.low_han`` when the net han is 0 or less."""
    if not at_low_han(score):
        return score
    detail = score.detail
    base = low_han_base(detail.han, detail.fu, rules[opt.LOW_HAN])
    return score._replace(value=hand_value(base, ctx), payments=payments(base, ctx), detail=detail._replace(base=base))
