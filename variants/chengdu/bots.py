"""Bots for 成都麻将 血战到底: pass the shortest suit, choose the missing suit, shed it first, lean to big
patterns when cheap, win always.

They read what the chengdu variant adds to the observation: ``chengdu.voids`` (each seat's declared void).
In implicit mode (no declaration) a bot picks its target void from the tiles it holds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from mjsim.agents.bots import EfficiencyBot, best_discards
from mjsim.agents.observation import Observation
from mjsim.engine.actions import ANKAN, DISCARD, KAKAN, KAN, PASS, PON, RON, TSUMO, Action
from mjsim.hand.shanten import standard_shanten
from mjsim.hand.tiles import kind_of
from mjsim.rules import Rules

DECLARE = "declare"
EXCHANGE = "exchange"  # 换三张: three tiles of one suit passed after the deal
FLUSH_AT = 10  # tiles of one suit (hand and melds) from which the bot plays for 清一色
PAIRS_AT = 5  # pairs in a closed hand from which the bot plays for 七対


def suit_counts(counts: Sequence[int]) -> list[int]:
    """Tiles held in each of the three suits."""
    return [sum(counts[9 * s : 9 * s + 9]) for s in range(3)]


def suit_value(counts: Sequence[int], suit: int) -> float:
    """How much a suit's tiles are worth keeping: pairs and triplets, then neighbours (two apart counts half)."""
    row = counts[9 * suit : 9 * suit + 9]
    value = 0.0
    for rank, n in enumerate(row):
        if not n:
            continue
        value += 2 * (n >= 2) + (n >= 3)
        value += (rank + 1 < 9 and row[rank + 1] > 0) + 0.5 * (rank + 2 < 9 and row[rank + 2] > 0)
    return value


def best_void(counts: Sequence[int]) -> int:
    """The suit with the fewest tiles, ties broken by the lowest value (定缺 as players choose it)."""
    sizes = suit_counts(counts)
    return min(range(3), key=lambda s: (sizes[s], suit_value(counts, s), s))


def pass_suit(counts: Sequence[int]) -> int:
    """换三张: the shortest suit holding at least three tiles, ties broken by the lowest value."""
    sizes = suit_counts(counts)
    return min((s for s in range(3) if sizes[s] >= 3), key=lambda s: (sizes[s], suit_value(counts, s), s))


def choose_exchange(counts: Sequence[int], options: Sequence[Action]) -> Action:
    """The three tiles of the passing suit whose loss keeps that suit's remaining tiles worth the most."""
    suit = pass_suit(counts)
    mine = [a for a in options if kind_of(a.tile) // 9 == suit] or list(options)

    def kept_value(action: Action) -> float:
        left = list(counts)
        for t in action.tiles:
            left[kind_of(t)] -= 1
        return suit_value(left, suit)

    return max(mine, key=kept_value)  # max keeps the first of equals: the lowest tiles


def _all_counts(obs: Observation) -> list[int]:
    """Own concealed tiles and melds as 34 counts."""
    counts = list(obs.counts)
    for meld in obs.melds[obs.seat]:
        for t in meld.tiles:
            counts[kind_of(t)] += 1
    return counts


def _pair_shanten(counts: Sequence[int]) -> int:
    """Seven-pairs shanten where four of a kind is two pairs (龍七対)."""
    return 6 - min(7, sum(n // 2 for n in counts))


class ChengduBot(EfficiencyBot):
    """Voids its shortest suit, sheds it first, plays for 清一色 / 七対 when close, takes kongs and every win."""

    def __init__(self, rng: random.Random, rules: Rules | None = None) -> None:
        super().__init__(rng, rules)
        self._implicit_void: int | None = None

    def act(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """Win, exchange, declare, claim or discard."""
        for a in actions:
            if a.kind in (TSUMO, RON):
                return a
        exchanges = [a for a in actions if a.kind == EXCHANGE]
        if exchanges:
            return choose_exchange(obs.counts, exchanges)
        declares = [a for a in actions if a.kind == DECLARE]
        if declares:
            suit = self.choose_void(obs)
            return next((a for a in declares if kind_of(a.tile) // 9 == suit), declares[0])
        if any(a.kind == PASS for a in actions):
            return self.claim(obs, actions)
        kongs = [a for a in actions if a.kind in (ANKAN, KAKAN) and self._keeps_pace(obs, a)]
        if kongs:
            return kongs[0]
        return self.discard(obs, [a for a in actions if a.kind == DISCARD])

    def choose_void(self, obs: Observation) -> int:
        """The suit to declare missing."""
        return best_void(obs.counts)

    def void(self, obs: Observation) -> int:
        """The declared void, or in implicit mode a target chosen at the start of the hand."""
        declared = obs.extra.get("chengdu.voids", {}).get(obs.seat)
        if declared is not None:
            return declared
        if self._implicit_void is None or (not any(obs.rivers) and not obs.melds[obs.seat]):
            self._implicit_void = self.choose_void(obs)
        return self._implicit_void

    def junk_suits(self, obs: Observation) -> set[int]:
        """The void suit, and the third suit too when a flush is close."""
        void = self.void(obs)
        counts = _all_counts(obs)
        sizes = suit_counts(counts)
        main = max((s for s in range(3) if s != void), key=lambda s: sizes[s])
        melds_in_main = all(kind_of(m.tiles[0]) // 9 == main for m in obs.melds[obs.seat])
        if sizes[main] >= FLUSH_AT and melds_in_main:
            return {s for s in range(3) if s != main}
        return {void}

    def discard(self, obs: Observation, options: list[Action]) -> Action:
        """Junk suits first; then seven pairs when close, else the fastest discard of what is kept."""
        junk = self.junk_suits(obs)
        shed = [a for a in options if kind_of(a.tile) // 9 in junk]
        if shed:
            return best_discards(obs, shed)[0][1]
        counts = list(obs.counts)
        if not obs.melds[obs.seat] and _pair_shanten(counts) <= 6 - PAIRS_AT + 1:
            return min(options, key=lambda a: (self._after(counts, a, _pair_shanten), kind_of(a.tile) % 9 in (0, 8)))
        return best_discards(obs, options)[0][1]

    @staticmethod
    def _after(counts: list[int], action: Action, measure) -> int:
        counts[kind_of(action.tile)] -= 1
        value = measure(counts)
        counts[kind_of(action.tile)] += 1
        return value

    def claim(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """Kong any tile that keeps the pace (kongs are paid); pon toward all pungs or a flush."""
        pass_action = next(a for a in actions if a.kind == PASS)
        junk = self.junk_suits(obs)
        calls = [a for a in actions if a.kind in (PON, KAN) and kind_of(a.tile) // 9 not in junk]
        for a in calls:
            if a.kind == KAN and self._keeps_pace(obs, a):
                return a
        pairs = sum(1 for n in obs.counts if n >= 2)
        for a in calls:
            if a.kind == PON and (pairs >= 4 or len(junk) == 2) and self._pon_helps(obs, a):
                return a
        return pass_action

    def _sets_left(self, obs: Observation) -> int:
        return 4 - len(obs.melds[obs.seat])

    def _plan_shanten(self, counts: Sequence[int], sets: int) -> int:
        return standard_shanten(bytes(counts), sets)

    def _keeps_pace(self, obs: Observation, action: Action) -> bool:
        """A kong that leaves the hand no further from winning (the replacement draw comes free)."""
        counts = list(obs.counts)
        kind = kind_of(action.tile)
        sets = self._sets_left(obs)
        now = self._plan_shanten(counts, sets)
        taken = {KAN: 3, ANKAN: 4, KAKAN: 1}[action.kind]
        counts[kind] -= taken
        return self._plan_shanten(counts, sets - (action.kind != KAKAN)) <= now

    def _pon_helps(self, obs: Observation, action: Action) -> bool:
        """The pon and the best discard after it bring the hand closer."""
        counts = list(obs.counts)
        sets = self._sets_left(obs)
        now = self._plan_shanten(counts, sets)
        counts[kind_of(action.tile)] -= 2
        after = min(
            self._after(counts, Action(DISCARD, 4 * k), lambda c: self._plan_shanten(c, sets - 1))
            for k, n in enumerate(counts)
            if n
        )
        return after < now


class RandomVoidBot(ChengduBot):
    """The Chengdu bot that declares a random void suit (to measure what a good choice is worth)."""

    def choose_void(self, obs: Observation) -> int:
        """Any suit, uniformly."""
        return self.rng.randrange(3)


class WorstVoidBot(ChengduBot):
    """The Chengdu bot that declares its longest suit void (the worst choice)."""

    def choose_void(self, obs: Observation) -> int:
        """The suit with the most tiles."""
        sizes = suit_counts(obs.counts)
        return max(range(3), key=lambda s: (sizes[s], -s))


# What the chengdu variant registers (mjsim_register_agents): these bots play only under rule sets that include it.
BOTS = {"chengdu": ChengduBot, "chengdu_random_void": RandomVoidBot, "chengdu_worst_void": WorstVoidBot}

__all__ = ["BOTS", "ChengduBot", "RandomVoidBot", "WorstVoidBot", "best_void", "choose_exchange", "pass_suit"]
