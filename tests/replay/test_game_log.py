"""mjsim's own game log: every family's game is written (simulate --log-out), matches the JSON Schema, and
replays under its logged rule set with every action, event and transfer as logged."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from mjsim.errors import MjsimError
from mjsim.gamelog.read import read_game_log, split_paths
from mjsim.gamelog.replay import replay_log
from mjsim.rules import RuleSet
from mjsim.runner.games import run_games

SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "game_log.schema.json"
PRESETS = ["tenhou", "jirai", "boo-classic", "4play", "rado", "chengdu", "taiwan", "tenhou-sanma"]


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> dict[str, Path]:
    """One game of every family and delta preset, written by simulate's --log-out."""
    folder = tmp_path_factory.mktemp("logs")
    paths = {}
    for preset in PRESETS:
        rules = RuleSet.resolve(preset).compile()
        run_games(rules, 1, root_seed=3, agent_names=["efficiency"] * rules.flow.setup.seats, log_out=folder / preset)
        paths[preset] = folder / preset / "game_00000.json"
    return paths


@pytest.mark.parametrize("preset", PRESETS)
def test_a_logged_game_replays_with_every_transfer_as_logged(logs, preset):
    log = read_game_log(logs[preset])
    result = replay_log(log)
    assert result.agree, result.detail
    assert (
        result.transfers
        == sum(e["kind"] in ("transfer", "side_transfer") for h in log["hands"] for e in h["events"])
        > 0
    )
    assert result.steps > 0 and result.hands == len(log["hands"]) >= 1


@pytest.mark.parametrize("preset", PRESETS)
def test_a_logged_game_matches_the_schema(logs, preset):
    import jsonschema  # a dev dependency: the schema is checked on every run

    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(json.loads(logs[preset].read_text(encoding="utf-8")), schema)


def test_a_log_holds_the_rule_set_table_and_what_a_viewer_needs(logs):
    log = read_game_log(logs["jirai"])
    assert log["rules"]["name"] == "jirai" and log["rules"]["variants"] == ["riichi", "jirai"]
    assert log["table"]["seats"] == 4 and log["table"]["tile_names"]["16"] == "0m"  # a red five
    hand = log["hands"][0]
    assert len(hand["deal"]) == 4 and all(len(tiles) == 13 for tiles in hand["deal"])
    assert hand["facts"]["jirai.forbidden"]  # mjsim_log_facts: the forbidden set of the hand
    assert hand["record"]["scores"] == log["hands"][1]["start_scores"]
    assert any(e["kind"] == "indicator" for e in hand["events"])


def test_a_changed_transfer_is_found_naming_the_hand_and_event(logs):
    log = read_game_log(logs["tenhou"])
    bad = copy.deepcopy(log)
    hand = next(h for h in bad["hands"] if h["transfers"])
    event = next(e for e in hand["events"] if e["kind"] == "transfer")
    event["amount"] += 100
    result = replay_log(bad)
    assert not result.agree
    assert result.detail.startswith(f"hand {hand['index']} event ") and '"amount"' in result.detail


def test_an_action_the_engine_does_not_offer_is_found(logs):
    bad = copy.deepcopy(read_game_log(logs["chengdu"]))
    step = bad["hands"][0]["steps"][-1]
    step[0][1] = {"kind": "discard", "tile": 143}  # a flower chengdu has not got
    result = replay_log(bad)
    assert not result.agree and "hand 0 step" in result.detail


def test_a_rule_set_that_compiles_otherwise_is_refused(logs):
    bad = copy.deepcopy(read_game_log(logs["tenhou"]))
    bad["rules"]["options"]["riichi.red_fives"] = 0
    result = replay_log(bad)
    assert not result.agree and "compiles to other rules here (riichi.red_fives=3 in the log, 0 now)" in result.detail


def test_folders_are_split_into_game_logs_and_other_files(logs, tmp_path):
    other = tmp_path / "other.json"
    other.write_text('{"title": ["a tenhou log"]}', encoding="utf-8")
    found, rest = split_paths([logs["taiwan"].parent, other])
    assert found == [logs["taiwan"]] and rest == [other]


@pytest.mark.parametrize(
    "text, message",
    [
        ("{", "not JSON"),
        ('{"format": "other"}', "not an mjsim game log"),
        ('{"format": "mjsim-game-log", "version": 99}', "game log version 99"),
        ('{"format": "mjsim-game-log", "version": 1, "rules": {}, "table": {}}', "the log has no 'hands'"),
    ],
    ids=["not-json", "other-format", "newer-version", "no-hands"],
)
def test_a_bad_log_is_one_line(tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(MjsimError, match=message):
        read_game_log(path)


def test_tenhou_games_import_as_game_logs_that_replay_hand_by_hand():
    from tests.shared import shared_path
    from variants.riichi.logs.reader import to_game_logs

    folder = shared_path("validation", "tenhou", "tenhou6", "mjai_reviewer")
    logs, notes = to_game_logs([folder])
    assert logs and notes == []
    for log in logs:
        assert log["seed"] is None and log["source"].startswith(str(folder))
        assert all(hand["record"] for hand in log["hands"])
        result = replay_log(json.loads(json.dumps(log)))  # as a file would give it back
        assert result.agree, result.detail
    import jsonschema  # a dev dependency: the schema is checked on every run

    jsonschema.validate(json.loads(json.dumps(logs[0])), json.loads(SCHEMA.read_text(encoding="utf-8")))


def test_the_timeline_shows_blood_battle_winners_leaving_and_guoshui_blocks(logs):
    chengdu = read_game_log(logs["chengdu"])
    left = [snap["left"] for hand in chengdu["hands"] for snap in hand["timeline"]]
    assert any(left) and all(a == sorted(a) for a in left)
    taiwan = read_game_log(logs["taiwan"])
    blocked = [s["facts"]["taiwan.guoshui_blocked"] for h in taiwan["hands"] for s in h["timeline"]]
    assert any(blocked)
    for hand in taiwan["hands"]:
        assert all(0 <= snap["event"] < len(hand["events"]) for snap in hand["timeline"])


@pytest.mark.parametrize("preset", PRESETS)
def test_a_log_replayed_under_its_own_preset_keeps_every_step_and_result(logs, preset):
    """The hands are started one after another in one game: variants' game state (地雷's set) carries on."""
    from mjsim.gamelog.retry import SAME, retry_log

    log = read_game_log(logs[preset])
    results = retry_log(log, RuleSet.resolve(preset).compile(), "efficiency")
    assert len(results) == sum(1 for h in log["hands"] if h["record"]) > 0
    assert [r.why for r in results if r.why != SAME or r.changed] == []
    assert all(r.kept == r.steps for r in results)


def test_a_game_stopped_mid_hand_is_logged_up_to_its_last_step_and_replays():
    from mjsim.engine import core
    from mjsim.gamelog.write import game_log

    rules = RuleSet.resolve("chengdu").compile()
    game = core.new_game(rules, 4)
    for _ in range(30):  # the first offered action each time: a game stopped in its first hand
        core.step(game, {seat: actions[0] for seat, actions in core.pending(game).items()})
    log = json.loads(json.dumps(game_log(game, ["efficiency"] * 4)))
    assert not log["complete"] and len(log["hands"]) == 1 and log["hands"][0]["record"] is None
    log["source"] = "stopped"
    result = replay_log(log)
    assert result.agree and result.steps == 30, result.detail


def test_a_face_down_kong_log_replays_and_matches_the_schema(tmp_path):
    """台湾's face-down concealed kong: the `ankan` event with no tiles and `face_down`, its `reveal` after the hand's
    end; `mjsim replay` replays the game exactly and the schema accepts it (and refuses a face-down kan with tiles)."""
    import jsonschema

    from tests.browser.logs import write_face_down_kong_log

    path = write_face_down_kong_log(tmp_path)
    result = replay_log(read_game_log(path))
    assert result.agree and result.hands > 1, result.detail
    log = json.loads(path.read_text(encoding="utf-8"))
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.validate(log, schema)
    kan = next(e for e in log["hands"][0]["events"] if e["kind"] == "ankan")
    kan["tiles"] = [68, 69, 70, 71]  # a face-down kan that names its tiles
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(log, schema)


def _as_version_1(log: dict) -> dict:
    """The log as version 1 wrote it: each hit's value and multiple under the riichi family's words, no lines."""
    old = copy.deepcopy(log)
    old["version"] = 1
    for hand in old["hands"]:
        for event in hand["events"]:
            if event["kind"] == "win":
                score = event["score"]
                score.pop("lines")
                score["hits"] = [
                    {"name": h["name"], "title": h["title"], "han": h["value"], "yakuman": h["multiple"],
                     "bonus": h["bonus"]} for h in score["hits"]
                ]  # fmt: skip
    return old


def test_a_version_1_log_reads_as_version_2_and_replays(logs, tmp_path):
    written = json.loads(logs["tenhou"].read_text(encoding="utf-8"))
    path = tmp_path / "v1.json"
    path.write_text(json.dumps(_as_version_1(written)), encoding="utf-8")
    log = read_game_log(path)
    wins = [e["score"] for h in log["hands"] for e in h["events"] if e["kind"] == "win"]
    assert wins and all(set(hit) == {"name", "title", "value", "multiple", "bonus"} for s in wins for hit in s["hits"])
    assert [s["hits"] for s in wins] == [
        e["score"]["hits"] for h in written["hands"] for e in h["events"] if e["kind"] == "win"
    ]
    assert replay_log(log).agree
