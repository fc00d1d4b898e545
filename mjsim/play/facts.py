"""What a game's record keeps of its hands, and the facts of play beside them: who called, declared, dealt in,
on which turn each win came, how it groups and which patterns it held.

The facts of play are read from the game's event log after the game, so no game changes; they live in the record's
``play`` block, outside the part a run's digest hashes (``seed``, ``final``, ``hands``). A simulated run's records
and those ``mjsim stats`` makes of real logs keep the same hands (:func:`hand_summaries`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mjsim.engine.actions import CHI, DECLARE_DISCARD, DISCARD, KAN, PON, Event
from mjsim.play.terms import PlayTerms

OPEN_CALLS = (CHI, PON, KAN)
"""Event kinds of a claimed meld (a concealed kan is "ankan"; an added kan, "kakan", upgrades a counted pon)."""
DISCARDS = (DISCARD, DECLARE_DISCARD)


def hand_summaries(history: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The hand records a game's record keeps (its history's results, deltas and the variants' facts)."""
    keep = ("hand", "dealer", "honba", "round", "wins", "draw", "tenpai", "nagashi", "scores", "deltas", "end_chosen")
    keep += ("players",)  # who sat at each seat, when the family changes seats (mjsim_seating)
    # Variant facts ("jirai.count", ...) are kept too: experiments measure them.
    return [{k: v for k, v in h.items() if k in keep or "." in k} for h in history]


def play_facts(log: Sequence[Event], seats: int, agent_names: Sequence[str], terms: PlayTerms) -> dict[str, Any]:
    """The play block of a game's record: its agents, the family's names and one entry per finished hand."""
    hands, current = [], _new_hand(seats)
    last: Event | None = None
    for event in log:
        if event.kind == "hand_end":
            hands.append(current["facts"])
            current = _new_hand(seats)
        else:
            _count(event, last, current, terms)
        last = event
    return {
        "agents": list(agent_names),
        "declaration": terms.declaration[0] if terms.declaration else None,
        "groups": list(terms.groups),
        "patterns": terms.patterns,
        "hands": hands,
    }


def _new_hand(seats: int) -> dict[str, Any]:
    facts = {"calls": [0] * seats, "declared": [0] * seats, "deal_ins": [0] * seats, "wins": []}
    return {"facts": facts, "discards": [0] * seats}


def _count(event: Event, last: Event | None, current: dict[str, Any], terms: PlayTerms) -> None:
    """Add one event's facts to the hand in play."""
    facts, seat = current["facts"], event.seat
    if event.kind in DISCARDS:
        current["discards"][seat] += 1
    if terms.declaration and event.kind == terms.declaration[1]:
        facts["declared"][seat] += 1
    if event.kind in OPEN_CALLS:
        facts["calls"][seat] += 1
    if event.kind == "win":
        facts["wins"].append(_win(event, current["discards"][seat] + 1, terms))
        source = event.data["from"]
        # A discard that several seats ron (double ron) is one deal-in: its "win" events follow each other.
        same_discard = last is not None and last.kind == "win" and last.data["from"] == source
        if source is not None and not same_discard:
            facts["deal_ins"][source] += 1


def _win(event: Event, turn: int, terms: PlayTerms) -> dict[str, Any]:
    """A win's play facts: its turn (the winner's discards before it, plus one), groups and patterns."""
    score = event.data["score"]
    record = {"value": score.value, **score.detail.record()}
    win: dict[str, Any] = {"turn": turn, "groups": {}}
    for name, bucket in terms.groups.items():
        group = bucket(record)
        if group is not None:
            win["groups"][name] = group
    if terms.patterns:
        win["patterns"] = sorted({hit.name for hit in score.hits if not hit.bonus})
    return win
