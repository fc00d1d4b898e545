"""What a person who knows ブー麻雀 avoids (``mjsim_unwise_actions``): a forbidden win, and a win that ends the
game with somebody else on top.

Only the seat's observation is read: the ``boo.win`` outlook the variant adds for the win on offer (does it end
the game, is the winner then the top, is it forbidden). Only the top is paid (boo.md §3, §7), so a win that ends
the game with another seat on top earns nothing and gives up the chance to become the top; playing on keeps it.
A forbidden win is masked in the default mode and a chombo in ``illegal_win = chombo``: never worth declaring.
A win that ends the game with this seat on top is always taken, whatever its top type (declining an ending C
top risks the top itself), and so is a win that does not end the game (it only moves the scores).
"""

from __future__ import annotations

from collections.abc import Sequence

from mjsim.agents.observation import Observation
from mjsim.engine.actions import RON, TSUMO, Action
from mjsim.rules import Rules

OUTLOOK = "boo.win"  # the observation's outlook of the seat's own possible win (variants/boo/flow.py)


def unwise_win(outlook: dict | None) -> bool:
    """The win described by ``outlook`` is forbidden, or ends the game without this seat on top."""
    if outlook is None:
        return False
    return bool(outlook.get("forbidden")) or (bool(outlook.get("ends")) and not outlook.get("top"))


def unwise_actions(rules: Rules, obs: Observation, actions: Sequence[Action]) -> list[Action]:
    """The offered wins a person would not declare under ブー's top-only settlement."""
    if not unwise_win(obs.extra.get(OUTLOOK)):
        return []
    return [a for a in actions if a.kind in (TSUMO, RON)]
