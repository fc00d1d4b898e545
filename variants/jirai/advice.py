"""What a person who knows 地雷麻雀 avoids (``mjsim_unwise_actions``): a win more likely reversed than not, and a
riichi more likely forbidden than not (riichi in the forbidden set reverses every win it leads to).

Only the seat's observation is read, through the same belief the jirai bots use: a told dealer knows the
set; everybody else weighs the sets the public history leaves possible. A reversed win pays its value
instead of receiving it, so at a reversal chance ``p`` a win is worth ``(1 - 2p)`` of its value: taking it is
unwise above one half.
"""

from __future__ import annotations

from collections.abc import Sequence

from mjsim.engine.actions import RON, TSUMO, Action
from mjsim.observation import Observation
from mjsim.rules import Rules
from variants.jirai.bots import forbidden_chance, reversal_risk
from variants.riichi.vocabulary import RIICHI

UNWISE_CHANCE = 0.5
"""Above this chance of a reversal, taking the win (or declaring riichi) loses in expectation."""


def unwise_actions(rules: Rules, obs: Observation, actions: Sequence[Action]) -> list[Action]:
    """The offered wins and riichi declarations a person would not take under 地雷."""
    unwise = [a for a in actions if a.kind in (TSUMO, RON) and reversal_risk(obs, a, rules) > UNWISE_CHANCE]
    declares = [a for a in actions if a.kind == RIICHI]
    if declares and forbidden_chance(obs, rules, frozenset({"riichi"})) > UNWISE_CHANCE:
        unwise += declares
    return unwise
