"""Game logs for the browser tests: one short game per family, written by mjsim's own log writer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mjsim.rules import RuleSet
from mjsim.runner.games import run_games

# preset -> root seed: the games of results/viewer (riichi declarations, 血战's winners leaving, flowers, three-player
# riichi's North set aside), each the one game of `mjsim simulate --preset P --games 1 --seed S --agents efficiency
# --log-out DIR`.
GAMES = {"tenhou": 3, "chengdu": 3, "taiwan": 3, "tenhou-sanma": 3}


def write_log(preset: str, folder: Path, log_format: str = "mjsim") -> Path:
    """Play the game ``simulate --preset P --games 1 --seed GAMES[P] --agents efficiency
    --log-out folder`` plays (``--log-format``: mjsim's own, or the riichi family's ``mjai`` and ``tenhou6``
    exports); returns its log."""
    rules = RuleSet.resolve(preset, {}, ()).compile()
    run_games(rules, 1, GAMES[preset], ["efficiency"] * rules.flow.setup.seats, log_out=folder, log_format=log_format)
    return next(folder.glob("game_00000.*"))


def read(path: Path) -> dict[str, Any]:
    """A log file's JSON."""
    return json.loads(path.read_text(encoding="utf-8"))


def recorded_scores(log: dict[str, Any]) -> list[list[float]]:
    """The scores the log records after each hand (its hand records), to check what the viewer draws against."""
    return [list(hand["record"]["scores"]) for hand in log["hands"] if hand.get("record")]
