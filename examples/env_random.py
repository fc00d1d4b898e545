"""Random agents play whole games in ``mjsim.env``, under any preset (docs/env.md).

    python examples/env_random.py --preset chengdu --games 3 --seed 1

Each agent picks uniformly among its legal actions (the mask); at the end every seat's reward is its result
of the game, which the script prints with the game's length. Under 台湾's rules random players rarely win and
the dealer keeps the deal on a drawn hand, so a game can run very long: ``--max-steps`` truncates it.
"""

from __future__ import annotations

import argparse

import numpy as np

import mjsim.env


def play_game(env, rng: np.random.Generator, seed: int) -> tuple[dict[str, float], int, bool]:
    """One game of random agents: each seat's total reward, the decisions made, and whether it was truncated."""
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    decisions, truncated = 0, False
    for agent in env.agent_iter():
        obs, reward, terminated, truncated_now, _ = env.last()
        totals[agent] += reward
        truncated = truncated or truncated_now
        if terminated or truncated_now:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        decisions += 1
    return totals, decisions, truncated


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="tenhou")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-steps", type=int, default=5000, help="truncate a game after this many engine steps")
    args = parser.parse_args()
    env = mjsim.env.env(args.preset, max_steps=args.max_steps)
    rng = np.random.default_rng(args.seed)
    for game in range(args.games):
        totals, decisions, truncated = play_game(env, rng, args.seed + game)
        rewards = "  ".join(f"{agent} {value:+g}" for agent, value in totals.items())
        print(f"game {game}: {decisions} decisions{' (truncated)' if truncated else ''}; rewards {rewards}")
    env.close()


if __name__ == "__main__":
    main()
