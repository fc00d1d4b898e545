"""The Taiwanese bot: 16-tile efficiency, every legal win, MIGI when offered, and a way out of 過水."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from mjsim.agents.bots import EfficiencyBot, best_discards
from mjsim.agents.observation import Observation
from mjsim.engine.actions import DECLINE_DRAW, DRAW, PASS, RON, Action
from mjsim.hand.decompose import waits
from mjsim.hand.tiles import kind_of
from variants.taiwan.flowers import HIDE, SHOW

RESERVE = 16  # tiles at the end of the wall that are never drawn (taiwan.md §3)


class TaiwanBot(EfficiencyBot):
    """The efficiency bot reading the Taiwanese facts of its view (``taiwan.*`` in ``Observation.extra``).

    Flowers are set aside and replaced by the engine and the 過水 block masks the wins it forbids; on top of
    that, a blocked seat that can stay ready prefers a discard outside its waits, the only discard that clears
    the block (taiwan.md §6). Pon calls take dragons and the seat's and round's own winds, which are tai.
    """

    show_eighth_flower = False  # 藏花: hide the eighth flower when another player holds seven

    def act(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """The eighth flower against seven: hide it (it pays nothing; showing pays 七搶一 at once and ends the hand,
        and the seat cannot win either way); otherwise the efficiency bot's play."""
        kinds = {a.kind: a for a in actions}
        if HIDE in kinds and SHOW in kinds:
            return kinds[SHOW] if self.show_eighth_flower else kinds[HIDE]
        return super().act(obs, actions)

    def discard(self, obs: Observation, options: list[Action]) -> Action:
        """The fastest discard; when blocked by 過水, the fastest one that is not among the waits it leaves."""
        ranked = best_discards(obs, options)
        if obs.extra.get("taiwan.blocked") and ranked[0][0][0] == 0:
            clearing = [a for _, a in ranked if _ready_and_clear(obs.counts, kind_of(a.tile))]
            if clearing:
                return clearing[0]
        return ranked[0][1]

    def claim(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """Pon tiles worth tai; once open, the calls that bring the hand closer."""
        return super().claim(_with_seat_wind(obs), actions)


class TsumoHunterBot(TaiwanBot):
    """Lets a ron pass while enough tiles are left, to win by tsumo instead (all three pay, 自摸 adds a tai).

    It is the play 過水 punishes: the pass blocks its tsumo until it discards a tile outside its waits.
    """

    min_draws_left = 16  # drawable tiles (the reserve excluded) below which it takes the ron

    def act(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """Pass a ron early in the hand; otherwise play as the Taiwanese bot."""
        if obs.wall_left - RESERVE > self.min_draws_left and any(a.kind == RON for a in actions):
            return next(a for a in actions if a.kind == PASS)
        return super().act(obs, actions)


class LastTileDeclinerBot(TaiwanBot):
    """The Taiwanese bot that declines the last drawable tile (海底) when its hand is not ready.

    A hand that is not ready cannot win on that tile, and having drawn it, it must discard it (河底), which can
    only deal in; declining ends the hand as a draw instead (taiwan.md §3). The default ``taiwan`` bot always
    draws, so the committed experiments keep their play.
    """

    def act(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """Decline the last tile when not ready; otherwise play as the Taiwanese bot."""
        kinds = {a.kind: a for a in actions}
        if DECLINE_DRAW in kinds:
            ready = waits(list(obs.counts), seven_pairs=False, orphans=False)
            return kinds[DRAW] if ready else kinds[DECLINE_DRAW]
        return super().act(obs, actions)


class FlowerShowerBot(TaiwanBot):
    """The Taiwanese bot that always shows the eighth flower (the honest table's play): the holder of seven wins
    七搶一 at once and it pays; a way to measure what hiding (藏花) is worth."""

    show_eighth_flower = True


def _ready_and_clear(counts: Sequence[int], kind: int) -> bool:
    """After discarding ``kind`` the hand is ready and does not wait on ``kind``."""
    after = list(counts)
    after[kind] -= 1
    left = waits(after, seven_pairs=False, orphans=False)
    return bool(left) and kind not in left


def _with_seat_wind(obs: Observation) -> Observation:
    """The view with ``dealer`` moved so that ``seat_wind`` is the seat wind of the wall break."""
    winds = obs.extra.get("taiwan.seat_winds")
    if winds is None:
        return obs
    return replace(obs, dealer=(obs.seat - winds[obs.seat]) % 4)


# What the taiwan variant registers (mjsim_register_agents): these bots play only under rule sets that include it.
BOTS = {
    "taiwan": TaiwanBot,
    "taiwan_tsumo": TsumoHunterBot,
    "taiwan_decline": LastTileDeclinerBot,
    "taiwan_show": FlowerShowerBot,
}

__all__ = ["BOTS", "FlowerShowerBot", "LastTileDeclinerBot", "TaiwanBot", "TsumoHunterBot"]
