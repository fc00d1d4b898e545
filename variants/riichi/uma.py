"""The rank bonus (順位ウマ, §15): a named spread from the seeds, or any per-rank list that sums to zero."""

from __future__ import annotations

from collections.abc import Sequence

from mjsim.errors import MjsimError

NAMED_UMA = {
    "none": (0, 0, 0, 0),
    "0-5": (5, 0, 0, -5),
    "5-10": (10, 5, -5, -10),
    "10-20": (20, 10, -10, -20),
    "10-30": (30, 10, -10, -30),
}
UMA_SEATS = 4  # the riichi family's table; a list must give one bonus per rank


def parse_uma(raw) -> str | tuple[int | float, ...]:
    """A named spread ("10-20"), or per-rank bonuses from 1st to last (a list, or text "15,5,-5,-15")."""
    if isinstance(raw, str) and raw.strip() in NAMED_UMA:
        return raw.strip()
    if isinstance(raw, str):
        raw = [_number(part) for part in raw.split(",")]
    if not isinstance(raw, Sequence) or isinstance(raw, str | bytes):
        raise MjsimError(f"a spread ({', '.join(NAMED_UMA)}) or a list of {UMA_SEATS} per-rank bonuses")
    values = tuple(_number(value) for value in raw)
    if len(values) != UMA_SEATS:
        raise MjsimError(f"a per-rank uma needs {UMA_SEATS} values, one per rank; got {len(values)}")
    if abs(sum(values)) > 1e-9:
        raise MjsimError(f"a per-rank uma must sum to 0; it sums to {sum(values):g}")
    return values


def _number(value) -> int | float:
    """One bonus: an int (or a float in thousands, e.g. 7.5); text is parsed, booleans are refused."""
    if isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            raise MjsimError(f"{value.strip()!r} is not a number") from None
        return int(number) if number.is_integer() else number
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise MjsimError(f"{value!r} is not a number")
    return value


def rank_bonuses(value) -> tuple[int | float, ...]:
    """The bonus of each rank (1st first) of a parsed uma value."""
    return NAMED_UMA[value] if isinstance(value, str) else tuple(value)
