"""Read mjsim game logs: find them among files and folders, check their shape, compile their rule set."""

from __future__ import annotations

import gzip
import json
import re
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from mjsim.errors import MjsimError
from mjsim.files import JsonLimitError, load_json, read_bytes
from mjsim.gamelog import FORMAT, VERSION
from mjsim.gamelog.write import rules_fingerprint
from mjsim.rules.plugins import check_data_variant

_SNIFF = re.compile(rb'"format"\s*:\s*"' + FORMAT.encode() + rb'"')
_HEAD = 4096  # bytes read to tell a game log from other files
_TOP = ("rules", "table", "hands")
_HAND = ("index", "wall", "steps", "events")


class RefusedLog(MjsimError):
    """A log that names code mjsim may not import: refused (exit 2), not counted as a log that differs."""


def is_game_log(path: Path) -> bool:
    """Whether ``path`` is an mjsim game log (its text names the format near its start; gzip looked through).

    Only the first bytes are read (gunzipped as far as that), so a folder of other logs costs little."""
    try:
        with path.open("rb") as file:
            head = file.read(_HEAD)
        if head[:2] == b"\x1f\x8b":
            with gzip.open(path, "rb") as file:
                head = file.read(_HEAD)
    except (OSError, EOFError, zlib.error):
        return False
    return bool(_SNIFF.search(head))


def split_paths(paths: Iterable[str | Path]) -> tuple[list[Path], list[Path]]:
    """The mjsim game logs among ``paths`` (folders searched recursively, in name order) and the other paths."""
    logs: list[Path] = []
    others: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            files = [f for f in sorted(path.rglob("*.json*")) if f.is_file() and is_game_log(f)]
            logs.extend(files)
            if not files:
                others.append(path)
        elif path.is_file() and is_game_log(path):
            logs.append(path)
        else:
            others.append(path)
    return logs, others


def read_game_log(path: Path) -> dict[str, Any]:
    """One log, checked to be of this format and version with the fields replay needs (one-line errors)."""
    what = str(path)
    try:
        data = load_json(read_bytes(path, what), what)
    except json.JSONDecodeError as exc:
        raise MjsimError(f"{what}: not JSON ({exc.msg} at line {exc.lineno})") from None
    except JsonLimitError:
        raise
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise MjsimError(f'{what}: not an mjsim game log (no "format": "{FORMAT}")')
    version = data.get("version")
    if not isinstance(version, int) or not 1 <= version <= VERSION:
        raise MjsimError(f"{what}: game log version {version!r}; this mjsim reads versions 1 to {VERSION}")
    _require(what, data, _TOP, "the log")
    if not isinstance(data["hands"], list):
        raise MjsimError(f'{what}: "hands" must be a list')
    for i, hand in enumerate(data["hands"]):
        _require(what, hand, _HAND, f"hand {i}")
        _check_hand(f"{what}: hand {i}", hand)
    _check_top(what, data)
    if version == 1:
        _upgrade_hits(data["hands"])
    data["source"] = what  # where the log is read from names it, whatever the file says
    return data


def _upgrade_hits(hands: list[Any]) -> None:
    """A version-1 log's hits in version 2's words: version 1 wrote each hit as name, title, its value, its limit
    multiple and bonus, naming the two numbers in the first family's words; they are read by place."""
    for hand in hands:
        for event in hand.get("events") or ():
            score = event.get("score") if isinstance(event, dict) and event.get("kind") == "win" else None
            if isinstance(score, dict) and isinstance(score.get("hits"), list):
                score["hits"] = [_hit_v2(hit) for hit in score["hits"]]


def _hit_v2(hit: Any) -> Any:
    """One version-1 hit as version 2 writes it (left as it is when it is not an object)."""
    if not isinstance(hit, dict):
        return hit
    numbers = [v for k, v in hit.items() if k not in ("name", "title", "bonus")][:2]
    value, multiple = (numbers + [0, 0])[:2]
    return {"name": hit.get("name"), "title": hit.get("title"), "value": value, "multiple": multiple,
            "bonus": hit.get("bonus", False)}  # fmt: skip


def _check_top(what: str, data: dict[str, Any]) -> None:
    """The log's table, seats and seed have the shapes replay and the viewer read (one-line errors); its rule set
    is checked by ``logged_rules``, which alone compiles it."""
    table = data["table"]
    _require(what, table, ("seats",), '"table"')
    seats = table["seats"]
    if not _is_int(seats) or not 1 <= seats <= _MAX_SEATS:
        raise MjsimError(f'{what}: "table" seats must be a whole number from 1 to {_MAX_SEATS}, got {seats!r}')
    agents = data.get("agents", [])
    if not isinstance(agents, list) or not all(isinstance(a, str) for a in agents):
        raise MjsimError(f'{what}: "agents" must be a list of bot names')
    if agents and len(agents) != seats:
        raise MjsimError(f'{what}: {len(agents)} agents at a table of {seats} seats ("table" seats)')
    if data.get("seed") is not None and not _is_int(data["seed"]):
        raise MjsimError(f'{what}: "seed" must be a whole number or null, got {data["seed"]!r}')


_MAX_SEATS = 8
_WALLS = ("live", "replacements", "indicators")


def _check_hand(where: str, hand: dict[str, Any]) -> None:
    """A hand's index, walls, steps and events have the shapes replay reads."""
    if not _is_int(hand["index"]) or hand["index"] < 0:
        raise MjsimError(f"{where}: 'index' must be a whole number from 0, got {hand['index']!r}")
    wall = hand["wall"]
    _require(where, wall, _WALLS, "'wall'")
    for key in _WALLS:
        if not isinstance(wall[key], list) or not all(_is_int(t) for t in wall[key]):
            raise MjsimError(f"{where}: wall {key!r} must be a list of tile numbers")
    steps = hand["steps"]
    if not isinstance(steps, list) or not all(isinstance(step, list) for step in steps):
        raise MjsimError(f"{where}: 'steps' must be a list of steps, each a list of [seat, action]")
    for n, step in enumerate(steps):
        for choice in step:
            if not (isinstance(choice, list) and len(choice) == 2 and _is_int(choice[0])):
                raise MjsimError(f"{where} step {n}: each choice must be [seat, action], got {choice!r}")
            if not _is_action(choice[1]):
                raise MjsimError(f"{where} step {n}: an action is an object with a 'kind', got {choice[1]!r}")
    for key in ("events", "transfers"):
        if not isinstance(hand.get(key, []), list) or not all(isinstance(e, dict) for e in hand.get(key, [])):
            raise MjsimError(f"{where}: {key!r} must be a list of objects")


def _is_action(data: Any) -> bool:
    """None (a pass) or ``{"kind": text, "tile": number or null, "tiles": [numbers]}``."""
    if data is None:
        return True
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        return False
    tiles = data.get("tiles", [])
    return (data.get("tile") is None or _is_int(data["tile"])) and isinstance(tiles, list) and all(map(_is_int, tiles))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _require(what: str, data: Any, keys: tuple[str, ...], where: str) -> None:
    """One-line error naming the first missing field."""
    if not isinstance(data, dict):
        raise MjsimError(f"{what}: {where} must be an object")
    missing = [k for k in keys if k not in data]
    if missing:
        raise MjsimError(f"{what}: {where} has no {missing[0]!r}")


def logged_rules(log: dict[str, Any]):
    """The compiled rule set the log was played under, refused when it compiles to other option values."""
    from mjsim.gamelog.encode import plain
    from mjsim.rules import RuleSet

    rules_data = log["rules"]
    shaped = isinstance(rules_data, dict) and isinstance(rules_data.get("name"), str)
    variants = rules_data.get("variants") if shaped else None
    if not (shaped and isinstance(rules_data.get("options"), dict) and isinstance(variants, list) and variants):
        raise MjsimError(f'{log["source"]}: "rules" needs a name, a non-empty list of variants and options')
    for variant in variants:  # a log names code to import: only installed or allowed variants
        try:
            check_data_variant(variant, f'{log["source"]}: "rules" variants')
        except MjsimError as exc:
            raise RefusedLog(str(exc)) from None
    ruleset = RuleSet(rules_data["name"], tuple(variants), dict(rules_data["options"]))
    rules = ruleset.compile()
    seats = log["table"]["seats"]
    if rules.flow is None or rules.flow.setup.seats != seats:
        table = f"a table of {rules.flow.setup.seats}" if rules.flow else "no table"
        raise MjsimError(f'the log says {seats} seats ("table"), its rule set plays {table}')
    values = plain(dict(sorted(rules.values.items())))
    if rules_fingerprint(ruleset.variants, values) != rules_data.get("fingerprint"):
        logged = rules_data.get("values", {})
        changed = next((k for k in sorted(set(values) | set(logged)) if values.get(k) != logged.get(k)), None)
        why = f"{changed}={logged.get(changed)!r} in the log, {values.get(changed)!r} now" if changed else "its hash"
        raise MjsimError(f"{log['source']}: the logged rule set compiles to other rules here ({why})")
    return rules


def logged_walls(hand: dict[str, Any]) -> tuple[list[int], list[int], list[int]]:
    """A logged hand's (live wall, replacement tiles, indicator tiles)."""
    wall = hand["wall"]
    return list(wall["live"]), list(wall["replacements"]), list(wall["indicators"])
