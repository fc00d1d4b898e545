"""The engine's events as mjai events (every tile shown), and what one seat may see of them.

One :class:`Translator` folds a game's log, event by event, into mjai dicts: ``start_kyoku`` (once the first
dora indicator is turned), ``tsumo``, ``reach`` + ``dahai``, ``reach_accepted``, ``chi`` / ``pon`` /
``daiminkan`` / ``kakan`` / ``ankan``, ``dora``, ``hora``, ``ryukyoku``, ``end_kyoku``. The log writer takes them
all; a seat gets :func:`seat_view` of each (other seats' draws and starting hands as ``?``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from mjsim.engine.actions import DISCARD, TABLE, Event
from mjsim.errors import MjsimError
from variants.riichi.mjai.tiles import HIDDEN, tile_name, wind_name
from variants.riichi.vocabulary import DEPOSIT_REASON, DORA_EVENT, RIICHI

DRAW_REASONS = {
    "exhaustive": "fanpai",
    "abort_by_declaration": "kyushukyuhai",
    "suufon_renda": "suufonrenta",
    "suucha_riichi": "suuchariichi",
    "suukaikan": "suukaikan",
    "sanchahou": "sanchaho",
}
"""The engine's draw reasons by their mjai names (Tenhou's kinds of draw)."""
_CALLS = {"chi": "chi", "pon": "pon", "kan": "daiminkan"}


class Translator:
    """Turns the engine's events into mjai events, keeping the running scores and each seat's pons."""

    def __init__(self, red_ids: frozenset[int], seats: int = 4) -> None:
        self.red_ids, self.seats = red_ids, seats
        self.scores: list[int] = [0] * seats
        self.start: dict[str, Any] = {}
        self.dealt: tuple[tuple[int, ...], ...] = ()
        self.dora_shown = 0
        self.pons: dict[tuple[int, int], list[int]] = {}  # (seat, kind) -> the pon's tiles, for a kakan's consumed
        self.payments: list[Any] = []  # transfers of the result being paid (before its "win" / "draw_end")
        self.last_draw: dict[int, int] = {}

    def name(self, tile: int) -> str:
        """The mjai name of a physical tile under these rules."""
        return tile_name(tile, self.red_ids)

    def names(self, tiles: Iterable[int]) -> list[str]:
        """The mjai names of tiles."""
        return [self.name(t) for t in tiles]

    def feed(self, event: Event) -> list[dict[str, Any]]:
        """The mjai events one engine event makes (often none)."""
        kind, seat, data = event
        handler = _HANDLERS.get(kind)
        return handler(self, seat, data) if handler is not None else []

    def _hand_start(self, seat, data) -> list[dict[str, Any]]:
        self.start = dict(data, dealer=seat)
        self.scores = list(data["scores"])
        self.dora_shown, self.pons, self.payments, self.last_draw = 0, {}, [], {}
        return []

    def _deal(self, _seat, data) -> list[dict[str, Any]]:
        self.dealt = tuple(tuple(hand) for hand in data)
        return []

    def _indicator(self, _seat, tile) -> list[dict[str, Any]]:
        self.dora_shown += 1
        if self.dora_shown > 1:
            return [{"type": "dora", "dora_marker": self.name(tile)}]
        s = self.start
        return [
            {
                "type": "start_kyoku",
                "bakaze": wind_name(s["round"]),
                "dora_marker": self.name(tile),
                "kyoku": s["dealer"] + 1,
                "honba": s["honba"],
                "kyotaku": s["table"] // 1000,
                "oya": s["dealer"],
                "scores": list(self.scores),
                "tehais": [self.names(hand) for hand in self.dealt],
            }
        ]

    def _draw(self, seat, tile) -> list[dict[str, Any]]:
        self.last_draw[seat] = tile
        return [{"type": "tsumo", "actor": seat, "pai": self.name(tile)}]

    def _discard(self, seat, tile, declaring: bool) -> list[dict[str, Any]]:
        out = [{"type": "reach", "actor": seat}] if declaring else []
        tsumogiri = self.last_draw.pop(seat, None) == tile
        return out + [{"type": "dahai", "actor": seat, "pai": self.name(tile), "tsumogiri": tsumogiri}]

    def _call(self, seat, data, kind: str) -> list[dict[str, Any]]:
        tile, used, who = data
        self.last_draw.pop(seat, None)
        if kind == "pon":
            self.pons[(seat, tile >> 2)] = [*used, tile]
        return [
            {
                "type": _CALLS[kind],
                "actor": seat,
                "target": who,
                "pai": self.name(tile),
                "consumed": self.names(used),
            }
        ]

    def _ankan(self, seat, tiles) -> list[dict[str, Any]]:
        return [{"type": "ankan", "actor": seat, "consumed": self.names(tiles)}]

    def _kakan(self, seat, tile) -> list[dict[str, Any]]:
        pon = self.pons.pop((seat, tile >> 2), [])
        return [{"type": "kakan", "actor": seat, "pai": self.name(tile), "consumed": self.names(pon)}]

    def _transfer(self, _seat, t) -> list[dict[str, Any]]:
        for account, sign in ((t.payer, -1), (t.payee, 1)):
            if account != TABLE and t.currency == "points":
                self.scores[account] += sign * t.amount
        if t.reason == DEPOSIT_REASON:
            deltas = [0] * self.seats
            deltas[t.payer] = -t.amount
            return [{"type": "reach_accepted", "actor": t.payer, "deltas": deltas, "scores": list(self.scores)}]
        if t.currency == "points" and t.reason != "leftover sticks":
            self.payments.append(t)
        return []

    def _win(self, seat, data) -> list[dict[str, Any]]:
        score, source = data["score"], data["from"]
        mine = [t for t in self.payments if t.payee == seat]
        self.payments = [t for t in self.payments if t.payee != seat]
        detail = score.detail
        event = {
            "type": "hora",
            "actor": seat,
            "target": seat if source is None else source,
            "pai": self.name(data["tile"]),
            "uradora_markers": self.names(data["hidden_indicators"]),
            "fu": detail.fu,
            "fan": detail.han,
            "hora_points": score.value,
            "deltas": _deltas(mine, self.seats),
            "scores": list(self.scores),
        }
        return [event]

    def _draw_end(self, _seat, outcome) -> list[dict[str, Any]]:
        reason = outcome["draw"]
        if outcome.get("void") or reason not in DRAW_REASONS:
            what = "a voided hand" if outcome.get("void") else f"a draw by {reason!r}"
            raise MjsimError(f"mjai cannot hold {what} (a hand that ended {reason!r})")
        tenpai = set(outcome.get("tenpai", ()))
        event = {
            "type": "ryukyoku",
            "reason": "nagashimangan" if outcome.get("nagashi") else DRAW_REASONS[reason],
            "tenpais": [s in tenpai for s in range(self.seats)],
            "deltas": _deltas(self.payments, self.seats),
            "scores": list(self.scores),
        }
        self.payments = []
        return [event]

    def _hand_end(self, _seat, _data) -> list[dict[str, Any]]:
        return [{"type": "end_kyoku"}]


def _deltas(transfers, seats: int) -> list[int]:
    """Score changes of the given transfers (the table's sticks count for their payee only)."""
    out = [0] * seats
    for t in transfers:
        if t.payer != TABLE:
            out[t.payer] -= t.amount
        if t.payee != TABLE:
            out[t.payee] += t.amount
    return out


_HANDLERS = {
    "hand_start": Translator._hand_start,
    "deal": Translator._deal,
    DORA_EVENT: Translator._indicator,
    "draw": Translator._draw,
    DISCARD: lambda self, seat, tile: self._discard(seat, tile, False),
    RIICHI: lambda self, seat, tile: self._discard(seat, tile, True),
    "chi": lambda self, seat, data: self._call(seat, data, "chi"),
    "pon": lambda self, seat, data: self._call(seat, data, "pon"),
    "kan": lambda self, seat, data: self._call(seat, data, "kan"),
    "ankan": Translator._ankan,
    "kakan": Translator._kakan,
    "transfer": Translator._transfer,
    "win": Translator._win,
    "draw_end": Translator._draw_end,
    "hand_end": Translator._hand_end,
}


def seat_view(event: dict[str, Any], seat: int) -> dict[str, Any]:
    """What ``seat`` is told of ``event``: other seats' draws and starting hands are ``?``."""
    kind = event["type"]
    if kind == "tsumo" and event["actor"] != seat:
        return {**event, "pai": HIDDEN}
    if kind == "start_kyoku":
        hands = [hand if i == seat else [HIDDEN] * len(hand) for i, hand in enumerate(event["tehais"])]
        return {**event, "tehais": hands}
    return event
