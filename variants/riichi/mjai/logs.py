"""mjai logs: a game out as mjai JSONL (one event a line, every tile shown), and mjai JSONL in as a GameLog.

Written: ``start_game`` (with the seats' names), the :mod:`~variants.riichi.mjai.translate` events, ``end_game``
(final scores). Read: any mjai log of four-player riichi whose tiles are all shown (Mortal's, mjai.app's,
riichienv's); tiles get physical ids of their kind (and colour) in the order they appear, which is all the
replay compares.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mjsim.errors import MjsimError
from mjsim.files import load_json
from variants.riichi.logs.model import (
    RED_FIVES,
    AgariRecord,
    DrawRecord,
    GameLog,
    LogEvent,
    LogMeld,
    RoundLog,
    read_source,
    settle,
)
from variants.riichi.mjai.tiles import HIDDEN, WINDS, parse_name
from variants.riichi.mjai.translate import Translator

SUFFIX = ".mjson"
"""The extension mjsim gives mjai logs (Mortal's and mjai's own; ``mjsim replay`` also reads ``.jsonl``)."""
_DRAW_KINDS = {
    "fanpai": None,
    "exhaustive_draw": None,
    "kyushukyuhai": "yao9",
    "kyushu_kyuhai": "yao9",
    "suufonrenta": "kaze4",
    "suufon_renda": "kaze4",
    "suuchariichi": "reach4",
    "suucha_riichi": "reach4",
    "suukaikan": "kan4",
    "sanchaho": "ron3",
    "sancha_ho": "ron3",
    "nagashimangan": "nm",
    "nagashi_mangan": "nm",
}
"""mjai draw reasons (mjai's own, riichienv's spellings) as the GameLog's (Tenhou's) kinds of draw."""


def game_events(game, names: Sequence[str]) -> list[dict[str, Any]]:
    """Every mjai event of an engine game, from ``start_game`` to ``end_game``."""
    translator = Translator(game.rules.flow.setup.red_ids, game.seat_count)
    events: list[dict[str, Any]] = [{"type": "start_game", "names": list(names)}]
    for event in game.log:
        events += translator.feed(event)
    final = {"scores": list(game.final["points"])} if game.final else {}
    return events + [{"type": "end_game", **final}]


def write_mjai_text(game, agent_names: Sequence[str]) -> str:
    """One game as mjai JSONL text (``mjsim simulate --log-out DIR --log-format mjai``)."""
    return "".join(
        json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in game_events(game, agent_names)
    )


write_mjai_text.suffix = SUFFIX  # type: ignore[attr-defined]  # the extension mjsim gives its files


def looks_like_mjai(data: bytes) -> bool:
    """The text's first line is an mjai event (a JSON object with a ``type``): how a ``.json`` file is told apart."""
    first = data.lstrip()[: 1 << 16].split(b"\n", 1)[0]
    try:
        event = load_json(first, "the first line")
    except (ValueError, MjsimError):
        return False
    return isinstance(event, dict) and isinstance(event.get("type"), str)


def read_mjai(path: Path) -> GameLog:
    """Read an mjai log into a GameLog (a one-line error naming the file and line when it is not one)."""
    lines = read_source(path).decode("utf-8", "replace").splitlines()
    events = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            event = load_json(line, f"{path}: line {number}")
        except ValueError:
            raise MjsimError(f"{path}: line {number} is not JSON (an mjai log has one event a line)") from None
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise MjsimError(f"{path}: line {number} is not an mjai event (a JSON object with a 'type')")
        events.append((number, event))
    try:
        return _game(path, events)
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise MjsimError(f"{path}: not a complete mjai log ({type(exc).__name__}: {exc})") from None


def _game(path: Path, events: list[tuple[int, dict[str, Any]]]) -> GameLog:
    names: tuple[str, ...] = ("", "", "", "")
    rounds: list[RoundLog] = []
    builder: _RoundBuilder | None = None
    red = any(_has_red(e) for _, e in events)
    final = None
    for number, event in events:
        kind = event["type"]
        try:
            if kind == "start_game":
                names = tuple(str(n) for n in event.get("names", names))
            elif kind == "start_kyoku":
                builder = _RoundBuilder(event, red)
            elif kind == "end_kyoku" and builder is not None:
                rounds.append(builder.finish())
                builder = None
            elif kind == "end_game" and "scores" in event:
                final = tuple((int(s), 0.0) for s in event["scores"])
            elif builder is not None:
                builder.apply(event)
        except MjsimError as exc:
            raise MjsimError(f"{path}: line {number}: {exc}") from None
    if builder is not None and builder.results:
        rounds.append(builder.finish())
    hanchan = any(r.kyoku >= 4 for r in rounds) or len(rounds) > 4
    rules = {"go_type": None, "red": red, "open_tanyao": True, "hanchan": hanchan, "players": 4, "standard": True}
    return GameLog(str(path), "mjai", rules, names, tuple(rounds), final)


def _has_red(event: dict[str, Any]) -> bool:
    return any(isinstance(v, str) and v.endswith("r") and v[:-1] in ("5m", "5p", "5s") for v in _strings(event))


def _strings(value: Any):
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)


class _Tiles:
    """Physical ids handed out per mjai name: ``5mr`` the red five's id, ``5m`` the other fives."""

    def __init__(self, red: bool) -> None:
        self.free: dict[tuple[int, bool], list[int]] = {}
        for kind in range(34):
            ids = list(range(4 * kind, 4 * kind + 4))
            if red and kind in (4, 13, 22):
                self.free[(kind, True)], ids = [ids[0]], ids[1:]
            self.free[(kind, False)] = ids

    def take(self, name: Any) -> int:
        """A fresh id for a tile that appears (dealt, drawn, turned as an indicator)."""
        if name == HIDDEN:
            raise MjsimError("a hidden tile '?' (a seat's view, not a whole log): the replay needs every tile")
        kind, red = parse_name(name)
        ids = self.free[(kind, red)]
        if not ids:
            raise MjsimError(f"a fifth {name} (or a red five the rules do not have)")
        return ids.pop(0)


def same_name(tile: int, name: str, red: bool) -> bool:
    """The id is a tile of that mjai name (kind and colour)."""
    kind, is_red = parse_name(name)
    return tile // 4 == kind and (red and tile in RED_FIVES) == is_red


class _RoundBuilder:
    """One round being read: ids for its tiles, each seat's hand and melds, its events and results."""

    def __init__(self, start: dict[str, Any], red: bool) -> None:
        self.red, self.tiles = red, _Tiles(red)
        self.kyoku = WINDS.index(start["bakaze"]) * 4 + int(start["kyoku"]) - 1
        self.dealer, self.honba, self.sticks = int(start["oya"]), int(start["honba"]), int(start["kyotaku"])
        self.start_scores = tuple(int(s) for s in start["scores"])
        self.dora = self.tiles.take(start["dora_marker"])
        self.indicators = [self.dora]
        self.hands = [[self.tiles.take(n) for n in tehai] for tehai in start["tehais"]]
        self.dealt = tuple(tuple(hand) for hand in self.hands)
        self.melds: list[list[LogMeld]] = [[] for _ in self.hands]
        self.events: list[LogEvent] = []
        self.results: list[Any] = []
        self.last_draw: dict[int, int] = {}
        self.last_tile: int | None = None  # the tile last discarded or added to a kan: what a call or ron takes
        self.actor = self.dealer
        self.ura: list[int] | None = None

    def held(self, seat: int, name: str, prefer: int | None = None) -> int:
        """The id of a tile of that name in the seat's hand (``prefer``: that one when it matches)."""
        hand = self.hands[seat]
        if prefer is not None and prefer in hand and same_name(prefer, name, self.red):
            hand.remove(prefer)
            return prefer
        for tile in hand:
            if same_name(tile, name, self.red) and tile != prefer:
                hand.remove(tile)
                return tile
        raise MjsimError(f"seat {seat} plays {name}, which its hand does not hold")

    def apply(self, event: dict[str, Any]) -> None:
        """Fold one event of the round in."""
        kind = event["type"]
        handler = getattr(self, "_" + kind, None)
        if handler is not None:
            handler(event)

    def _tsumo(self, e: dict[str, Any]) -> None:
        seat = self.actor = int(e["actor"])
        tile = self.tiles.take(e["pai"])
        self.hands[seat].append(tile)
        self.last_draw[seat] = tile
        self.events.append(LogEvent("draw", seat, tile))

    def _dahai(self, e: dict[str, Any]) -> None:
        seat = int(e["actor"])
        drawn = self.last_draw.pop(seat, None)
        tile = self.held(seat, e["pai"], drawn if e.get("tsumogiri") else None)
        self.last_tile = tile
        self.events.append(LogEvent("discard", seat, tile, tsumogiri=tile == drawn))

    def _reach(self, e: dict[str, Any]) -> None:
        self.events.append(LogEvent("riichi", int(e["actor"])))

    def _reach_accepted(self, e: dict[str, Any]) -> None:
        self.events.append(LogEvent("riichi_accepted", int(e["actor"])))

    def _called(self, e: dict[str, Any]) -> int:
        if self.last_tile is None or not same_name(self.last_tile, e["pai"], self.red):
            raise MjsimError(f"a {e['type']} of {e['pai']}, which is not the last tile discarded")
        return self.last_tile

    def _open_call(self, e: dict[str, Any], meld_type: str) -> None:
        seat = self.actor = int(e["actor"])
        called = self._called(e)
        used = [self.held(seat, n) for n in e["consumed"]]
        meld = LogMeld(meld_type, tuple(sorted([*used, called])), called, (int(e["target"]) - seat) % 4)
        self.melds[seat].append(meld)
        self.events.append(LogEvent("call", seat, meld=meld))

    def _chi(self, e: dict[str, Any]) -> None:
        self._open_call(e, "chi")

    def _pon(self, e: dict[str, Any]) -> None:
        self._open_call(e, "pon")

    def _daiminkan(self, e: dict[str, Any]) -> None:
        self._open_call(e, "kan")

    def _ankan(self, e: dict[str, Any]) -> None:
        seat = int(e["actor"])
        meld = LogMeld("ankan", tuple(self.held(seat, n) for n in e["consumed"]))
        self.melds[seat].append(meld)
        self.events.append(LogEvent("call", seat, meld=meld))

    def _kakan(self, e: dict[str, Any]) -> None:
        seat = int(e["actor"])
        added = self.held(seat, e["pai"])
        pon = next((m for m in self.melds[seat] if m.type == "pon" and m.tiles[0] // 4 == added // 4), None)
        if pon is None:
            raise MjsimError(f"seat {seat} adds {e['pai']} to a pon it does not have")
        meld = LogMeld("kakan", pon.tiles + (added,), pon.called, pon.from_rel)
        self.melds[seat][self.melds[seat].index(pon)] = meld
        self.last_tile = added
        self.events.append(LogEvent("call", seat, meld=meld))

    def _dora(self, e: dict[str, Any]) -> None:
        tile = self.tiles.take(e["dora_marker"])
        self.indicators.append(tile)
        self.events.append(LogEvent("dora", tile=tile))

    def _hora(self, e: dict[str, Any]) -> None:
        seat, target = int(e["actor"]), int(e["target"])
        tile = self.last_draw.get(seat) if seat == target else self.last_tile
        if tile is None:
            raise MjsimError(f"seat {seat} wins with no tile to win on")
        markers = e.get("uradora_markers") or e.get("ura_markers") or []
        if self.ura is None and markers:
            self.ura = [self.tiles.take(n) for n in markers]  # a double ron shows the same markers twice
        closed = tuple(self.hands[seat]) + (() if seat == target else (tile,))
        self.results.append(
            AgariRecord(
                who=seat,
                from_who=target,
                pao_who=None,
                hand=closed,
                win_tile=tile,
                melds=tuple(self.melds[seat]),
                fu=e.get("fu"),
                han=e.get("fan"),
                points=int(e.get("hora_points", 0)),
                limit=0,
                yaku=(),
                yakuman=(),
                dora=tuple(self.indicators),
                ura=tuple(self.ura or ()) if markers else (),
                deltas=tuple(int(d) for d in e["deltas"]),
            )
        )
        self.events.append(LogEvent("agari", seat, tile, from_seat=target))

    def _ryukyoku(self, e: dict[str, Any]) -> None:
        reason = e.get("reason", "fanpai")
        if reason not in _DRAW_KINDS:
            raise MjsimError(f"a draw by {reason!r}, which mjsim does not know")
        kind = _DRAW_KINDS[reason]
        tenpais = e.get("tenpais")
        tenpai = tuple(s for s, ready in enumerate(tenpais) if ready) if isinstance(tenpais, list) else None
        self.results.append(DrawRecord(kind, tuple(int(d) for d in e.get("deltas", [0, 0, 0, 0])), tenpai))
        seat = int(e.get("actor", self.actor)) if kind == "yao9" else None
        self.events.append(LogEvent("ryuukyoku", seat, draw_type=kind))

    def finish(self) -> RoundLog:
        """The round as read."""
        return RoundLog(
            kyoku=self.kyoku,
            honba=self.honba,
            sticks=self.sticks,
            dealer=self.dealer,
            dice=None,
            dora_indicator=self.dora,
            start_scores=self.start_scores,
            hands=self.dealt,
            events=tuple(self.events),
            results=tuple(self.results),
            end_scores=settle(self.start_scores, list(self.events), list(self.results)),
        )
