"""What a person who knows 地雷麻雀 avoids (``mjsim_unwise_actions``): a win worth less than nothing in
expectation, and a riichi more likely forbidden than not (riichi in the forbidden set reverses every win it
leads to).

Only the seat's observation is read, through the same belief the jirai bots use: a told dealer knows the
set; everybody else weighs the sets the public history leaves possible. At a reversal chance ``p`` a win is
worth ``(1 - p)`` times its value with the bonus han minus ``p`` times its plain value (a reversed win pays
it): taking it is unwise when that is below zero. With many forbidden yaku the bonus is large, so a win is
often worth taking even when it is more likely reversed than not. A win known to be reversed is never taken:
it costs its plain value for sure, more than playing on is expected to cost a ready hand at the win rates
measured (docs/players.md, 地雷: "Reversed wins, by expected value").
"""

from __future__ import annotations

from collections.abc import Sequence

from mjsim.engine.actions import RON, TSUMO, Action
from mjsim.observation import Observation
from mjsim.rules import Rules
from variants.jirai.bots import forbidden_chance, win_worth
from variants.riichi.vocabulary import RIICHI

UNWISE_CHANCE = 0.5
"""Above this chance of riichi being forbidden, declaring it loses in expectation."""


def unwise_actions(rules: Rules, obs: Observation, actions: Sequence[Action]) -> list[Action]:
    """The offered wins and riichi declarations a person would not take under 地雷."""
    unwise = [a for a in actions if a.kind in (TSUMO, RON) and (win_worth(obs, a, rules) or 0.0) < 0.0]
    declares = [a for a in actions if a.kind == RIICHI]
    if declares and forbidden_chance(obs, rules, frozenset({"riichi"})) > UNWISE_CHANCE:
        unwise += declares
    return unwise
