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


# 台湾's first deal (seed 295) in which a seat is offered a concealed kong on its first turn: seat 0, the dealer, with
# four 9p. No bot declares a concealed kong in 台湾, so the game declares it for the seat, then plays on.
FACE_DOWN_KONG_SEED = 295


def write_face_down_kong_log(folder: Path) -> Path:
    """A 台湾 game (seed ``FACE_DOWN_KONG_SEED``, efficiency bots) whose first hand opens with seat 0 declaring a
    concealed kong, face down until the hand ends (its ``ankan`` event names no tile; a ``reveal`` follows the end)."""
    import random

    from mjsim.agents import make_agent
    from mjsim.agents.observation import observe
    from mjsim.engine import core
    from mjsim.engine.actions import ANKAN
    from mjsim.gamelog.write import game_log

    rules = RuleSet.resolve("taiwan").compile()
    game = core.new_game(rules, FACE_DOWN_KONG_SEED)
    kongs = [(seat, a) for seat, actions in core.pending(game).items() for a in actions if a.kind == ANKAN]
    assert kongs, f"seed {FACE_DOWN_KONG_SEED} offers no concealed kong on the first turn any more"
    core.step(game, dict(kongs[:1]))
    bots = [make_agent("efficiency", random.Random(seat), rules) for seat in range(rules.flow.setup.seats)]
    while not game.over:
        core.step(game, {s: bots[s].act(observe(game, s), offered) for s, offered in core.pending(game).items()})
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "taiwan_face_down_kong.json"
    path.write_text(json.dumps(game_log(game, ["efficiency"] * len(bots)), ensure_ascii=False), encoding="utf-8")
    return path
