"""Floating and sinking, top types, end conditions and the forbidden wins (boo.md §2-§4), as pure functions."""

from __future__ import annotations

from variants.boo import options as opt

TOP_TYPES = {3: "A", 2: "B", 1: "C"}
ROUNDS = {"full": 4, "hanchan": 2}


def sunk(rules, scores) -> list[int]:
    """Seats below the origin (exactly at the origin floats)."""
    origin = rules[opt.ORIGIN]
    return [seat for seat, s in enumerate(scores) if s < origin]


def top_seat(scores) -> int:
    """The highest score; ties go to the seat nearer the first dealer (起家)."""
    return max(range(4), key=lambda seat: (scores[seat], -seat))


def top_type(rules, scores) -> str | None:
    """A, B or C by the number of sunk players (None when nobody sank)."""
    return TOP_TYPES.get(len(sunk(rules, scores)))


def busted(rules, scores) -> bool:
    """Someone has no points left (ドボン)."""
    strict = rules[opt.DOBON] == "lt_zero"
    return any(s < 0 if strict else s <= 0 for s in scores)


def tenpen(rules, scores) -> bool:
    """Someone doubled the origin (天辺)."""
    ceiling = 2 * rules[opt.ORIGIN]
    return any(s > ceiling if rules[opt.TENPEN_STRICT] else s >= ceiling for s in scores)


def is_last_hand(rules, round_wind: int, dealer: int) -> bool:
    """The last scheduled deal: North's (or South's) fourth dealer, seat 3."""
    return round_wind - 27 == ROUNDS[rules[opt.GAME_LENGTH]] - 1 and dealer == 3


def end_reasons(rules, scores, yakuman: bool, last_done: bool) -> tuple[str, ...]:
    """Why the game ends with these scores after a hand (empty: it goes on)."""
    out = []
    if busted(rules, scores):
        out.append("dobon")
    if tenpen(rules, scores):
        out.append("tenpen")
    if yakuman and rules[opt.YAKUMAN_COLD_GAME]:
        out.append("yakuman")
    if last_done:
        out.append("last_hand")
    return tuple(out)


def forbidden(rules, seat: int, before, after, reasons: tuple[str, ...], yakuman: bool) -> str | None:
    """The code of the rule a win by ``seat`` breaks (F1-F5, tsurekomi), or None when it is legal."""
    if yakuman:
        return None  # a yakuman makes its winner an A top
    origin = rules[opt.ORIGIN]
    still_sunk = after[seat] < origin
    if still_sunk and rules[opt.FORBID_SUNK_WIN]:
        return "F4"
    if still_sunk and rules[opt.FORBID_ASHIBIKI] and _sinks_a_payer(origin, before, after, seat):
        return "F5"
    if not reasons:
        return None
    return _ending_violation(rules, seat, before, after, reasons)


def _sinks_a_payer(origin: int, before, after, seat: int) -> bool:
    """足引き: a floating payer drops below the origin."""
    return any(before[p] >= origin > after[p] for p in range(4) if p != seat)


def _ending_violation(rules, seat: int, before, after, reasons) -> str | None:
    """F1, F2 (or tsurekomi) and F3 for a game-ending win."""
    origin = rules[opt.ORIGIN]
    exempt = rules[opt.FINAL_HAND_EXEMPT] if "last_hand" in reasons else frozenset()
    if after[seat] < origin:
        return "F1"
    if top_seat(after) != seat and "F2" not in exempt:
        tsurekomi = before[seat] < origin and "dobon" in reasons
        if not (tsurekomi and rules[opt.ALLOW_TSUREKOMI]):
            return "tsurekomi" if tsurekomi else "F2"
    if rules[opt.FORBID_C_TOP_FINISH] and len(sunk(rules, after)) == 1 and "F3" not in exempt:
        return "F3"
    return None
