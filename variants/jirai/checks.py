"""Invariants of 地雷麻雀 (jirai.md §11), run after every step by ``--check``."""

from __future__ import annotations

from collections import Counter

from variants.jirai import options as opt
from variants.jirai.payoff import REVERSED_REASON
from variants.jirai.state import FORBIDDEN, TRAIL, fresh_count, pool, top
from variants.riichi.api import options as riichi_opt


def set_in_range(game) -> str | None:
    """1 <= |F| <= max and F is a subset of the pool, for every hand; the stash agrees with the trail."""
    trail = game.stash.get(TRAIL, [])
    names = pool(game.rules)
    for e in trail:
        f = e["forbidden"]
        if not 1 <= len(f) <= top(game.rules) or not set(f) <= set(names) or len(set(f)) != len(f):
            return f"hand {e['index']}: bad forbidden set {f}"
    if trail and game.stash.get(FORBIDDEN) != trail[-1]["forbidden"]:
        return "jirai.forbidden differs from the last hand's set"
    return None


def count_follows(game) -> str | None:
    """|F| of each hand is reset, kept or one more, exactly as §3 says, and grows as a superset."""
    rules, trail = game.rules, game.stash.get(TRAIL, [])
    for prev, nxt in zip(trail, trail[1:], strict=False):
        problem = _step_problem(rules, prev, nxt)
        if problem:
            return f"hand {nxt['index']}: {problem}"
    return None


def _step_problem(rules, prev: dict, nxt: dict) -> str | None:
    """What is wrong with the update from ``prev`` to ``nxt`` (None if nothing)."""
    k, k2 = len(prev["forbidden"]), len(nxt["forbidden"])
    fresh = fresh_count(rules)
    reset = prev["forbidden_win"] or k >= top(rules)
    if rules[opt.AT_SEVEN] == "skip_to_one":
        reset = reset or k + 1 >= top(rules)
    if prev["forbidden_win"] and k2 != fresh:
        return f"a forbidden win must reset the count to {fresh}, got {k2}"
    allowed = {fresh} if reset else {k + 1} | ({k} if not rules[opt.COUNT_DRAWS] else set())
    if k2 not in allowed and not (reset and not rules[opt.COUNT_DRAWS]):
        return f"count {k} -> {k2}, allowed {sorted(allowed)}"
    same_dealer = prev["dealer"] == nxt["dealer"] or not rules[opt.REDRAW_ON_DEALER_CHANGE]
    if same_dealer and k2 == k + 1 and not set(prev["forbidden"]) <= set(nxt["forbidden"]):
        return f"the set {prev['forbidden']} did not grow into {nxt['forbidden']}"
    return None


def reversal_negates(game) -> str | None:
    """A reversed win's transfers are the negation of its normal ones (honba by option), all of them paid."""
    ledger = Counter(t for t in game.ledger if t.reason in (REVERSED_REASON, "honba"))
    for e in game.stash.get(TRAIL, [])[-2:]:
        for r in e["reversals"]:
            problem = _negation_problem(r, ledger)
            if problem:
                return f"hand {e['index']}: {problem}"
    return None


def _negation_problem(r: dict, ledger: Counter) -> str | None:
    """Compare one reversal record with the normal transfers it replaced."""
    want = Counter()
    for t in r["normal"]:
        keep = r["honba"].get(t.payer, 0)
        want[(t.payer, t.payee, keep)] += t.amount - keep
    got = Counter()
    for t in r["reversed"]:
        if t.reason == "honba":  # reverse_honba off: the honba part is still paid to the winner
            if t.payee != r["winner"] or t.amount != r["honba"].get(t.payer):
                return f"bad honba transfer {t}"
            continue
        if t.amount <= 0 or t.payer != r["winner"]:
            return f"bad reversed transfer {t}"
        got[(t.payee, t.payer, r["honba"].get(t.payee, 0))] += t.amount
    if +want != +got:
        return f"reversed {r['reversed']} is not the negation of {r['normal']}"
    missing = [t for t in r["reversed"] if ledger[t] <= 0]
    return f"reversed transfers never paid: {missing}" if missing else None


def no_bust(game) -> str | None:
    """ドボン無し: the rule set must not end games on negative points."""
    bust = game.rules[riichi_opt.BUST]
    return None if bust == "off" else f"jirai plays without bust, but riichi.bust is {bust!r}"


INVARIANTS = [
    ("jirai forbidden set in range", set_in_range),
    ("jirai forbidden count follows the algorithm", count_follows),
    ("jirai reversed win negates its transfers", reversal_negates),
    ("jirai no bust", no_bust),
]
