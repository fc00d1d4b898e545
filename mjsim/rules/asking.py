"""The typed doors of the hooks the engine never calls: advice and payoff for players, scoring checks, logging,
the environments' vocabularies (:class:`Ask`, kept at ``rules.ask``), and the registration hooks answered by
every installed variant (:func:`installed_answers`).

With ``rules.flow`` (:class:`mjsim.rules.hooks.Hooks`, the game-flow hooks) these are the only places a hook is
called: ``tests/unit/test_hook_doors.py`` fails on a ``.hook.`` or ``get_hookimpls`` anywhere else in the core or
the variants (a family's own hooks excepted: its module that declares them is their door).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:  # types for mypy only: importing them here would make the rules import the players
    from mjsim.agents.observation import Observation
    from mjsim.engine.actions import Action
    from mjsim.scoring import WinContext


class Ask:
    """One rule set's hooks that players, scoring checks, logs and environments ask (never the engine)."""

    def __init__(self, relay: pluggy.HookRelay) -> None:
        self._relay = relay

    def implements(self, hook: str) -> bool:
        """Whether any variant of the rule set implements ``hook`` (a player skips advice nobody gives)."""
        caller = getattr(self._relay, hook, None)
        return caller is not None and bool(caller.get_hookimpls())

    def unwise_actions(self, rules, obs: Observation, actions: list[Action]) -> list[Action]:
        """``mjsim_unwise_actions``: every variant's offered actions a rule-aware player avoids, joined."""
        answers = self._relay.mjsim_unwise_actions(rules=rules, obs=obs, actions=actions)
        return [a for answer in answers for a in answer or ()]

    def default_agent(self) -> str | None:
        """``mjsim_default_agent``: the family's best bot, or None."""
        return self._relay.mjsim_default_agent()

    def agents(self) -> list[dict[str, Any]]:
        """``mjsim_register_agents``: each variant's bots (name -> factory), the last registered first."""
        return list(self._relay.mjsim_register_agents())

    def side_payoffs(self, rules, obs: Observation) -> list[Any]:
        """``mjsim_side_payoffs``: every variant's side payoffs for the seat (None answers left out)."""
        return [a for a in self._relay.mjsim_side_payoffs(rules=rules, obs=obs) if a is not None]

    def final_settlement(self, game) -> dict[str, Any] | None:
        """``mjsim_final_settlement`` of a game or a stand-in table (the payoff model's ``_FinalTable``)."""
        return self._relay.mjsim_final_settlement(game=game)

    def hand_swing(self, rules) -> Any:
        """``mjsim_hand_swing``: the family's points a hand moves, or None."""
        return self._relay.mjsim_hand_swing(rules=rules)

    def payoff_view(self, rules, obs: Observation, first_dealer: int | None) -> Any:
        """``mjsim_payoff_view``: the family's reading of the seat's standing, or None."""
        return self._relay.mjsim_payoff_view(rules=rules, obs=obs, first_dealer=first_dealer)

    def action_kinds(self, rules) -> list[str]:
        """``mjsim_action_kinds``: the action kinds the variants add, in order."""
        return [k for batch in self._relay.mjsim_action_kinds(rules=rules) for k in batch or ()]

    def observation_fields(self, rules) -> list[Any]:
        """``mjsim_observation_fields``: the observation fields the variants add, in order."""
        return [f for batch in self._relay.mjsim_observation_fields(rules=rules) for f in batch or ()]

    def play_terms(self, rules) -> Any:
        """``mjsim_play_terms``: the family's names for its play figures, or None."""
        return self._relay.mjsim_play_terms(rules=rules)

    def check_win(self, rules, ctx: WinContext) -> list[str]:
        """``mjsim_check_win``: why the win cannot happen in a game, one reason per variant that says so."""
        return [reason for reason in self._relay.mjsim_check_win(ctx=ctx, rules=rules) if reason]

    def log_formats(self, rules) -> Iterator[Any]:
        """``mjsim_register_log_formats``: every variant's batch of log formats the rule set can be written in."""
        yield from self._relay.mjsim_register_log_formats(rules=rules)

    def log_facts(self, game) -> list[dict[str, Any]]:
        """``mjsim_log_facts``: every variant's facts of the hand in play for the log (None answers left out)."""
        return [batch for batch in self._relay.mjsim_log_facts(game=game) if batch]


def variant_answer(pm: pluggy.PluginManager, hook: str, variant: str, **kwargs: Any) -> Any:
    """A registration hook asked of the one variant ``variant`` that ``pm`` holds (None: it does not implement it)."""
    for impl in getattr(pm.hook, hook).get_hookimpls():
        if impl.plugin_name == variant:
            return impl.function(**{a: kwargs[a] for a in impl.argnames})
    return None


def installed_answers(pm: pluggy.PluginManager, hook: str, **kwargs: Any) -> list[tuple[str, Any]]:
    """A registration hook asked of each variant ``pm`` holds: (variant, answer) pairs, in pluggy's order."""
    impls = getattr(pm.hook, hook).get_hookimpls()[::-1]  # pluggy calls the last registered first
    return [(impl.plugin_name, impl.function(**{a: kwargs[a] for a in impl.argnames})) for impl in impls]
