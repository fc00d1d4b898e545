"""What a family tells the engine about its table: tiles, hand size, walls, bonus tiles, deposits.

The defaults are the plainest table: no dead wall, no indicators, no deposit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mjsim.errors import MjsimError


@dataclass(frozen=True)
class TableSetup:
    """The physical game a family plays (answer of ``mjsim_table_setup``)."""

    tiles: tuple[int, ...]  # physical ids in the set
    start_points: int  # every seat's score when the game starts
    seats: int = 4  # players at the table; everything the engine does per seat loops over this many
    hand_size: int = 13
    replacement_tiles: int = 0  # dead-wall replacement tiles (0: replacements come from the wall's end)
    keep_dead_wall: bool = True  # a replacement draw moves the live wall's last tile into the dead wall (王牌は常に
    # 14牌); False: it does not, the dead wall shrinks and the live wall keeps its last tiles (壁牌を変更しない)
    refill_replacements: bool = False  # the live wall's last tile, moved into the dead wall after a replacement
    # draw, becomes a replacement tile in turn (more replacement draws than replacement tiles: sanma's Norths)
    replacement_from: str = "tail"  # without a dead wall, replacements come from the wall's "tail" or "front"
    indicator_tiles: int = 0  # dead-wall tiles that can be turned as indicators (shown at 2i, hidden at 2i+1)
    reserve: int = 0  # live tiles at the end that are never drawn
    indicators_at_start: int = 0
    kan_indicator_timing: str = "none"  # a kan turns an indicator: immediate, ankan_immediate (others after the
    # discard), after_discard, or none
    red_ids: frozenset[int] = field(default_factory=frozenset)
    bonus_ids: frozenset[int] = field(default_factory=frozenset)  # flowers: set aside and replaced
    declaration_deposit: int = 0  # points a declaring discard puts on the table once nobody claims it
    deposit_reason: str = "declaration"  # the reason of that transfer in the ledger
    currencies: tuple[str, ...] = ()  # side currencies kept per seat next to the points (chips...), each zero-sum
    face_down_kans: bool = False  # concealed kans lie face down: other seats (and the log's events) see their
    # tiles only when the hand ends (台湾); face up (the riichi family) they are public at once


def check_agent_count(rules: Any, agents: Sequence[str]) -> None:
    """Fail unless compiled ``rules`` that play games get one agent per seat of their table."""
    seats = rules.flow.setup.seats
    if len(agents) != seats:
        raise MjsimError(f"rule set {rules.ruleset.name} seats {seats} players, got {len(agents)} agents")
