"""Write a played game as an mjsim game log: rule set, seats, and per hand its walls, deal, steps and events.

The game is re-run from its seed (or its wall source) and the actions chosen at every step, which splits the
steps by hand and records each hand's walls as they were dealt; a game that does not re-run the same is refused.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

import mjsim
from mjsim.engine import core
from mjsim.errors import MjsimError
from mjsim.gamelog import FORMAT, VERSION
from mjsim.gamelog.encode import action_json, event_json, plain
from mjsim.hand.notation import format_tiles

SUFFIX = ".json"


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
    facts: dict[int, dict] = {}
    for chosen in game.choices:
        core.pending(again)  # offers are made lazily: passing a discard nobody can claim may start the next hand
        number = again.hand.index
        if number not in facts:
            facts[number] = log_facts(again)
        steps.setdefault(number, []).append(chosen)
        core.step(again, chosen)
    core.pending(again)
    if again.log != game.log:
        raise MjsimError(f"game seed {game.seed}: the game does not re-run the same from its seed and actions")
    records = {h["hand"]: h for h in game.history}
    hands = [
        {
            **_hand_log(number, events, walls.get(number), steps.get(number, []), records.get(number)),
            "facts": facts.get(number, {}),
        }
        for number, events in _events_by_hand(game.log)
    ]
    return {
        "format": FORMAT,
        "version": VERSION,
        "mjsim": mjsim.__version__,
        "rules": rules_json(rules),
        "table": table_json(rules),
        "seed": game.seed,
        "agents": list(agent_names),
        "hands": hands,
        "complete": game.over,
        "final": plain(game.final),
    }


def log_facts(game) -> dict[str, Any]:
    """What the variants want a log to show of the hand in play (``mjsim_log_facts``)."""
    found: dict[str, Any] = {}
    for batch in game.rules.hook.mjsim_log_facts(game=game):
        found.update(plain(batch or {}))
    return found


def _recording(game, walls: dict[int, tuple]):
    """A wall source that gives the game's own walls and keeps each hand's, by hand number."""
    setup = game.rules.flow.setup

    def source(number: int):
        dealt = game.wall_source(number) if game.wall_source else core.seeded_walls(setup, game.seed, number)
        walls[number] = tuple(list(w) for w in dealt)
        return dealt

    return source


def _events_by_hand(log) -> list[tuple[int, list]]:
    """The events of each hand: from its ``hand_start`` up to the next one (the game's end goes with the last)."""
    hands: list[tuple[int, list]] = []
    for event in log:
        if event.kind == "hand_start":
            hands.append((event.data["index"], []))
        if hands:
            hands[-1][1].append(event)
    return hands


def _hand_log(number: int, events: list, walls: tuple | None, steps: list, record: dict | None) -> dict[str, Any]:
    """One hand: where it starts, its walls and deal, its steps, events and transfers, and its record."""
    start = events[0].data
    deal = next((e.data for e in events if e.kind == "deal"), ())
    live, replacements, indicators = walls or ([], [], [])
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
        "steps": [[[seat, action_json(action)] for seat, action in sorted(chosen.items())] for chosen in steps],
        "events": [event_json(e) for e in events],
        "transfers": [plain(e.data) for e in events if e.kind in ("transfer", "side_transfer")],
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


def table_json(rules) -> dict[str, Any]:
    """The table: seats, hand size, start points, side currencies, and each physical tile's ``mpsz`` name."""
    from mjsim.score_report import han_unit

    setup = rules.flow.setup
    return {
        "seats": setup.seats,
        "unit": han_unit(rules),
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
