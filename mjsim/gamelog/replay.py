"""Replay an mjsim game log under its own rule set: every logged action must be offered (or judged, as logged),
and every event and transfer of every hand must come out as logged."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from mjsim.engine import core
from mjsim.errors import MjsimError
from mjsim.gamelog.encode import action_of, event_json
from mjsim.gamelog.read import logged_rules, logged_walls
from mjsim.gamelog.write import _events_by_hand


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
        game = _rerun(logged_rules(log), log)
        detail = _first_difference(hands, game, bool(log.get("complete")))
    except MjsimError as exc:
        detail = str(exc)
    return LogReplay(source, len(hands), steps, transfers, not detail, detail)


def _rerun(rules, log: dict[str, Any]):
    """The game played again from the logged walls and steps (an action the engine refuses: a one-line error)."""
    walls = {h["index"]: logged_walls(h) for h in log["hands"]}
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


def _first_difference(hands: list[dict[str, Any]], game, complete: bool) -> str:
    """The first event of a logged hand that came out otherwise ("" when every one agrees)."""
    replayed = dict(_events_by_hand(game.log))
    for hand in hands:
        mine = [_as_json(event_json(e)) for e in replayed.get(hand["index"], [])]
        logged = hand["events"]
        for i, (new, old) in enumerate(zip(mine, logged, strict=False)):
            if new != old:
                return f"hand {hand['index']} event {i}: logged {_short(old)}, replayed {_short(new)}"
        if len(mine) != len(logged) and (complete or len(mine) < len(logged)):
            return f"hand {hand['index']}: {len(logged)} events logged, {len(mine)} replayed"
    if complete and not game.over:
        return "the log ends before the game does"
    return ""


def _as_json(value: Any) -> Any:
    """The value as it reads back from JSON (floats, lists), to compare with the logged one."""
    return json.loads(json.dumps(value, ensure_ascii=False))


def _short(event: dict[str, Any]) -> str:
    """An event in one short line."""
    text = json.dumps(event, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= 160 else text[:157] + "..."
