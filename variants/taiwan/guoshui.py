"""過水 (guò shuǐ), the Taiwanese furiten, as the spec's state machine (taiwan.md §6).

The state is read off the game log: every read first applies the events logged since the last one. An event
must be applied while the hands still stand as they were when it was made (the waits are read from them), so
the variant also steps the machine from ``mjsim_on_event`` at every discard and added kong; a read that came
only later (after a call changed a hand) would otherwise see other waits, and whether anything reads the state
in between (a bot's observation, an invariant) would change the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mjsim.engine.actions import DECLARE_DISCARD, DISCARD
from mjsim.hand.tiles import kind_of
from variants.taiwan import options as opt
from variants.taiwan.waits import seat_waits

STATE = "taiwan.guoshui"  # hand stash
DISCARDS = (DISCARD, DECLARE_DISCARD)  # a MIGI declaration is a discard too
EVENTS = (*DISCARDS, "kakan")  # the events the state machine steps on


@dataclass
class GuoShui:
    """Per seat: blocked (未過水), blocked for good after MIGI, and the kinds discarded this go-around."""

    cursor: int  # log events applied so far
    open_at: int = -1  # log index of the discard or added kong open to claims
    blocked: list[bool] = field(default_factory=lambda: [False] * 4)
    since: list[int] = field(default_factory=lambda: [-1] * 4)  # log index of the seat's last change
    perma_since: list[int] = field(default_factory=lambda: [-1] * 4)  # log index from which MIGI blocks for good
    seen: list[dict[int, int]] = field(default_factory=lambda: [{} for _ in range(4)])  # kind -> first log index
    trail: list[tuple[int, int, str]] = field(default_factory=list)  # (seat, log index, "block" or "clear")


def state(game) -> GuoShui:
    """The 過水 state of the hand in play, with every logged event applied."""
    hand = game.hand
    current = hand.stash.get(STATE)
    if current is None:
        current = hand.stash[STATE] = GuoShui(cursor=_hand_start(game.log))
    log = game.log
    while current.cursor < len(log):
        index = current.cursor
        current.cursor += 1
        _apply(game, current, index, log[index])
    return current


def _hand_start(log) -> int:
    """The log index of the hand's start (the events before it belong to earlier hands)."""
    for index in range(len(log) - 1, -1, -1):
        if log[index].kind == "hand_start":
            return index
    return 0


def _apply(game, st: GuoShui, index: int, event) -> None:
    """One event of the state machine: a discard or an added kong; other events change nothing."""
    if event.kind in DISCARDS:
        _discarded(game, st, index, event.seat, kind_of(event.data))
    elif event.kind == "kakan":
        st.open_at = index
        _set(st, event.seat, False, index)  # an added kong clears the discarder's own state
        _passed(game, st, index, event.seat, kind_of(event.data))


def _discarded(game, st: GuoShui, index: int, who: int, kind: int) -> None:
    """blocked[who] = the discard is one of its own waits; the others see the kind go by."""
    st.open_at = index
    _set(st, who, kind in seat_waits(game, who), index)
    st.seen[who] = {kind: index}
    for seat in range(4):
        if seat != who:
            st.seen[seat].setdefault(kind, index)
    _passed(game, st, index, who, kind)


def _passed(game, st: GuoShui, index: int, who: int, kind: int) -> None:
    """Every other seat waiting on ``kind`` is blocked from this event on (its own ron on it excepted)."""
    for seat in range(4):
        if seat == who or kind not in seat_waits(game, seat):
            continue
        if not st.blocked[seat]:
            _set(st, seat, True, index)
        if game.hand.seats[seat].declared_turn is not None and st.perma_since[seat] < 0:
            st.perma_since[seat] = index  # after MIGI a winning tile let pass blocks for the rest of the hand


def _set(st: GuoShui, seat: int, blocked: bool, index: int) -> None:
    """Change one seat's state, keeping the transitions for the invariants."""
    if blocked != st.blocked[seat]:
        st.trail.append((seat, index, "block" if blocked else "clear"))
        st.since[seat] = index
    st.blocked[seat] = blocked


def blocked(game, seat: int) -> bool:
    """未過水 or blocked for good after MIGI, counting the discard open to claims."""
    st = state(game)
    return st.blocked[seat] or st.perma_since[seat] >= 0


def may_win(game, seat: int, ron: bool) -> bool:
    """Not 未過水 (nor blocked for good after MIGI); a ron on the very tile that blocked the seat is its win."""
    if game.rules[opt.GUOSHUI] == "off":
        return True
    st = state(game)
    perma = st.perma_since[seat]
    if not st.blocked[seat] and perma < 0:
        return True
    fresh = st.open_at >= 0 and (not st.blocked[seat] or st.since[seat] == st.open_at)
    return ron and fresh and perma in (-1, st.open_at)


def may_call(game, seat: int, tile: int) -> bool:
    """No pon or chi of a kind discarded earlier in this go-around (since the seat's own last discard)."""
    if game.rules[opt.GUOSHUI] == "off":
        return True
    st = state(game)
    first = st.seen[seat].get(kind_of(tile))
    return first is None or first == st.open_at
