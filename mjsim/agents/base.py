"""The agent protocol and what every bot keeps (the registry by name is in ``mjsim.agents.registry``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from mjsim.engine.actions import END_GAME, PLAY_ON, Action
from mjsim.observation import Observation

if TYPE_CHECKING:
    from mjsim.rules import Rules


class Agent(Protocol):
    """Chooses one of ``actions`` given what its seat sees."""

    def act(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """The chosen action (must be one of ``actions``)."""


AgentFactory = Callable[[random.Random, "Rules"], Agent]


class Bot:
    """What every bot keeps: its own random stream and the compiled rules of the game it plays."""

    def __init__(self, rng: random.Random, rules: Rules | None = None) -> None:
        self.rng = rng
        self.rules = rules

    def end_game(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """The answer when the game may end after a hand (和了り止め): end it while this seat leads, else play on.

        The default policy; a bot that weighs the choice (the human-like player) overrides it.
        """
        leading = obs.scores[obs.seat] == max(obs.scores)
        return end_game_answer(actions, leading)


def advised_actions(rules: Rules | None, obs: Observation, actions: Sequence[Action]) -> Sequence[Action]:
    """``actions`` without those the rule set's variants call unwise (``mjsim_unwise_actions``), unless that
    would leave none: a rule-aware bot's choices."""
    if rules is None:
        return actions
    unwise = [
        a for answer in rules.hook.mjsim_unwise_actions(rules=rules, obs=obs, actions=actions) for a in answer or ()
    ]
    if not unwise:
        return actions
    kept = [a for a in actions if a not in unwise]
    return kept or actions


def end_game_answer(actions: Sequence[Action], end: bool) -> Action:
    """``Action("end_game")`` or ``Action("play_on")`` from ``actions``."""
    wanted = END_GAME if end else PLAY_ON
    return next(a for a in actions if a.kind == wanted)


def end_game_offered(actions: Sequence[Action]) -> bool:
    """The actions are the choice to end the game or play on (``mjsim_end_game_offer``)."""
    return any(a.kind == END_GAME for a in actions)
