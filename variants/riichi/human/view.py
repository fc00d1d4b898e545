"""What the human player reads off the table: visible tiles, dora, value winds, threats, placement."""

from __future__ import annotations

from dataclasses import dataclass

from mjsim.agents.observation import Observation
from mjsim.hand.tiles import DRAGONS, kind_of, next_in_cycle
from variants.riichi.human.profile import Profile


def dora_kinds(obs: Observation) -> list[int]:
    """The dora kinds, one entry per indicator (two indicators of one kind make it worth two)."""
    return [next_in_cycle(kind_of(t)) for t in obs.indicators]


def value_kinds(obs: Observation, seat: int | None = None) -> set[int]:
    """Honour kinds whose triplet is a yaku for ``seat`` (default: the observer): dragons, seat and round wind."""
    seat = obs.seat if seat is None else seat
    seat_wind = 27 + (seat - obs.dealer) % len(obs.scores)
    return set(DRAGONS) | {seat_wind, obs.round_wind}


def is_open(obs: Observation, seat: int | None = None) -> bool:
    """The seat has called an open meld."""
    return any(m.opened for m in obs.melds[obs.seat if seat is None else seat])


@dataclass(frozen=True)
class Threat:
    """Another seat that may be ready: how likely, how much its win costs, and the tiles safe against it."""

    seat: int
    ready: float  # chance it is ready now
    value: float  # points a deal-in to it costs
    safe: frozenset[int]  # kinds it cannot ron: its own discards, and others' discards since its riichi
    declare_kind: int | None  # kind of its declaring discard


def threats(obs: Observation, profile: Profile) -> list[Threat]:
    """The seats that threaten this one: every riichi, and open hands by their melds and visible value."""
    out = []
    late = obs.wall_left < 24
    doras = dora_kinds(obs)
    for seat in range(len(obs.scores)):
        if seat == obs.seat:
            continue
        factor = profile.dealer_factor if seat == obs.dealer else 1.0
        if obs.declared[seat]:
            out.append(Threat(seat, 1.0, profile.riichi_value * factor, _safe(obs, seat), _declare_kind(obs, seat)))
            continue
        opened = [m for m in obs.melds[seat] if m.opened]
        if not opened:
            continue
        ready = profile.open_tenpai_by_melds[min(len(opened), 4)] + (profile.late_open_tenpai if late else 0.0)
        if ready < profile.threat_min_ready:
            continue  # an open hand this unlikely to be ready is not played around
        value = profile.open_value + _open_extra(obs, seat, opened, doras)
        out.append(Threat(seat, min(ready, 0.95), value * factor, _safe(obs, seat), None))
    return out


def _open_extra(obs: Observation, seat: int, melds, doras: list[int]) -> float:
    """Points an open hand shows: each dora in its melds, a value-honour triplet."""
    han = sum(1 for m in melds for t in m.tiles if kind_of(t) in doras)
    han += sum(1 for m in melds if m.type != "chi" and m.kind in value_kinds(obs, seat))
    return 1500.0 * han


def _declare_kind(obs: Observation, seat: int) -> int | None:
    at = obs.declared_at[seat] if obs.declared_at else None
    return None if at is None else kind_of(obs.rivers[seat][at])


def _safe(obs: Observation, seat: int) -> frozenset[int]:
    """Kinds ``seat`` cannot ron: its own river (furiten); after its riichi, what it let pass from others."""
    safe = {kind_of(t) for t in obs.rivers[seat]}
    at = obs.declared_at[seat] if obs.declared_at else None
    if at is not None:
        for other, river in enumerate(obs.rivers):
            if other != seat:
                safe.update(kind_of(t) for t in river[at + 1 :])  # roughly: discarded after the declaration
    return frozenset(safe)


def turn(obs: Observation) -> int:
    """The observer's own turn number (discards made so far, plus one)."""
    return len(obs.rivers[obs.seat]) + 1


def rank(obs: Observation, seat: int | None = None) -> int:
    """0 for the leader .. 3 for the last (ties broken by seat order from the first dealer, roughly)."""
    seat = obs.seat if seat is None else seat
    return sum(1 for s, p in enumerate(obs.scores) if p > obs.scores[seat] or (p == obs.scores[seat] and s < seat))
