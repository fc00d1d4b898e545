"""The shared human-like player of the families whose wins need a minimum value (国标's fans, 広東's faan).

Where the efficiency bot races to any complete hand (and then keeps drawing until a win happens to reach the
minimum, since a win below it is not offered), this player steers by its family's plans: among the discards
within two shanten of the fastest it takes the one that leaves the fewest draws to a win of the minimum (at
least the shanten, at least the tiles its best plan misses), then the fastest, the widest and the richest. It
calls a tile only when the call brings such a win closer. Once another seat is likely ready it pushes or folds
by the shared formula of ``variants.common.pushfold`` (win chance x the win's worth in points against the danger
of a deal-in), and it calls nothing while folding.

A family gives it three things: ``plan_after`` (the draws to a win of the minimum and that win's value, for a
hand), ``worth`` (the points a win of a value brings) and ``threat_worth`` (what a deal-in to a likely-ready seat
with these melds costs).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from mjsim.agents.bots import EfficiencyBot
from mjsim.agents.observation import Observation, visible_counts
from mjsim.engine.actions import CHI, PASS, PON, Action
from mjsim.hand.shanten import shanten
from mjsim.hand.tiles import kind_of
from mjsim.rules import Rules
from mjsim.scoring import Meld
from variants.common.pushfold import (
    PushFoldProfile,
    Table,
    Threat,
    discard_facts,
    discard_scores,
    folding,
    hot_suit,
    ready_chance,
)

TILES = 136  # suited and honour tiles (flowers are set aside and replaced)
SLACK = 2  # discards this many shanten slower than the fastest are still weighed for their plan
FAR = 99  # no plan reaches the minimum from this hand


@dataclass(frozen=True)
class MinimumProfile(PushFoldProfile):
    """The parameters beyond the shared push/fold ones ([H]: set by hand, not tuned)."""

    ready_start_turn: int = 6  # a hand that must reach a minimum is slower than a riichi hand [H]
    # Play around a seat only at the readiness cap (many discards and open melds): with no declaration to read,
    # folding on less loses points in both families (benchmarks/minimum_fold.py, docs/players.md) [H]
    threat_min_ready: float = 0.9
    tsumo_share: float = 0.4  # share of wins self-drawn [H]


@dataclass(frozen=True)
class Hand:
    """What a family's plans read: all 34 kinds held or melded, the melds, the seat's and round's wind kinds
    (27 = East) and the flower kinds set aside."""

    full: tuple[int, ...]
    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    seat_wind: int
    round_wind: int
    flowers: tuple[int, ...] = ()

    @classmethod
    def of(cls, concealed: Sequence[int], melds: Sequence[Meld], seat_wind: int, round_wind: int, flowers=()) -> Hand:
        """The hand of ``concealed`` counts (34 kinds) and ``melds``."""
        full = list(concealed[:34])
        for m in melds:
            for t in m.tiles[:3]:  # a kong counts as its pung for the plans
                full[kind_of(t)] += 1
        return cls(tuple(full), tuple(concealed[:34]), tuple(melds), seat_wind, round_wind, tuple(flowers))

    @property
    def opened(self) -> bool:
        """Whether a meld other than a concealed kong opens the hand."""
        return any(m.opened for m in self.melds)


def seat_winds(obs: Observation, key: str) -> tuple[int, int]:
    """The seat's and the round's wind as kinds (27 = East); ``obs.extra[key]`` holds the seat winds if any."""
    winds = obs.extra.get(key)
    seat = winds[obs.seat] if winds is not None else (obs.seat - obs.dealer) % 4
    return 27 + seat, obs.round_wind


class MinimumHuman(EfficiencyBot):
    """Plays toward a win of the minimum, calls only toward it, pushes or folds against likely-ready seats."""

    def __init__(self, rng: random.Random, rules: Rules | None, profile: MinimumProfile) -> None:
        super().__init__(rng, rules)
        self.profile = profile
        self.reads_rules = rules is not None  # without rules it plays as the efficiency bot

    # --- what the family supplies ---

    def plan_after(self, obs: Observation, counts: list[int], melds: Sequence[Meld], sh: int) -> tuple[int, float]:
        """(draws at least to a win of the minimum, that win's value) for concealed ``counts`` and ``melds``."""
        raise NotImplementedError

    def worth(self, value: float) -> float:
        """Expected points a win of ``value`` brings."""
        raise NotImplementedError

    def threat_worth(self, melds: Sequence[Meld]) -> float:
        """What a deal-in to a likely-ready seat showing ``melds`` costs."""
        raise NotImplementedError

    # --- the shared play ---

    def threats_now(self, obs: Observation) -> list[Threat]:
        """The other seats likely enough ready (none without rules)."""
        if not self.reads_rules:
            return []
        p, out = self.profile, []
        for seat, melds in enumerate(obs.melds):
            ready = ready_chance(len(obs.rivers[seat]), sum(1 for m in melds if m.opened), p)
            if seat != obs.seat and ready >= p.threat_min_ready:
                out.append(Threat(seat, ready, self.threat_worth(melds), frozenset(), hot_suit(melds)))
        return out

    def planned(self, obs: Observation, options: list[Action]) -> dict[int, tuple[int, int, int, float]]:
        """Per discarded kind within ``SLACK`` of the fastest: (draws to a win of the minimum, shanten, live, value)."""
        counts, seen = list(obs.counts), visible_counts(obs)
        out = {}
        for kind, (sh, live) in discard_facts(counts, {kind_of(a.tile) for a in options}, seen, SLACK).items():
            counts[kind] -= 1
            d, value = self.plan_after(obs, counts, obs.melds[obs.seat], sh)
            counts[kind] += 1
            out[kind] = (d, sh, live, value)
        return out

    def discard(self, obs: Observation, options: list[Action]) -> Action:
        """The discard nearest a win of the minimum; against a likely-ready seat, pushed or folded by value."""
        if not self.reads_rules:
            return super().discard(obs, options)
        facts = self.planned(obs, options)
        if not facts or min(f[0] for f in facts.values()) >= FAR:
            return super().discard(obs, options)  # no plan reaches the minimum: race, a lucky win may
        plan = min(facts, key=lambda k: (facts[k][0], facts[k][1], -facts[k][2], -facts[k][3]))
        found = self.threats_now(obs)
        if not found:
            return next(a for a in options if kind_of(a.tile) == plan)
        p, seen = self.profile, visible_counts(obs)
        table = Table(obs.wall_left / 4.0, max(1, TILES - sum(seen[:34])), found, seen, p.fold_weight)
        # ``discard_scores`` reads (shanten, live): the draws to a win of the minimum stand in for the shanten
        steps = {k: (d, live) for k, (d, _sh, live, _v) in facts.items() if d < FAR}
        for k in {kind_of(a.tile) for a in options} - facts.keys():  # fold candidates outside the slack
            steps[k] = (FAR, 0)

        def worth(kind: int) -> float:
            f = facts.get(kind)
            return self.worth(f[3]) if f is not None and f[0] < FAR else 0.0

        scores = discard_scores(steps, worth, table, p, push_kind=plan)
        best = max(scores, key=lambda k: scores[k])
        return next(a for a in options if kind_of(a.tile) == best)

    def claim(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """Pass while folding against a likely-ready seat; otherwise the pon or chow that brings a win of the
        minimum closer (wins are taken before claims are asked, by the efficiency bot's ``act``)."""
        pass_action = next(a for a in actions if a.kind == PASS)
        if not self.reads_rules:
            return super().claim(obs, actions)
        counts = list(obs.counts)
        found = self.threats_now(obs)
        if found and folding(found, shanten(counts), self.profile):
            return pass_action
        melds = obs.melds[obs.seat]
        best, best_d = pass_action, self.plan_after(obs, counts, melds, shanten(counts))[0]
        for a in actions:
            if a.kind not in (PON, CHI):
                continue
            d = self.after_call(obs, counts, melds, a)
            if d < best_d:
                best, best_d = a, d
        return best

    def after_call(self, obs: Observation, counts: list[int], melds: Sequence[Meld], a: Action) -> int:
        """Draws to a win of the minimum after calling ``a`` and making the best discard."""
        after = list(counts)
        for t in a.tiles:
            after[kind_of(t)] -= 1
        meld = Meld(a.kind, (*a.tiles, a.tile), called=a.tile)
        best = FAR
        for k in range(34):
            if after[k] == 0:
                continue
            after[k] -= 1
            best = min(best, self.plan_after(obs, after, (*melds, meld), shanten(after))[0])
            after[k] += 1
        return best
