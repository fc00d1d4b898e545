"""The shape of a training loop over ``mjsim.env`` (docs/env.md). It trains nothing worth having.

    python examples/env_training_loop.py --preset jirai --iterations 3 --games 2

Each iteration plays a few games with one shared policy in every seat, keeps each seat's trajectory
(observation, mask, action) and its reward, and then updates the policy. The policy here is a table of
preferences per action number, nudged towards the actions of seats that did better than the table's average
(a REINFORCE-like rule with no network): a stand-in for a real learner, which would read the observation
(``gymnasium.spaces.flatten`` gives one vector) and replace ``TablePolicy``. Games are truncated after
``--max-steps`` engine steps, as a real loop bounds its episodes.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field

import numpy as np

import mjsim.env


class TablePolicy:
    """Softmax over one preference per action number, restricted to the legal ones."""

    def __init__(self, actions: int, rng: np.random.Generator) -> None:
        self.preferences = np.zeros(actions)
        self.rng = rng

    def act(self, mask: np.ndarray) -> int:
        """A legal action, drawn by preference."""
        legal = np.flatnonzero(mask)
        weights = np.exp(self.preferences[legal] - self.preferences[legal].max())
        return int(self.rng.choice(legal, p=weights / weights.sum()))

    def update(self, trajectories: list[Trajectory], rate: float) -> None:
        """Raise the preference of actions played by seats whose return beat the mean return, lower the rest."""
        mean = np.mean([t.reward for t in trajectories])
        scale = np.std([t.reward for t in trajectories]) or 1.0
        for t in trajectories:
            np.add.at(self.preferences, t.actions, rate * (t.reward - mean) / scale / max(len(t.actions), 1))


@dataclass
class Trajectory:
    """One seat's decisions in one game and its total reward."""

    actions: list[int] = field(default_factory=list)
    reward: float = 0.0


def collect(env, policy: TablePolicy, seed: int) -> list[Trajectory]:
    """Play one game with ``policy`` in every seat; each seat's trajectory."""
    env.reset(seed=seed)
    seats = {agent: Trajectory() for agent in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        seats[agent].reward += reward
        if terminated or truncated:
            env.step(None)
            continue
        action = policy.act(obs["action_mask"])  # a real policy reads obs["observation"] too
        seats[agent].actions.append(action)
        env.step(action)
    return list(seats.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="tenhou")
    parser.add_argument("--iterations", type=int, default=3)
    parser.add_argument("--games", type=int, default=2, help="games per iteration")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-steps", type=int, default=3000)
    parser.add_argument("--rate", type=float, default=0.5)
    args = parser.parse_args()
    env = mjsim.env.env(args.preset, max_steps=args.max_steps)  # reward: each seat's result of the game
    policy = TablePolicy(env.action_space(env.possible_agents[0]).n, np.random.default_rng(args.seed))
    for iteration in range(args.iterations):
        seeds = range(args.seed + iteration * args.games, args.seed + (iteration + 1) * args.games)
        trajectories = [t for seed in seeds for t in collect(env, policy, seed)]
        policy.update(trajectories, args.rate)
        decisions = sum(len(t.actions) for t in trajectories)
        spread = np.std([t.reward for t in trajectories])
        print(
            f"iteration {iteration}: {len(trajectories)} seat-games, {decisions} decisions, reward spread {spread:.0f}"
        )
    env.close()


if __name__ == "__main__":
    main()
