"""From faan to points, and who pays them (docs/cantonese.md, "Points").

A portion is ``base x multiplier(faan)`` [Z]. Self-drawn: each other seat pays one portion. Discard: the winner
gains two portions, from the discarder alone (全銃) or one from the discarder and half from each other seat
(半銃). A liable seat (包) pays the three portions of a self-draw alone; a robbed kong is paid as a self-draw by
the kong's owner ("搶槓當自摸 開槓的一家包" [A]).
"""

from __future__ import annotations

from mjsim.errors import MjsimError
from variants.cantonese import options as opt

DOUBLING_UP_TO = 4  # faan up to which every faan doubles, whatever the rise [Z]
SEATS = 4


def multiplier(faan: int, rise: str) -> int:
    """The multiplier of ``faan``: doubling; above 4 faan under 半辣上 at half pace, odd steps the mean [Z]."""
    if faan < 0:
        raise MjsimError(f"{faan} faan: faan are never negative")
    if rise == "spicy" or faan <= DOUBLING_UP_TO:
        return 2**faan
    even = 2 ** (2 + faan // 2)  # 4 faan 16, 6 faan 32, 8 faan 64, ...
    return even if faan % 2 == 0 else even * 3 // 2  # the mean of the even neighbours: 24, 48, 96, ...


def portion(faan: int, rules) -> int:
    """One portion of a win worth ``faan``, in points."""
    return rules[opt.BASE] * multiplier(faan, rules[opt.RISE])


def payments(faan: int, winner: int, rules, discarder: int | None = None, liable: int | None = None) -> list[int]:
    """Each seat's change in points (seat order), summing to zero.

    ``discarder`` None means self-drawn; ``liable`` is a seat that bears the whole of a self-draw (包自摸, or the
    owner of a robbed kong passed as ``liable`` with the win's discarder).
    """
    if not 0 <= winner < SEATS or winner in (discarder, liable):
        raise MjsimError(f"seat {winner} cannot win and pay (discarder {discarder}, liable {liable})")
    share = portion(faan, rules)
    out = [0] * SEATS
    others = [s for s in range(SEATS) if s != winner]
    if liable is not None:
        out[liable] -= 3 * share
    elif discarder is None:
        for seat in others:
            out[seat] -= share
    elif rules[opt.RESPONSIBILITY] == "full":
        out[discarder] -= 2 * share
    else:
        for seat in others:
            out[seat] -= share if seat == discarder else share // 2
    out[winner] = -sum(out)
    return out
