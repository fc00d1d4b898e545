"""Sanma dora: the manzu indicator wraps 1m <-> 9m, and every North set aside (抜きドラ) is a dora.

Tenhou counts the nuki Norths inside its ドラ (yaku 52) and, when West is an ura indicator, inside 裏ドラ (53):
so these patterns replace the family's ``dora`` and ``ura_dora`` and keep their Tenhou ids.  The count of
Norths set aside comes in ``ctx.extra["sanma.nuki"]`` (``mjsim score --extra sanma.nuki=N``).
"""

from __future__ import annotations

from mjsim.errors import MjsimError
from mjsim.hand.tiles import NORTH, next_in_cycle
from mjsim.scoring import Pattern, WinContext
from variants.riichi.api import URA_DORA
from variants.riichi.api import table_facts as tf

NUKI = "sanma.nuki"
_ONE_MAN, _NINE_MAN = 0, 8


def sanma_dora_of(kind: int) -> int:
    """The dora kind an indicator of ``kind`` points to with 2m-8m absent (1m -> 9m, 9m -> 1m)."""
    return _NINE_MAN if kind == _ONE_MAN else next_in_cycle(kind)


_DORA_OF = [sanma_dora_of(k) for k in range(34)]


def nuki_count(ctx: WinContext) -> int:
    """Norths the winner set aside (0 when the context does not say; ``--extra`` gives it as a 1-tuple of text)."""
    value = ctx.extra.get(NUKI, 0)
    return int(value[0] if isinstance(value, tuple) and len(value) == 1 else value)


def check_nuki(ctx: WinContext) -> None:
    """Refuse a count of Norths set aside that no game can have (a one-line error)."""
    try:
        count = nuki_count(ctx)
    except (TypeError, ValueError):
        count = -1
    if not 0 <= count <= 4:
        raise MjsimError(f"{NUKI} is how many Norths the winner set aside, 0 to 4; got {ctx.extra.get(NUKI)!r}")


def _count(ctx: WinContext, indicators) -> int:
    """Tiles of the hand the indicators point to, each nuki North once more per indicator pointing to North."""
    counts, nuki, total = ctx.counts, nuki_count(ctx), 0
    for t in indicators:
        kind = _DORA_OF[t >> 2]
        total += counts[kind] + (nuki if kind == NORTH else 0)
    return total


def dora(ctx: WinContext) -> int:
    """ドラ (dora, sanma): each tile the indicators point to (1m -> 9m), and each North set aside."""
    return _count(ctx, tf.dora_indicators(ctx)) + nuki_count(ctx)


def ura_dora(ctx: WinContext, rules) -> int:
    """裏ドラ (ura dora, sanma): each tile the ura indicators point to (1m -> 9m, West -> the Norths set aside)."""
    if not ctx.has("riichi", "double_riichi") or not rules[URA_DORA]:
        return 0
    return _count(ctx, tf.ura_indicators(ctx))


def patterns(rules) -> list[Pattern]:
    """The two dora patterns, configured for the rule values; they replace the family's."""

    def ura(ctx: WinContext) -> int:
        """裏ドラ (ura dora, sanma) under these rule values."""
        return ura_dora(ctx, rules)

    return [
        Pattern("sanma_dora", "ドラ", dora, 1, 1, replaces=("dora",), bonus=True, doc=dora.__doc__ or "",
                ids={"tenhou": 52}, per_hand=True),
        Pattern("sanma_ura_dora", "裏ドラ", ura, 1, 1, replaces=("ura_dora",), bonus=True,
                doc=ura_dora.__doc__ or "", ids={"tenhou": 53}, per_hand=True, needs=("closed",)),
    ]  # fmt: skip
