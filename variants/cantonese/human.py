"""The 広東 human-like player (``human``): it plays toward a hand that reaches the branch's minimum of faan.

The play is the shared minimum player's (``variants.common.minimum_player``); this module gives it the faan
plans of ``human_plans``, the points a win of so many faan brings under the rule set's points table (its base,
its rise, its limit and who pays a discard), and what a deal-in costs. Under 推倒胡 (no minimum) every plan
reaches it and the player races, taking the richer of equally fast hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from mjsim.agents.observation import Observation
from mjsim.hand.tiles import kind_of
from mjsim.rules import Rules
from mjsim.scoring import Meld
from variants.cantonese import options as opt
from variants.cantonese.human_plans import distance
from variants.cantonese.points import portion
from variants.common.minimum_player import Hand, MinimumHuman, MinimumProfile, seat_winds
from variants.common.pushfold import hot_suit

MARGINAL_DEAL_IN = {"half": 0.5, "full": 1.5}  # portions a deal-in costs beyond the win's cost anyway


@dataclass(frozen=True)
class CantoneseProfile(MinimumProfile):
    """The Cantonese player's parameters beyond the shared ones ([H]: set by hand, not tuned)."""

    threat_faan: float = 4.0  # faan of a typical win against a likely-ready seat [H]


class CantoneseHuman(MinimumHuman):
    """Plays toward a win of the minimum faan, calls only toward it, pushes or folds against ready seats."""

    def __init__(self, rng: random.Random, rules: Rules | None = None, profile: CantoneseProfile | None = None):
        super().__init__(rng, rules, CantoneseProfile() if profile is None else profile)

    def plan_after(self, obs: Observation, counts: list[int], melds: Sequence[Meld], sh: int) -> tuple[int, float]:
        """(draws at least to a win of the minimum, its faan) by the Cantonese plans."""
        flowers = tuple(kind_of(t) for t in obs.set_aside[obs.seat]) if obs.set_aside else ()
        hand = Hand.of(counts, melds, *seat_winds(obs, ""), flowers)
        counted = bool(self.rules[opt.FLOWERS]) and bool(self.rules[opt.FLOWERS_COUNT_TO_MINIMUM])
        return distance(hand, sh, self.rules[opt.MIN_FAAN], counted)

    def portion(self, faan: float) -> float:
        """One portion of a win of ``faan`` (at most the limit)."""
        return float(portion(min(round(faan), self.rules[opt.LIMIT_FAAN]), self.rules))

    def worth(self, value: float) -> float:
        """Expected points of a win of ``value`` faan: two portions on a discard, three (one faan more) self-drawn."""
        share = self.profile.tsumo_share
        return (1.0 - share) * 2 * self.portion(value) + share * 3 * self.portion(value + 1)

    def threat_worth(self, melds: Sequence[Meld]) -> float:
        """What dealing in costs beyond what the win costs anyway: under 半銃 the discarder pays one portion where
        it would pay half of one had another seat dealt in (a self-draw costs a whole one), so half a portion;
        under 全銃 two portions against about half of one otherwise. More against a seat collecting one suit."""
        faan = self.profile.threat_faan + (2.0 if hot_suit(melds) is not None else 0.0)
        return self.portion(faan) * MARGINAL_DEAL_IN[self.rules[opt.RESPONSIBILITY]]


def make_human(rng: random.Random, rules: Rules | None = None) -> CantoneseHuman:
    """The human-like 広東 player: toward a win of the minimum faan, calls toward it, push/fold by value."""
    return CantoneseHuman(rng, rules)
