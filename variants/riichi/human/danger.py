"""Danger of a discard: the chance a threat rons it, from what a person reads off the table.

Genbutsu (the threat's own discards and what passed it since its riichi) is safe; suji, kabe (no-chance),
one-chance and the visible count of an honour lower the chance; tiles beside the declaring discard raise it.
The base rates are the published ones against a riichi (profile.py, source [D]).
"""

from __future__ import annotations

from collections.abc import Sequence

from variants.common.hazards import wall_factor
from variants.riichi.human.profile import Profile
from variants.riichi.human.view import Threat


def deal_in_chance(kind: int, threat: Threat, seen: Sequence[int], profile: Profile) -> float:
    """Chance that ``threat``, if ready, rons a discard of ``kind``."""
    if kind in threat.safe:
        return 0.0
    if kind >= 27:
        return profile.danger_honour_by_seen[min(seen[kind], 3)]
    rank = kind % 9  # 0..8
    base = _suit_base(kind, rank, threat.safe, profile)
    base *= wall_factor(kind, seen, profile.no_chance_factor, profile.one_chance_factor)
    if threat.declare_kind is not None and threat.declare_kind < 27 and threat.declare_kind // 9 == kind // 9:
        if 0 < abs(threat.declare_kind - kind) <= 2:
            base *= profile.near_declare_factor
    return min(base, 0.5)


def _suit_base(kind: int, rank: int, safe: frozenset[int], p: Profile) -> float:
    """The rate by rank and suji: a two-sided wait on ``kind`` needs ``kind``±3 not to be genbutsu."""
    low_safe = rank - 3 < 0 or (kind - 3) in safe  # the wait (kind-3, kind) is impossible
    high_safe = rank + 3 > 8 or (kind + 3) in safe  # the wait (kind, kind+3) is impossible
    edge = min(rank, 8 - rank)  # 0: 1/9, 1: 2/8, 2: 3/7, 3+: 4-6
    if edge >= 3:
        if low_safe and high_safe:
            return p.danger_double_suji_456
        return p.danger_half_suji_456 if (low_safe or high_safe) else p.danger_nonsuji_456
    if low_safe and high_safe:
        return (p.danger_suji_19, p.danger_suji_28, p.danger_suji_37)[edge]
    return (p.danger_nonsuji_19, p.danger_nonsuji_28, p.danger_nonsuji_37)[edge]


def discard_risk(kind: int, threats: list[Threat], seen: Sequence[int], doras: Sequence[int], p: Profile) -> float:
    """Expected points lost by discarding ``kind``: each threat's ready chance, ron chance and value."""
    loss = 0.0
    for t in threats:
        loss += t.ready * deal_in_chance(kind, t, seen, p) * t.value
    return loss * (p.dora_loss_factor if kind in doras else 1.0)
