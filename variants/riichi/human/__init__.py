"""The human-like riichi player (``human``): value estimation, danger, push/fold, calls, riichi or dama.

Modules by job: ``profile`` (the parameters and their sources), ``view`` (what the table shows),
``value`` (reachable yaku, dora, points), ``danger`` (deal-in chance of a discard), ``context`` (one
decision's facts), ``discard`` (push/fold), ``calls``, ``declare`` (riichi, kans, 九種九牌), ``player``;
``profile_file`` (shipped TOML profiles), ``measure`` and ``calibrate`` (fitting a profile to a reference).
"""

from __future__ import annotations

from mjsim.agents.registry import deferred
from variants.riichi.human.profile_file import DEFAULT, shipped_names

_PLAYER = "variants.riichi.human.player"
BOTS = {"human": deferred(f"{_PLAYER}:make_human"), "human:blind": deferred(f"{_PLAYER}:make_blind")} | {
    f"human:{name}": deferred(f"{_PLAYER}:make_named", name) for name in shipped_names() if name != DEFAULT
}
"""What the riichi family registers (mjsim_register_agents): ``human`` (phoenix) and ``human:NAME`` per profile;
the player's modules are imported by the first game that seats it."""

__all__ = ["BOTS"]
