"""The AEC environment itself: a game of the engine played one seat's decision at a time."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from mjsim.agents.observation import observe
from mjsim.engine import core
from mjsim.engine.actions import Action
from mjsim.env.actions import ActionCodec
from mjsim.env.encoding import ObservationEncoder
from mjsim.errors import MjsimError
from mjsim.rules import RuleSet
from mjsim.rules.presets import default_preset

REWARDS = ("results", "points")
ENV_OPTIONS = ("plugins", "reward", "max_steps", "render_mode")


def raw_env(preset: str | None = None, **options) -> MahjongEnv:
    """The environment without PettingZoo's wrappers: ``options`` are the rule set's option overrides, and
    ``plugins`` (variant modules to add), ``reward`` ("results" or "points"), ``max_steps`` (truncate a game
    after that many decisions; default none) and ``render_mode`` ("ansi", "human" or None)."""
    own = {k: options.pop(k) for k in ENV_OPTIONS if k in options}
    return MahjongEnv(
        RuleSet.resolve(preset or default_preset(), sorted(options.items()), tuple(own.pop("plugins", ()))), **own
    )


class MahjongEnv(AECEnv):
    """A rule set's game for one agent per seat; every family plays through the same code (the engine's
    ``pending``/``step``/``observe`` loop) with the rule set's variants supplying what differs through hooks."""

    metadata = {"name": "mjsim_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(
        self, ruleset: RuleSet, reward: str = "results", max_steps: int | None = None, render_mode: str | None = None
    ) -> None:
        super().__init__()
        self.rules = ruleset.compile()
        self.rules.require_play()
        if reward not in REWARDS:
            raise MjsimError(f"reward {reward!r} is not one of: {', '.join(REWARDS)}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise MjsimError(f"render_mode {render_mode!r} is not one of: ansi, human, None")
        self.ruleset, self.reward, self.max_steps, self.render_mode = ruleset, reward, max_steps, render_mode
        self.codec = ActionCodec(self.rules)
        self.encoder = ObservationEncoder(self.rules)
        seats = self.rules.flow.setup.seats
        self.possible_agents = [f"seat_{s}" for s in range(seats)]
        self._space = spaces.Dict(
            {"observation": self.encoder.space, "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8)}
        )
        self._actions = spaces.Discrete(self.codec.size)
        self.game = None
        self._rng = random.Random()

    def observation_space(self, agent: str) -> spaces.Dict:
        """The same Dict space for every seat: ``observation`` (named arrays) and ``action_mask``."""
        return self._space

    def action_space(self, agent: str) -> spaces.Discrete:
        """One number per action (``mjsim.env.actions``); the mask says which are legal now."""
        return self._actions

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game; with ``seed`` its walls are those of ``mjsim simulate --seed``'s game of that seed."""
        if seed is not None:
            self._rng.seed(seed)
        game_seed = seed if seed is not None else self._rng.getrandbits(63)
        self.game = core.new_game(self.rules, game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._steps = 0
        self._chosen: dict[int, Action] = {}
        self._queue: list[int] = []
        self._legal: dict[int, dict[int, Action]] = {}
        self._next_decision()

    def observe(self, agent: str) -> dict[str, Any]:
        """The seat's own view and, for the seat to move, the mask of its legal actions (else all zero)."""
        seat = self._seat(agent)
        view = observe(self.game, seat) if self.game is not None and self.game.hand is not None else None
        mask = np.zeros(self.codec.size, np.int8)
        if self._queue and self._queue[0] == seat:
            mask[list(self._legal[seat])] = 1
        return {"observation": self.encoder.encode(view), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The agent to move plays ``action`` (a legal number); once every seat asked has answered, the engine
        applies the answers. A finished seat steps with None."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat(agent)
        legal = self._legal[seat]
        if action is None or int(action) not in legal:
            described = "None" if action is None else self.codec.describe(int(action))
            raise MjsimError(f"{agent} cannot play {described} now; legal: {self.legal_actions(agent)}")
        self._cumulative_rewards[agent] = 0.0
        self._chosen[seat] = legal[int(action)]
        self._queue.pop(0)
        self.rewards = {a: 0.0 for a in self.agents}
        if not self._queue:
            before = list(self.game.scores)
            core.step(self.game, self._chosen)
            self._steps += 1
            if self.reward == "points":
                self.rewards = {a: float(self.game.scores[s] - before[s]) for s, a in enumerate(self.possible_agents)}
            self._chosen = {}
            self._next_decision()
        else:
            self.agent_selection = f"seat_{self._queue[0]}"
        self._accumulate_rewards()

    def legal_actions(self, agent: str) -> list[str]:
        """The legal actions of ``agent`` now, in words (``discard 5m`` ...), for people reading a game."""
        return [f"{n}: {self.codec.describe(n)}" for n in sorted(self._legal.get(self._seat(agent), {}))]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def _next_decision(self) -> None:
        """Ask the engine who decides next; at the end of the game every seat is done (terminated, or truncated
        after ``max_steps``) and gets its reward."""
        offers = core.pending(self.game)
        truncated = self.max_steps is not None and self._steps >= self.max_steps
        if not offers or truncated:
            self._end(truncated and bool(offers))
            return
        self._legal = {seat: self.codec.numbers(acts) for seat, acts in offers.items()}
        self._queue = sorted(offers)
        self.agent_selection = f"seat_{self._queue[0]}"

    def _end(self, truncated: bool) -> None:
        self._queue, self._legal = [], {}
        final = self.game.final or {}
        if self.reward == "results" and not truncated:
            results = final.get("results") or final.get("points") or [0] * len(self.agents)
            self.rewards = {a: float(results[s]) for s, a in enumerate(self.possible_agents)}
        done = self.truncations if truncated else self.terminations
        for a in self.agents:
            done[a] = True
            self.infos[a] = {"final": final} if final else {}
        self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        """The seat to move, its hand and its legal actions, as text (printed with render_mode "human")."""
        if self.render_mode is None or self.game is None:
            return None
        from mjsim.hand.notation import format_tiles

        agent = self.agent_selection
        seat = self._seat(agent)
        tiles = format_tiles(sorted(self.game.hand.seats[seat].tiles)) if self.game.hand is not None else ""
        text = f"{agent} scores {list(self.game.scores)} hand {tiles}\n  " + "\n  ".join(self.legal_actions(agent))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (the game lives in this process)."""
