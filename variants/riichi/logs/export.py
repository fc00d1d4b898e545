"""A simulated game as a log record (and so as tenhou.net/6 JSON that viewers open and mjsim replays)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mjsim.engine.actions import DISCARD, SET_ASIDE, TABLE, Event
from mjsim.errors import MjsimError
from variants.riichi import options as opt
from variants.riichi.logs.model import AgariRecord, DrawRecord, GameLog, LogEvent, LogMeld, RoundLog, settle
from variants.riichi.vocabulary import DEPOSIT_REASON, DORA_EVENT, RIICHI

_DRAW_TYPES = {
    "exhaustive": None,
    "abort_by_declaration": "yao9",
    "suufon_renda": "kaze4",
    "suucha_riichi": "reach4",
    "suukaikan": "kan4",
    "sanchahou": "ron3",
}
_LIMITS = {None: 0, "mangan": 1, "haneman": 2, "baiman": 3, "sanbaiman": 4}
_LOG_SEATS = 4  # a log always has four seats; a three-player game leaves the 4th empty (hands, scores 0)


@dataclass
class _Round:
    """A round being rebuilt from the engine's events."""

    start: dict[str, Any]
    dora: int | None = None
    hands: list[list[int]] = field(default_factory=list)
    dealt: tuple[tuple[int, ...], ...] = ()
    melds: list[list[LogMeld]] = field(default_factory=lambda: [[], [], [], []])
    events: list[LogEvent] = field(default_factory=list)
    results: list[Any] = field(default_factory=list)
    transfers: list[Any] = field(default_factory=list)
    last_draw: dict[int, int] = field(default_factory=dict)
    indicators: list[int] = field(default_factory=list)


def game_log_of(game, names: tuple[str, ...] = ("A", "B", "C", "D")) -> GameLog:
    """The log record of a finished (or running) engine game."""
    rounds: list[RoundLog] = []
    current: _Round | None = None
    for event in game.log:
        if event.kind == "hand_start":
            current = _Round(dict(event.data, dealer=event.seat))
        elif current is not None and event.kind == "hand_end":
            rounds.append(_finish(current))
            current = None
        elif current is not None:
            _apply(game, current, event)
    flags = _flags(game.rules)
    final = None
    if game.final:
        final = tuple(zip(game.final["points"], game.final.get("results", [0] * game.seat_count), strict=True))
        final += ((0, 0.0),) * (_LOG_SEATS - len(final))
    return GameLog(f"mjsim seed {game.seed}", "tenhou6", flags, names, tuple(rounds), final)


def _flags(rules) -> dict[str, Any]:
    return {
        "go_type": None,
        "red": bool(rules.flow.setup.red_ids),
        "open_tanyao": rules[opt.KUITAN],
        "hanchan": rules[opt.GAME_LENGTH] != "east",
        "players": rules.flow.setup.seats,
        "standard": True,
    }


def _apply(game, rnd: _Round, event: Event) -> None:
    """Fold one engine event into the round being rebuilt."""
    kind, seat, data = event
    if kind == "deal":
        rnd.dealt, rnd.hands = data, [list(h) for h in data]
    elif kind == DORA_EVENT:
        if rnd.dora is None:
            rnd.dora = data
        else:
            rnd.events.append(LogEvent("dora", tile=data))
        rnd.indicators.append(data)
    elif kind == "draw":
        rnd.hands[seat].append(data)
        rnd.last_draw[seat] = data
        rnd.events.append(LogEvent("draw", seat, data))
    elif kind in (DISCARD, RIICHI):
        _discard(rnd, seat, data, kind == RIICHI)
    elif kind in ("chi", "pon", "kan", "ankan", "kakan"):
        _meld(rnd, kind, seat, data)
    elif kind == SET_ASIDE:  # sanma's North (抜きドラ): Tenhou writes it as a meld of its own
        rnd.hands[seat].remove(data)
        meld = LogMeld("nuki", (data,))
        rnd.melds[seat].append(meld)
        rnd.events.append(LogEvent("call", seat, meld=meld))
    elif kind == "transfer":
        _transfer(rnd, data)
    elif kind == "win":
        _win(game, rnd, seat, data)
    elif kind == "draw_end":
        _draw_end(rnd, data)


def _discard(rnd: _Round, seat: int, tile: int, riichi: bool) -> None:
    if riichi:
        rnd.events.append(LogEvent("riichi", seat))
    rnd.hands[seat].remove(tile)
    rnd.events.append(LogEvent("discard", seat, tile, tsumogiri=rnd.last_draw.get(seat) == tile))
    rnd.last_draw.pop(seat, None)


def _meld(rnd: _Round, kind: str, seat: int, data) -> None:
    """A call as a LogMeld: open calls carry the taken tile and where it came from."""
    hand = rnd.hands[seat]
    if kind == "ankan":
        meld = LogMeld("ankan", tuple(data))
        for t in data:
            hand.remove(t)
    elif kind == "kakan":
        pon = next(m for m in rnd.melds[seat] if m.type == "pon" and m.tiles[0] // 4 == data // 4)
        rnd.melds[seat].remove(pon)
        meld = LogMeld("kakan", pon.tiles + (data,), pon.called, pon.from_rel)
        hand.remove(data)
    else:
        tile, used, who = data
        for t in used:
            hand.remove(t)
        meld = LogMeld(kind, tuple(sorted(used + (tile,))), tile, (who - seat) % 4)
    rnd.melds[seat].append(meld)
    rnd.events.append(LogEvent("call", seat, meld=meld))


def _transfer(rnd: _Round, t) -> None:
    if t.reason == DEPOSIT_REASON:
        rnd.events.append(LogEvent("riichi_accepted", t.payer))
    elif t.reason != "leftover sticks":
        rnd.transfers.append(t)


def _win(game, rnd: _Round, seat: int, data: dict[str, Any]) -> None:
    """A win: its hand, melds, score and the transfers paid to it."""
    score, tile, source = data["score"], data["tile"], data["from"]
    concealed = tuple(rnd.hands[seat]) + (() if source is None else (tile,))
    # A yaku Tenhou does not know (a local rule's) is written under its own kanji title.
    ids = {p.name: p.ids.get("tenhou", p.title) for p in game.rules.patterns}
    yakuman = tuple(ids[h.name] for h in score.hits if h.multiple)
    yaku = () if yakuman else tuple((ids[h.name], h.value) for h in score.hits if h.value or h.bonus)
    deltas = [0] * 4
    for t in [t for t in rnd.transfers if t.payee == seat]:
        deltas[seat] += t.amount
        if t.payer != TABLE:
            deltas[t.payer] -= t.amount
    declared = any(e.kind == "riichi" and e.seat == seat for e in rnd.events)
    ura = tuple(data["hidden_indicators"]) if declared else ()  # ura dora count for a riichi winner only
    rnd.results.append(
        AgariRecord(
            who=seat,
            from_who=seat if source is None else source,
            pao_who=None,
            hand=concealed,
            win_tile=tile,
            melds=tuple(rnd.melds[seat]),
            fu=None if yakuman else score.detail.fu,
            han=None if yakuman else score.detail.han,
            points=score.value,
            limit=5 if score.detail.yakuman or score.detail.han >= 13 else _LIMITS.get(score.detail.limit, 0),
            yaku=yaku,
            yakuman=yakuman,
            dora=tuple(rnd.indicators),
            ura=ura,
            deltas=tuple(deltas),
        )
    )
    rnd.events.append(LogEvent("agari", seat, tile, from_seat=seat if source is None else source))


def _draw_end(rnd: _Round, outcome: dict[str, Any]) -> None:
    reason = outcome["draw"]
    if outcome.get("void") or (reason not in _DRAW_TYPES and not outcome.get("nagashi")):
        # a hand voided by a penalty (チョンボ, replayed) or a draw Tenhou does not know: no log line holds it
        what = "a voided hand" if outcome.get("void") else f"a draw by {reason!r}"
        raise MjsimError(f"tenhou.net/6 cannot hold {what} (a hand that ended {reason!r})")
    kind = "nm" if outcome.get("nagashi") else _DRAW_TYPES[reason]
    deltas = [0] * 4
    for t in rnd.transfers:
        if t.payer != TABLE:
            deltas[t.payer] -= t.amount
        if t.payee != TABLE:
            deltas[t.payee] += t.amount
    tenpai = tuple(outcome["tenpai"]) if "tenpai" in outcome else None
    rnd.results.append(DrawRecord(kind, tuple(deltas), tenpai))
    rnd.events.append(LogEvent("ryuukyoku", outcome.get("seat"), draw_type=kind))


def _finish(rnd: _Round) -> RoundLog:
    start = rnd.start
    sticks = start["table"] // 1000
    scores = tuple(start["scores"]) + (0,) * (_LOG_SEATS - len(start["scores"]))
    dealt = tuple(tuple(h) for h in rnd.dealt) + ((),) * (_LOG_SEATS - len(rnd.dealt))
    return RoundLog(
        kyoku=start["round_index"] * 4 + start["dealer"],
        honba=start["honba"],
        sticks=sticks,
        dealer=start["dealer"],
        dice=None,
        dora_indicator=rnd.dora,
        start_scores=scores,
        hands=dealt,
        events=tuple(rnd.events),
        results=tuple(rnd.results),
        end_scores=settle(scores, list(rnd.events), list(rnd.results)),
    )
