"""``mjsim.env``: PettingZoo's own API test for every family, and what the environment promises beyond it."""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import api_test

import mjsim.env
from mjsim.engine import core
from mjsim.engine.actions import DISCARD, Action
from mjsim.env.actions import ActionCodec
from mjsim.errors import MjsimError
from mjsim.hand.tiles import kind_of
from mjsim.rules import RuleSet

PRESETS = ["tenhou", "tenhou-sanma", "jirai", "boo-classic", "chengdu", "taiwan"]
DOCS = (Path(__file__).resolve().parents[2] / "docs" / "env.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("preset", PRESETS)
def test_pettingzoo_api_test_passes(preset: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice (a Dict observation is not a NumPy array) is not a failure
        api_test(mjsim.env.env(preset), num_cycles=300)


def play(env, steps: int, seed: int = 0) -> list[tuple[str, int | None]]:
    """Play the last legal action ``steps`` times; who played what."""
    env.reset(seed=seed)
    played = []
    for agent in env.agent_iter(steps):
        obs, _, terminated, truncated, _ = env.last()
        action = None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[-1])
        env.step(action)
        played.append((agent, action))
    return played


@pytest.mark.parametrize("preset", ["tenhou", "chengdu"])
def test_the_same_seed_plays_the_same_game(preset: str) -> None:
    assert play(mjsim.env.env(preset), 200, seed=3) == play(mjsim.env.env(preset), 200, seed=3)


@pytest.mark.parametrize("preset", PRESETS)
def test_a_seat_sees_its_own_tiles_and_no_other(preset: str) -> None:
    env = mjsim.env.raw_env(preset)
    env.reset(seed=1)
    game = env.game
    for seat, agent in enumerate(env.possible_agents):
        view = env.observe(agent)["observation"]
        own = sorted(game.hand.seats[seat].tiles)
        assert [t for t in view["hand_tiles"] if t >= 0] == own
        assert list(view["hand"]) == [sum(kind_of(t) == k for t in own) for k in range(42)]
        assert view["seat_present"].sum() == len(env.possible_agents) and view["scores"][0] == game.scores[seat]


@pytest.mark.parametrize("preset", PRESETS)
def test_the_mask_is_exactly_the_offered_actions(preset: str) -> None:
    env = mjsim.env.raw_env(preset)
    env.reset(seed=2)
    for _ in range(60):
        agent = env.agent_selection
        seat = env.possible_agents.index(agent)
        mask = env.observe(agent)["action_mask"]
        offered = core.pending(env.game)[seat]
        assert sorted(env._legal[seat].values()) == sorted(offered)
        assert list(np.flatnonzero(mask)) == sorted(env._legal[seat])
        for other in env.possible_agents:
            if other != agent:
                assert env.observe(other)["action_mask"].sum() == 0
        env.step(int(np.flatnonzero(mask)[0]))


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-sanma", "chengdu", "taiwan"])
def test_a_discard_has_one_number_in_every_family(preset: str) -> None:
    plain = Action(DISCARD, 17)  # a 5m that is not red anywhere
    (number,) = ActionCodec(RuleSet.resolve(preset).compile()).numbers([plain])
    (in_tenhou,) = ActionCodec(RuleSet.resolve("tenhou").compile()).numbers([plain])
    assert number == in_tenhou and ActionCodec(RuleSet.resolve(preset).compile()).describe(number) == "discard 5m"


def test_a_red_five_and_a_plain_five_are_two_numbers() -> None:
    codec = ActionCodec(RuleSet.resolve("tenhou").compile())
    numbers = codec.numbers([Action(DISCARD, 16), Action(DISCARD, 17)])  # 16: the red 5m
    assert sorted(codec.describe(n) for n in numbers) == ["discard 5m", "discard 5m red"]


def test_an_illegal_action_is_refused_with_the_legal_ones() -> None:
    env = mjsim.env.raw_env("tenhou")
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    with pytest.raises(MjsimError, match="cannot play .* now; legal: "):
        env.step(int(np.flatnonzero(mask == 0)[0]))


def _play_first_legal(env, seed: int) -> tuple[dict[str, float], dict[str, tuple[float, dict]]]:
    """Play ``env`` to its end, every seat taking its first legal action: each seat's summed reward, and the
    reward and info each seat was handed when its game terminated."""
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    at_end = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        env.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
        if terminated:
            at_end[agent] = (reward, info)
    return totals, at_end


def test_a_whole_game_ends_with_every_seat_rewarded_its_result() -> None:
    env = mjsim.env.raw_env("tenhou-sanma", reward="results")
    totals, at_end = _play_first_legal(env, seed=4)
    for agent, (reward, info) in at_end.items():
        assert info["final"]["results"][env.possible_agents.index(agent)] == reward
    assert env.game.over and list(totals.values()) == [float(r) for r in env.game.final["results"]]


def test_points_rewards_add_up_to_the_final_points() -> None:
    env = mjsim.env.raw_env("tenhou", reward="points", max_steps=400)
    totals, _ = _play_first_legal(env, seed=5)
    assert [25000 + totals[a] for a in env.possible_agents] == [float(p) for p in env.game.scores]


def test_max_steps_truncates_the_game() -> None:
    env = mjsim.env.raw_env("taiwan", max_steps=10)
    env.reset(seed=0)
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        assert not terminated
        env.step(None if truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert env._steps == 10 and not env.game.over


@pytest.mark.parametrize(
    "kwargs, message",
    [
        pytest.param({"preset": "nowhere"}, "nowhere", id="preset"),
        pytest.param({"riichi.red_fives": 9}, "riichi.red_fives", id="option"),
        pytest.param({"reward": "money"}, "reward 'money'", id="reward"),
    ],
)
def test_bad_arguments_are_one_line_errors(kwargs: dict, message: str) -> None:
    with pytest.raises(MjsimError, match=message):
        mjsim.env.env(**kwargs)


@pytest.mark.parametrize("preset", PRESETS)
def test_every_observation_field_is_documented(preset: str) -> None:
    for name in mjsim.env.raw_env(preset).encoder.space:
        assert f"`{name}`" in DOCS, f"docs/env.md does not describe the field {name!r}"


@pytest.mark.parametrize("preset", ["chengdu", "jirai", "boo-classic", "taiwan"])
def test_a_familys_facts_are_named_fields(preset: str) -> None:
    variant = RuleSet.resolve(preset).variants[-1]  # the family, or the delta on it (jirai, boo)
    names = [n for n in mjsim.env.raw_env(preset).encoder.space if "." in n]
    assert names and {n.split(".")[0] for n in names} == {variant}


def test_chengdus_void_suits_are_seen_from_each_seat() -> None:
    env = mjsim.env.raw_env("chengdu")
    env.reset(seed=6)
    declared = {}
    while len(declared) < 4:  # the four void-suit declarations come first, one seat after another
        agent = env.agent_selection
        numbers = np.flatnonzero(env.observe(agent)["action_mask"])
        suit = env.possible_agents.index(agent) % 3
        (number,) = [n for n in numbers if env.codec.describe(int(n)).startswith("declare") and n // 8 % 43 == suit * 9]
        declared[env.possible_agents.index(agent)] = suit
        env.step(int(number))
    for seat, agent in enumerate(env.possible_agents):
        voids = env.observe(agent)["observation"]["chengdu.voids"]
        assert list(voids) == [declared[(seat + i) % 4] for i in range(4)]


def test_only_the_dealer_sees_jirais_forbidden_yaku() -> None:
    env = mjsim.env.raw_env("jirai")
    env.reset(seed=2)
    views = [env.observe(agent)["observation"] for agent in env.possible_agents]
    dealer = env.game.hand.dealer
    assert set(views[dealer]["jirai.forbidden"]) <= {0, 1} and views[dealer]["jirai.forbidden"].sum() >= 1
    assert all(set(v["jirai.forbidden"]) == {-1} for seat, v in enumerate(views) if seat != dealer)
