"""Three-player (sanma) logs are recognised and skipped with their reason, never rejected (sanma/README.md)."""

from __future__ import annotations

import copy
from collections import Counter
from pathlib import Path

import pytest

from mjsim.errors import MjsimError
from variants.riichi.logs.load import load_logs
from variants.riichi.logs.replay import replay_game, summarize_replay
from variants.riichi.logs.tenhou6 import game_from_tenhou6, is_three_player

SANMA = Path(__file__).resolve().parents[2].parent / "shared" / "validation" / "tenhou" / "sanma"
NEEDS_DATA = pytest.mark.shared_data(SANMA)


def _logs(folder: str, suffix: str) -> list[Path]:
    return sorted((SANMA / folder).rglob(f"*{suffix}")) if (SANMA / folder).is_dir() else []


@NEEDS_DATA
@pytest.mark.parametrize(
    ("folder", "suffix", "games", "rounds"),
    [("tenhou6", ".json", 1, 12), ("mjsoul", ".json", 3, 8), ("mjlog", ".txt", 161, 1398)],
    ids=["tenhou6", "mjsoul", "mjlog"],
)
def test_every_sanma_game_loads_and_every_round_is_skipped_as_three_player(folder, suffix, games, rounds):
    logs = load_logs(_logs(folder, suffix))  # the .txt mjlog files are named one by one: the sniffer reads them
    assert {g.rules["players"] for g in logs} == {3}
    summary = summarize_replay([o for g in logs for o in replay_game(g)], len(logs))
    assert (summary["games"], summary["rounds"], summary["rounds_replayed"]) == (games, rounds, 0)
    assert Counter(s["reason"] for s in summary["skipped"]) == {"3-player game": rounds}


@NEEDS_DATA
def test_tenhou_sanma_json_is_read_whole_and_mahjong_soul_keeps_its_deals_with_the_reason():
    (tenhou,) = load_logs(_logs("tenhou6", ".json"))
    assert "unread" not in tenhou.rules and all(r.results for r in tenhou.rounds)
    assert [len(h) for h in tenhou.rounds[0].hands] == [13, 13, 13, 0]
    chankan = load_logs([SANMA / "mjsoul" / "mjai_reviewer3p" / "chankan.json"])[0]
    assert "抜きドラ" in chankan.rules["unread"]  # Mahjong Soul's nuki entry, which Tenhou folds into ドラ
    assert all(not r.events and not r.results for r in chankan.rounds)
    assert chankan.rounds[0].start_scores == (35000, 35000, 35000, 0)


def _four_player_round() -> list:
    hands = [[11 + i for i in range(9)] + [21, 22, 23, 24]] * 4
    seats = [x for hand in hands for x in (hand, [], [])]
    return [[0, 0, 0], [25000, 25000, 25000, 0], [33], [], *seats, ["流局", [0, 0, 0, 0]]]


@pytest.mark.parametrize(
    ("change", "three"),
    [
        (lambda g: None, False),  # a fourth seat at 0 points is still a four-player game
        (lambda g: g["rule"].update(disp="三鳳南喰赤"), True),
        (lambda g: g["log"][0].__setitem__(13, []), True),
    ],
    ids=["zero-fourth-score", "disp-says-three", "fourth-seat-dealt-nothing"],
)
def test_three_player_is_told_from_the_lobby_name_or_the_empty_fourth_seat(change, three):
    game = {"rule": {"disp": "般南喰赤", "aka": 1}, "log": [_four_player_round()]}
    change(game)
    assert is_three_player(game) is three


def test_a_round_that_cannot_be_read_is_an_error_in_four_player_and_a_kept_deal_in_three_player():
    game = {"rule": {"disp": "般南喰赤"}, "log": [_four_player_round()]}
    game["log"][0][16] = ["和了", [0, 0, 0, 0], [0, 0, 0, "30符1飜1000点", "抜きドラ(1飜)"]]
    with pytest.raises(MjsimError, match=r"log\[0\] \(E1-0\)"):
        game_from_tenhou6(copy.deepcopy(game))
    game["rule"]["disp"] = "三般南喰赤"
    three = game_from_tenhou6(game)
    assert three.rules["players"] == 3 and "log[0] (E1-0)" in three.rules["unread"]
    assert replay_game(three)[0].detail == "3-player game"
