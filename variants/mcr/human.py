"""The 国标麻将 human-like player (``human``): it plays toward a hand that reaches the minimum of fans.

The play is the shared minimum player's (``variants.common.minimum_player``); this module gives it the MCR
plans of ``human_plans`` (a flush, all pungs, a chow pattern across the suits, all types, seven pairs, with the
small fans the hand shows), the points a win of so many fans brings, and what a deal-in costs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from mjsim.agents.observation import Observation
from mjsim.rules import Rules
from mjsim.scoring import Meld
from variants.common.minimum_player import Hand, MinimumHuman, MinimumProfile, seat_winds
from variants.common.pushfold import hot_suit
from variants.mcr import options as opt
from variants.mcr.human_plans import distance

WINDS_KEY = "mcr.seat_winds"  # obs.extra: every seat's wind this hand (seats change between rounds)


@dataclass(frozen=True)
class MCRProfile(MinimumProfile):
    """The MCR player's parameters beyond the shared ones ([H]: set by hand, not tuned)."""

    tsumo_share: float = 0.4  # share of wins self-drawn (the efficiency bots' 40 %, docs/mcr.md §7)
    threat_fans: float = 14.0  # fans of a typical win (the efficiency bots' mean 14.4, docs/mcr.md §7)


@dataclass(frozen=True)
class MCRTable:
    """The rule set's figures the player reads: the minimum of fans and the base every loser pays."""

    minimum: int
    base: int

    @classmethod
    def of(cls, rules: Rules) -> MCRTable:
        """The figures of ``rules``."""
        return cls(rules[opt.MINIMUM], rules[opt.BASE])

    def worth(self, fans: float, p: MCRProfile) -> float:
        """Expected points a win of ``fans`` brings: a ron pays base x 3 + fans, a self-draw (base + fans) x 3."""
        return (1.0 - p.tsumo_share) * (3 * self.base + fans) + p.tsumo_share * 3 * (self.base + fans)


def winds_of(obs: Observation) -> tuple[int, int]:
    """The seat's and the round's wind as kinds (27 = East)."""
    return seat_winds(obs, WINDS_KEY)


class MCRHuman(MinimumHuman):
    """Plays toward a win of the minimum of fans, calls only toward it, pushes or folds against ready seats."""

    def __init__(self, rng: random.Random, rules: Rules | None = None, profile: MCRProfile | None = None) -> None:
        super().__init__(rng, rules, MCRProfile() if profile is None else profile)
        self.table = MCRTable.of(rules) if rules is not None else None

    def plan_after(self, obs: Observation, counts: list[int], melds: Sequence[Meld], sh: int) -> tuple[int, float]:
        """(draws at least to a win of the minimum, its fans) by the MCR plans."""
        seat_wind, round_wind = winds_of(obs)
        return distance(Hand.of(counts, melds, seat_wind, round_wind), sh, self.table.minimum)

    def worth(self, value: float) -> float:
        """Expected points a win of ``value`` fans brings."""
        return self.table.worth(value, self.profile)

    def threat_worth(self, melds: Sequence[Meld]) -> float:
        """What dealing in costs beyond what the win costs anyway: every loser pays the base on any win, so a
        deal-in costs the winner's fans (more against a seat collecting one suit)."""
        return self.profile.threat_fans * (1.5 if hot_suit(melds) is not None else 1.0)


def make_human(rng: random.Random, rules: Rules | None = None) -> MCRHuman:
    """The human-like 国标麻将 player: toward a win of the minimum, calls toward it, push/fold by value."""
    return MCRHuman(rng, rules)
