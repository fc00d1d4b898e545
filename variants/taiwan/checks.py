"""Taiwanese invariants (taiwan.md §14): tiles and flowers, points, 過水, winning shapes, calls, hidden flowers."""

from __future__ import annotations

from mjsim.engine.actions import DECLARE_DISCARD, DISCARD, KAKAN, KAN
from mjsim.hand.tiles import FIRST_FLOWER_ID, kind_of
from variants.taiwan import options as opt
from variants.taiwan.flowers import HIDE
from variants.taiwan.settlement import WIN_CHECKS

SELF_CHANGES = ("ankan", "kakan", KAN, "chi", "pon")

HIDE_AUDIT = "taiwan.hide_audit"  # game stash: how far the hidden-flower check has read the log, and the hiders


def flowers_in_place(game) -> str | None:
    """144 tiles (136 without flowers), each flower exactly once, none kept in a concealed hand."""
    hand = game.hand
    if hand is None:
        return None
    expected = 144 if game.rules[opt.FLOWERS] else 136
    if len(game.rules.flow.setup.tiles) != expected:
        return f"the set has {len(game.rules.flow.setup.tiles)} tiles, expected {expected}"
    concealed = [t for s in hand.seats for t in s.tiles if t >= FIRST_FLOWER_ID]
    if concealed:
        return f"flowers {concealed} kept in a concealed hand"
    shown = [t for s in hand.seats for t in s.flowers]
    out = shown + [t for t in hand.wall if t >= FIRST_FLOWER_ID]
    if len(out) != len(set(out)) or (expected == 144 and len(out) != 8):
        return f"flowers out of place: {sorted(out)}"
    return None


def points_conserved(game) -> str | None:
    """Scores sum to four starts, nothing on the table, and every transfer moves a positive amount."""
    total, expected = sum(game.scores), 4 * game.rules[opt.START_POINTS]
    if total != expected or game.table:
        return f"points not conserved: {game.scores} (sum {total} != {expected}), table {game.table}"
    free = game.rules.flow.setup.deposit_reason  # a MIGI declaration pays its deposit of 0
    bad = [t for t in game.ledger if t.amount < 0 or (t.amount == 0 and t.reason != free)]
    return f"transfers of no value: {bad[:3]}" if bad else None


def guoshui_respected(game) -> str | None:
    """No hand win by a seat blocked by 過水: its own last discard, or a tile let pass since, among its waits."""
    for check in game.stash.get(WIN_CHECKS, ()):
        if not check["hand_win"] or not check["guoshui"]:
            continue
        reason = _blocking_event(game.log, check)
        if reason:
            return f"hand {check['hand']}: seat {check['seat']} won while blocked ({reason})"
    return None


def _blocking_event(log, check: dict) -> str | None:
    """Read back from the win to the winner's last discard: a wait discarded by it, or let pass after it."""
    seat, waits, end = check["seat"], set(check["waits"]), check["at"]
    passed = []
    for index in range(end - 1, -1, -1):
        event = log[index]
        if event.kind == "hand_start":
            break
        if event.seat == seat and event.kind in SELF_CHANGES:
            return None  # the hand changed since its last discard: the waits read at the win do not apply
        if event.kind in (DISCARD, DECLARE_DISCARD, KAKAN):
            kind = kind_of(event.data)
            if event.seat == seat:
                own = kind in waits and event.kind != "kakan"
                return f"its own discard of a wait at event {index}" if own else _let_pass(passed, check["ron"])
            if kind in waits:
                passed.append(index)
    return None


def _let_pass(passed: list[int], ron: bool) -> str | None:
    """A winning tile let pass, not counting the tile of a ron itself (the first one read back)."""
    earlier = passed[1:] if ron else passed
    return f"a winning tile let pass at event {earlier[-1]}" if earlier else None


def winning_shapes(game) -> str | None:
    """Every win is five sets and a pair (嚦咕嚦咕 when on), or a flower win."""
    for event in game.log[-40:]:
        if event.kind != "win":
            continue
        score = event.data["score"]
        reading = score.reading
        flower = any(h.name in ("qiqiangyi", "baxian") for h in score.hits)
        if reading.form == "flowers" and flower:
            continue
        if reading.form == "lilikuli" and game.rules[opt.LILIKULI]:
            continue
        if reading.form != "standard" or len(reading.sets) != 5 or reading.pair is None:
            return f"seat {event.seat} won with {reading!r}"
    return None


def hidden_flower_respected(game) -> str | None:
    """藏花: a seat that hid the eighth flower never wins that hand, and no 七搶一 is won against it (the log is read
    once, from where the last step left off)."""
    audit = game.stash.setdefault(HIDE_AUDIT, {"cursor": 0, "hiders": set()})
    problem = None
    for event in game.log[audit["cursor"] :]:
        if event.kind == "hand_start":
            audit["hiders"] = set()
        elif event.kind == "bonus_choice" and event.data.kind == HIDE:
            audit["hiders"].add(event.seat)
        elif event.kind == "win" and audit["hiders"] and problem is None:
            qiqiangyi = any(h.name == "qiqiangyi" for h in event.data["score"].hits)
            if event.seat in audit["hiders"] or qiqiangyi:
                problem = f"seat {event.seat} won after seat(s) {sorted(audit['hiders'])} hid the eighth flower"
    audit["cursor"] = len(game.log)
    return problem


def calls_allowed(game) -> str | None:
    """No exposed kong on the previous player's discard."""
    for event in game.log[-40:]:
        if event.kind == KAN and event.seat == (event.data[2] + 1) % 4:
            return f"seat {event.seat} made an exposed kong on its left player's discard"
    return None


INVARIANTS = [
    ("taiwan flowers", flowers_in_place),
    ("taiwan points conserved", points_conserved),
    ("taiwan 過水", guoshui_respected),
    ("taiwan winning shapes", winning_shapes),
    ("taiwan calls", calls_allowed),
    ("taiwan hidden flower", hidden_flower_respected),
]
