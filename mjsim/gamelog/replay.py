"""Replay an mjsim game log under its own rule set: every logged action must be offered (or judged, as logged),
and every event and transfer of every hand must come out as logged."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from mjsim.engine import core
from mjsim.errors import MjsimError
from mjsim.gamelog.encode import action_of, event_json, plain
from mjsim.gamelog.read import RefusedLog, logged_rules, logged_walls
from mjsim.gamelog.write import TRANSFER_KINDS, events_by_hand, hand_from_choices, hand_start


@dataclass
class LogReplay:
    """How one logged game replayed: whether it agrees, how much was checked, and the first difference."""

    source: str
    hands: int
    steps: int
    transfers: int
    agree: bool
    detail: str = ""


def replay_log(log: dict[str, Any]) -> LogReplay:
    """Re-run every logged step under the logged rules and compare every hand's events with the log's."""
    source = log["source"]
    hands = log["hands"]
    transfers = sum(len(h.get("transfers", [])) for h in hands)
    steps = sum(len(h["steps"]) for h in hands)
    try:
        rules = logged_rules(log)
        if log.get("seed") is None:  # hands played from their own starts (imported rounds): one by one
            detail = next(filter(None, (_replay_hand(rules, hand) for hand in hands)), "")
        else:
            game = _rerun(rules, log)
            detail = _first_difference(hands, game, bool(log.get("complete")))
    except RefusedLog:
        raise
    except MjsimError as exc:
        detail = str(exc)
    except (LookupError, TypeError, ValueError, AttributeError) as exc:  # content the shape checks let through
        detail = f"the engine cannot play what the log says ({type(exc).__name__}: {exc})"
    return LogReplay(source, len(hands), steps, transfers, not detail, detail)


def _rerun(rules, log: dict[str, Any]):
    """The game played again from the logged walls and steps (an action the engine refuses: a one-line error)."""
    walls = {h["index"]: _table_walls(rules, h) for h in log["hands"]}
    seed = log.get("seed")

    def source(number: int):
        if number in walls:
            return walls[number]
        if seed is None:
            raise MjsimError(f"hand {number} is not in the log")
        return core.seeded_walls(rules.flow.setup, seed, number)  # the hand after a stopped game's last one

    game = core.new_game(rules, seed or 0, source)
    for hand in log["hands"]:
        for n, step in enumerate(hand["steps"]):
            offered = core.pending(game)
            chosen = {int(seat): action_of(action) for seat, action in step}
            where = f"hand {hand['index']} step {n}"
            if game.hand is None or game.hand.index != hand["index"]:
                raise MjsimError(f"{where}: the game is not in this hand any more")
            if set(chosen) != set(offered):
                asked = sorted(offered)
                raise MjsimError(f"{where}: seats {sorted(chosen)} decide in the log, the engine asks {asked}")
            try:
                core.step(game, chosen)
            except core.IllegalAction as exc:
                raise MjsimError(f"{where}: {exc}") from None
    if log.get("complete"):
        core.pending(game)
    return game


def _table_walls(rules, hand: dict[str, Any]) -> tuple[list[int], list[int], list[int]]:
    """A logged hand's walls, refused unless they are the table's tiles split as the table splits them."""
    walls = logged_walls(hand)
    setup = rules.flow.setup
    sizes = (len(setup.tiles) - setup.replacement_tiles - setup.indicator_tiles, setup.replacement_tiles)
    sizes += (setup.indicator_tiles,)
    if tuple(map(len, walls)) != sizes or sorted(walls[0] + walls[1] + walls[2]) != sorted(setup.tiles):
        got = "/".join(str(len(w)) for w in walls)
        raise MjsimError(
            f"hand {hand['index']}: the wall is not this table's tiles (live/replacement/indicator tiles "
            f"{got}, the table deals {'/'.join(map(str, sizes))} of its {len(setup.tiles)} tiles)"
        )
    return walls


def _replay_hand(rules, hand: dict[str, Any]) -> str:
    """One hand replayed from its logged start, walls and steps: its first difference ("" when none)."""
    choices = [{int(seat): action_of(action) for seat, action in step} for step in hand["steps"]]
    try:
        again = hand_from_choices(rules, hand["index"], hand_start(hand), _table_walls(rules, hand), choices)
    except core.IllegalAction as exc:
        return f"hand {hand['index']}: {exc}"
    events = _event_difference(hand["index"], hand["events"], _as_json(again["events"]), complete=True)
    return events or _transfer_difference(hand, _as_json(again["transfers"]))


def _transfer_difference(hand: dict[str, Any], mine: list) -> str:
    """A hand's logged ``transfers`` against the replayed ones ("" when they agree): they are counted and
    shown, so they are checked too, not only the events they come from."""
    logged = hand.get("transfers")
    if logged is None or logged == mine:
        return ""
    i = next((i for i, (a, b) in enumerate(zip(logged, mine, strict=False)) if a != b), min(len(logged), len(mine)))
    old, new = (_short(t[i]) if i < len(t) else "none" for t in (logged, mine))
    return f"hand {hand['index']} transfer {i}: logged {old}, replayed {new}"


def _event_difference(number: int, logged: list, mine: list, complete: bool) -> str:
    """The first of a hand's events that differs from the logged ones ("" when none)."""
    for i, (new, old) in enumerate(zip(mine, logged, strict=False)):
        if new != old:
            return f"hand {number} event {i}: logged {_short(old)}, replayed {_short(new)}"
    if len(mine) != len(logged) and (complete or len(mine) < len(logged)):
        return f"hand {number}: {len(logged)} events logged, {len(mine)} replayed"
    return ""


def _first_difference(hands: list[dict[str, Any]], game, complete: bool) -> str:
    """The first event of a logged hand that came out otherwise ("" when every one agrees)."""
    replayed = dict(events_by_hand(game.log))
    for hand in hands:
        events = replayed.get(hand["index"], [])
        mine = [_without_lines(_as_json(event_json(e))) for e in events]
        logged = [_without_lines(e) for e in hand["events"]]
        difference = _event_difference(hand["index"], logged, mine, complete)
        if not difference and (complete or hand is not hands[-1]):  # a stopped game's last hand may be cut short
            transfers = [_as_json(plain(e.data)) for e in events if e.kind in TRANSFER_KINDS]
            difference = _transfer_difference(hand, transfers)
        if difference:
            return difference
    if complete and not game.over:
        return "the log ends before the game does"
    return ""


def _without_lines(event: Any) -> Any:
    """A win event without its score's text lines: they only restate its detail (which is compared), and a
    version-1 log has none."""
    if not (isinstance(event, dict) and isinstance(event.get("score"), dict) and "lines" in event["score"]):
        return event
    return {**event, "score": {k: v for k, v in event["score"].items() if k != "lines"}}


def _as_json(value: Any) -> Any:
    """The value as it reads back from JSON (floats, lists), to compare with the logged one."""
    return json.loads(json.dumps(value, ensure_ascii=False))


def _short(event: dict[str, Any]) -> str:
    """An event in one short line."""
    text = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= 160 else text[:157] + "..."
