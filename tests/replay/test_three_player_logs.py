"""Three-player (sanma) logs are recognised; one that cannot be read whole keeps its deals and says why."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from mjsim.errors import MjsimError
from variants.riichi.logs.load import load_logs
from variants.riichi.logs.replay import replay_game
from variants.riichi.logs.tenhou6 import game_from_tenhou6, is_three_player

SANMA = Path(__file__).resolve().parents[2].parent / "shared" / "validation" / "tenhou" / "sanma"
NEEDS_DATA = pytest.mark.shared_data(SANMA)


def _logs(folder: str, suffix: str) -> list[Path]:
    return sorted((SANMA / folder).rglob(f"*{suffix}")) if (SANMA / folder).is_dir() else []


@NEEDS_DATA
def test_tenhou_sanma_json_is_read_whole_and_mahjong_soul_names_are_known():
    (tenhou,) = load_logs(_logs("tenhou6", ".json"))
    assert "unread" not in tenhou.rules and all(r.results for r in tenhou.rounds)
    assert [len(h) for h in tenhou.rounds[0].hands] == [13, 13, 13, 0]
    chankan = load_logs([SANMA / "mjsoul" / "mjai_reviewer3p" / "chankan.json"])[0]
    assert "unread" not in chankan.rules  # 抜きドラ, Mahjong Soul's nuki entry, is read as Tenhou's ドラ
    assert chankan.rules["venue"] == "mahjongsoul" and all(r.results for r in chankan.rounds)
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
    game["log"][0][16] = ["和了", [0, 0, 0, 0], [0, 0, 0, "30符1飜1000点", "謎の役(1飜)"]]
    with pytest.raises(MjsimError, match=r"log\[0\] \(E1-0\)"):
        game_from_tenhou6(copy.deepcopy(game))
    game["rule"]["disp"] = "三般南喰赤"
    three = game_from_tenhou6(game)
    assert three.rules["players"] == 3 and "log[0] (E1-0)" in three.rules["unread"]
    assert replay_game(three)[0].detail.startswith("not read: ")  # skipped, saying why
