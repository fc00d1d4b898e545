"""The agent protocol and what every bot keeps (the registry by name is in ``mjsim.agents.registry``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from mjsim.engine.actions import Action
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
