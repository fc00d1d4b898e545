"""The viewer's model of a game: hands of plain events, each with the words the event index shows.

The page's script only draws: it replays these events from each hand's start (tiles move, transfers change
the scores), so what it shows follows from the log's events and transfers, never from a stored summary.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from mjsim.errors import MjsimError
from mjsim.hand.tiles import FIRST_FLOWER_ID, NUM_PHYSICAL, kind_of
from mjsim.view.tiles import tile_code

Raw = Mapping[str, Any]
WIND_NAMES = ("East", "South", "West", "North")


def tiles_text(tiles: Iterable[int]) -> str:
    """Physical tiles as short names (``1m 2m 3m``)."""
    return " ".join(tile_code(kind_of(_tile(t))) for t in tiles)


def _tile(value: Any) -> int:
    """A physical tile id from the log, or a one-line error naming the bad value."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < NUM_PHYSICAL:
        raise MjsimError(f"the log names a tile that does not exist: {value!r}")
    return value


def _tiles(values: Any) -> list[int]:
    if not isinstance(values, list | tuple):
        raise MjsimError(f"the log names tiles as {values!r}, not a list")
    return [_tile(v) for v in values]


def _seat(value: Any, seats: int) -> int:
    if not isinstance(value, int) or not 0 <= value < seats:
        raise MjsimError(f"the log names seat {value!r} at a table of {seats}")
    return value


class HandBuilder:
    """Turns one hand's raw events (kind, seat, data) into viewer events."""

    def __init__(self, seats: int, names: Sequence[str]) -> None:
        self.seats, self.names = seats, names

    def who(self, seat: Any) -> str:
        """A seat in words: its number and player."""
        s = _seat(seat, self.seats)
        return f"seat {s} ({self.names[s]})" if s < len(self.names) else f"seat {s}"

    def event(self, kind: str, seat: Any, data: Any) -> dict[str, Any]:
        """One viewer event (``k`` its kind, ``text`` its words), or a note for a kind the viewer does not draw."""
        handler = _HANDLERS.get(kind)
        if handler is None:
            return {"k": "note", "text": f"{kind}" + (f" by {self.who(seat)}" if seat is not None else "")}
        return handler(self, seat, data)


def _deal(b: HandBuilder, _seat_: Any, data: Any) -> dict[str, Any]:
    hands = [_tiles(h) for h in data]
    if len(hands) != b.seats:
        raise MjsimError(f"the log deals {len(hands)} hands at a table of {b.seats}")
    return {"k": "deal", "hands": hands, "text": "deal"}


def _draw(b: HandBuilder, seat: Any, data: Any) -> dict[str, Any]:
    return {"k": "draw", "s": _seat(seat, b.seats), "t": _tile(data), "text": f"{b.who(seat)} draws {tiles_text([data])}"}


def _discard(riichi: bool) -> Callable[[HandBuilder, Any, Any], dict[str, Any]]:
    def build(b: HandBuilder, seat: Any, data: Any) -> dict[str, Any]:
        what = "declares ready, discarding" if riichi else "discards"
        return {
            "k": "discard",
            "s": _seat(seat, b.seats),
            "t": _tile(data),
            "riichi": riichi,
            "text": f"{b.who(seat)} {what} {tiles_text([data])}",
        }

    return build


def _call(kind: str) -> Callable[[HandBuilder, Any, Any], dict[str, Any]]:
    def build(b: HandBuilder, seat: Any, data: Any) -> dict[str, Any]:
        tile, used, giver = data
        return {
            "k": "call",
            "type": kind,
            "s": _seat(seat, b.seats),
            "t": _tile(tile),
            "tiles": _tiles(used),
            "from": _seat(giver, b.seats),
            "text": f"{b.who(seat)} calls {kind} on {tiles_text([tile])} from {b.who(giver)}",
        }

    return build


def _ankan(b: HandBuilder, seat: Any, data: Any) -> dict[str, Any]:
    return {
        "k": "ankan",
        "s": _seat(seat, b.seats),
        "tiles": _tiles(data),
        "text": f"{b.who(seat)} declares a concealed kan of {tiles_text(data[:1])}",
    }


def _kakan(b: HandBuilder, seat: Any, data: Any) -> dict[str, Any]:
    return {"k": "kakan", "s": _seat(seat, b.seats), "t": _tile(data), "text": f"{b.who(seat)} adds {tiles_text([data])}"}


def _flower(b: HandBuilder, seat: Any, data: Any) -> dict[str, Any]:
    what = "a flower" if _tile(data) >= FIRST_FLOWER_ID else "a bonus tile"
    return {"k": "flower", "s": _seat(seat, b.seats), "t": data, "text": f"{b.who(seat)} sets aside {what}, {tiles_text([data])}"}


def _indicator(_b: HandBuilder, _seat_: Any, data: Any) -> dict[str, Any]:
    return {"k": "indicator", "t": _tile(data), "text": f"indicator {tiles_text([data])} turned"}


def _transfer(b: HandBuilder, _seat_: Any, data: Any) -> dict[str, Any]:
    payer, payee, amount, reason = data["payer"], data["payee"], data["amount"], data.get("reason", "")
    if not isinstance(amount, int | float):
        raise MjsimError(f"the log's transfer moves {amount!r}, not a number")
    currency = data.get("currency", "points")
    side = "" if currency == "points" else f" {currency}"
    account = lambda s: "the table" if s == -1 else b.who(s)  # noqa: E731  (seat -1 is the deposits' account)
    return {
        "k": "transfer",
        "payer": payer if payer == -1 else _seat(payer, b.seats),
        "payee": payee if payee == -1 else _seat(payee, b.seats),
        "amount": amount,
        "currency": currency,
        "text": f"{account(payer)} pays {account(payee)} {amount}{side} ({reason})",
    }


def _win(b: HandBuilder, seat: Any, data: Any) -> dict[str, Any]:
    score = data.get("score") or {}
    source = data.get("from")
    how = "tsumo" if source is None else f"ron from {b.who(source)}"
    lines = [_hit_line(h) for h in score.get("hits", ())]
    return {
        "k": "win",
        "s": _seat(seat, b.seats),
        "t": _tile(data["tile"]),
        "from": None if source is None else _seat(source, b.seats),
        "value": score.get("value"),
        "lines": lines,
        "detail": [str(line) for line in score.get("lines", ())],
        "payments": list(score.get("payments", ())),
        "hidden": _tiles(data.get("hidden_indicators", ())),
        "text": f"{b.who(seat)} wins on {tiles_text([data['tile']])} by {how}: {score.get('value')}",
    }


def _hit_line(hit: Mapping[str, Any]) -> list[str]:
    """One scoring pattern as (name, its value): ``riichi 立直``, ``1`` (or ``yakuman``)."""
    name = " ".join(str(p) for p in (hit.get("name"), hit.get("title")) if p)
    value = f"yakuman x{hit['yakuman']}" if hit.get("yakuman") else str(hit.get("han", ""))
    return [name, value]


def _draw_end(_b: HandBuilder, _seat_: Any, data: Any) -> dict[str, Any]:
    data = data or {}
    tenpai = data.get("tenpai")
    ready = f", ready: seats {', '.join(map(str, tenpai))}" if tenpai else ""
    return {"k": "draw_end", "reason": data.get("draw", ""), "text": f"hand drawn ({data.get('draw', '')}){ready}"}


def _leave(b: HandBuilder, seat: Any, _data: Any) -> dict[str, Any]:
    return {"k": "leave", "s": _seat(seat, b.seats), "text": f"{b.who(seat)} leaves the hand"}


def _sit_out(b: HandBuilder, seat: Any, _data: Any) -> dict[str, Any]:
    return {"k": "leave", "s": _seat(seat, b.seats), "text": f"{b.who(seat)} sits this hand out"}


def _declare(b: HandBuilder, seat: Any, data: Any) -> dict[str, Any]:
    return {"k": "note", "s": _seat(seat, b.seats), "text": f"{b.who(seat)} declares {_words(data)}"}


def _pass(b: HandBuilder, seat: Any, data: Any) -> dict[str, Any]:
    receiver, tile = data
    return {
        "k": "pass",
        "s": _seat(seat, b.seats),
        "to": _seat(receiver, b.seats),
        "t": _tile(tile),
        "text": f"{b.who(seat)} passes {tiles_text([tile])} to {b.who(receiver)}",
    }


def _note(what: str) -> Callable[[HandBuilder, Any, Any], dict[str, Any]]:
    def build(b: HandBuilder, seat: Any, data: Any) -> dict[str, Any]:
        by = f" by {b.who(seat)}" if seat is not None else ""
        return {"k": "note", "text": f"{what}{by}: {_words(data)}" if data not in (None, {}) else f"{what}{by}"}

    return build


def _words(data: Any) -> str:
    """Data the viewer does not draw, as short text."""
    if isinstance(data, Mapping):
        return ", ".join(f"{k} {_words(v)}" for k, v in data.items())
    if isinstance(data, list | tuple):
        return " ".join(_words(v) for v in data)
    return str(data)


_HANDLERS: dict[str, Callable[[HandBuilder, Any, Any], dict[str, Any]]] = {
    "deal": _deal,
    "draw": _draw,
    "discard": _discard(False),
    "declare_discard": _discard(True),
    "chi": _call("chi"),
    "pon": _call("pon"),
    "kan": _call("kan"),
    "ankan": _ankan,
    "kakan": _kakan,
    "bonus": _flower,
    "set_aside": _flower,
    "indicator": _indicator,
    "transfer": _transfer,
    "side_transfer": _transfer,
    "win": _win,
    "draw_end": _draw_end,
    "leave": _leave,
    "sit_out": _sit_out,
    "declare": _declare,
    "pass": _pass,
    "refused": _note("refused action"),
    "bonus_choice": _note("bonus choice"),
}


def hand_label(start: Raw, seats: int) -> str:
    """``East 1, 0 honba``: the round wind, the dealer's turn in it and the repeat counter."""
    wind = start.get("round", 27)
    wind_name = WIND_NAMES[(wind - 27) % 4] if isinstance(wind, int) else str(wind)
    return f"{wind_name} {_seat(start.get('dealer', 0), seats) + 1}, {start.get('honba', 0)} honba"


def build_hand(builder: HandBuilder, start: Raw, events: Iterable[Raw], facts: Raw | None = None) -> dict[str, Any]:
    """One hand of the model: its label, dealer, starting scores, viewer events and the variants' facts."""
    scores = list(start.get("scores", ()))
    if len(scores) != builder.seats or not all(isinstance(s, int | float) for s in scores):
        raise MjsimError(f"the log's hand starts with scores {scores!r} at a table of {builder.seats}")
    built = [builder.event(e["kind"], e.get("seat"), e.get("data")) for e in events]
    return {
        "label": hand_label(start, builder.seats),
        "dealer": _seat(start.get("dealer", 0), builder.seats),
        "honba": start.get("honba", 0),
        "table": start.get("table", 0),
        "scores": scores,
        "side": {c: list(v) for c, v in (start.get("side") or {}).items()},
        "events": built,
        "result": _result(built),
        "facts": {k: _words(v) for k, v in (facts or {}).items()},
    }


def _result(events: list[dict[str, Any]]) -> str:
    """The hand's outcome in a few words, for the hand index."""
    wins = [e for e in events if e["k"] == "win"]
    if wins:
        return "; ".join(f"seat {w['s']} {'tsumo' if w['from'] is None else 'ron'} {w['value']}" for w in wins)
    ends = [e for e in events if e["k"] == "draw_end"]
    return f"draw ({ends[0]['reason']})" if ends else "unfinished"


def view_model(
    *, title: str, about: str, seats: int, names: Sequence[str], hands: list[dict[str, Any]], final: Raw | None
) -> dict[str, Any]:
    """The whole model the page embeds."""
    if not hands:
        raise MjsimError("the log holds no hand to show")
    return {"title": title, "about": about, "seats": seats, "names": list(names), "hands": hands, "final": final}
