"""What the 成都 human player reads: its parameters, its hand's worth in the family's fan, and who threatens it.

Values are the family's own: ``B x 2^min(fan, cap)`` with the rule set's fan table (``fan.patterns``), a
self-draw paid by every opponent still in the hand, and 查大叫 paying a ready hand at an empty wall.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mjsim.agents.observation import Observation
from mjsim.hand.tiles import kind_of
from variants.chengdu import fan
from variants.chengdu import options as opt
from variants.common.pushfold import PushFoldProfile, Threat, hot_suit, passed_since_last_discard, ready_chance


@dataclass(frozen=True)
class ChengduProfile(PushFoldProfile):
    """The 成都 player's parameters beyond the shared ones ([H]: tuned by hand on 40-game runs)."""

    # Another seat's win does not end a 血战 hand (it goes on until three have won): the hazard that ends the
    # chance of one's own win is smaller than riichi's 0.05 [H].
    others_win_per_turn: float = 0.02
    tsumo_share: float = 0.4  # share of wins by self-draw (the chengdu bots' .42) [H]
    threat_fan: float = 1.0  # fan of a typical win against which one deals in [H]
    late_draws: float = 4.0  # own draws left from which 查大叫 is near: a ready hand earns its share [rules][H]
    chajiao_share: float = 0.5  # share of the other seats expected not ready at an empty wall [H]


@dataclass(frozen=True)
class FanTable:
    """The rule set's fan figures the player reads (from the family's own table and options)."""

    rules: Mapping[str, Any]  # the rule set's options
    qingyise: int
    gen: int

    @classmethod
    def of(cls, rules) -> FanTable:
        """The figures of ``rules``."""
        table = {p.name: p.value for p in fan.patterns(rules)}
        return cls(rules, table.get("qingyise", 2), table.get("gen", 1))

    def value(self, fans: float) -> float:
        """B x 2^min(fan, cap), for a fractional fan too (an expectation)."""
        cap = opt.cap_fan(self.rules)
        return self.rules[opt.BASE] * 2 ** min(fans, cap)


def active_seats(obs: Observation) -> list[int]:
    """The seats still in the hand (a winner of 血战到底 has left it)."""
    left = obs.extra.get("chengdu.left") or (False,) * len(obs.scores)
    return [s for s in range(len(obs.scores)) if not left[s]]


def hand_fan(counts, melds, table: FanTable) -> int:
    """Fan the hand holds now: a flush if every tile is of one suit, and one 根 per four of a kind."""
    full = list(counts)
    for m in melds:
        for t in m.tiles:
            full[kind_of(t)] += 1
    suits = {k // 9 for k, n in enumerate(full) if n}
    fans = table.qingyise if len(suits) == 1 else 0
    return fans + table.gen * sum(1 for n in full if n >= 4)


def win_worth(fans: int, opponents: int, table: FanTable, p: ChengduProfile) -> float:
    """Expected payment of a win: a ron paid by one, a self-draw by every opponent still in the hand."""
    value = table.value(fans)
    return value * ((1.0 - p.tsumo_share) + p.tsumo_share * opponents)


def threats(obs: Observation, table: FanTable, p: ChengduProfile, guoshui: bool) -> list[Threat]:
    """The seats still in the hand likely enough ready, with what they cannot win on."""
    voids = obs.extra.get("chengdu.voids", {})
    out = []
    for seat in active_seats(obs):
        if seat == obs.seat:
            continue
        melds = obs.melds[seat]
        ready = ready_chance(len(obs.rivers[seat]), sum(1 for m in melds if m.opened), p)
        if ready < p.threat_min_ready:
            continue
        safe: set[int] = set(passed_since_last_discard(obs, seat)) if guoshui else set()
        void = voids.get(seat)
        if void is not None:
            safe.update(range(9 * void, 9 * void + 9))  # it cannot win holding its void suit
        suit = hot_suit(melds)
        fans = p.threat_fan + (table.qingyise if suit is not None else 0)
        out.append(Threat(seat, ready, table.value(fans), frozenset(safe), suit))
    return out
