"""Game logs for the browser tests: one short game per family, written by mjsim's own log writer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mjsim.rules import RuleSet
from mjsim.runner.games import play_game

# (preset, game seed): short games whose hands show wins (a riichi declaration, 血战's winners leaving, flowers).
GAMES = {"tenhou": 3, "chengdu": 3, "taiwan": 3}


def write_log(preset: str, folder: Path, seed: int | None = None) -> Path:
    """Play one game under ``preset`` and write its mjsim game log into ``folder``; returns the file."""
    rules = RuleSet.resolve(preset, {}, ()).compile()
    agents = ["efficiency"] * rules.flow.setup.seats
    play_game(rules, GAMES[preset] if seed is None else seed, agents, 0, log_out=folder)
    return folder / "game_00000.json"


def read(path: Path) -> dict[str, Any]:
    """A log file's JSON."""
    return json.loads(path.read_text(encoding="utf-8"))


def recorded_scores(log: dict[str, Any]) -> list[list[float]]:
    """The scores the log records after each hand (its hand records), to check what the viewer draws against."""
    return [list(hand["record"]["scores"]) for hand in log["hands"] if hand.get("record")]
