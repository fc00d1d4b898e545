"""The error model: a bot that now and then declares what the rules refuse (``NAME~RATE[~KIND+KIND]``).

``efficiency~0.005`` plays as ``efficiency`` but makes one mistake in a hand with probability 0.005 (one in 200
hands): at its first decision of that hand where the rules list a mistake, it declares one of them instead of
its choice. The rules list the mistakes a seat could make now in its observation, ``extra["mistakes"]`` =
{kind: [Action, ...]} (a variant that judges them through ``mjsim_refused_action`` fills it: the penalties
variant's false wins, noten riichi, mis-calls, wrong hand sizes); ``~false_win+miscall`` keeps to those kinds.
The mistakes draw from a stream of their own, so until its first mistake the bot plays its base bot's game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from mjsim.agents.observation import Observation
from mjsim.engine.actions import Action
from mjsim.errors import MjsimError

SEPARATOR = "~"
MISTAKES = "mistakes"
"""The observation's ``extra`` key under which the rules list the mistakes a seat could make now."""


class MistakenAgent:
    """A base bot that makes one mistake in a hand with probability ``rate`` (of the ``kinds``, or any)."""

    def __init__(self, inner, rate: float, kinds: frozenset[str], rng: random.Random) -> None:
        self.inner, self.rate, self.kinds = inner, rate, kinds
        self.rng = random.Random(repr(rng.getstate()))  # its own stream: the base bot's draws stay as they were
        self.hand: int | None = None
        self.due = False

    def act(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """The base bot's choice, or the hand's mistake once it is due and the rules offer one."""
        if obs.hand_index != self.hand:
            self.hand, self.due = obs.hand_index, self.rng.random() < self.rate
        offered = {
            k: v for k, v in (obs.extra.get(MISTAKES) or {}).items() if v and (not self.kinds or k in self.kinds)
        }
        if self.due and offered:
            self.due = False
            kind = self.rng.choice(sorted(offered))
            return self.rng.choice(list(offered[kind]))
        return self.inner.act(obs, actions)


def split_name(name: str) -> tuple[str, float, frozenset[str]] | None:
    """(base bot, rate, kinds) of a ``NAME~RATE[~KIND+KIND]`` name; None for a plain name; bad ones refused."""
    if SEPARATOR not in name:
        return None
    base, _, rest = name.partition(SEPARATOR)
    rate_text, _, kinds_text = rest.partition(SEPARATOR)
    try:
        rate = float(rate_text)
    except ValueError:
        rate = -1.0
    if not base or not 0.0 <= rate <= 1.0:
        raise MjsimError(f"agent {name!r}: write NAME~RATE with a rate from 0 to 1 (efficiency~0.005)")
    kinds = frozenset(k for k in kinds_text.split("+") if k)
    return base, rate, kinds


def base_name(name: str) -> str:
    """The base bot of a ``NAME~RATE`` name (the name itself when plain); a bad rate is refused."""
    mistaken = split_name(name)
    return name if mistaken is None else mistaken[0]
