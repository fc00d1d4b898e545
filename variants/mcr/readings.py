"""Every reading of a winning hand (docs/mcr.md §3): special shapes, knitted straight, four sets and a pair."""

from __future__ import annotations

from variants.mcr.hand import CHOW, KNIT, PAIR, PUNG, Group, Reading, Win, decompositions, waits
from variants.mcr.tiles import KINDS, KNITTED, ORPHANS, is_honor

#: Which wait fan a reading earns when the hand waited on one kind only, in the order the first that applies wins.
EDGE, CLOSED, SINGLE = "边张", "嵌张", "单钓将"


def readings(win: Win) -> list[Reading]:
    """All readings of ``win`` (empty when the tiles do not form a winning hand)."""
    out = _special(win)
    out += _knitted(win)
    out += _regular(win)
    return out


def _special(win: Win) -> list[Reading]:
    """七对 (连七对 is one of them), 十三幺, 全不靠 and 七星不靠: closed hands of 14 standing tiles."""
    if win.melds:
        return []
    c = win.concealed_counts
    if all(n in (0, 2, 4) for n in c):
        return [Reading(win, "seven_pairs")]
    kinds = [t for t in range(KINDS) if c[t]]
    if len(kinds) == 13 and set(kinds) == set(ORPHANS):
        return [Reading(win, "thirteen_orphans")]
    if len(kinds) == 14:
        suited = [t for t in kinds if not is_honor(t)]
        if any(set(suited) <= set(k) for k in KNITTED):
            return [Reading(win, "honors_knitted")]
    return []


def _knitted(win: Win) -> list[Reading]:
    """组合龙 with one more set and a pair (at most one declared set)."""
    if len(win.melds) > 1:
        return []
    c = list(win.concealed_counts)
    knit = next((k for k in KNITTED if all(c[t] for t in k)), None)
    if knit is None:
        return []
    for t in knit:
        c[t] -= 1
    out = []
    declared = [_declared(m) for m in win.melds]
    for d in decompositions(c, 1 - len(win.melds)):
        groups = tuple(Group(KNIT, knit[3 * i], True) for i in range(3))
        groups += tuple(declared) + _concealed_groups(win, d)
        out.append(Reading(win, "knitted", groups, _knitted_wait(win, knit, c, groups), knit))
    return out


def _knitted_wait(win: Win, knit: tuple[int, ...], rest: list[int], groups: tuple[Group, ...]) -> str | None:
    """The wait fan of a knitted-straight reading (docs/mcr.md §3, "waits beside a knitted straight").

    Closed: the set and pair outside the straight waited on one kind only, read as for four sets. With a declared
    set: a single wait on the pair, unless the winning tile also sits in the straight and the hand holds only two.
    """
    if win.melds:
        in_knit = win.win_tile in knit
        return SINGLE if not in_knit or win.concealed_counts[win.win_tile] == 3 else None
    before = list(rest)
    before[win.win_tile] -= 1
    if waits(before, 3) != [win.win_tile]:
        return None
    return _wait_of(win, groups[3:])


def _regular(win: Win) -> list[Reading]:
    """Four sets and a pair."""
    need = 4 - len(win.melds)
    declared = tuple(_declared(m) for m in win.melds)
    found = sorted(decompositions(win.concealed_counts, need), key=_tile_order)
    if not found:
        return []
    before = list(win.concealed_counts)
    before[win.win_tile] -= 1
    unique = waits(before, len(win.melds)) == [win.win_tile]
    out = []
    for d in found:
        concealed = _concealed_groups(win, d)
        wait = _wait_of(win, concealed) if unique else None
        out.append(Reading(win, "regular", declared + concealed[:-1] + concealed[-1:], wait))
    return out


def _tile_order(d: tuple[tuple[str, int], ...]) -> tuple:
    """Readings in tile order (a pung before the chow starting on the same tile), the order ties are settled in."""
    return tuple(sorted((t, kind != PUNG) for kind, t in d[:-1]))


def _declared(m) -> Group:
    """A declared set as a group (a concealed kong stays concealed)."""
    return Group(m.kind, m.tile, m.concealed, declared=True)


def _concealed_groups(win: Win, d: tuple[tuple[str, int], ...]) -> tuple[Group, ...]:
    """The standing sets of one decomposition; a pung completed by a discard counts as exposed (docs/mcr.md §3)."""
    t = win.win_tile
    in_chow = any(k == CHOW and s <= t <= s + 2 for k, s in d)
    groups = []
    for kind, tile in d:
        exposed = kind == PUNG and tile == t and not win.tsumo and not in_chow
        groups.append(Group(kind, tile, not exposed))
    return tuple(groups)


def _wait_of(win: Win, groups: tuple[Group, ...]) -> str | None:
    """边张, 嵌张 or 单钓将 read off the standing groups holding the winning tile (edge before closed before single)."""
    t = win.win_tile
    chows = [g.tile for g in groups if g.kind == CHOW and not g.declared]
    if any(t in (s, s + 2) for s in chows):
        return EDGE
    if any(t == s + 1 for s in chows):
        return CLOSED
    if any(g.kind == PAIR and g.tile == t for g in groups):
        return SINGLE
    return None
