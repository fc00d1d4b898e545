"""What the 台湾 human player reads: its parameters, its hand's worth in tai, and who threatens it.

Values are the family's own (taiwan.md §10): ``(底 + tai + dealer bonus) x rate`` per paying seat, a ron paid by
the discarder, a self-draw by all three. The tai it counts are those a hand shows before it is complete: 門清,
自摸's share, dragon and own-wind pungs (a pair counts in part), its own flowers (正花), 混一色 and 清一色.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjsim.agents.observation import Observation
from mjsim.hand.tiles import DRAGONS, kind_of
from variants.common.pushfold import PushFoldProfile, Threat, hot_suit, passed_since_last_discard, ready_chance
from variants.taiwan import options as opt
from variants.taiwan.seats import own_flower

RESERVE = 16  # tiles at the end of the wall that are never drawn (taiwan.md §3)


@dataclass(frozen=True)
class TaiwanProfile(PushFoldProfile):
    """The 台湾 player's parameters beyond the shared ones ([H]: tuned by hand on 40-game runs)."""

    ready_start_turn: int = 7  # a 16-tile hand needs a set more than a riichi hand (5 folded into 33 % draws) [H]
    tsumo_share: float = 0.3  # share of wins by self-draw (the taiwan bots' .26) [H]
    threat_tai: float = 3.0  # tai of a typical win against which one deals in [H]
    pair_tai_share: float = 0.3  # a dragon or own-wind pair counts this share of its pung's tai [H]


@dataclass(frozen=True)
class TaiTable:
    """The rule set's money figures the player reads."""

    di: int
    rate: int

    @classmethod
    def of(cls, rules) -> TaiTable:
        """The figures of ``rules``."""
        return cls(rules[opt.DI], rules[opt.RATE])

    def value(self, tai: float) -> float:
        """What one payer pays for a win of ``tai`` tai (the dealer bonus included in ``tai``)."""
        return (self.di + tai) * self.rate


def seat_wind(obs: Observation, seat: int) -> int:
    """The wind index (0 = East) of ``seat`` in this hand."""
    winds = obs.extra.get("taiwan.seat_winds")
    return winds[seat] if winds is not None else (seat - obs.dealer) % 4


def hand_tai(obs: Observation, counts, p: TaiwanProfile) -> float:
    """Tai the hand shows now (expected: a self-draw's tai by its share, a pair's by ``pair_tai_share``)."""
    melds = obs.melds[obs.seat]
    full = list(counts)
    for m in melds:
        for t in m.tiles:
            full[kind_of(t)] += 1
    closed = not any(m.opened for m in melds)
    tai = (1.0 if closed else 0.0) + p.tsumo_share * (2.0 if closed else 1.0)  # 門清, 自摸 (不求人 = 3 in all)
    wind = seat_wind(obs, obs.seat)
    for kind in (*DRAGONS, 27 + wind, obs.round_wind):
        n = full[kind] if kind < len(full) else 0
        tai += 1.0 if n >= 3 else (p.pair_tai_share if n == 2 else 0.0)
    flowers = (obs.extra.get("taiwan.flowers") or ((),) * 4)[obs.seat]
    tai += sum(1 for f in flowers if own_flower(f, wind))
    suits = {k // 9 for k, n in enumerate(full[:27]) if n}
    honours = any(full[27:34])
    if len(suits) == 1:
        tai += 4 if honours else 8  # 混一色, 清一色
    return tai + (1 if obs.seat == obs.dealer else 0)  # 莊家


def win_worth(tai: float, table: TaiTable, p: TaiwanProfile) -> float:
    """Expected payment of a win: a ron paid by the discarder, a self-draw by all three."""
    return table.value(tai) * ((1.0 - p.tsumo_share) + 3 * p.tsumo_share)


def threats(obs: Observation, table: TaiTable, p: TaiwanProfile, guoshui: bool) -> list[Threat]:
    """The other seats likely enough ready, with what they let pass under 過水 (safe against them)."""
    out = []
    for seat in range(len(obs.scores)):
        if seat == obs.seat:
            continue
        melds = obs.melds[seat]
        ready = ready_chance(len(obs.rivers[seat]), sum(1 for m in melds if m.opened), p)
        if ready < p.threat_min_ready:
            continue
        safe = passed_since_last_discard(obs, seat) if guoshui else frozenset()
        suit = hot_suit(melds)
        tai = p.threat_tai + (4 if suit is not None else 0) + (1 if obs.dealer in (seat, obs.seat) else 0)
        out.append(Threat(seat, ready, table.value(tai), safe, suit))
    return out
