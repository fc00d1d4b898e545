"""Invariants of 血战到底 (chengdu.md §9), checked by ``mjsim check`` and ``simulate --check`` after every step.

Most of them audit the event log: an audit kept in the game's stash reads only the events added since the
last step, so a hand that ends inside a step (the third win, the last tile) is audited like any other.
"""

from __future__ import annotations

from collections import Counter

from mjsim.engine.state import DECLARE as DECLARE_PHASE
from mjsim.engine.state import ENDED
from variants.chengdu import exchange
from variants.chengdu import options as opt
from variants.chengdu.endcheck import NOT_READY, PIG
from variants.chengdu.log import CALL_TRANSFER, KONG, REFUND, hand_events, kongs
from variants.chengdu.options import capped
from variants.chengdu.play import DECLARE
from variants.chengdu.settle import WIN
from variants.chengdu.tiles import suit_allowed, suit_of_tile

REASONS = {WIN, KONG, REFUND, CALL_TRANSFER, PIG, NOT_READY}
AUDIT = "chengdu.audit"  # game stash: the LogAudit of this game


class LogAudit:
    """Reads the log event by event and remembers the first violation."""

    def __init__(self, rules) -> None:
        self.rules = rules
        self.cursor = 0
        self.problem: str | None = None
        self.events: list = []  # the current hand's events
        self.won: set[int] = set()
        self.out: set[int] = set()  # seats that left the hand busted
        self.voids: dict[int, int] = {}

    def feed(self, events) -> str | None:
        """Audit the events not read yet; the first violation found so far (None: none)."""
        for event in events[self.cursor :]:
            if self.problem is None:
                self.problem = self._read(event)
        self.cursor = len(events)
        return self.problem

    def _read(self, event) -> str | None:
        if event.kind == "hand_start":
            self.events, self.won, self.out, self.voids = [], set(), set(), {}
        self.events.append(event)
        if event.kind == "declare" and event.data.kind == DECLARE:
            self.voids[event.seat] = suit_of_tile(event.data.tile)
        elif event.kind == "leave":
            return self._leave(event.seat)
        elif event.kind == "win":
            return self._win(event)
        elif event.kind == "transfer":
            return self._transfer(event.data)
        elif event.kind == "draw_end":
            return self._refunds(event.data)
        return None

    def _win(self, event) -> str | None:
        """At most one win per seat; no win with all suits or its void suit; the value is B x 2^min(fan, cap)."""
        seat, score = event.seat, event.data["score"]
        if seat in self.won and self.rules[opt.PLAY_ON] != "xueliu":
            return f"seat {seat} won twice in one hand"
        self.won.add(seat)
        r = score.reading
        kinds = [st.kind for st in r.sets] + ([r.pair] if r.pair is not None else list(r.pairs))
        suits = frozenset(k // 9 for k in kinds)
        if not suit_allowed(suits, self.voids.get(seat)):
            return f"seat {seat} won holding suits {sorted(suits)} (void {self.voids.get(seat)})"
        want = self.rules[opt.BASE] * 2 ** capped(self.rules, score.detail.fan)
        if score.value != want:
            return f"seat {seat}'s win of {score.detail.fan} fan is worth {score.value}, not {want}"
        return None

    def _transfer(self, t) -> str | None:
        """Points move between seats for the variant's reasons; a seat that has won never pays again."""
        if t.reason not in REASONS or min(t.payer, t.payee) < 0:
            return f"unexpected transfer {t}"
        if t.payer in self.won and self.rules[opt.PLAY_ON] != "xueliu":
            return f"seat {t.payer} paid {t} after it had won"
        if t.payer in self.out:
            return f"seat {t.payer} paid {t} after it had left the hand busted"
        return None

    def _leave(self, seat: int) -> str | None:
        """Only a seat busted (``bust`` eliminate or sit_out) leaves without winning."""
        if self.rules[opt.BUST] == "off":
            return f"seat {seat} left the hand without winning (bust is off)"
        self.out.add(seat)
        return None

    def _refunds(self, outcome: dict) -> str | None:
        """退税: each active, non-ready kong owner returns exactly its kongs' payments (none otherwise)."""
        if outcome.get("draw") != "exhaustive":
            return None
        ready = set(outcome.get("tenpai", ()))
        expected: Counter = Counter()
        if self.rules[opt.TAX_REFUND]:
            for kong in kongs(self.events):
                if kong.owner not in self.won | self.out and kong.owner not in ready and not kong.transferred:
                    expected.update((t.payee, t.payer, t.amount) for t in kong.payments)
        # the refunds are the last transfers before the "draw_end" event, after the pig and not-ready checks
        paid = Counter((t.payer, t.payee, t.amount) for t in self._end_transfers() if t.reason == REFUND)
        if paid != expected:
            return f"kong refunds {dict(paid)} differ from the kong income to return {dict(expected)}"
        return None

    def _end_transfers(self) -> list:
        out = []
        for event in reversed(self.events[:-1]):
            if event.kind != "transfer":
                break
            out.append(event.data)
        return out


def log_audit(game) -> str | None:
    """Wins, transfers and refunds of every hand, as the log shows them."""
    audit = game.stash.get(AUDIT)
    if audit is None:
        audit = game.stash[AUDIT] = LogAudit(game.rules)
    return audit.feed(game.log)


def hands_end_properly(game) -> str | None:
    """A finished hand ended with three seats out (won or busted), or with an empty wall (then fewer were out);
    under 血流成河 winners stay in, so only busted seats are out."""
    stay = game.rules[opt.PLAY_ON] == "xueliu"
    for record in game.history:
        winners = 0 if stay else len(record.get("wins", ()))
        # the payer of the third win may bust too: four out; seats sitting the hand out count as out
        out = winners + len(record.get("left", ())) + len(record.get("sat_out", ()))
        if "draw" in record and (record.get("chengdu.wall_left") or out >= 3):
            return f"hand {record['hand']} ended as a draw with {record.get('chengdu.wall_left')} tiles left"
        if "draw" not in record and (out < 3 or winners > 3):
            return f"hand {record['hand']} ended after {winners} wins and {out - winners} busts with tiles left"
    return None


def busted_seats_left(game) -> str | None:
    """``bust = eliminate``: during play every seat below zero has left the hand (or won before it fell)."""
    hand = game.hand
    if hand is None or hand.phase == ENDED or game.rules[opt.BUST] == "off":
        return None
    for seat in range(4):
        if game.scores[seat] < 0 and not hand.seats[seat].left:
            return f"seat {seat} is at {game.scores[seat]} and still in the hand"
    return None


def exchange_passes(game) -> str | None:
    """换三张: once play starts each seat has passed three tiles of one suit to this hand's receiver; none if off or
    when a seat sits the hand out."""
    hand = game.hand
    if hand is None or hand.phase == DECLARE_PHASE:
        return None
    passed = [e for e in hand_events(game) if e.kind == "pass"]
    if not game.rules[opt.EXCHANGE_THREE] or any(e.kind == "sit_out" for e in hand_events(game)):
        return f"{len(passed)} tiles passed without an exchange" if passed else None
    for seat in range(4):
        mine = [e.data for e in passed if e.seat == seat]
        if len(mine) != 3 or {r for r, _ in mine} != {exchange.receiver(game, seat)}:
            return f"seat {seat} passed {mine}, expected three tiles to seat {exchange.receiver(game, seat)}"
        if len({suit_of_tile(t) for _, t in mine}) != 1:
            return f"seat {seat} passed tiles of several suits: {mine}"
    return None


def guoshui_blocks(game) -> str | None:
    """Under same-turn 过水, no seat has won by ron while a ron it passed still blocked it.

    Read at the step of the win (the checks run after every step): only wins no discard has followed yet, as
    under 血流成河 a winner plays on and may pass a later ron, which says nothing of its earlier win.
    """
    hand = game.hand
    if hand is None or game.rules[opt.GUOSHUI] != "same_turn":
        return None
    for event in reversed(hand_events(game)):
        if event.kind in ("discard", "declare_discard", "kakan"):
            return None
        if event.kind == "win" and event.data["from"] is not None and hand.seats[event.seat].skipped_win:
            return f"seat {event.seat} won by ron after passing a win since its last discard"
    return None


INVARIANTS = [
    ("chengdu log audit", log_audit),
    ("chengdu hands end properly", hands_end_properly),
    ("chengdu guoshui", guoshui_blocks),
    ("chengdu busted seats leave", busted_seats_left),
    ("chengdu exchange of three", exchange_passes),
]
