"""The forbidden set of each hand: drawn, grown, reset and re-drawn (jirai.md §3), kept in ``game.stash``.

The state is advanced lazily: the first read in a new hand applies the §3 update for the hand before, so
every hook sees the same set whatever the order the engine calls them in.
"""

from __future__ import annotations

import random

from mjsim.engine.wall import derive_seed
from variants.jirai import options as opt
from variants.jirai.options import POOL_YAKU

FORBIDDEN = "jirai.forbidden"  # tuple of pool names, in pool order
TRAIL = "jirai.trail"  # one dict per hand played: index, dealer, forbidden, counted, forbidden_win, wins


def pool(rules) -> tuple[str, ...]:
    """The pool in its canonical order."""
    chosen = rules[opt.POOL]
    return tuple(p for p in POOL_YAKU if p in chosen)


def top(rules) -> int:
    """The count at which the set resets (never more than the pool holds)."""
    return min(rules[opt.MAX_COUNT], len(pool(rules)))


def fresh_count(rules) -> int:
    """The count of a fresh draw: initial_count, never more than the reset count."""
    return min(rules[opt.INITIAL_COUNT], top(rules))


def current(game) -> dict:
    """This hand's trail entry (created on the first read in the hand)."""
    trail = game.stash.setdefault(TRAIL, [])
    hand = game.hand
    if not trail or trail[-1]["index"] != hand.index:
        forbidden = _next_set(game, trail[-1] if trail else None)
        entry = {"index": hand.index, "dealer": hand.dealer, "forbidden": forbidden}
        trail.append({**entry, "forbidden_win": False, "wins": [], "reversals": []})
        game.stash[FORBIDDEN] = forbidden
    return trail[-1]


def forbidden(game) -> tuple[str, ...]:
    """The forbidden set of the hand in play."""
    return current(game)["forbidden"]


def _rng(game) -> random.Random:
    """The draw stream of this hand: reproducible from the game seed and the hand index."""
    return random.Random(derive_seed(game.seed, "jirai", game.hand.index))


def _next_set(game, prev: dict | None) -> tuple[str, ...]:
    """§3: the set for the hand in play, from the previous hand's entry."""
    rules, rng = game.rules, _rng(game)
    fresh = fresh_count(rules)
    if prev is None or prev["forbidden_win"]:
        return draw(rules, rng, fresh)
    old = prev["forbidden"]
    moved = game.hand.dealer != prev["dealer"] and rules[opt.REDRAW_ON_DEALER_CHANGE]
    if not _counted(game, prev):
        return draw(rules, rng, len(old)) if moved else old
    if len(old) >= top(rules):
        return draw(rules, rng, fresh)  # reading A: a hand was just played with all of them
    if len(old) + 1 >= top(rules) and rules[opt.AT_SEVEN] == "skip_to_one":
        return draw(rules, rng, fresh)
    return draw(rules, rng, len(old) + 1) if moved else grow(rules, rng, old)


def _counted(game, prev: dict) -> bool:
    """Whether the previous hand moves the counter (count_draws off: only hands with a win do)."""
    if game.rules[opt.COUNT_DRAWS]:
        return True
    record = next((h for h in reversed(game.history) if h.get("hand") == prev["index"]), {})
    return bool(record.get("wins"))


def draw(rules, rng: random.Random, k: int) -> tuple[str, ...]:
    """A uniform sample of ``k`` pool yaku, without replacement."""
    names = pool(rules)
    picked = set(rng.sample(names, min(k, len(names))))
    return tuple(p for p in names if p in picked)


def grow(rules, rng: random.Random, old: tuple[str, ...]) -> tuple[str, ...]:
    """The old set plus one yaku drawn from the rest of the pool."""
    rest = [p for p in pool(rules) if p not in old]
    added = rng.choice(rest)
    return tuple(p for p in pool(rules) if p in old or p == added)
