"""Replay logged hands under another rule set: the logged walls and actions, kept while the new rules offer them,
then a bot for every seat; each hand's new result is compared with the logged one.

Every hand starts from its logged start (scores, dealer, round, honba, deposits), so a change in one hand does
not move the others; the hands are played in one game, so the variants' game state (地雷's forbidden set, which
follows the results so far) carries on from hand to hand as the new rules make it. A claim window only one of
the two rule sets opens is passed through: a logged window the new rules do not open is skipped when every
logged answer was a pass, and a new window the log did not have is answered with passes (the logged players went
on without calling there).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from mjsim.agents import make_agent
from mjsim.agents.observation import observe
from mjsim.engine import core
from mjsim.engine.actions import PASS
from mjsim.engine.state import CLAIM, DECLARE, ROB
from mjsim.engine.wall import derive_seed
from mjsim.errors import MjsimError
from mjsim.gamelog.encode import action_of, plain
from mjsim.gamelog.read import logged_walls
from mjsim.gamelog.write import hand_start

_WINDOWS = (CLAIM, ROB)
SAME = "same result"


@dataclass
class HandRetry:
    """One logged hand under the new rules: its results, why it changed, and how far the log's actions went."""

    source: str
    hand: int
    logged: dict[str, Any]
    new: dict[str, Any] = field(default_factory=dict)
    why: str = SAME
    detail: str = ""
    kept: int = 0  # logged steps kept
    steps: int = 0  # logged steps of the hand

    @property
    def changed(self) -> bool:
        """Whether the hand's result differs (a hand that could not be replayed counts as not compared)."""
        return bool(self.new) and self.new != self.logged


def hand_result(record: dict[str, Any] | None) -> dict[str, Any]:
    """What a hand's result is for the comparison: its wins (seat, from, value), its draw reason, its deltas."""
    record = record or {}
    wins = [[w.get("seat"), w.get("from"), w.get("value")] for w in record.get("wins", [])]
    return plain({"wins": wins, "draw": record.get("draw"), "deltas": record.get("deltas", [])})


def retry_log(log: dict[str, Any], rules, bot: str) -> list[HandRetry]:
    """Every finished hand of ``log`` replayed under ``rules`` (compiled), ``bot`` playing once the log cannot."""
    seats = rules.flow.setup.seats
    if log["table"].get("seats") != seats:
        logged = log["table"].get("seats")
        raise MjsimError(f"{log['source']}: a {logged}-seat game cannot be replayed at {seats} seats")
    table = _Table(rules, log.get("seed") or 0)
    return [_retry_hand(table, log["source"], hand, bot) for hand in log["hands"] if hand.get("record")]


class _NextHand(Exception):  # noqa: N818 - a signal, not an error
    """Raised by the wall source when the engine would start its own next hand: the replay starts the logged one."""


def _no_walls(_number: int):
    raise _NextHand


class _Table:
    """One game under the new rules in which the logged hands are started one after another."""

    def __init__(self, rules, seed: int) -> None:
        self.rules, self.seed, self.game = rules, seed, None

    def start(self, hand: dict[str, Any]):
        """The game at the logged hand's start, with its walls cut for the new table."""
        walls = resplit(logged_walls(hand), self.rules.flow.setup)
        if self.game is None:
            self.game = core.blank_game(self.rules, self.seed, wall_source=_no_walls)
        core.start_hand_at(self.game, walls=walls, **hand_start(hand))
        return self.game


def _retry_hand(table: _Table, source: str, hand: dict[str, Any], bot: str) -> HandRetry:
    """One hand from its logged start and walls under the new rules."""
    result = HandRetry(source, hand["index"], hand_result(hand["record"]), steps=len(hand["steps"]))
    rules = table.rules
    try:
        done = len(table.game.history) if table.game else 0
        game = table.start(hand)
        _play_hand(game, hand, result, _bots(rules, bot, derive_seed(table.seed, "retry", hand["index"])))
    except _NextHand:
        pass  # the hand is over; the next logged hand starts where the log says
    except MjsimError as exc:
        result.why, result.detail = f"not replayed: {_kind_of_error(str(exc))}", str(exc)
        return result
    result.new = hand_result(game.history[done] if len(game.history) > done else None)
    if result.why == SAME and result.changed:
        result.why = _why_changed(result.logged, result.new)
    return result


def resplit(walls, setup) -> tuple[list[int], list[int], list[int]]:
    """Logged (live, replacements, indicators) cut again for ``setup``'s dead wall; the tiles must be its set."""
    live, replacements, indicators = walls
    whole = [*replacements, *indicators, *live]  # the shuffled order the engine cuts (core.seeded_walls)
    if sorted(whole) != sorted(setup.tiles):
        raise MjsimError("the logged wall holds other tiles than this rule set's (red fives, flowers, a tile set)")
    split = setup.replacement_tiles + setup.indicator_tiles
    return whole[split:], whole[: setup.replacement_tiles], whole[setup.replacement_tiles : split]


def _bots(rules, name: str, seed: int) -> list:
    """One ``name`` bot per seat, each with its own random stream."""
    return [make_agent(name, random.Random(derive_seed(seed, seat)), rules) for seat in range(rules.flow.setup.seats)]


def _play_hand(game, hand: dict[str, Any], result: HandRetry, bots: list) -> None:
    """Play the hand to its end: logged steps while they fit, then the bots."""
    steps = [{int(seat): action_of(action) for seat, action in step} for step in hand["steps"]]
    phases = hand.get("step_phases") or [None] * len(steps)
    cursor, diverged = 0, False
    done = len(game.history)
    while len(game.history) == done:
        offers = core.pending(game)
        if not offers or len(game.history) > done:
            break
        chosen = None
        if not diverged:
            chosen, cursor, why = _logged_choice(_decision(game.hand), offers, steps, phases, cursor)
            if chosen is None:
                diverged, result.why, result.detail = True, why, f"step {cursor}: {why}"
            result.kept = cursor
        if chosen is None:
            chosen = {seat: bots[game.player_at(seat)].act(observe(game, seat), acts) for seat, acts in offers.items()}
        core.step(game, chosen)


def _decision(hand) -> tuple[str, int | None]:
    """The phase of the decision due, and the tile a claim window is open on (None outside windows)."""
    open_on = hand.discard if hand.phase == CLAIM else hand.robbed if hand.phase == ROB else None
    return hand.phase, open_on[1] if open_on else None


def _logged_choice(decision: tuple[str, int | None], offers, steps: list, phases: list, cursor: int):
    """The logged actions for this decision and the cursor after them, or (None, cursor, why the log cannot go on)."""
    phase, open_on = decision
    while cursor < len(steps):
        step, logged_phase = steps[cursor], phases[cursor]
        claimed = {a.tile for a in step.values() if a is not None and a.kind != PASS}
        same_window = (logged_phase is None or logged_phase == phase) and claimed <= {open_on}
        if phase in _WINDOWS + (DECLARE,) and same_window:
            chosen = {seat: step.get(seat, _pass(acts)) for seat, acts in offers.items()}
            dropped = [a for seat, a in step.items() if seat not in offers and a is not None and a.kind != PASS]
            if not dropped and all(chosen[s] in offers[s] for s in offers):
                return chosen, cursor + 1, ""
            if logged_phase is None and _all_pass(step):
                cursor += 1  # a log without phases: a pass of a window that is not this one
                continue
            return None, cursor, _not_offered(dropped or [a for s, a in chosen.items() if a not in offers[s]])
        elif logged_phase in _WINDOWS and _all_pass(step):
            cursor += 1  # a window the new rules do not open, where every logged answer was a pass
            continue
        elif phase in _WINDOWS and all(_pass(acts) for acts in offers.values()):
            return {seat: _pass(acts) for seat, acts in offers.items()}, cursor, ""  # a window the log had not
        elif set(step) == set(offers) and all(step[s] in offers[s] for s in offers):
            return step, cursor + 1, ""
        else:
            return None, cursor, _not_offered([a for s, a in step.items() if a not in offers.get(s, ())])
    return None, cursor, "the log's actions ran out"


def _pass(actions) -> Any:
    """The pass among a seat's offers (None when it may not pass)."""
    return next((a for a in actions if a.kind == PASS), None)


def _all_pass(step: dict) -> bool:
    return all(a is None or a.kind == PASS for a in step.values())


def _not_offered(actions: list) -> str:
    """Why the log cannot go on: the kind of its first action the new rules do not offer."""
    kinds = sorted({a.kind for a in actions if a is not None}) or ["action"]
    return f"a logged {kinds[0]} is not offered"


def _why_changed(logged: dict[str, Any], new: dict[str, Any]) -> str:
    """Why a hand played with the same actions ended otherwise."""
    if [w[:2] for w in logged["wins"]] == [w[:2] for w in new["wins"]] and logged["draw"] == new["draw"]:
        return "same wins, other values or payments"
    return "same actions, other outcome (wins or draw)"


def _kind_of_error(message: str) -> str:
    """A short reason for a hand that could not be replayed."""
    return "other tiles" if "other tiles" in message else message.split(":")[0][:60]
