"""Boo invariants (boo.md §10): points conserved, no forbidden win, the first end ends the game, top type."""

from __future__ import annotations

from variants.boo import options as opt
from variants.boo.flow import chombo_hand, decide
from variants.boo.tops import forbidden


def points_conserved(game) -> str | None:
    """Scores sum to 4 x origin and nothing lies on the table (riichi is free)."""
    total, expected = sum(game.scores), 4 * game.rules[opt.ORIGIN]
    if total != expected or game.table:
        return f"boo points not conserved: {game.scores} (sum {total} != {expected}), table {game.table}"
    return None


def no_forbidden_win(game) -> str | None:
    """Every paid win was legal on the scores it actually produced."""
    rules = game.rules
    for record in game.history:
        if not record.get("wins") or chombo_hand(game, record["hand"]):
            continue
        after = record["scores"]
        before = [a - d for a, d in zip(after, record["deltas"], strict=True)]
        reasons = decide(rules, record, after)["end"]
        for win in record["wins"]:
            code = forbidden(rules, win["seat"], before, after, reasons, bool(win["yakuman"]))
            if code:
                return f"hand {record['hand']}: seat {win['seat']} won a forbidden win ({code}): {before} -> {after}"
    return None


def stops_at_first_end(game) -> str | None:
    """No end condition held before the last hand; the finished game's last hand met one."""
    rules = game.rules
    played = [r for r in game.history if not chombo_hand(game, r["hand"])]
    for record in played[:-1]:
        if decide(rules, record, record["scores"])["over"]:
            return f"hand {record['hand']} met an end condition but the game went on"
    if game.over and played and not decide(rules, played[-1], played[-1]["scores"])["over"]:
        return "the game ended without an end condition"
    return None


def top_type_matches(game) -> str | None:
    """The settled top type is the count of sunk players (A for a yakuman cold game); only the top gains."""
    if not game.over:
        return None
    final, origin = game.final, game.rules[opt.ORIGIN]
    sunk = [s for s, p in enumerate(final["points"]) if p < origin]
    yakuman = final["end"] and "yakuman" in final["end"]
    expected = "A" if yakuman else {3: "A", 2: "B", 1: "C"}.get(len(sunk))
    if final["top_type"] != expected:
        return f"top type {final['top_type']} but {len(sunk)} sunk players ({final['points']})"
    if not game.stash.get("boo.chombos") and any(r > 0 for s, r in enumerate(final["results"]) if s != final["top"]):
        return f"a player other than the top gains: {final['results']}"
    return None


INVARIANTS = [
    ("boo points conserved", points_conserved),
    ("boo no forbidden win", no_forbidden_win),
    ("boo stops at first end", stops_at_first_end),
    ("boo top type", top_type_matches),
]
