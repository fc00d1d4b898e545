"""mjai logs: mjsim's games out and back in, and riichienv's reading and writing of them (interop both ways)."""

from __future__ import annotations

import json
import random

import pytest

from mjsim.errors import MjsimError
from mjsim.gamelog.formats import log_writer
from mjsim.rules import RuleSet
from mjsim.runner.games import run_games
from variants.riichi.logs.load import load_logs
from variants.riichi.logs.replay import replay_game

riichienv = pytest.importorskip("riichienv")
GAMES = 4


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """A few tenhou-preset games written as mjai logs, with their records."""
    out = tmp_path_factory.mktemp("mjai")
    rules = RuleSet.resolve("tenhou").compile()
    records = run_games(rules, GAMES, 7, ["efficiency"] * 4, log_out=out, log_format="mjai")
    return out, records


def test_mjsim_games_replay_from_their_mjai_logs(exported):
    out, _ = exported
    logs = load_logs(out)
    assert len(logs) == GAMES
    outcomes = [o for game in logs for o in replay_game(game)]
    assert outcomes and all(o.status == "agree" for o in outcomes), [o.detail for o in outcomes if o.status != "agree"]


def test_riichienv_reads_every_round_with_the_same_end_scores(exported):
    out, records = exported
    for record in records:
        path = out / f"game_{record.index:05d}.mjson"
        kyokus = list(riichienv.MjaiReplay.from_jsonl(str(path)).take_kyokus())
        theirs = [k.take_grp_features()["round_end_scores"] for k in kyokus]
        assert theirs == [list(hand["scores"]) for hand in record.hands]


def riichienv_game(seed: int) -> list[dict]:
    """A game riichienv plays (random legal actions, wins and riichi taken), as its mjai log."""
    env = riichienv.RiichiEnv(game_mode="4p-red-half", seed=seed)
    obs, rng = env.reset(), random.Random(seed)
    eager = (riichienv.ActionType.Tsumo, riichienv.ActionType.Ron, riichienv.ActionType.Riichi)
    while not env.done():
        chosen = {}
        for seat, o in obs.items():
            legal = o.legal_actions()
            wins = [a for a in legal if a.action_type in eager]
            chosen[seat] = wins[0] if wins else rng.choice(legal)
        obs = env.step(chosen)
    return env.mjai_log


def test_riichienv_games_replay_in_mjsim_with_equal_scores(tmp_path):
    for seed in range(2):
        (tmp_path / f"rv{seed}.jsonl").write_text("\n".join(json.dumps(e) for e in riichienv_game(seed)))
    outcomes = [o for game in load_logs(tmp_path) for o in replay_game(game)]
    assert len(outcomes) > 4 and all(o.status == "agree" for o in outcomes), [o.detail for o in outcomes]


def test_an_mjai_log_named_json_is_told_from_tenhou6(exported, tmp_path):
    out, _ = exported
    (tmp_path / "a.json").write_text((out / "game_00000.mjson").read_text())
    assert load_logs(tmp_path)[0].format == "mjai"


@pytest.mark.parametrize(
    "text, fragment",
    [
        pytest.param('{"type":"start_game"}\nnot json\n', "line 2 is not JSON", id="garbage-line"),
        pytest.param('{"type":"start_game"}\n[1]\n', "line 2 is not an mjai event", id="no-type"),
        pytest.param(
            '{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,'
            '"scores":[25000,25000,25000,25000],"tehais":[["?"],["1m"],["1m"],["1m"]]}\n',
            "hidden tile",
            id="hidden-tiles",
        ),
    ],
)
def test_a_bad_mjai_log_is_one_line(tmp_path, text, fragment):
    path = tmp_path / "bad.mjson"
    path.write_text(text)
    with pytest.raises(MjsimError, match=fragment):
        load_logs(path)


def test_three_player_games_have_no_mjai_format():
    from variants.sanma.rulesets import tenhou_sanma

    with pytest.raises(MjsimError, match="log format .mjai. does not hold games"):
        log_writer(tenhou_sanma().compile(), name="mjai")
