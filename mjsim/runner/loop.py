"""The game loop of ``mjsim.runner.games``, compiled with the engine: it runs once per decision of every game."""

from __future__ import annotations

from mjsim.agents.observation import observe
from mjsim.checking.invariants import StepChecker, step_mark
from mjsim.engine import core
from mjsim.engine.state import Game


def play_steps(game: Game, agents, checker: StepChecker | None) -> list[str]:
    """The game loop: ask the seats that must decide, step; the invariant violations (with a ``checker``)."""
    violations: list[str] = []
    while not game.over:
        offers = core.pending(game)
        if not offers:
            break
        chosen = {}
        for s, acts in offers.items():
            chosen[s] = agents[game.player_at(s)].act(observe(game, s), acts)  # players may change seats
        if checker is None:
            core.step(game, chosen)
            continue
        before = step_mark(game)
        core.step(game, chosen)
        violations += checker.after_step(game, before)
    if checker is not None:
        violations += [v for v in checker.at_end(game) if v not in violations]
    return violations
