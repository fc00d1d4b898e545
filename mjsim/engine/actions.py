"""The vocabulary of play: actions a seat may take and events the game log records."""

from __future__ import annotations

from typing import Any, NamedTuple

# Self actions (on one's own turn). A declaring discard (the riichi family's riichi, Taiwan's MIGI) is a discard
# that also declares the seat's hand ready: the engine marks the seat and, once the discard passes, takes the
# table's declaration deposit.
DISCARD, DECLARE_DISCARD, TSUMO = "discard", "declare_discard", "tsumo"
ANKAN, KAKAN, ABORT = "ankan", "kakan", "abort"
# A held tile set aside as a bonus tile by choice (the engine never offers it: a variant adds it through the legal
# actions chain, e.g. sanma's North, 抜きドラ). The other seats may rob it by ron first (a window like an added kan's,
# rob kind SET_ASIDE); then its owner draws a replacement tile.
SET_ASIDE = "set_aside"
# Before a draw (mjsim_before_draw): draw as usual, or decline the draw, which ends the hand as a draw
DRAW, DECLINE_DRAW = "draw", "decline_draw"
# Claims on another seat's discard (or added kan)
RON, PON, KAN, CHI, PASS = "ron", "pon", "kan", "chi", "pass"
CLAIM_ORDER = {RON: 0, KAN: 1, PON: 1, CHI: 2, PASS: 3}
"""Priority of claims: ron first, then pon/kan, then chi (riichi_base.md §3)."""


class Action(NamedTuple):
    """One legal choice: its kind, the tile it acts on (physical id) and the hand tiles it uses."""

    kind: str
    tile: int | None = None
    tiles: tuple[int, ...] = ()

    def __repr__(self) -> str:
        what = _tile_text([self.tile]) if self.tile is not None else ""
        using = f" with {_tile_text(self.tiles)}" if self.tiles else ""
        return f"{self.kind}({what}{using})"


def _tile_text(tiles) -> str:
    """mpsz text of physical ids, or the raw numbers when they are not tiles (an agent's bad action)."""
    from mjsim.errors import MjsimError
    from mjsim.hand.notation import format_tiles

    try:
        return format_tiles(tiles)
    except (MjsimError, TypeError):
        return ",".join(map(str, tiles))


class Event(NamedTuple):
    """One change of the game, as the log records it."""

    kind: str
    seat: int | None = None
    data: Any = None


POINTS = "points"
"""The game's own currency; any other (chips, settlement points) is a side currency kept apart from the scores."""


class Transfer(NamedTuple):
    """Points (or a side currency) moving from one account to another. Seat -1 is the table (deposits)."""

    payer: int
    payee: int
    amount: int
    reason: str
    currency: str = POINTS


TABLE = -1
"""The account of the deposits on the table (declaration deposits, their leftovers)."""
