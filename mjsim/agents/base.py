"""The agent protocol and what every bot keeps (the registry by name is in ``mjsim.agents.registry``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from mjsim.agents.observation import Observation
from mjsim.engine.actions import END_GAME, PLAY_ON, Action

if TYPE_CHECKING:
    from mjsim.rules import Rules


class Agent(Protocol):
    """Chooses one of ``actions`` given what its seat sees."""

    def act(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """The chosen action (must be one of ``actions``)."""


AgentFactory = Callable[[random.Random, "Rules"], Agent]


END_GAME_MARGIN = 0.1
"""The lead, as a share of the table's points, above which a bot ends the game when it may (和了り止め).

At a four-seat 25,000 table that is 10,000 points: more than a non-dealer's mangan direct hit swings (8,000 +
8,000 would need a haneman), so the lead is safe and the bot stops. Within it the lead is thin, and the dealer,
who keeps the deal and the next hand's dealer payment, plays on to build it.
"""


class Bot:
    """What every bot keeps: its own random stream and the compiled rules of the game it plays."""

    def __init__(self, rng: random.Random, rules: Rules | None = None) -> None:
        self.rng = rng
        self.rules = rules

    def end_game(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """The answer when the game may end after a hand (和了り止め): end it while this seat leads by more than
        :data:`END_GAME_MARGIN` of the table's points, else play on.

        The default policy; a bot that weighs the choice (the human-like player) overrides it.
        """
        return end_game_answer(actions, safe_lead(obs.scores, obs.seat))


def advised_actions(rules: Rules | None, obs: Observation, actions: Sequence[Action]) -> Sequence[Action]:
    """``actions`` without those the rule set's variants call unwise (``mjsim_unwise_actions``), unless that
    would leave none: a rule-aware bot's choices."""
    if rules is None:
        return actions
    unwise = [a for a in rules.ask.unwise_actions(rules, obs, actions)]
    if not unwise:
        return actions
    kept = [a for a in actions if a not in unwise]
    return kept or actions


def join_game(agents: Sequence[object], game) -> None:
    """Seat every agent that runs outside this process in ``game`` (an optional ``join(game, seat)``).

    Such an agent (the riichi family's mjai seat) starts its process here and follows the game's events; it
    must tell its seat only what :class:`~mjsim.agents.observation.Observation` would (the same rule as every bot).
    """
    for seat, agent in enumerate(agents):
        join = getattr(agent, "join", None)
        if join is not None:
            join(game, seat)


def close_agents(agents: Sequence[object]) -> None:
    """End what every agent started for the game (an optional ``close()``), even after an error."""
    for agent in agents:
        close = getattr(agent, "close", None)
        if close is not None:
            close()


def agent_facts(agents: Sequence[object]) -> dict[str, list[int]]:
    """The facts agents keep of a game (an optional ``facts() -> {name: count}``), one list per fact by seat."""
    out: dict[str, list[int]] = {}
    for seat, agent in enumerate(agents):
        facts = getattr(agent, "facts", None)
        for name, value in (facts() if facts is not None else {}).items():
            out.setdefault(name, [0] * len(agents))[seat] = value
    return out


def safe_lead(scores: Sequence[int], seat: int) -> bool:
    """``seat`` leads every other seat by more than :data:`END_GAME_MARGIN` of the points on the table."""
    others = max(s for other, s in enumerate(scores) if other != seat)
    return scores[seat] - others > END_GAME_MARGIN * sum(scores)


def end_game_answer(actions: Sequence[Action], end: bool) -> Action:
    """``Action("end_game")`` or ``Action("play_on")`` from ``actions``."""
    wanted = END_GAME if end else PLAY_ON
    return next(a for a in actions if a.kind == wanted)


def end_game_offered(actions: Sequence[Action]) -> bool:
    """The actions are the choice to end the game or play on (``mjsim_end_game_offer``)."""
    for a in actions:  # a loop, not any() over a generator: every bot asks this at every decision
        if a.kind == END_GAME:
            return True
    return False
