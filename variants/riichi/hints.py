"""What a riichi delta's rule makes yaku and tiles worth, told to the family's players (``mjsim_value_hints``,
a hook the family declares in ``variants/riichi/hookspecs.py``).

The hints are advice read from the seat's observation only; the engine never asks. Every field is in han (or a
chance), keyed by the names the family's scorer gives its yaku and by tile kinds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from mjsim.agents.observation import Observation


@dataclass(frozen=True)
class ValueHints:
    """Worths under a variant's rule; the empty hints (``NO_HINTS``) leave a player's own estimate as it is."""

    # Chance that a win holding this yaku is turned against the winner (it pays its value instead).
    yaku_risk: Mapping[str, float] = field(default_factory=dict)
    # Han a win gets when it holds none of the yaku in ``yaku_risk`` (a clean win's bonus).
    clean_han: int = 0
    # Han per copy of a kind held in a winning hand, in place of what the family counts for it (e.g. its dora).
    kind_han: Mapping[int, float] = field(default_factory=dict)
    # Han once when a winning hand holds any copy of the kind (a bonus, not a yaku).
    holding_han: Mapping[int, float] = field(default_factory=dict)
    # Kinds whose triplet or quad is a 1-han yaku beside the family's own.
    triplet_yaku: frozenset[int] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.yaku_risk or self.clean_han or self.kind_han or self.holding_han or self.triplet_yaku)


NO_HINTS = ValueHints()


def joined(parts: Iterable[ValueHints | None]) -> ValueHints:
    """One set of hints from every variant's answer: the larger risk, summed han, the union of triplet yaku."""
    risk: dict[str, float] = {}
    kinds: dict[int, float] = {}
    holding: dict[int, float] = {}
    clean, triplets = 0, frozenset()
    for h in parts:
        if not h:
            continue
        for name, p in h.yaku_risk.items():
            risk[name] = max(risk.get(name, 0.0), p)
        for table, source in ((kinds, h.kind_han), (holding, h.holding_han)):
            for kind, han in source.items():
                table[kind] = table.get(kind, 0.0) + han
        clean += h.clean_han
        triplets |= h.triplet_yaku
    if not (risk or kinds or holding or clean or triplets):
        return NO_HINTS
    return ValueHints(risk, clean, kinds, holding, triplets)


def value_hints(rules, obs: Observation) -> ValueHints:
    """The rule set's hints for ``obs``'s seat (``NO_HINTS`` without rules or when no variant gives any)."""
    if rules is None:
        return NO_HINTS
    return joined(rules.hook.mjsim_value_hints(rules=rules, obs=obs))
