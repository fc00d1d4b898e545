"""The viewer's model of a game: hands of plain events, each with the words the event index shows.

The page's script only draws: it replays these events from each hand's start (tiles move, transfers change
the scores), so what it shows follows from the log's events and transfers, never from a stored summary.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
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


def _number(value: Any, what: str) -> float:
    """A number of the log (points, a value), or a one-line error naming what it should be."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise MjsimError(f"the log gives {what} as {value!r}, not a number")
    return value


def _seat(value: Any, seats: int) -> int:
    if not isinstance(value, int) or not 0 <= value < seats:
        raise MjsimError(f"the log names seat {value!r} at a table of {seats}")
    return value


class HandBuilder:
    """Turns one hand's logged events into viewer events."""

    def __init__(
        self, seats: int, unit: str = "points", hand_size: int = 13, bonus: Iterable[int] = (), limit: str = "limit"
    ) -> None:
        self.seats, self.unit, self.hand_size, self.bonus = seats, unit, hand_size, frozenset(bonus)
        self.limit = limit  # what the family calls a limit hand's multiple

    def who(self, seat: Any) -> str:
        """A seat in words (its player is named beside the seat on the page)."""
        return f"seat {_seat(seat, self.seats)}"

    def event(self, ev: Raw) -> dict[str, Any] | None:
        """One viewer event (``k`` its kind, ``text`` its words), a note for a kind the viewer does not draw,
        or None for the hand's start (the hand itself shows it)."""
        kind = ev.get("kind")
        if kind == "hand_start":
            return None
        handler = _HANDLERS.get(kind)
        if handler is None:
            seat = ev.get("seat")
            return {"k": "note", "text": f"{kind}" + (f" by {self.who(seat)}" if seat is not None else "")}
        try:
            return handler(self, ev)
        except (KeyError, TypeError, ValueError) as exc:
            raise MjsimError(f"the log's {kind!r} event is malformed ({exc!r}): {dict(ev)}") from None


Build = Callable[[HandBuilder, Raw], dict[str, Any]]


def _deal(b: HandBuilder, ev: Raw) -> dict[str, Any]:
    hands = [_tiles(h) for h in ev["hands"]]
    if len(hands) != b.seats:
        raise MjsimError(f"the log deals {len(hands)} hands at a table of {b.seats}")
    return {"k": "deal", "hands": hands, "text": "the deal"}


def _draw(b: HandBuilder, ev: Raw) -> dict[str, Any]:
    seat, tile = _seat(ev["seat"], b.seats), _tile(ev["tile"])
    text = f"{b.who(seat)} draws {tiles_text([tile])}"
    return {"k": "draw", "s": seat, "t": tile, "text": text, "private": f"{b.who(seat)} draws"}


def _discard(declaring: bool) -> Build:
    def build(b: HandBuilder, ev: Raw) -> dict[str, Any]:
        seat, tile = _seat(ev["seat"], b.seats), _tile(ev["tile"])
        what = "declares ready, discarding" if declaring else "discards"
        return {
            "k": "discard",
            "s": seat,
            "t": tile,
            "declares": declaring,
            "text": f"{b.who(seat)} {what} {tiles_text([tile])}",
        }

    return build


def _call(b: HandBuilder, ev: Raw) -> dict[str, Any]:
    seat, tile, giver = _seat(ev["seat"], b.seats), _tile(ev["tile"]), _seat(ev["from"], b.seats)
    return {
        "k": "call",
        "type": ev["kind"],
        "s": seat,
        "t": tile,
        "tiles": _tiles(ev["tiles"]),
        "from": giver,
        "text": f"{b.who(seat)} calls {ev['kind']} on {tiles_text([tile])} from {b.who(giver)}",
    }


def _ankan(b: HandBuilder, ev: Raw) -> dict[str, Any]:
    seat, tiles = _seat(ev["seat"], b.seats), _tiles(ev["tiles"])
    if ev.get("face_down"):  # its tiles are read ahead from its reveal (_fill_face_down_kans)
        words = f"{b.who(seat)} declares a concealed kan, face down"
        return {"k": "ankan", "s": seat, "tiles": tiles, "face_down": True, "text": words, "private": words}
    return {
        "k": "ankan",
        "s": seat,
        "tiles": tiles,
        "text": f"{b.who(seat)} declares a concealed kan of {tiles_text(tiles[:1])}",
    }


def _reveal(b: HandBuilder, ev: Raw) -> dict[str, Any]:
    seat, tiles = _seat(ev["seat"], b.seats), _tiles(ev["tiles"])
    return {"k": "reveal", "s": seat, "tiles": tiles, "text": f"{b.who(seat)} turns up its kan of {tiles_text(tiles)}"}


def _fill_face_down_kans(hand: Raw, events: list[dict[str, Any]]) -> None:
    """Give each face-down concealed kan its tiles, read ahead from the ``reveal`` events after the hand's end (the
    n-th reveal of a seat turns up its n-th such kan), or, in a log that stops before them, from the seat's logged
    ``ankan`` actions: the page takes them out of the hand and shows them only where the view may see them."""
    revealed: dict[int, list[list[int]]] = {}
    for e in events:
        if e["k"] == "reveal":
            revealed.setdefault(e["s"], []).append(e["tiles"])
    known = revealed or _declared_kans(hand)  # a hand that ended revealed every such kan
    for e in events:
        if e["k"] == "ankan" and e.get("face_down") and not e["tiles"] and known.get(e["s"]):
            e["tiles"] = known[e["s"]].pop(0)
            e["text"] += f": {tiles_text(e['tiles'])}"


def _declared_kans(hand: Raw) -> dict[int, list[list[int]]]:
    """Each seat's logged ``ankan`` actions in order, less those the rules refused (台湾's fake kong lays no kan)."""
    declared: dict[int, list[list[int]]] = {}
    for step in hand.get("steps") or ():
        for seat, action in (entry for entry in step if isinstance(entry, list | tuple) and len(entry) == 2):
            if isinstance(action, Mapping) and action.get("kind") == "ankan":
                declared.setdefault(seat, []).append(_tiles(action.get("tiles", [])))
    for e in hand.get("events") or ():
        action = e.get("action") if e.get("kind") == "refused" else None
        if isinstance(action, Mapping) and action.get("kind") == "ankan":
            tiles = _tiles(action.get("tiles", []))
            if tiles in declared.get(e.get("seat"), []):
                declared[e["seat"]].remove(tiles)
    return declared


def _kakan(b: HandBuilder, ev: Raw) -> dict[str, Any]:
    seat, tile = _seat(ev["seat"], b.seats), _tile(ev["tile"])
    return {"k": "kakan", "s": seat, "t": tile, "text": f"{b.who(seat)} adds {tiles_text([tile])} to a pon"}


def _flower(b: HandBuilder, ev: Raw) -> dict[str, Any]:
    seat, tile = _seat(ev["seat"], b.seats), _tile(ev["tile"])
    what = "a flower" if tile >= FIRST_FLOWER_ID else "a bonus tile"
    text = f"{b.who(seat)} sets aside {what}, {tiles_text([tile])}"
    return {"k": "flower", "s": seat, "t": tile, "drawn": ev["kind"] == "bonus", "text": text}


def _indicator(_b: HandBuilder, ev: Raw) -> dict[str, Any]:
    tile = _tile(ev["tile"])
    return {"k": "indicator", "t": tile, "text": f"indicator {tiles_text([tile])} turned"}


def _transfer(b: HandBuilder, ev: Raw) -> dict[str, Any]:
    payer, payee, amount = ev["payer"], ev["payee"], _number(ev["amount"], "a transfer's amount")
    currency = ev.get("currency", "points")
    side = "" if currency == "points" else f" {currency}"

    def account(seat: Any) -> str:
        return "the table" if seat == -1 else b.who(seat)  # seat -1 is the deposits' account

    return {
        "k": "transfer",
        "payer": payer if payer == -1 else _seat(payer, b.seats),
        "payee": payee if payee == -1 else _seat(payee, b.seats),
        "amount": amount,
        "currency": currency,
        "text": f"{account(payer)} pays {account(payee)} {amount:g}{side} ({ev.get('reason', '')})",
    }


def _win(b: HandBuilder, ev: Raw) -> dict[str, Any]:
    seat, tile, source, score = _seat(ev["seat"], b.seats), _tile(ev["tile"]), ev.get("from"), ev["score"]
    _number(score["value"], "a win's value")
    how = "tsumo" if source is None else f"ron from {b.who(source)}"
    return {
        "k": "win",
        "s": seat,
        "t": tile,
        "from": None if source is None else _seat(source, b.seats),
        "value": score["value"],
        "lines": [_hit_line(h, (b.unit, b.limit)) for h in score.get("hits", ())],
        "detail": _detail_lines(score),
        "hidden": _tiles(ev.get("hidden_indicators", ())),
        "text": f"{b.who(seat)} wins on {tiles_text([tile])} by {how}: {score['value']:g}",
    }


def _hit_line(hit: Raw, words: tuple[str, str]) -> list[str]:
    """One scoring pattern as (its names, its worth in the family's words): ``riichi 立直``, ``1 han``."""
    name = " ".join(str(p) for p in (hit.get("name"), hit.get("title")) if p)
    unit, limit = words
    value = f"{limit} x{hit['multiple']}" if hit.get("multiple") else f"{hit.get('value', '')} {unit}"
    return [name + (" (bonus)" if hit.get("bonus") else ""), value]


def _detail_lines(score: Raw) -> list[str]:
    """The family's own lines of a win (its total, its parts, as the log wrote them in the family's unit) after
    the limit's name; a version-1 log has none, so its report is shown as named."""
    lines = [str(score["label"])] if score.get("label") else []
    if isinstance(score.get("lines"), list):
        return lines + [str(line) for line in score["lines"]]
    report = score.get("report") or {}
    return lines + [f"{key}: {_words(value)}" for key, value in report.items() if value not in (None, 0, [], {}, "")]


def _draw_end(b: HandBuilder, ev: Raw) -> dict[str, Any]:
    outcome = ev.get("outcome") or {}
    tenpai = [_seat(s, b.seats) for s in outcome.get("tenpai") or ()]
    ready = f", ready: {', '.join(b.who(s) for s in tenpai)}" if tenpai else ""
    return {
        "k": "draw_end",
        "reason": str(outcome.get("draw", "")),
        "tenpai": tenpai,
        "text": f"the hand ends drawn ({outcome.get('draw', '')}){ready}",
    }


def _leave(what: str) -> Build:
    def build(b: HandBuilder, ev: Raw) -> dict[str, Any]:
        seat = _seat(ev["seat"], b.seats)
        return {"k": "leave", "s": seat, "text": f"{b.who(seat)} {what}"}

    return build


def _pass(b: HandBuilder, ev: Raw) -> dict[str, Any]:
    seat, receiver, tile = _seat(ev["seat"], b.seats), _seat(ev["to"], b.seats), _tile(ev["tile"])
    return {
        "k": "pass",
        "s": seat,
        "to": receiver,
        "t": tile,
        "text": f"{b.who(seat)} passes {tiles_text([tile])} to {b.who(receiver)}",
        "private": f"{b.who(seat)} passes a tile to {b.who(receiver)}",
    }


def _note(what: str) -> Build:
    def build(b: HandBuilder, ev: Raw) -> dict[str, Any]:
        seat = ev.get("seat")
        by = f" by {b.who(seat)}" if seat is not None and seat >= 0 else ""
        rest = {k: v for k, v in ev.items() if k not in ("kind", "seat")}
        action = rest.get("action")
        if isinstance(action, Mapping):  # an action: its kind and tiles
            rest = {
                "action": " ".join(
                    [str(action.get("kind"))] + ([tiles_text([action["tile"]])] if "tile" in action else [])
                )
            }
        return {"k": "note", "text": f"{what}{by}" + (f": {_words(rest)}" if rest else "")}

    return build


def _declare(b: HandBuilder, ev: Raw) -> dict[str, Any]:
    """A choice made before the first draw (成都's 定缺: the suit a seat gives up), kept beside the seat."""
    seat, action = _seat(ev["seat"], b.seats), ev.get("action") or {}
    what = " ".join([str(action.get("kind", "declare"))] + ([tiles_text([action["tile"]])] if "tile" in action else []))
    return {"k": "declare", "s": seat, "what": what, "text": f"{b.who(seat)} declares: {what}"}


def _hand_end(b: HandBuilder, ev: Raw) -> dict[str, Any]:
    following = ev.get("next") or {}
    if following.get("over"):
        return {"k": "note", "text": "the hand ends; the game is over"}
    dealer = following.get("dealer")
    then = f"; next dealer {b.who(dealer)}, {following.get('honba', 0)} honba" if isinstance(dealer, int) else ""
    return {"k": "note", "text": f"the hand ends{then}"}


def _attach_payments(events: list[dict[str, Any]], seats: int) -> None:
    """Give each win the net change per seat of the points transfers right before it (the engine pays a
    hand's simultaneous wins first, then logs them: such wins share one payment row)."""
    i = 0
    while i < len(events):
        if events[i]["k"] != "win":
            i += 1
            continue
        end = i
        while end < len(events) and events[end]["k"] == "win":
            end += 1
        start = i
        while start > 0 and events[start - 1]["k"] == "transfer":
            start -= 1
        paid = [0] * seats
        for t in (t for t in events[start:i] if t["currency"] == "points"):
            if t["payer"] >= 0:  # seat -1 is the table: its deposits go to a winner, not from a seat
                paid[t["payer"]] -= t["amount"]
            if t["payee"] >= 0:
                paid[t["payee"]] += t["amount"]
        for win in events[i:end]:
            win["paid"], win["shared"] = paid, end - i
        i = end


def _mark_leaving_winners(events: list[dict[str, Any]]) -> None:
    """A winner whose seat never draws again while others play on left the hand (血战: winners leave)."""
    for i, ev in enumerate(events):
        if ev["k"] == "win":
            later = [e for e in events[i + 1 :] if e["k"] == "draw"]
            ev["leaves"] = bool(later) and all(e["s"] != ev["s"] for e in later)


def _words(data: Any) -> str:
    """Data the viewer does not draw, as short text."""
    if isinstance(data, Mapping):
        return ", ".join(f"{k} {_words(v)}" for k, v in data.items())
    if isinstance(data, list | tuple):
        return "[" + " ".join(_words(v) for v in data) + "]"
    return str(data)


_HANDLERS: dict[str, Build] = {
    "deal": _deal,
    "draw": _draw,
    "discard": _discard(False),
    "declare_discard": _discard(True),
    "chi": _call,
    "pon": _call,
    "kan": _call,
    "ankan": _ankan,
    "reveal": _reveal,
    "kakan": _kakan,
    "bonus": _flower,
    "set_aside": _flower,
    "indicator": _indicator,
    "transfer": _transfer,
    "side_transfer": _transfer,
    "win": _win,
    "draw_end": _draw_end,
    "leave": _leave("wins and leaves the hand"),
    "sit_out": _leave("sits this hand out"),
    "declare": _declare,
    "pass": _pass,
    "refused": _note("refused action"),
    "bonus_choice": _note("bonus choice"),
    "hand_end": _hand_end,
    "game_end": _note("the game ends"),
}


def hand_label(hand: Raw, seats: int, first_dealer: int = 0) -> str:
    """``East 1, 0 honba``: the round wind, the dealer's turn in it (counted from the game's first dealer) and the
    repeat counter."""
    wind = hand.get("round", 27)
    wind_name = WIND_NAMES[(wind - 27) % 4] if isinstance(wind, int) else str(wind)
    turn = (_seat(hand.get("dealer", 0), seats) - first_dealer) % seats + 1
    return f"{wind_name} {turn}, {hand.get('honba', 0)} honba"


def build_hand(
    builder: HandBuilder, hand: Raw, side: Mapping[str, list[float]], first_dealer: int = 0
) -> dict[str, Any]:
    """One hand of the model: its label, dealer, starting scores and side balances, viewer events, the facts
    the variants show of it as it starts (``facts``) and those of its record (dotted keys)."""
    scores = list(hand.get("start_scores", ()))
    if len(scores) != builder.seats or not all(isinstance(s, int | float) for s in scores):
        raise MjsimError(
            f"the log's hand {hand.get('index')} starts with scores {scores!r} at a table of {builder.seats}"
        )
    raw = list(hand.get("events", ()))
    shown = [builder.event(ev) for ev in raw]
    built = [e for e in shown if e is not None]
    _mark_leaving_winners(built)
    _fill_face_down_kans(hand, built)
    _attach_payments(built, builder.seats)
    _complete_deal(builder, hand, built)
    record = hand.get("record") or {}
    return {
        "label": hand_label(hand, builder.seats, first_dealer),
        "wind": (hand.get("round", 27) - 27) % 4 if isinstance(hand.get("round", 27), int) else 0,
        "turn": (_seat(hand.get("dealer", 0), builder.seats) - first_dealer) % builder.seats + 1,
        "dealer": _seat(hand.get("dealer", 0), builder.seats),
        "honba": _number(hand.get("honba", 0), "a hand's honba"),
        "table": _number(hand.get("table", 0), "a hand's deposits"),
        "scores": scores,
        "side": {c: list(v) for c, v in side.items()},
        "events": built,
        "result": _result(built),
        "start_facts": {k: _words(v) for k, v in (hand.get("facts") or {}).items()},
        "timeline": _timeline(hand.get("timeline") or [], shown, builder.seats),
        "facts": {k: _words(v) for k, v in record.items() if "." in k},
        "players": _players(record.get("players"), builder.seats),
    }


def _players(players: Any, seats: int) -> list[int]:
    """Who sat at each seat in the hand (a family that changes seats records it), else each player at its own."""
    if isinstance(players, list) and sorted(players) == list(range(seats)):
        return [int(p) for p in players]
    return list(range(seats))


def _complete_deal(b: HandBuilder, hand: Raw, events: list[dict[str, Any]]) -> None:
    """Give the deal what its event leaves out: the bonus tiles dealt (set aside and replaced before the deal
    event, as the engine deals: each seat in turn from the dealer, replacements from the wall's end) and the live
    tiles left after it (``left``; the page counts one down per draw and bonus tile)."""
    deal = next((e for e in events if e["k"] == "deal"), None)
    live = (hand.get("wall") or {}).get("live") or []
    if deal is None or not isinstance(live, list) or not live:
        return
    wall = [_tile(t) for t in live]
    dealt, wall = wall[: b.seats * b.hand_size], wall[b.seats * b.hand_size :]
    flowers: list[list[int]] = [[] for _ in range(b.seats)]
    dealer = _seat(hand.get("dealer", 0), b.seats)
    for i in range(b.seats):
        seat = (dealer + i) % b.seats
        start = ((seat - dealer) % b.seats) * b.hand_size  # the engine deals each seat its whole hand in turn
        tiles = dealt[start : start + b.hand_size]
        while wall and any(t in b.bonus for t in tiles):
            tile = next(t for t in tiles if t in b.bonus)
            tiles.remove(tile)
            flowers[seat].append(tile)
            tiles.append(wall.pop())
    deal["flowers"], deal["left"] = flowers, len(wall)


def _timeline(snapshots: list[Raw], shown: list[dict[str, Any] | None], seats: int) -> list[dict[str, Any]]:
    """The log's timeline (seats that left, the variants' facts during play, e.g. 台湾's 過水 blocks), each
    snapshot keyed by how many viewer events are shown once it holds (``from``)."""
    out = []
    for snap in snapshots:
        at = snap.get("event")
        if not isinstance(at, int) or not 0 <= at <= len(shown):
            raise MjsimError(f"the log's timeline names event {at!r} of a hand of {len(shown)} events")
        out.append(
            {
                "from": sum(1 for e in shown[: at + 1] if e is not None),
                "left": [_seat(s, seats) for s in snap.get("left", ())],
                "facts": {k: _words(v) for k, v in (snap.get("facts") or {}).items()},
            }
        )
    return out


def _result(events: list[dict[str, Any]]) -> str:
    """The hand's outcome in a few words, for the hand index."""
    wins = [e for e in events if e["k"] == "win"]
    if wins:
        return "; ".join(f"seat {w['s']} {'tsumo' if w['from'] is None else 'ron'} {w['value']:g}" for w in wins)
    ends = [e for e in events if e["k"] == "draw_end"]
    return f"drawn ({ends[0]['reason']})" if ends else "unfinished"


def view_model(log: Raw, source: str = "") -> dict[str, Any]:
    """The model the page embeds, from an mjsim game log (``docs/game_log.md``)."""
    table, rules = log.get("table") or {}, log.get("rules") or {}
    seats = table.get("seats")
    if not isinstance(seats, int) or seats < 2:
        raise MjsimError(f"{source or 'the log'}: no table of two or more seats (table.seats {seats!r})")
    names = list(log.get("agents") or [])
    hand_size = table.get("hand_size", 13)
    if not isinstance(hand_size, int) or not 0 < hand_size < 40:
        raise MjsimError(f"{source or 'the log'}: table.hand_size {hand_size!r} is not a hand size")
    bonus = _tiles(table.get("bonus_tiles") or [])
    words = str(table.get("unit", "points")), str(table.get("limit_unit", "limit"))
    builder = HandBuilder(seats, words[0], hand_size, bonus, words[1])
    side: dict[str, list[float]] = {c: [0] * seats for c in table.get("currencies", ()) if c != "points"}
    hands = []
    logged = list(log.get("hands", ()))
    first_dealer = _seat(logged[0].get("dealer", 0), seats) if logged else 0
    for hand in logged:
        hands.append(build_hand(builder, hand, side, first_dealer))
        for ev in hand.get("events", ()):  # side balances carry from hand to hand; points restart from the log's
            if ev.get("kind") == "side_transfer" and ev.get("currency") in side:
                balances = side[ev["currency"]]
                balances[ev["payer"]] -= ev["amount"]
                balances[ev["payee"]] += ev["amount"]
    if not hands:
        raise MjsimError(f"{source or 'the log'}: the log holds no hand to show")
    names_of = table.get("tile_names") or {}
    red = sorted(_tile(int(t)) for t, name in names_of.items() if str(name).startswith("0") and str(t).isdigit())
    seed = log.get("seed")
    imported = str(log.get("source") or source or "a log").replace("\\", "/").rsplit("/", 1)[-1]
    origin = f"seed {seed}" if seed is not None else f"imported from {imported}"
    about = (
        f"rule set {rules.get('name', '?')} (variants {', '.join(map(str, rules.get('variants', ())))}; "
        f"fingerprint {rules.get('fingerprint', '?')}) · {origin} · {seats} seats"
        + ("" if log.get("complete", True) or seed is None else " · the game stopped before its end")
    )
    title = f"mjsim game: {rules.get('name', '?')}, {origin}" + (f" ({source})" if source and seed is not None else "")
    return {
        "title": title,
        "about": about,
        "seats": seats,
        "names": [str(n) for n in names][:seats] + [""] * (seats - len(names)),
        "unit": builder.unit,
        "red": red,
        "hands": hands,
        "final": _final(log.get("final"), seats),
    }


def _final(final: Any, seats: int) -> dict[str, list[str]] | None:
    """The game's final points and ranks as the page shows them (text: the page escapes it, never runs it)."""
    if not isinstance(final, Mapping) or not isinstance(final.get("points"), list):
        return None
    ranks = final.get("ranks") if isinstance(final.get("ranks"), list) else []
    pad = [""] * seats
    return {
        "points": [_words(p) for p in (final["points"] + pad)[:seats]],
        "ranks": [_words(r) for r in (ranks + pad)[:seats]],
    }
