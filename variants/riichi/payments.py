"""Who pays what for a win: ron, tsumo, honba, riichi sticks and pao (riichi_base.md §10.2-10.3, §16)."""

from __future__ import annotations

from functools import lru_cache

from mjsim.scoring import WinContext

HONBA_RON = 300
HONBA_TSUMO_EACH = 100
STICK = 1000


def round_up(x: int) -> int:
    """Round up to the next multiple of 100 (百点未満切り上げ)."""
    return -(-x // 100) * 100


def ron_value(base: int, dealer: bool) -> int:
    """What the discarder pays for a ron."""
    return round_up(base * (6 if dealer else 4))


def tsumo_shares(base: int, winner: int) -> list[int]:
    """What each wind index pays for a self-draw by ``winner`` (0 for the winner)."""
    return list(_shares(base, winner))


@lru_cache(maxsize=4096, typed=True)  # typed: rado's base points may be a float or Fraction equal to an int
def _shares(base: int, winner: int) -> tuple[int, ...]:
    """:func:`tsumo_shares` as a tuple, worked out once per base and winner (a game meets a few hundred)."""
    dealer_share, share = round_up(2 * base), round_up(base)  # the dealer pays double (and takes double)
    if winner == 0:
        return (0, dealer_share, dealer_share, dealer_share)
    return tuple(0 if s == winner else (dealer_share if s == 0 else share) for s in range(4))


def hand_value(base: int, ctx: WinContext) -> int:
    """The hand's worth to the winner before honba and sticks."""
    if ctx.tsumo:
        return sum(_shares(base, ctx.seat))
    return ron_value(base, ctx.dealer)


def payments(base: int, ctx: WinContext, pao_base: int = 0) -> tuple[int, ...]:
    """Score changes by wind index, honba and sticks included.

    ``pao_base`` is the part of ``base`` the pao seat is liable for (0: no pao).
    """
    if pao_base and ctx.pao is not None and ctx.pao != ctx.discarder:
        return _with_pao(base, pao_base, ctx)
    winner = ctx.seat
    deltas = [-amount for amount in _owed(base, ctx, winner)]  # each payer's loss is the winner's gain
    deltas[winner] = -sum(deltas) + STICK * ctx.sticks
    return tuple(deltas)


def _owed(base: int, ctx: WinContext, winner: int) -> tuple[int, ...]:
    """What each wind index owes the winner for the hand and the honba (no pao)."""
    if ctx.tsumo:
        owed = _shares(base, winner)
        if ctx.honba:
            owed = tuple(share + HONBA_TSUMO_EACH * ctx.honba if s != winner else 0 for s, share in enumerate(owed))
        return owed
    owed_ron = [0] * 4
    owed_ron[ctx.discarder] = ron_value(base, ctx.dealer) + HONBA_RON * ctx.honba
    return tuple(owed_ron)


def _with_pao(base: int, pao_base: int, ctx: WinContext) -> tuple[int, ...]:
    """Score changes of a win with pao: the liable seat's part, the rest, the honba and the sticks."""
    deltas = [0] * 4
    honba_payer = _pay_with_pao(deltas, base, pao_base, ctx)
    if ctx.honba:
        _move(deltas, honba_payer, ctx.seat, HONBA_RON * ctx.honba)
    deltas[ctx.seat] += STICK * ctx.sticks
    return tuple(deltas)


def _pay_with_pao(deltas: list[int], base: int, pao_base: int, ctx: WinContext) -> int | None:
    """Pao: the liable seat pays the pao part whole on tsumo, half of it on another's ron.

    Returns the seat that pays the honba.
    """
    rest = base - pao_base
    liable = ron_value(pao_base, ctx.dealer)
    if ctx.tsumo:
        _move(deltas, ctx.pao, ctx.seat, liable)
        for seat, share in enumerate(tsumo_shares(rest, ctx.seat)):
            _move(deltas, seat, ctx.seat, share)
        return ctx.pao
    half = liable // 2
    _move(deltas, ctx.pao, ctx.seat, half)
    _move(deltas, ctx.discarder, ctx.seat, liable - half + ron_value(rest, ctx.dealer))
    by_option = ctx.options["riichi.pao_honba_payer"]
    return ctx.pao if by_option == "responsible" else ctx.discarder


def _move(deltas: list[int], payer: int, payee: int, amount: int) -> None:
    """One transfer: the payer's loss is the payee's gain."""
    deltas[payer] -= amount
    deltas[payee] += amount
