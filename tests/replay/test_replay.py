"""Real Tenhou games replayed through the engine: every action legal, every round's score changes equal."""

from __future__ import annotations

from pathlib import Path

import pytest

from variants.riichi.logs.load import load_logs
from variants.riichi.logs.replay import replay_game, rules_for, walls_of

TENHOU = Path(__file__).resolve().parents[2].parent / "shared" / "validation" / "tenhou"
pytestmark = pytest.mark.shared_data(TENHOU)


def _files(folder: str) -> list[Path]:
    return sorted(p for p in (TENHOU / folder).rglob("*") if p.is_file() and p.suffix in (".xml", ".mjlog", ".json"))


@pytest.mark.parametrize("path", _files("mjlog") + _files("tenhou6"), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_standard_round_replays_and_agrees(path):
    for game in load_logs([path]):
        for outcome in replay_game(game):
            if outcome.status == "skipped":
                assert outcome.detail  # skipped rounds say why (special lobby, 3 players, unfinished)
                continue
            assert outcome.status == "agree", (outcome.round, outcome.detail, outcome.deltas)


def test_walls_of_a_round_hold_every_tile_once():
    game = load_logs([_files("mjlog")[0]])[0]
    live, rinshan, indicators = walls_of(game.rounds[0])
    assert sorted(live + rinshan + indicators) == list(range(136))
    assert (len(live), len(rinshan), len(indicators)) == (122, 4, 10)


def test_rules_follow_the_lobby_flags():
    game = load_logs([_files("mjlog")[0]])[0]
    rules = rules_for(game)
    assert rules.values["riichi.red_fives"] == (3 if game.rules["red"] else 0)
