"""Real three-player games replay through the engine under the sanma presets, round by round, to the point;
simulated sanma games export as tenhou.net/6 and replay (validation/tenhou/sanma/README.md)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest

from mjsim.agents import make_agent
from mjsim.agents.observation import observe
from mjsim.engine import core
from mjsim.engine.wall import derive_seed
from tests.shared import SHARED_DIR
from variants.riichi.logs.export import game_log_of
from variants.riichi.logs.load import load_logs, write_tenhou6
from variants.riichi.logs.model import RoundLog
from variants.riichi.logs.replay import RoundOutcome, _judged_by_next_scores, replay_game, summarize_replay
from variants.riichi.logs.tenhou6 import game_from_tenhou6
from variants.sanma.rulesets import tenhou_sanma

SANMA = SHARED_DIR / "validation" / "tenhou" / "sanma"
NEEDS_DATA = pytest.mark.shared_data(SANMA)


def _summary(*paths: Path) -> dict:
    logs = load_logs(list(paths))
    return summarize_replay([o for g in logs for o in replay_game(g)], len(logs))


@NEEDS_DATA
@pytest.mark.parametrize(
    ("folder", "games", "rounds"),
    [("mjlog", 161, 1398), ("tenhou6", 1, 12)],
    ids=["mjlog-phoenix", "tenhou6-phoenix"],
)
def test_every_round_of_the_real_tenhou_sanma_games_agrees(folder, games, rounds):
    summary = _summary(SANMA / folder)
    assert (summary["games"], summary["rounds"], summary["rounds_replayed"]) == (games, rounds, rounds)
    assert summary["rounds_agree"] == rounds, summary["mismatches"]


@NEEDS_DATA
def test_the_sanma_game_of_the_mjlog_folder_is_no_longer_skipped():
    summary = _summary(SHARED_DIR / "validation" / "tenhou" / "mjlog" / "dnovikoff" / "sanma2.xml")
    assert (summary["rounds"], summary["rounds_agree"], summary["skipped"]) == (6, 6, [])


@NEEDS_DATA
def test_mahjong_soul_games_agree_where_a_record_drops_a_stick_from_its_deltas_but_not_its_scores():
    """README: "In kokushi_peinuki the final sc differs from the summed round deltas by one riichi stick (the
    converter left the stick out of the last round's deltas)": that round is judged by the record's scores."""
    logs = load_logs(SANMA / "mjsoul")
    outcomes = [o for g in logs for o in replay_game(g)]
    assert (len(logs), len(outcomes), sum(o.status == "agree" for o in outcomes)) == (3, 8, 8)
    (judged,) = [o for o in outcomes if o.detail]
    assert judged.source.endswith("kokushi_peinuki.json") and judged.round == 3
    assert "agrees with the record's next scores" in judged.detail


def _round(start, deltas, deposits=(0, 0, 0, 0)):
    """A round's scores as the judge reads them."""
    events = [SimpleNamespace(kind="riichi_accepted", seat=s) for s, paid in enumerate(deposits) if paid]
    end = tuple(a - d + c for a, d, c in zip(start, deposits, deltas, strict=True))
    return RoundLog(0, 0, 0, 0, None, 0, start, (), tuple(events), (), end)


@pytest.mark.parametrize(
    ("record_deltas", "engine", "after", "status"),
    [
        ([-8000, 8000, 0, 0], [-8000, 9000, 0, 0], (26000, 44000, 35000, 0), "agree"),  # the deltas dropped a stick
        ([-8000, 8000, 0, 0], [-8000, 9000, 0, 0], (26000, 43000, 35000, 0), "disagree"),  # consistent record
        ([-8000, 8000, 0, 0], [-8000, 9000, 0, 0], (26000, 45000, 35000, 0), "disagree"),  # neither gives them
        ([-8000, 8000, 0, 0], [-8000, 9000, 0, 0], None, "disagree"),  # no next scores to judge by
    ],
    ids=["scores-decide", "consistent-record", "engine-off-too", "no-next-scores"],
)
def test_a_disagreement_is_judged_by_the_next_scores_only_when_the_record_contradicts_itself(
    record_deltas, engine, after, status
):
    rnd = _round((35000, 35000, 35000, 0), record_deltas, deposits=(1000, 0, 0, 0))
    outcome = RoundOutcome("x", 0, "disagree", "score changes differ", {"log": record_deltas, "engine": engine})
    assert _judged_by_next_scores(outcome, rnd, after).status == status


@pytest.fixture(scope="module")
def exported():
    """Three simulated tenhou-sanma games, written as tenhou.net/6 and read back."""
    rules = tenhou_sanma().compile()
    logs = [write_tenhou6(game_log_of(_play(rules, seed), ("A", "B", "C", ""))) for seed in (40, 41, 42)]
    return [game_from_tenhou6(log, f"seed {seed}") for seed, log in zip((40, 41, 42), logs, strict=True)]


def _play(rules, seed: int):
    """A whole game of three efficiency bots."""
    bots = [make_agent("efficiency", random.Random(derive_seed(seed, "agent", i)), rules) for i in range(3)]
    game = core.new_game(rules, seed)
    while not game.over:
        offers = core.pending(game)
        core.step(game, {s: bots[s].act(observe(game, s), a) for s, a in offers.items()})
    return game


def test_exported_sanma_games_are_three_player_tenhou6_and_replay(exported):
    assert all(g.rules["players"] == 3 and g.rules["standard"] for g in exported)
    kinds = Counter(e.meld.type for g in exported for r in g.rounds for e in r.events if e.meld is not None)
    assert kinds["nuki"] > 0 and kinds["chi"] == 0
    summary = summarize_replay([o for g in exported for o in replay_game(g)], len(exported))
    assert summary["rounds_agree"] == summary["rounds_replayed"] == summary["rounds"], summary["mismatches"]
