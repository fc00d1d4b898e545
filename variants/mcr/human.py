"""The 国标麻将 human-like player (``human``): it plays toward a hand that reaches the minimum of fans.

Where the efficiency bot races to any complete hand (and then keeps drawing until its win happens to reach 8
fans, since a win below the minimum is not offered), this player steers by the plans of ``human_plans``: among
the discards within two shanten of the fastest it takes the one that leaves the fewest draws to a win of the
minimum (at least the shanten, at least the tiles its best plan misses), then the fastest, the widest and the
richest. It calls a tile only when the call brings such a win closer. Once another seat is likely ready it
pushes or folds by the shared formula of ``variants.common.pushfold`` (win chance x the win's worth in points
against the danger of a deal-in), and it calls nothing while folding.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from mjsim.agents.bots import EfficiencyBot
from mjsim.engine.actions import CHI, PASS, PON, Action
from mjsim.hand.shanten import shanten
from mjsim.hand.tiles import kind_of
from mjsim.observation import Observation, visible_counts
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
from variants.mcr import options as opt
from variants.mcr.human_plans import FAR, Hand, distance

TILES = 136  # suited and honour tiles (flowers are set aside and replaced)
SLACK = 2  # discards this many shanten slower than the fastest are still weighed for their plan


@dataclass(frozen=True)
class MCRProfile(PushFoldProfile):
    """The MCR player's parameters beyond the shared ones ([H]: set by hand, not tuned)."""

    ready_start_turn: int = 6  # an 8-fan hand is slower than a riichi hand [H]
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
    winds = obs.extra.get("mcr.seat_winds")
    seat = winds[obs.seat] if winds is not None else (obs.seat - obs.dealer) % 4
    return 27 + seat, obs.round_wind


def plan_after(obs: Observation, counts: list[int], melds: Sequence[Meld], sh: int, minimum: int) -> tuple[int, float]:
    """(draws at least to a win of the minimum, its fans) for concealed ``counts`` and ``melds``."""
    seat_wind, round_wind = winds_of(obs)
    return distance(Hand.of(counts, melds, seat_wind, round_wind), sh, minimum)


class MCRHuman(EfficiencyBot):
    """Plays toward a win of the minimum of fans, calls only toward it, pushes or folds against ready seats."""

    def __init__(self, rng: random.Random, rules: Rules | None = None, profile: MCRProfile | None = None) -> None:
        super().__init__(rng, rules)
        self.profile = MCRProfile() if profile is None else profile
        self.table = MCRTable.of(rules) if rules is not None else None

    def threats_now(self, obs: Observation) -> list[Threat]:
        """The other seats likely enough ready (none without rules: it then plays as the efficiency bot)."""
        if self.table is None:
            return []
        p, out = self.profile, []
        for seat, melds in enumerate(obs.melds):
            ready = ready_chance(len(obs.rivers[seat]), sum(1 for m in melds if m.opened), p)
            if seat != obs.seat and ready >= p.threat_min_ready:
                value = self.table.base + p.threat_fans * (1.5 if hot_suit(melds) is not None else 1.0)
                out.append(Threat(seat, ready, value, frozenset(), hot_suit(melds)))
        return out

    def planned(self, obs: Observation, options: list[Action]) -> dict[int, tuple[int, int, int, float]]:
        """Per discarded kind within ``SLACK`` of the fastest: (draws to a win of the minimum, shanten, live, fans)."""
        counts, seen = list(obs.counts), visible_counts(obs)
        out = {}
        for kind, (sh, live) in discard_facts(counts, {kind_of(a.tile) for a in options}, seen, SLACK).items():
            counts[kind] -= 1
            d, fans = plan_after(obs, counts, obs.melds[obs.seat], sh, self.table.minimum)
            counts[kind] += 1
            out[kind] = (d, sh, live, fans)
        return out

    def discard(self, obs: Observation, options: list[Action]) -> Action:
        """The discard nearest a win of the minimum; against a likely-ready seat, pushed or folded by value."""
        if self.table is None:
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
        steps = {k: (d, live) for k, (d, _sh, live, _f) in facts.items() if d < FAR}
        for k in {kind_of(a.tile) for a in options} - facts.keys():  # fold candidates outside the slack
            steps[k] = (FAR, 0)

        def worth(kind: int) -> float:
            f = facts.get(kind)
            return self.table.worth(f[3], p) if f is not None and f[0] < FAR else 0.0

        scores = discard_scores(steps, worth, table, p, push_kind=plan)
        best = max(scores, key=lambda k: scores[k])
        return next(a for a in options if kind_of(a.tile) == best)

    def claim(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """Pass while folding against a likely-ready seat; otherwise the pon or chow that brings a win of the
        minimum closer (wins are taken before claims are asked, by the efficiency bot's ``act``)."""
        pass_action = next(a for a in actions if a.kind == PASS)
        if self.table is None:
            return super().claim(obs, actions)
        counts = list(obs.counts)
        found = self.threats_now(obs)
        if found and folding(found, shanten(counts), self.profile):
            return pass_action
        melds = obs.melds[obs.seat]
        now = plan_after(obs, counts, melds, shanten(counts), self.table.minimum)[0]
        best, best_d = pass_action, now
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
            best = min(best, plan_after(obs, after, (*melds, meld), shanten(after), self.table.minimum)[0])
            after[k] += 1
        return best


def make_human(rng: random.Random, rules: Rules | None = None) -> MCRHuman:
    """The human-like 国标麻将 player: toward a win of the minimum, calls toward it, push/fold by value."""
    return MCRHuman(rng, rules)
