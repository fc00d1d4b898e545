"""The exclusion principles of the 2006 rules as one mechanism (docs/mcr.md §3).

Every fan occurrence has a scope: the whole hand, or the sets it is made of. Two steps decide what counts.

1. **Combining sets** (不拆移 non-separation, 不得相同 non-identical, 套算一次 account-once). The fans that
   combine sets (一般高, 三同刻, 清龙, 小三元, ...) are edges joining their sets. A chosen family of them must form a
   forest: each counted combination joins sets that no other counted combination has joined already (a set may
   combine once with the sets it is already combined with: account-once; a combination cannot be split into
   smaller ones among the same sets: non-separation), and no set takes part twice in the same fan
   (non-identical). Among the families allowed, the one worth most points counts; equal points: more of the
   fans listed first.
2. **Implied fans** (不重复 non-repeat). Going from the highest fan down, a counted fan removes the fans it
   lists in ``excludes`` (an implied fan is not counted again): a hand-wide fan wholly, a set fan where its sets
   lie inside the excluding fan's scope; ``(name, n)`` removes at most n. A removed fan removes nothing.

A win with nothing left but flowers is 无番和.
"""

from __future__ import annotations

from collections import Counter

from variants.mcr import fans as _registered  # noqa: F401  (registers the 81 fans before ORDER is taken)
from variants.mcr.fan import FANS, HAND, Fan, Scope
from variants.mcr.hand import Reading

ORDER = {f.name: i for i, f in enumerate(FANS)}
RANKED = sorted(FANS, key=lambda f: (-f.points, ORDER[f.name]))


def counted(reading: Reading) -> list[tuple[Fan, Scope]]:
    """The fan occurrences that count for ``reading`` after the exclusion principles."""
    found = [(f, s) for f in RANKED if not f.combination for s in f.find(reading)]
    combos = [(f, s) for f in RANKED if f.combination for s in f.find(reading)]
    found += _combine(combos)
    kept = _without_implied(sorted(found, key=lambda fs: (-fs[0].points, ORDER[fs[0].name])))
    if not any(f.name != "花牌" for f, _ in kept):
        chicken = next(f for f in FANS if f.name == "无番和")
        kept.insert(0, (chicken, HAND))
    return kept


def _combine(candidates: list[tuple[Fan, Scope]]) -> list[tuple[Fan, Scope]]:
    """The forest of set combinations worth most (step 1)."""
    best: tuple = ((0, ()), [])

    def search(i: int, chosen: list[tuple[Fan, Scope]], parent: dict[int, int]) -> None:
        nonlocal best
        if i == len(candidates):
            key = _worth(chosen)
            if key > best[0]:
                best = (key, list(chosen))
            return
        search(i + 1, chosen, parent)
        f, scope = candidates[i]
        merged = _join(parent, scope)
        if merged is not None and not any(g is f and scope & s for g, s in chosen):
            chosen.append((f, scope))
            search(i + 1, chosen, merged)
            chosen.pop()

    search(0, [], {})
    return best[1]


def _worth(chosen: list[tuple[Fan, Scope]]) -> tuple:
    """Points, then the count of each fan in rulebook order (more of an earlier-listed fan first)."""
    counts = Counter(ORDER[f.name] for f, _ in chosen)
    return (sum(f.points for f, _ in chosen), tuple(counts.get(i, 0) for i in range(len(FANS))))


def _join(parent: dict[int, int], scope: frozenset[int]) -> dict[int, int] | None:
    """``parent`` with the sets of ``scope`` joined, or None if two of them are already joined."""

    def root(p: dict[int, int], x: int) -> int:
        while p.get(x, x) != x:
            x = p[x]
        return x

    roots = {root(parent, x) for x in scope}
    if len(roots) < len(scope):
        return None
    merged = dict(parent)
    first, *rest = sorted(roots)
    for r in rest:
        merged[r] = first
    return merged


def _without_implied(found: list[tuple[Fan, Scope]]) -> list[tuple[Fan, Scope]]:
    """Drop the fans implied by a higher counted fan (step 2); ``found`` is ordered highest first."""
    kept: list[tuple[Fan, Scope]] = []
    used: Counter = Counter()  # (index of the excluding occurrence, name) -> how many it removed
    for f, scope in found:
        for k, (g, gscope) in enumerate(kept):
            limits = dict(g.excludes)
            if f.name not in limits or not _inside(scope, gscope):
                continue
            limit = limits[f.name]  # None: all of them; n: at most n
            if limit is None or used[k, f.name] < limit:
                used[k, f.name] += 1
                break
        else:
            kept.append((f, scope))
    return kept


def _inside(scope: Scope, outer: Scope) -> bool:
    """A hand-wide fan is inside any scope that excludes it; a set fan inside a hand-wide one or its superset."""
    return scope is HAND or outer is HAND or scope <= outer
