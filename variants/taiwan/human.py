"""The 台湾 human-like player (``human``): the taiwan bot's flowers, MIGI and 過水 play, with push/fold by tai.

What it keeps from ``TaiwanBot``: hiding the eighth flower, MIGI when offered, pons of tiles worth tai, the way
out of 過水 (blocked and ready: a discard outside its waits), and its 16-tile discard while nobody is likely
ready. What it adds, from the riichi human player's ideas on this family's facts (``human_reading``): once
another seat is likely ready, that discard is pushed or replaced by a safer tile, by win chance x the hand's
worth in tai against the danger of a deal-in (what passed a seat since its last discard is safe under 過水;
kabe and honours by visible counts; a flush-looking seat's suit is hot; the dealer costs a tai more), and no
calls while folding.
"""

from __future__ import annotations

import random

from mjsim.agents.observation import Observation, visible_counts
from mjsim.engine.actions import Action
from mjsim.hand.tiles import kind_of
from mjsim.rules import Rules
from variants.common.pushfold import ReadingHuman, Table, discard_facts, discard_scores
from variants.taiwan import options as opt
from variants.taiwan.bots import TaiwanBot, _ready_and_clear
from variants.taiwan.human_reading import RESERVE, TaiTable, TaiwanProfile, hand_tai, threats, win_worth

TILES = 136  # suited and honour tiles (flowers are set aside and replaced)


class TaiwanHuman(ReadingHuman, TaiwanBot):
    """The taiwan bot's table play with value-aware efficiency and push/fold against likely-ready seats."""

    PROFILE, TABLE, GUOSHUI = TaiwanProfile, TaiTable, opt.GUOSHUI

    def reading_threats(self, obs: Observation, table, profile, guoshui: bool) -> list:
        """The seats likely ready, by this family's reading."""
        return threats(obs, table, profile, guoshui)

    def discard(self, obs: Observation, options: list[Action]) -> Action:
        """Nobody likely ready: the taiwan bot's discard; else push it or fold by value and danger (blocked by
        過水 and able to stay ready: only discards that clear it)."""
        if self.table is None:
            return super().discard(obs, options)
        found = self.threats_now(obs)
        plan = super().discard(obs, options)  # the taiwan bot's: the fastest, clearing 過水 when blocked
        if not found:
            return plan
        if obs.extra.get("taiwan.blocked"):
            clearing = [a for a in options if _ready_and_clear(obs.counts, kind_of(a.tile))]
            options = clearing or options
        seen = visible_counts(obs)
        counts = list(obs.counts)
        facts = discard_facts(counts, {kind_of(a.tile) for a in options}, seen, 1, keep=kind_of(plan.tile))
        p, table = self.profile, self.table

        def worth(kind: int) -> float:
            counts[kind] -= 1
            try:
                return win_worth(hand_tai(obs, counts, p), table, p)
            finally:
                counts[kind] += 1

        draws = max(0, obs.wall_left - RESERVE) / 4.0
        unseen = max(1, TILES - sum(seen[:34]))
        table_now = Table(draws, unseen, found, seen, p.fold_weight)
        scores = discard_scores(facts, worth, table_now, p, push_kind=kind_of(plan.tile))
        best = max(scores, key=lambda k: scores[k])
        return next(a for a in options if kind_of(a.tile) == best)


def make_human(rng: random.Random, rules: Rules | None = None) -> TaiwanHuman:
    """The human-like 台湾 player: the taiwan bot's table play, value-aware efficiency, push/fold."""
    return TaiwanHuman(rng, rules)
