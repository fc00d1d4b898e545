"""The rank bonus (順位ウマ, §15): a named spread from the seeds, the "a-b" shorthand, or any per-rank list.

The shorthand "a-b" on four seats is +b/+a/-a/-b (thousands): "10-20" is +20/+10/-10/-20, "5-15" is
+15/+5/-5/-15. On three seats "0-b" is +b/0/-b (Tenhou's 三麻 "0-20"); any other three-seat spread is
written per rank ("20,5,-25"). A per-rank list has one bonus per seat, sums to 0 and never rises from 1st
to last; each bonus is at most 100 (100,000 points) either way, with at most one decimal (7.5 = 7,500).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial

from mjsim.errors import MjsimError
from mjsim.rules.numbers import Numbers

NAMED_UMA = {
    "none": (0, 0, 0, 0),
    "0-5": (5, 0, 0, -5),
    "5-10": (10, 5, -5, -10),
    "10-20": (20, 10, -10, -20),
    "10-30": (30, 10, -10, -30),
}
UMA_SEATS = 4  # the riichi family's table; a list must give one bonus per rank
UMA_LIMIT = 100  # thousands: a rank bonus beyond ±100,000 points is no longer a rank bonus but the game


def uma_numbers(seats: int) -> Numbers:
    """The per-rank bonuses a table of ``seats`` takes: one per rank, summing to 0, never rising."""
    return Numbers(-UMA_LIMIT, UMA_LIMIT, decimals=1, length=seats, total=0, ordered=True)


def spread_parser(named: Mapping[str, tuple], seats: int) -> Callable[[object], object]:
    """A parser for an uma option of ``seats`` ranks with the ``named`` spreads (see ``parse_spread``); a partial,
    not a closure, so that the option holding it pickles."""
    return partial(parse_spread, named=named, seats=seats)


def parse_spread(raw, named: Mapping[str, tuple], seats: int) -> str | tuple[int | float, ...]:
    """A named spread kept as its name, the "a-b" shorthand as per-rank bonuses, or a per-rank list."""
    if isinstance(raw, str) and raw.strip() in named:
        return raw.strip()
    numbers = uma_numbers(seats)
    if isinstance(raw, str) and "-" in raw.strip()[1:] and "," not in raw:
        return _shorthand(raw.strip(), numbers, seats)
    if not isinstance(raw, str | list | tuple):
        raise MjsimError(f"a spread ({', '.join(named)}), a-b, or a list of {seats} per-rank bonuses")
    return numbers.convert(raw)


def _shorthand(text: str, numbers: Numbers, seats: int) -> tuple[int | float, ...]:
    """ "a-b": +b/+a/-a/-b on four seats, +b/0/-b on three ("0-b" only)."""
    parts = text.split("-")
    if len(parts) != 2:
        raise MjsimError(f"{text!r} is not a spread a-b (e.g. 5-15) nor per-rank bonuses (e.g. 15,5,-5,-15)")
    low, high = (numbers.one(part) if part else None for part in parts)  # each an int or float
    if low is None or high is None:
        raise MjsimError(f"{text!r} is not a spread a-b of two numbers")
    if seats == UMA_SEATS:
        return (high, low, -low, -high)
    if seats == 3 and low == 0:
        return (high, 0, -high)
    raise MjsimError(f"a {seats}-seat spread a-b needs a = 0 (0-{high}); write per-rank bonuses, e.g. 20,5,-25")


def parse_uma(raw) -> str | tuple[int | float, ...]:
    """The riichi family's uma: a named spread ("10-20"), "a-b", or per-rank bonuses from 1st to last."""
    return parse_spread(raw, NAMED_UMA, UMA_SEATS)


def rank_bonuses(value, named: Mapping[str, tuple] = NAMED_UMA) -> tuple[int | float, ...]:
    """The bonus of each rank (1st first) of a parsed uma value."""
    return named[value] if isinstance(value, str) else tuple(value)
