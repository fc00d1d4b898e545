"""Write a played game as an mjsim game log: rule set, seats, and per hand its walls, deal, steps and events.

The game is re-run from its seed (or its wall source) and the actions chosen at every step, which splits the
steps by hand and records each hand's walls as they were dealt; a game that does not re-run the same is refused.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from mjsim.engine import core
from mjsim.errors import MjsimError
from mjsim.gamelog import FORMAT, VERSION
from mjsim.gamelog.encode import action_json, event_json, plain
from mjsim.hand.notation import format_tiles
from mjsim.version import __version__

SUFFIX = ".json"
TRANSFER_KINDS = ("transfer", "side_transfer")  # the events a hand's "transfers" repeat


def write_game_log(game, agent_names: Sequence[str]) -> str:
    """The text of one log file of ``game`` (a ``mjsim_register_log_formats`` writer)."""
    return json.dumps(game_log(game, agent_names), ensure_ascii=False, separators=(",", ":")) + "\n"


write_game_log.suffix = SUFFIX  # type: ignore[attr-defined]


def game_log(game, agent_names: Sequence[str]) -> dict[str, Any]:
    """The log of ``game`` as JSON data (finished hands and, after a failure, the hand in play)."""
    rules = game.rules
    walls: dict[int, tuple] = {}
    again = core.new_game(rules, game.seed, _recording(game, walls))
    steps: dict[int, list] = {}
    watch = _HandWatch()
    for chosen in game.choices:
        core.pending(again)  # offers are made lazily: passing a discard nobody can claim may start the next hand
        watch.see(again)
        steps.setdefault(again.hand.index, []).append((again.hand.phase, chosen))
        try:
            core.step(again, chosen)
        except Exception:  # noqa: BLE001 - the game failed here the first time too (a counterexample's last step)
            break
        watch.see(again)
    else:
        if len(again.log) < len(game.log):  # the player asked for offers after the last step (the game advanced)
            core.pending(again)
    if again.log != game.log[: len(again.log)] or (game.over and len(again.log) != len(game.log)):
        raise MjsimError(f"game seed {game.seed}: the game does not re-run the same from its seed and actions")
    records = {h["hand"]: h for h in game.history}
    unit = _unit(rules)
    hands = [
        {
            **_hand_log(number, events, walls.get(number), steps.get(number, []), records.get(number), unit),
            "facts": watch.facts.get(number, {}),
            "timeline": watch.timeline.get(number, []),
            "repeats": watch.repeats.get(number, 0),
        }
        for number, events in events_by_hand(game.log)
    ]
    return log_document(rules, game.seed, agent_names, hands, game.over, game.final)


def log_document(
    rules, seed: int | None, agents: Sequence[str], hands: list, complete: bool, final: Any, source: str | None = None
) -> dict[str, Any]:
    """The whole log around its hands (``seed`` None: hands played from their own starts, e.g. imported ones)."""
    document = {
        "format": FORMAT,
        "version": VERSION,
        "mjsim": __version__,
        "rules": rules_json(rules),
        "table": table_json(rules),
        "seed": seed,
        "agents": list(agents),
        "hands": hands,
        "complete": complete,
        "final": plain(final),
    }
    if source is not None:
        document["source"] = source
    return document


def hand_start(hand: dict[str, Any]) -> dict[str, Any]:
    """The ``core.game_at`` arguments that put a game at a logged hand's start (its walls aside)."""
    return {
        "scores": hand["start_scores"],
        "dealer": hand["dealer"],
        "round_index": hand["round_index"],
        "honba": hand["honba"],
        "table": hand["table"],
        "hand_number": hand["index"],
        "repeats": hand.get("repeats", 0),
    }


def hand_from_choices(rules, number: int, start: dict[str, Any], walls, choices, seed: int = 0) -> dict[str, Any]:
    """The log of one hand played from ``start`` (``hand_start``'s keys) with ``walls`` and the actions ``choices``
    (an imported round)."""
    game = core.game_at(rules, walls=walls, seed=seed, **start)
    steps, watch = [], _HandWatch()
    for chosen in choices:
        core.pending(game)
        watch.see(game)
        steps.append((game.hand.phase, chosen))
        core.step(game, chosen)
        watch.see(game)
    core.pending(game)
    events = events_by_hand(game.log)[0][1]  # up to the next hand's start (or with the game's end)
    record = game.history[0] if game.history else None
    at = start.get("hand_number", 0)  # the hand's number in the game game_at made
    return {
        **_hand_log(number, events, walls, steps, record, _unit(rules)),
        "facts": watch.facts.get(at, {}),
        "timeline": watch.timeline.get(at, []),
        "repeats": watch.repeats.get(at, 0),
    }


def log_facts(game) -> dict[str, Any]:
    """What the variants want a log to show of the hand in play (``mjsim_log_facts``)."""
    found: dict[str, Any] = {}
    for batch in game.rules.ask.log_facts(game):
        found.update(plain(batch or {}))
    return found


class _HandWatch:
    """What a log shows beside a hand's events: the variants' facts when play begins, and after every step that
    changes them or the seats that have left the hand (血战到底's winners, busted seats) a new snapshot."""

    def __init__(self) -> None:
        self.facts: dict[int, dict] = {}
        self.timeline: dict[int, list] = {}
        self._start: dict[int, int] = {}  # log index of each hand's start
        self.repeats: dict[int, int] = {}  # the dealer's repeats when each hand starts

    def see(self, game) -> None:
        """Note the hand in play as it stands now."""
        hand = game.hand
        if hand is None:
            return
        snapshot = {"left": [s for s, seat in enumerate(hand.seats) if seat.left], "facts": log_facts(game)}
        number = hand.index
        if number not in self._start:
            self._start[number] = next(i for i in range(len(game.log) - 1, -1, -1) if game.log[i].kind == "hand_start")
            self.facts[number] = snapshot["facts"]
            self.repeats[number] = game.repeats
            self.timeline[number] = []
        seen = self.timeline[number]
        if not seen or {k: seen[-1][k] for k in snapshot} != snapshot:
            seen.append({"event": len(game.log) - 1 - self._start[number], **snapshot})


def _recording(game, walls: dict[int, tuple]):
    """A wall source that gives the game's own walls and keeps each hand's, by hand number."""
    setup = game.rules.flow.setup

    def source(number: int):
        dealt = game.wall_source(number) if game.wall_source else core.seeded_walls(setup, game.seed, number)
        walls[number] = tuple(list(w) for w in dealt)
        return dealt

    return source


def events_by_hand(log) -> list[tuple[int, list]]:
    """The events of each hand: from its ``hand_start`` up to the next one (the game's end goes with the last)."""
    hands: list[tuple[int, list]] = []
    for event in log:
        if event.kind == "hand_start":
            hands.append((event.data["index"], []))
        if hands:
            hands[-1][1].append(event)
    return hands


def _hand_log(
    number: int, events: list, walls: tuple | None, steps: list, record: dict | None, unit: str
) -> dict[str, Any]:
    """One hand: where it starts, its walls and deal, its steps (each with the phase it was taken in), events and
    transfers (a win's lines in the family's ``unit``), and its record."""
    start = events[0].data
    deal = next((e.data for e in events if e.kind == "deal"), ())
    live, replacements, indicators = (list(w) for w in walls) if walls else ([], [], [])
    return {
        "index": number,
        "dealer": events[0].seat,
        "round": start["round"],
        "round_index": start["round_index"],
        "honba": start["honba"],
        "table": start["table"],
        "start_scores": list(start["scores"]),
        "wall": {"live": live, "replacements": replacements, "indicators": indicators},
        "deal": plain(deal),
        "steps": [[[seat, action_json(action)] for seat, action in sorted(chosen.items())] for _, chosen in steps],
        "step_phases": [phase for phase, _ in steps],
        "events": [event_json(e, unit) for e in events],
        "transfers": [plain(e.data) for e in events if e.kind in TRANSFER_KINDS],
        "record": plain(record),
    }


def rules_json(rules) -> dict[str, Any]:
    """The rule set: its name, variants, the options it was given, every compiled value and their fingerprint."""
    ruleset = rules.ruleset
    values = plain(dict(sorted(rules.values.items())))
    return {
        "name": ruleset.name,
        "variants": list(ruleset.variants),
        "options": plain(dict(ruleset.options)),
        "values": values,
        "fingerprint": rules_fingerprint(ruleset.variants, values),
    }


def rules_fingerprint(variants: Sequence[str], values: dict[str, Any]) -> str:
    """A short hash of the variants and every option value: two logs with the same one played the same rules."""
    text = json.dumps({"variants": list(variants), "values": values}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _unit(rules) -> str:
    """What the rule set's family calls a hit's value (``han``, ``fan``...): a win's lines are written in it."""
    from mjsim.rules.plugins import family_words

    return family_words(rules).unit


def table_json(rules) -> dict[str, Any]:
    """The table: seats, the family's words for a hit's value and a limit, hand size, start points, side
    currencies, and each physical tile's ``mpsz`` name."""
    from mjsim.rules.plugins import family_words

    setup, words = rules.flow.setup, family_words(rules)
    return {
        "seats": setup.seats,
        "unit": words.unit,
        "limit_unit": words.limit,
        "hand_size": setup.hand_size,
        "start_points": setup.start_points,
        "currencies": list(setup.currencies),
        "bonus_tiles": sorted(setup.bonus_ids),
        "tile_names": {str(t): tile_name(t, setup.red_ids) for t in sorted(set(setup.tiles))},
    }


def tile_name(tile: int, red_ids) -> str:
    """``mpsz`` of one physical tile, ``0`` for a red five (``5m``, ``0p``, ``7z``, ``3f``)."""
    name = format_tiles([tile], 0)
    return "0" + name[1:] if tile in red_ids else name
