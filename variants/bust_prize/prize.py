"""Who pays the bust prize (トビ賞 / 飛ばし点) to whom when a game ends by bust (other_variants.md §10)."""

from __future__ import annotations

from mjsim.engine.actions import POINTS, TABLE


def busted_seats(scores: list[int], mode: str) -> list[int]:
    """The seats below the bust threshold (``riichi.bust``: below_zero or zero_or_below)."""
    return [s for s, p in enumerate(scores) if p < 0 or (mode == "zero_or_below" and p <= 0)]


def turn_order_from(seat: int, seats) -> list[int]:
    """``seats`` in turn order starting from the seat after ``seat`` (upstream priority: 上家取り)."""
    return sorted(seats, key=lambda s: (s - seat - 1) % 4)


def receivers(busted: int, last_hand: dict, transfers: list) -> list[int]:
    """Who busted ``busted``: the winners it paid, else every seat its last points went to (noten, nagashi)."""
    paid_to = {t.payee for t in transfers if t.payer == busted and t.payee != TABLE and t.currency == POINTS}
    winners = {w["seat"] for w in last_hand.get("wins") or ()}
    return turn_order_from(busted, (paid_to & winners) or paid_to)


def split(amount: int, payees: list[int]) -> list[tuple[int, int]]:
    """``amount`` shared equally by ``payees`` (in priority order); the first ones take the remainder."""
    share, rest = divmod(amount, len(payees))
    return [(p, share + (i < rest)) for i, p in enumerate(payees) if share + (i < rest)]


def by_win_or_draw(busted: int, last_hand: dict, transfers: list, amount: int, noten_rule: str) -> list[tuple]:
    """(payer, payee, amount) for one busted seat: the prize to whoever busted it, shared by several.

    A bust by a draw's noten payments pays the first tenpai seat from the busted seat's next seat
    (``upstream_tenpai``, 上家取り), all the tenpai seats it paid (``split_tenpai``), or, as a bust by a
    penalty (罰符, 4play), the other three seats (``penalty``: 3 chips are 1 chip each).
    """
    takers = receivers(busted, last_hand, transfers)
    if not takers:
        return []  # only a riichi deposit put the seat under: nobody busted it
    noten = last_hand.get("draw") == "exhaustive" and not last_hand.get("nagashi")
    if noten and noten_rule == "upstream_tenpai":
        takers = takers[:1]
    elif noten and noten_rule == "penalty":
        takers = turn_order_from(busted, set(range(4)) - {busted})
    return [(busted, payee, share) for payee, share in split(amount, takers)]


def several_4play(busted: list[int], amount: int) -> list[tuple]:
    """(payer, payee, chips) when several bust at once in the 4play form: two busted, the other two receive
    ``amount`` each (one busted seat paying each); three busted, the last one receives all of it."""
    remaining = [s for s in range(4) if s not in busted]
    if len(remaining) == 1:
        return [(b, remaining[0], amount) for b in busted]
    return [(b, r, amount) for b, r in zip(busted, remaining, strict=True)]
