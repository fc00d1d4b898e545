"""Invariants of 八連荘 (§4), checked after every step against the wins recorded in the game stash."""

from __future__ import annotations

from variants.paarenchan import options as opt
from variants.paarenchan.streak import QUALIFYING, counted, won

WINS = "paarenchan.wins"  # game stash: {"hand", "seat", "dealer", "awarded"} per win


def record(game, seat: int, awarded: bool) -> None:
    """Keep a win that stands."""
    entry = {"hand": game.hand.index, "seat": seat, "dealer": seat == game.hand.dealer, "awarded": awarded}
    game.stash.setdefault(WINS, []).append(entry)


def _deserved(game, w: dict) -> bool:
    """The seven counted hands right before this win were all won by its winner (exactly seven without
    continues_after_eighth), and the winner is the dealer under dealer_only."""
    rules = game.rules
    mode = rules[opt.MODE]
    if mode == "off" or (mode == "dealer_only" and not w["dealer"]):
        return False
    before = [r for r in counted(game.history, rules) if r["hand"] < w["hand"]]
    dealer_only = mode == "dealer_only"
    if len(before) < QUALIFYING or not all(won(r, w["seat"], dealer_only) for r in before[-QUALIFYING:]):
        return False
    eighth = before[-QUALIFYING - 1] if len(before) > QUALIFYING else None
    return rules[opt.CONTINUES_AFTER_EIGHTH] or eighth is None or not won(eighth, w["seat"], dealer_only)


def award_follows_streak(game) -> str | None:
    """A paarenchan is awarded exactly when its streak says so; never when the option is off."""
    for w in game.stash.get(WINS, []):
        if w["awarded"] != _deserved(game, w):
            return f"hand {w['hand']}: seat {w['seat']} awarded {w['awarded']} against its streak"
    return None


INVARIANTS = (("paarenchan follows the streak", award_follows_streak),)
