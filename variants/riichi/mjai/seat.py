"""The mjai seat: an external bot's process plays one seat, told exactly what that seat may see.

At each decision the seat sends every mjai event since its last one (the last carries ``possible_actions``,
or ``cannot_dahai`` after a call), reads one answer per event (``{"type":"none"}`` where nothing is asked)
and maps the last to one of the engine's legal actions. A riichi is two answers, as in the protocol:
``reach`` to the draw, then the ``dahai`` to the ``reach`` event. Decisions the protocol has no words for
(ending the game after a hand, a variant's choices) are the default policy's (the efficiency bot).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from mjsim.agents.base import Bot, end_game_offered
from mjsim.agents.bots import EfficiencyBot
from mjsim.agents.observation import Observation
from mjsim.engine.actions import DECLARE_DISCARD, DISCARD, Action
from mjsim.errors import MjsimError
from mjsim.files import load_json
from variants.riichi.mjai.answers import SPOKEN, cannot_dahai, match, possible_actions
from variants.riichi.mjai.process import BotFailure, BotProcess, release_process, shared_process
from variants.riichi.mjai.spec import SeatSpec, parse_spec
from variants.riichi.mjai.stream import close_stream, encode, open_stream
from variants.riichi.mjai.translate import seat_view

SUBSTITUTED = "mjai_substituted"
"""The record's fact (``play``): how many illegal answers of this seat the default policy replaced."""
_NOTHING = ('{"type":"none"}', '{"type": "none"}')  # the usual answer, read without parsing


class MjaiBotError(MjsimError):
    """An mjai bot answered what is not legal, not JSON, not in time, or died: one line naming bot and event."""


class MjaiSeat(Bot):
    """One seat played by an mjai bot process (started when the seat joins a game, closed when it ends)."""

    def __init__(self, rng: random.Random, rules, spec: SeatSpec) -> None:
        super().__init__(rng, rules)
        if rules.flow is None or rules.flow.setup.seats != 4:
            raise MjsimError("mjai seats play four-player riichi (the protocol's table)")
        self.spec = spec
        self.red_ids = rules.flow.setup.red_ids
        self.fallback = EfficiencyBot(random.Random(repr(rng.getstate())), rules)
        self.proc: BotProcess | None = None
        self.game = self.stream = None
        self.substituted = 0

    def join(self, game, seat: int) -> None:
        """Start the bot for a new game at ``seat`` and greet it with ``start_game``."""
        self.close()
        self.game, self.seat, self.next = game, seat, 0
        self.stream = open_stream(game, self.red_ids)
        greeting = {"type": "start_game", "id": seat}
        self.pending: list[tuple[dict[str, Any], bytes]] = [(greeting, encode(greeting))]
        self.reach_told = False
        self.proc = shared_process(game, self.spec.command) if self.spec.shared else BotProcess(self.spec.command)
        self.to_seat = b'{"seat":%d,' % seat if self.spec.shared else None  # a shared process is told whose line

    def name(self, tile: int) -> str:
        """The mjai name of a tile id in this game."""
        return self.stream.translator.name(tile)

    def act(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """Ask the bot (after telling it what happened since its last decision) and map its answer."""
        if self.game is None or self.proc is None:
            raise MjsimError("an mjai seat must join a game before it plays (mjsim.agents.base.join_game)")
        if end_game_offered(actions) or any(a.kind not in SPOKEN for a in actions):
            return self.fallback.act(obs, actions)
        self._catch_up()
        if not self.pending:
            raise MjsimError(f"mjai seat {self.seat}: a decision with no event to answer ({actions!r})")
        asked = self._decision(self.pending[-1][0], obs, actions)
        self.pending[-1] = (asked, encode(asked))
        event, answer = self._exchange()
        kinds = SPOKEN - {DECLARE_DISCARD}
        if answer.get("type") == "reach" and any(a.kind == DECLARE_DISCARD for a in actions):
            self.reach_told = True
            reach = {
                "type": "reach",
                "actor": self.seat,
                "cannot_dahai": self._forbidden(obs, actions, DECLARE_DISCARD),
            }
            self.pending = [(reach, encode(reach))]
            (event, answer), kinds = self._exchange(), frozenset({DECLARE_DISCARD})
        chosen = match(answer, actions, kinds, self.name, self.game.hand.last_draw)
        if chosen is None:
            return self._illegal(event, answer, obs, [a for a in actions if a.kind in kinds])
        return chosen

    def _catch_up(self) -> None:
        """Queue the game's new events as this seat may see them."""
        stream, seat = self.stream, self.seat
        end = stream.catch_up()
        for index in range(self.next, end):
            event = stream.events[index]
            if self.reach_told and event["type"] == "reach" and event["actor"] == seat:
                self.reach_told = False  # told already, when the bot was asked for its riichi discard
                continue
            self.pending.append((event, stream.line(index, seat)))
        self.next = end

    def _decision(self, event: dict[str, Any], obs: Observation, actions: Sequence[Action]) -> dict[str, Any]:
        """The event the bot must answer, with the conventions' hints: ``possible_actions``, ``cannot_dahai``."""
        if event["type"] in ("chi", "pon") and event.get("actor") == self.seat:
            return {**event, "cannot_dahai": self._forbidden(obs, actions, DISCARD)}
        target = obs.last_discard[0] if obs.last_discard else None
        return {**event, "possible_actions": possible_actions(actions, self.seat, target, self.name)}

    def _forbidden(self, obs: Observation, actions: Sequence[Action], kind: str) -> list[str]:
        return cannot_dahai(actions, kind, self.name, [self.name(t) for t in obs.tiles])

    def _exchange(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """Send the pending events, read one answer each; the answers before the last must ask nothing."""
        batch, self.pending = self.pending, []
        try:
            self.proc.send(self._lines(batch))
        except BotFailure as exc:
            raise self._error(batch[0][0], None, str(exc)) from None
        lines = self.proc.read_lines(len(batch), self.spec.timeout)
        answers = [self._parse(batch[i][0], line.decode("utf-8", "replace").strip()) for i, line in enumerate(lines)]
        for event, _ in batch[len(answers) :]:  # the bot stopped answering: read once more to say why
            answers.append(self._read(event))
        for (event, _), answer in zip(batch[:-1], answers[:-1], strict=True):
            if answer.get("type") != "none":
                self._refuse(event, answer, "this event asks for no action")
        return batch[-1][0], answers[-1]

    def _lines(self, batch: list[tuple[dict[str, Any], bytes]]) -> bytes:
        """The batch's protocol lines (each naming this seat for a shared process)."""
        if self.to_seat is None:
            return b"".join(line for _, line in batch)
        return b"".join(self.to_seat + line[1:] for _, line in batch)

    def _read(self, event: dict[str, Any]) -> dict[str, Any]:
        """One answer: a JSON object with a ``type`` (anything else is a one-line error)."""
        try:
            text = self.proc.read_line(self.spec.timeout)
        except BotFailure as exc:
            raise self._error(event, None, str(exc)) from None
        return self._parse(event, text)

    def _parse(self, event: dict[str, Any], text: str) -> dict[str, Any]:
        """An answer's text as a message: a JSON object with a ``type`` (anything else is a one-line error)."""
        if text in _NOTHING:
            return {"type": "none"}
        try:
            answer = load_json(text, "the answer")
        except (ValueError, MjsimError):  # not JSON, or JSON beyond the limits (nested too deep ...)
            answer = None
        if not isinstance(answer, dict) or not isinstance(answer.get("type"), str):
            raise self._error(event, text, "not an mjai message (a JSON object with a 'type')")
        return answer

    def _illegal(self, event, answer, obs: Observation, actions: list[Action]) -> Action:
        """An answer that is not one of the legal actions: the run stops, or the default policy plays."""
        self._refuse(event, answer, f"not legal here (legal: {_legal_text(event, actions, self.name)})")
        return self.fallback.act(obs, actions)

    def _refuse(self, event: dict[str, Any], answer: dict[str, Any], why: str) -> None:
        """Count an unusable answer under ``illegal=default``; else stop with the one-line error."""
        if self.spec.illegal != "default":
            raise self._error(event, json.dumps(answer, ensure_ascii=False), why)
        self.substituted += 1

    def _error(self, event: dict[str, Any], sent: str | None, why: str) -> MjaiBotError:
        event = seat_view(event, self.seat)  # the error shows the event as the bot saw it
        said = "sent nothing" if sent is None else f"sent {sent[:200]!r}"
        hand = f", hand {self.game.hand.index + 1}" if self.game is not None and self.game.hand else ""
        return MjaiBotError(
            f"mjai bot {self.spec.command!r} (seat {self.seat}{hand}) {said} for the event {_event_text(event)}: {why}"
        )

    def facts(self) -> dict[str, int]:
        """What the game's record keeps of this seat: the illegal answers the default policy replaced."""
        return {SUBSTITUTED: self.substituted}

    def close(self) -> None:
        """Tell the bot how the game ended (when it did), then end its process group."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            if self.game is not None and self.game.over:
                self._catch_up()
                end = encode({"type": "end_game"})
                proc.send(self._lines([*self.pending, ({}, end)]))  # no answers awaited: the game is over
        except (BotFailure, MjsimError):
            pass  # a bot that is gone or cannot follow the last events has nothing left to play
        finally:
            self.pending = []
            close_stream(self.stream)
            if not self.spec.shared or release_process(self.game, proc):
                proc.close()


def _event_text(event: dict[str, Any]) -> str:
    """An event in one short line (without the hints mjsim added)."""
    shown = {k: v for k, v in event.items() if k not in ("possible_actions", "cannot_dahai", "tehais", "scores")}
    return json.dumps(shown, ensure_ascii=False, separators=(",", ":"))[:160]


def _legal_text(event: dict[str, Any], actions: list[Action], name) -> str:
    kinds = sorted({a.kind for a in actions})
    discards = sorted({name(a.tile) for a in actions if a.kind in (DISCARD, DECLARE_DISCARD)})
    return ", ".join(kinds) + (f"; discards {' '.join(discards)}" if discards else "")


def make_seat(rng: random.Random, rules, argument: str) -> MjaiSeat:
    """An external bot speaking the mjai protocol: ``mjai:[timeout=S] [illegal=error|default] COMMAND``."""
    return MjaiSeat(rng, rules, parse_spec(argument))
