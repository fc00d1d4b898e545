"""Who pays what for a win: ron, tsumo, honba, riichi sticks and pao (riichi_base.md §10.2-10.3, §16)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from mjsim.errors import MjsimError
from mjsim.scoring import Points, WinContext
from variants.riichi import table_facts as tf

# Constants are Final: the compiled build (mjsim/native.py) then reads them without a module lookup.
HONBA_RON: Final = 300
HONBA_TSUMO_EACH: Final = 100
STICK: Final = 1000


def round_up(x: Points) -> Points:
    """Round up to the next multiple of 100 (百点未満切り上げ)."""
    return -(-x // 100) * 100


def ron_value(base: Points, dealer: bool) -> Points:
    """What the discarder pays for a ron."""
    return round_up(base * (6 if dealer else 4))


def tsumo_shares(base: Points, winner: int) -> list[Points]:
    """What each wind index pays for a self-draw by ``winner`` (0 for the winner)."""
    return list(_shares(base, winner))


@lru_cache(maxsize=4096, typed=True)  # typed: rado's base points may be a float or Fraction equal to an int
def _shares(base: Points, winner: int) -> tuple[Points, ...]:
    """:func:`tsumo_shares` as a tuple, worked out once per base and winner (a game meets a few hundred)."""
    dealer_share, share = round_up(2 * base), round_up(base)  # the dealer pays double (and takes double)
    if winner == 0:
        return (0, dealer_share, dealer_share, dealer_share)
    return tuple(0 if s == winner else (dealer_share if s == 0 else share) for s in range(4))


def hand_value(base: Points, ctx: WinContext) -> Points:
    """The hand's worth to the winner before honba and sticks."""
    if ctx.tsumo:
        return _total(_shares(base, ctx.seat))
    return ron_value(base, ctx.dealer)


def payments(
    base: Points, ctx: WinContext, pao_base: Points = 0, pao_honba_payer: str = "discarder"
) -> tuple[Points, ...]:
    """Score changes by wind index, honba and sticks included.

    ``pao_base`` is the part of ``base`` the pao seat is liable for (0: no pao); ``pao_honba_payer`` is the
    option ``riichi.pao_honba_payer`` (who pays the honba of a ron with pao).
    """
    liable = tf.pao(ctx)
    if pao_base and liable is not None and liable != ctx.discarder:
        return _with_pao(base, pao_base, ctx, liable, pao_honba_payer)
    winner = ctx.seat
    deltas = [-amount for amount in _owed(base, ctx, winner)]  # each payer's loss is the winner's gain
    deltas[winner] = -_total(deltas) + STICK * tf.sticks(ctx)
    return tuple(deltas)


def _owed(base: Points, ctx: WinContext, winner: int) -> tuple[Points, ...]:
    """What each wind index owes the winner for the hand and the honba (no pao)."""
    if ctx.tsumo:
        owed = _shares(base, winner)
        if tf.honba(ctx):
            owed = tuple(share + HONBA_TSUMO_EACH * tf.honba(ctx) if s != winner else 0 for s, share in enumerate(owed))
        return owed
    owed_ron = [0] * 4
    owed_ron[_discarder(ctx)] = ron_value(base, ctx.dealer) + HONBA_RON * tf.honba(ctx)
    return tuple(owed_ron)


def _with_pao(base: Points, pao_base: Points, ctx: WinContext, pao: int, by_option: str) -> tuple[Points, ...]:
    """Score changes of a win with pao: the liable seat's part, the rest, the honba and the sticks."""
    deltas: list[Points] = [0] * 4
    honba_payer = _pay_with_pao(deltas, base, pao_base, ctx, pao, by_option)
    if tf.honba(ctx):
        _move(deltas, honba_payer, ctx.seat, HONBA_RON * tf.honba(ctx))
    deltas[ctx.seat] += STICK * tf.sticks(ctx)
    return tuple(deltas)


def _pay_with_pao(
    deltas: list[Points], base: Points, pao_base: Points, ctx: WinContext, pao: int, by_option: str
) -> int:
    """Pao: the liable seat pays the pao part whole on tsumo, half of it on another's ron.

    Returns the seat that pays the honba.
    """
    rest = base - pao_base
    liable = ron_value(pao_base, ctx.dealer)
    if ctx.tsumo:
        _move(deltas, pao, ctx.seat, liable)
        for seat, share in enumerate(tsumo_shares(rest, ctx.seat)):
            _move(deltas, seat, ctx.seat, share)
        return pao
    half = liable // 2
    discarder = _discarder(ctx)
    _move(deltas, pao, ctx.seat, half)
    _move(deltas, discarder, ctx.seat, liable - half + ron_value(rest, ctx.dealer))
    return pao if by_option == "responsible" else discarder


def _move(deltas: list[Points], payer: int, payee: int, amount: Points) -> None:
    """One transfer: the payer's loss is the payee's gain."""
    deltas[payer] -= amount
    deltas[payee] += amount


def _discarder(ctx: WinContext) -> int:
    """The wind index of the seat that dealt in (a win by ron must name it)."""
    if ctx.discarder is None:
        raise MjsimError("a win by ron needs the seat that discarded the winning tile (discarder)")
    return ctx.discarder


def _total(amounts: Sequence[Points]) -> Points:
    """The sum of some amounts (not ``sum``: compiled, it assumes ints, and rado's can be floats)."""
    total: Points = 0
    for amount in amounts:
        total += amount
    return total
