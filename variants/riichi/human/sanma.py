"""What a person plays by at a three-player table (三人麻雀, the sanma delta): the North set aside as a dora,
a 108-tile wall, 1m indicating 9m, and the tables' own profile.

The riichi family's player reads the table through :class:`~variants.riichi.human.context.Context`; at three seats
:func:`adjust` corrects the facts it reads there (the Norths are dora, the tiles fewer), and :func:`sets_aside`
decides the North's set-aside. The ``tenhou-sanma`` profile (``profiles/tenhou-sanma.toml``) holds the numbers
people at Tenhou's three-player tables play by: their hands are worth more (Norths, honitsu in a game of two
suits, more dora) and end sooner, so they declare more and fold later.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from mjsim.engine.actions import DISCARD, SET_ASIDE, Action
from mjsim.hand.shanten import shanten
from mjsim.hand.tiles import NORTH, kind_of
from variants.riichi.human.context import Context, after_discards

SEATS = 3
PROFILE = "tenhou-sanma"
"""The shipped profile of the ``human`` player at three seats."""
_TWO_MAN, _NINE_MAN = 1, 8  # 2m-8m are not in the game: a 1m indicator makes 9m the dora
FOUR_PLAYER_KINDS = 34
_NO_SEQUENCE = frozenset({3, 5})  # 4m and 6m: a 1m or 9m is never the end of a two-sided wait (no 2m-8m)


def three_seats(rules) -> bool:
    """Whether ``rules`` plays at three seats with the North set aside (the sanma delta)."""
    return rules is not None and rules.flow is not None and rules.flow.setup.seats == SEATS


def adjust(ctx: Context, wall_tiles: int, kinds: int = 27) -> None:
    """The decision's facts at a three-player table: the Norths to set aside count as dora (each held one will be,
    each set aside one is, once more per indicator that makes North the dora), 9m is the dora of a 1m indicator,
    the unseen tiles are those of a ``wall_tiles`` game, and no threat waits two-sided on 1m or 9m; with ``kinds``
    kinds in play instead of 34 each is the more likely a threat's wait (the published danger rates are of 34)."""
    doras = [_NINE_MAN if k == _TWO_MAN else k for k in ctx.doras]
    set_aside = sum(1 for t in ctx.obs.set_aside[ctx.obs.seat] if kind_of(t) == NORTH)
    ctx.red_held += set_aside * (1 + doras.count(NORTH))  # bonus han of the Norths already out, as red fives are
    ctx.doras = [*doras, NORTH]  # a held North is set aside, a dora, at the next turn
    ctx.unseen = max(1, wall_tiles - sum(ctx.seen))
    # 1m and 9m can only be won as a pair or a triplet's third tile: as safe as a suji terminal against anyone
    crowded = FOUR_PLAYER_KINDS / kinds
    ctx.threats = [replace(t, safe=t.safe | _NO_SEQUENCE, value=t.value * crowded) for t in ctx.threats]


def north_set_aside(ctx: Context, grouped: dict[str, list[Action]], actions: Sequence[Action]) -> Action | None:
    """The North set aside now, if it is offered and :func:`sets_aside` keeps it out of the hand; else None."""
    offered = grouped.get(SET_ASIDE)
    return offered[0] if offered and sets_aside(ctx, actions) else None


def sets_aside(ctx: Context, actions: Sequence[Action]) -> bool:
    """Set the North aside (a dora and a new tile) unless the hand needs it: a pair or set of a hand closer to
    ready with it (seven pairs, thirteen orphans, a North triplet) than after the best discard without it."""
    if not any(a.kind == DISCARD for a in actions):
        return True
    counts = list(ctx.counts)
    best = min(after_discards(counts))
    counts[NORTH] -= 1
    return shanten(counts) <= best
