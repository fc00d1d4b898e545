"""Bots for ブー麻雀: they read the ``boo.win`` outlook the boo variant adds to their observation."""

from __future__ import annotations

from collections.abc import Sequence

from mjsim.agents.bots import EfficiencyBot
from mjsim.agents.observation import Observation
from mjsim.engine.actions import RON, TSUMO, Action

TOP_ORDER = {"A": 3, "B": 2, "C": 1}


class BooBot(EfficiencyBot):
    """The efficiency bot that never declares a win the outlook marks forbidden (none is offered: in chombo mode
    only the error model declares one, as a chombo)."""

    def act(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """Drop the wins this bot refuses, then play as the efficiency bot."""
        wins = [a for a in actions if a.kind in (TSUMO, RON)]
        if wins and not self.takes_win(obs.extra.get("boo.win")):
            kept = [a for a in actions if a.kind not in (TSUMO, RON)]
            if kept:
                return super().act(obs, kept)
        return super().act(obs, actions)

    def takes_win(self, outlook: dict | None) -> bool:
        """Any win that is not forbidden."""
        return outlook is None or not outlook.get("forbidden")


class BooTopperBot(BooBot):
    """Prefers wins that end the game with itself on top: declines ending wins below ``min_top``.

    ``min_top`` is the weakest top type it settles for ("C" takes every top, "A" only an A top); a win that
    does not end the game is always taken, since it only moves the score.
    """

    min_top = "B"

    def takes_win(self, outlook: dict | None) -> bool:
        """A legal win that goes on, or ends with this seat as a top of at least ``min_top``."""
        if not super().takes_win(outlook):
            return False
        if outlook is None or not outlook["ends"]:
            return True
        return outlook["top"] and TOP_ORDER.get(outlook["top_type"], 0) >= TOP_ORDER[self.min_top]


class BooATopperBot(BooTopperBot):
    """The topper that ends a game only with an A top."""

    min_top = "A"


# What the boo variant registers (mjsim_register_agents): these bots play only under rule sets that include it.
BOTS = {"boo": BooBot, "boo_topper": BooTopperBot, "boo_topper_a": BooATopperBot}

__all__ = ["BOTS", "BooATopperBot", "BooBot", "BooTopperBot"]
