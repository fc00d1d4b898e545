"""Facts read back from the current hand's event log: kongs and their payments, 杠上炮, win groups.

Everything that moved points is in the log as "transfer" events, so refunds and call transfers are worked out
from it rather than from private bookkeeping.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mjsim.engine.actions import Event, Transfer

KONG_EVENTS = ("kan", "ankan", "kakan")
KONG, REFUND, CALL_TRANSFER = "kong", "kong refund", "call transfer"


def hand_events(game) -> list[Event]:
    """The events of the hand in play (or the last one), from its "hand_start"."""
    log = game.log
    for i in range(len(log) - 1, -1, -1):
        if log[i].kind == "hand_start":
            return log[i:]
    return list(log)


def last_kong(events: list[Event], seat: int | None = None) -> Event | None:
    """The latest kong event (of ``seat`` when given)."""
    for event in reversed(events):
        if event.kind in KONG_EVENTS and (seat is None or event.seat == seat):
            return event
    return None


def after_kong_discard(game) -> bool:
    """The discard open to claims was made right after its discarder's kong replacement draw (杠上炮)."""
    hand = game.hand
    if not hand.after_kan or hand.discard is None:
        return False
    who = hand.discard[0]
    events = hand_events(game)
    i = len(events) - 1
    while i >= 0 and events[i].kind != "discard":
        i -= 1
    i -= 1  # before the discard: the replacement draw, the kong's payments, then the kong itself
    if i < 0 or events[i].kind != "draw" or events[i].seat != who:
        return False
    i -= 1
    while i >= 0 and events[i].kind == "transfer":
        i -= 1
    return i >= 0 and events[i].kind in KONG_EVENTS and events[i].seat == who


@dataclass
class KongRecord:
    """One kong of the hand: its owner, its kind, the payments it earned, and whether they were handed on."""

    owner: int
    kind: str
    payments: list[Transfer] = field(default_factory=list)
    transferred: bool = False


def kongs(events: list[Event]) -> list[KongRecord]:
    """The hand's kongs with the kong payments each earned and whether a call transfer took them."""
    out: list[KongRecord] = []
    for event in events:
        if event.kind in KONG_EVENTS:
            out.append(KongRecord(event.seat, event.kind))
        elif event.kind == "transfer" and out:
            t = event.data
            if t.reason == KONG:
                out[-1].payments.append(t)
            elif t.reason == CALL_TRANSFER:
                mine = [k for k in out if k.owner == t.payer and k.payments]
                if mine:
                    mine[-1].transferred = True
    return out


def win_groups(events: list[Event]) -> list[list[Event]]:
    """The hand's win events grouped by settlement (a multiple ron is one group)."""
    groups: list[list[Event]] = []
    previous = None
    for event in events:
        if event.kind == "win":
            if previous == "win":
                groups[-1].append(event)
            else:
                groups.append([event])
        previous = event.kind
    return groups
