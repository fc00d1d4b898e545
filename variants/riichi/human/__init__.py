"""The human-like riichi player (``human``): value estimation, danger, push/fold, calls, riichi or dama.

Modules by job: ``profile`` (the parameters and their sources), ``view`` (what the table shows),
``value`` (reachable yaku, dora, points), ``danger`` (deal-in chance of a discard), ``context`` (one
decision's facts), ``discard`` (push/fold), ``calls``, ``declare`` (riichi, kans, 九種九牌), ``player``.
"""

from __future__ import annotations

from variants.riichi.human.player import HumanPlayer, make_human

BOTS = {"human": make_human}
"""What the riichi family registers (mjsim_register_agents)."""

__all__ = ["BOTS", "HumanPlayer", "make_human"]
