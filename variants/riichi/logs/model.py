"""A neutral record of a real game, whatever format it was read from (mjlog XML or tenhou.net/6 JSON).

Tiles are 136-ids: ``id // 4`` is the kind (0-8 man, 9-17 pin, 18-26 sou, 27-33 E S W N white green
red) and 16, 52, 88 are the red fives.  Seats are absolute (0 = the first dealer); scores are real
points (25000, not 250).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mjsim.files import read_bytes

RED_FIVES = frozenset({16, 52, 88})
MELD_TYPES = ("chi", "pon", "kan", "kakan", "ankan", "nuki")
EVENT_KINDS = ("draw", "discard", "call", "riichi", "riichi_accepted", "dora", "agari", "ryuukyoku")
DRAW_TYPES = (None, "yao9", "reach4", "ron3", "kan4", "kaze4", "nm")
RIICHI_DEPOSIT = 1000


@dataclass(frozen=True)
class LogMeld:
    """A call: chi, pon, kan (open daiminkan), kakan, ankan or nuki (a North set aside in sanma).

    ``tiles`` holds every tile of the meld (for kakan: the pon's three, then the added tile);
    ``from_rel`` is where the called tile came from: 1 = next seat (shimocha), 2 = opposite, 3 = previous.
    """

    type: str
    tiles: tuple[int, ...]
    called: int | None = None
    from_rel: int | None = None

    def added(self) -> int | None:
        """The tile added to a pon to make a kakan."""
        return self.tiles[-1] if self.type == "kakan" else None


@dataclass(frozen=True)
class LogEvent:
    """One action of a round, in the order it happened.

    draw/discard: ``tile`` (``tsumogiri`` for discards, None when the source does not say); call: ``meld``;
    riichi / riichi_accepted: ``seat``; dora: ``tile`` = the new indicator; agari: ``seat`` = winner,
    ``from_seat`` = discarder (the winner on tsumo), ``tile`` = winning tile; ryuukyoku: ``draw_type``
    (``seat`` = the declarer of kyuushu kyuuhai, else None).
    """

    kind: str
    seat: int | None = None
    tile: int | None = None
    tsumogiri: bool | None = None
    meld: LogMeld | None = None
    from_seat: int | None = None
    draw_type: str | None = None


@dataclass(frozen=True)
class AgariRecord:
    """A win as the source recorded it (points without honba or sticks; deltas with them)."""

    who: int
    from_who: int
    pao_who: int | None
    hand: tuple[int, ...]  # closed tiles including the winning tile
    win_tile: int
    melds: tuple[LogMeld, ...]
    fu: int | None  # None when the source does not say (tenhou6 limit hands)
    han: int | None  # sum of the yaku han (dora included); None for yakuman
    points: int
    limit: int  # 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman
    yaku: tuple[tuple[int | str, int], ...]  # (Tenhou yaku id, or a local yaku's own name; han)
    yakuman: tuple[int | str, ...]  # Tenhou yaku ids (a local yakuman: its own name)
    dora: tuple[int, ...]  # indicators
    ura: tuple[int, ...]  # indicators (empty unless the winner declared riichi)
    deltas: tuple[int, ...]  # score changes of the 4 seats (riichi deposits of this round not included)

    @property
    def tsumo(self) -> bool:
        """Whether the hand was won by self-draw."""
        return self.who == self.from_who


@dataclass(frozen=True)
class DrawRecord:
    """A round ended without a win: ``type`` None = exhaustive draw, else the abortive kind or "nm"."""

    type: str | None
    deltas: tuple[int, ...]
    tenpai: tuple[int, ...] | None  # seats in tenpai at an exhaustive draw; None when unknown


Result = AgariRecord | DrawRecord


@dataclass(frozen=True)
class RoundLog:
    """One hand (kyoku) from the deal to its result."""

    kyoku: int  # 0 = East 1, 4 = South 1, ...
    honba: int
    sticks: int  # riichi sticks on the table at the start
    dealer: int
    dice: tuple[int, int] | None
    dora_indicator: int
    start_scores: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]  # 4 starting hands (empty for the absent seat of sanma)
    events: tuple[LogEvent, ...]
    results: tuple[Result, ...]
    end_scores: tuple[int, ...] | None  # start - riichi deposits + result deltas; None without a result

    def riichi_deposits(self) -> tuple[int, ...]:
        """What each seat put on the table for accepted riichi declarations this round."""
        paid = [0] * len(self.start_scores)
        for event in self.events:
            if event.kind == "riichi_accepted" and event.seat is not None:
                paid[event.seat] += RIICHI_DEPOSIT
        return tuple(paid)


@dataclass(frozen=True)
class GameLog:
    """A whole game (or the rounds a file holds of it)."""

    source: str
    format: str  # "mjlog" | "tenhou6"
    rules: dict[str, Any]  # go_type, red, open_tanyao, hanchan, players, standard (+ lobby, disp)
    names: tuple[str, ...]
    rounds: tuple[RoundLog, ...]
    final: tuple[tuple[int, float], ...] | None  # (points, uma) by seat, when the game's end is recorded


def settle(start: tuple[int, ...], events: list[LogEvent], results: list[Result]) -> tuple[int, ...] | None:
    """The scores after a round: start, minus accepted riichi deposits, plus every result's deltas."""
    if not results:
        return None
    scores = list(start)
    for event in events:
        if event.kind == "riichi_accepted" and event.seat is not None:
            scores[event.seat] -= RIICHI_DEPOSIT
    for result in results:
        for seat, delta in enumerate(result.deltas):
            scores[seat] += delta
    return tuple(scores)


def rules_from_go_type(go_type: int | None, players: int, **extra: Any) -> dict[str, Any]:
    """The rule flags encoded in Tenhou's GO ``type`` bits (README: >= 0x100 is a special lobby)."""
    t = go_type or 0
    rules = {
        "go_type": go_type,
        "red": not t & 0x02,
        "open_tanyao": not t & 0x04,
        "hanchan": bool(t & 0x08),
        "players": players,
        "fast": bool(t & 0x40),
        "standard": players in (3, 4) and go_type is not None and go_type < 0x100,
    }
    rules.update(extra)
    return rules


def read_source(path: Path) -> bytes:
    """The bytes of a log file, gunzipped when they start with the gzip magic (within mjsim.files' limits)."""
    return read_bytes(path, str(path))


def tile_kind(tile: int) -> int:
    """The kind (0..33) of a 136-id."""
    return tile // 4
