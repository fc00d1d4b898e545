"""One game's mjai events, translated and encoded once for every mjai seat at its table.

The seats of a game share a :class:`GameStream` (found by the game they joined): each event is translated
once and encoded once per view (every seat sees most events alike; another seat's draw is one hidden line;
``start_kyoku`` is one line per seat). A seat keeps its own place in the stream.
"""

from __future__ import annotations

import json
from typing import Any

from variants.riichi.mjai.translate import Translator, seat_view

_OPEN: dict[int, GameStream] = {}  # id(game) -> its stream, while a seat of the game is open


_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)  # made once: json.dumps makes one a call


def encode(event: dict[str, Any]) -> bytes:
    """One event as a protocol line."""
    return (_ENCODER.encode(event) + "\n").encode()


class GameStream:
    """The mjai events of one game so far, with each seat's line of each (see :meth:`line`)."""

    def __init__(self, game, red_ids: frozenset[int]) -> None:
        self.game, self.users = game, 0
        self.translator = Translator(red_ids, game.seat_count)
        self.events: list[dict[str, Any]] = []
        self.shown: list[bytes] = []  # the line every seat that may see the whole event gets
        self.hidden: dict[int, bytes | list[bytes]] = {}  # event index -> the line for the others, or one per seat
        self.cursor = 0

    def catch_up(self) -> int:
        """Translate the game's new engine events; the number of mjai events so far."""
        log = self.game.log
        for engine_event in log[self.cursor :]:
            for event in self.translator.feed(engine_event):
                index = len(self.events)
                self.events.append(event)
                self.shown.append(encode(event))
                if event["type"] == "tsumo":
                    self.hidden[index] = encode(seat_view(event, -1))
                elif event["type"] == "start_kyoku":
                    self.hidden[index] = [encode(seat_view(event, s)) for s in range(self.game.seat_count)]
        self.cursor = len(log)
        return len(self.events)

    def line(self, index: int, seat: int) -> bytes:
        """What ``seat`` is sent of event ``index``."""
        hidden = self.hidden.get(index)
        if hidden is None:
            return self.shown[index]
        if isinstance(hidden, list):
            return hidden[seat]
        return self.shown[index] if self.events[index].get("actor") == seat else hidden


def open_stream(game, red_ids: frozenset[int]) -> GameStream:
    """The stream of ``game`` (made by the first seat that joins it)."""
    stream = _OPEN.get(id(game))
    if stream is None or stream.game is not game:
        stream = _OPEN[id(game)] = GameStream(game, red_ids)
    stream.users += 1
    return stream


def close_stream(stream: GameStream) -> None:
    """A seat leaves the game: the stream is dropped with its last seat."""
    stream.users -= 1
    if stream.users <= 0 and _OPEN.get(id(stream.game)) is stream:
        del _OPEN[id(stream.game)]
