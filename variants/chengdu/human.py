"""The 成都 human-like player (``human``): the chengdu bot's 定缺 and suit plan, with push/fold by fan and danger.

What it keeps from ``ChengduBot``: 换三张 and 定缺 (the shortest, least useful suit), shedding the void (and, on a
flush plan, the third suit) before anything else, which also avoids 查花猪; its discard while nobody is likely
ready; pons and kongs that keep the pace. What it adds, from the riichi human player's ideas on this family's
facts (``human_reading``): once a seat still in the hand is likely ready, the plan's discard is pushed or
replaced by a safer tile, by win chance x the hand's worth in fan against the danger of a deal-in (a seat's
void suit and what passed it under 过水 are safe against it; kabe by visible counts; a flush-looking seat's suit
is hot), a ready hand kept near the end of the wall for 查大叫, junk shed safest first, no calls while folding,
and play going on after others have won (only the seats still in the hand threaten; a self-draw is paid by
those still in it).
"""

from __future__ import annotations

import random

from mjsim.agents.observation import Observation, visible_counts
from mjsim.engine.actions import Action
from mjsim.hand.tiles import kind_of
from mjsim.rules import Rules
from variants.chengdu import options as opt
from variants.chengdu.bots import ChengduBot
from variants.chengdu.human_reading import (
    ChengduProfile,
    FanTable,
    active_seats,
    hand_fan,
    threats,
    win_worth,
)
from variants.common.pushfold import ReadingHuman, Table, discard_facts, discard_risk, discard_scores

TILES = 108  # 成都's wall: three suits, four copies each


class ChengduHuman(ReadingHuman, ChengduBot):
    """The chengdu bot's suit plan with value-aware efficiency and push/fold against the seats still in the hand."""

    PROFILE, TABLE, GUOSHUI = ChengduProfile, FanTable, opt.GUOSHUI

    def reading_threats(self, obs: Observation, table, profile, guoshui: bool) -> list:
        """The seats likely ready, by this family's reading."""
        return threats(obs, table, profile, guoshui)

    def discard(self, obs: Observation, options: list[Action]) -> Action:
        """Nobody likely ready: the chengdu bot's discard; else junk suits first (the safest of them), then the
        plan's discard pushed or a safer one, by speed, value and danger."""
        if self.table is None:
            return super().discard(obs, options)
        found = self.threats_now(obs)
        seen = visible_counts(obs)
        junk = self.junk_suits(obs)
        shed = [a for a in options if kind_of(a.tile) // 9 in junk]
        if not found:  # nobody likely ready: the chengdu bot's plan (flush, seven pairs, speed)
            return super().discard(obs, options)
        if shed:  # the void suit before the rest of the junk (holding it at an empty wall is 查花猪), safest first
            void = self.void(obs)
            shed = [a for a in shed if kind_of(a.tile) // 9 == void] or shed
            return min(shed, key=lambda a: discard_risk(kind_of(a.tile), found, seen, self.profile))
        plan = kind_of(super().discard(obs, options).tile)
        scores = self._scores(obs, options, found, seen, junk, plan)
        best = max(scores, key=lambda k: scores[k])
        return next(a for a in options if kind_of(a.tile) == best)

    def _scores(self, obs, options, found, seen, junk, plan: int) -> dict[int, float]:
        """Per discarded kind, its push/fold score."""
        counts = list(obs.counts)
        dead = list(seen)  # tiles of a junk suit do not help the hand: count them as gone
        for suit in junk:
            dead[9 * suit : 9 * suit + 9] = [4] * 9
        facts = discard_facts(counts, {kind_of(a.tile) for a in options}, dead, 1, keep=plan)
        active = active_seats(obs)
        opponents = max(1, len(active) - 1)
        draws = obs.wall_left / max(1, len(active))
        melds = obs.melds[obs.seat]
        p, table = self.profile, self.table

        def worth(kind: int) -> float:
            counts[kind] -= 1
            try:
                return win_worth(hand_fan(counts, melds, table), opponents, table, p)
            finally:
                counts[kind] += 1

        bonus = 0.0
        if draws <= p.late_draws:  # 查大叫: a ready hand is paid its value by each seat not ready
            bonus = p.chajiao_share * opponents * table.value(hand_fan(counts, melds, table))
        unseen = max(1, TILES - sum(seen))
        return discard_scores(facts, worth, Table(draws, unseen, found, seen, p.fold_weight), p, bonus, plan)


def make_human(rng: random.Random, rules: Rules | None = None) -> ChengduHuman:
    """The human-like 成都 player: voids its weakest suit, value-aware efficiency, push/fold against live seats."""
    return ChengduHuman(rng, rules)
