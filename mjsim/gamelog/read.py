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

_SNIFF = re.compile(rb'"format"\s*:\s*"' + FORMAT.encode() + rb'"')
_HEAD = 4096  # bytes read to tell a game log from other files
_TOP = ("rules", "table", "hands")
_HAND = ("index", "wall", "steps", "events")


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
    data.setdefault("source", what)
    return data


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
    try:
        ruleset = RuleSet(rules_data["name"], tuple(rules_data["variants"]), dict(rules_data["options"]))
    except (KeyError, TypeError):
        raise MjsimError(f'{log["source"]}: "rules" needs a name, variants and options') from None
    rules = ruleset.compile()
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
