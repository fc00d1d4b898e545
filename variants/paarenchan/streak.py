"""The streak of 八連荘 (§4): consecutive hands won by one player, read off the game's finished hands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mjsim.errors import MjsimError
from variants.paarenchan import options as opt

QUALIFYING = 7  # hands won just before: the eighth win is the award
STREAK_EXTRA = "paarenchan.streak"  # a standalone score's context: hands the winner won just before this one


def won(record: Mapping[str, Any], seat: int, dealer_only: bool) -> bool:
    """Whether ``seat`` won the hand of ``record`` (as its dealer when ``dealer_only``)."""
    if dealer_only and record["dealer"] != seat:
        return False
    return any(w["seat"] == seat for w in record.get("wins", ()))


def counted(history: Sequence[Mapping[str, Any]], rules) -> list[Mapping[str, Any]]:
    """The finished hands that count: all of them, or those with a winner when draws do not break a streak."""
    if rules[opt.DRAW_BREAKS_STREAK]:
        return list(history)
    return [r for r in history if r.get("wins")]


def streak(history: Sequence[Mapping[str, Any]], seat: int, rules) -> int:
    """How many of the counted hands just before now ``seat`` won in a row."""
    dealer_only = rules[opt.MODE] == "dealer_only"
    count = 0
    for record in reversed(counted(history, rules)):
        if not won(record, seat, dealer_only):
            break
        count += 1
    return count


def qualifies(count: int, rules, dealer: bool) -> bool:
    """Whether a legal win after ``count`` straight wins is the paarenchan yakuman."""
    mode = rules[opt.MODE]
    if mode == "off" or (mode == "dealer_only" and not dealer):
        return False
    return count == QUALIFYING or (count > QUALIFYING and rules[opt.CONTINUES_AFTER_EIGHTH])


def given_streak(extra: Mapping[str, Any]) -> int | None:
    """The streak named by a standalone score's context (``--extra paarenchan.streak=7``), or None."""
    raw = extra.get(STREAK_EXTRA)
    if raw is None:
        return None
    text = raw[0] if isinstance(raw, tuple) and len(raw) == 1 else raw
    try:
        count = int(text)
    except (TypeError, ValueError):
        raise MjsimError(f"{STREAK_EXTRA} takes a number of hands won in a row, got {raw!r}") from None
    if count < 0:
        raise MjsimError(f"{STREAK_EXTRA} takes a number of hands won in a row, got {raw!r}")
    return count
