"""The bot line-ups ``mjsim bench game`` measures, and mjsim's side of the policy both engines can play.

``greedy`` is the shanten-greedy policy of ``benchmarks/peers.py`` written for mjsim: take a win, declare
riichi and abort (kyuushu kyuuhai) when offered, pass on every call, otherwise discard the tile whose removal
leaves the fewest shanten (ties: honours, then terminals, then the first offered).  ``tsumogiri`` is mjsim's
own ``TsumogiriBot`` and riichienv's tsumogiri policy in ``peers.py`` (win when offered, else discard the
tile just drawn).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from mjsim.agents.base import Bot
from mjsim.agents.observation import Observation
from mjsim.engine.actions import ABORT, DECLARE_DISCARD, DISCARD, END_GAME, PASS, RON, TSUMO, Action
from mjsim.hand.discard_kernel import shanten_after_discards
from mjsim.hand.tiles import kind_of

GREEDY = "greedy"  # the benchmark's own bot, not a registered agent: played through play_game's seat_agent
# line-up name -> (bot names around the table, riichienv's policy beside it: the same one, or its greedy one)
LINEUPS: dict[str, tuple[tuple[str, ...], str]] = {
    "efficiency": (("efficiency",), "greedy"),
    "human": (("human",), "greedy"),
    "mixed": (("human", "efficiency"), "greedy"),
    "greedy": ((GREEDY,), "greedy"),
    "tsumogiri": (("tsumogiri",), "tsumogiri"),
}
SAME_POLICY = ("greedy", "tsumogiri")  # line-ups whose riichienv side plays the very same policy


def _keep_kind(kind: int) -> int:
    """Tie-break between equal discards: let go of honours, then terminals, first (as peers.py does)."""
    return 0 if kind >= 27 else (1 if kind % 9 in (0, 8) else 2)


class GreedyBot(Bot):
    """The shanten-greedy policy riichienv's side plays: wins, riichi, aborts, no calls, fewest shanten."""

    def act(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """The first offered of win, riichi, abort, pass; otherwise the greedy discard."""
        offered = {a.kind: a for a in reversed(actions)}  # the first action of each kind
        if END_GAME in offered:
            return self.end_game(obs, actions)
        for kind in (TSUMO, RON, ABORT, PASS):
            if kind in offered:
                return offered[kind]
        discards = (
            [a for a in actions if a.kind == DECLARE_DISCARD and not a.tiles] if DECLARE_DISCARD in offered else []
        )
        if not discards:
            discards = [a for a in actions if a.kind == DISCARD]
        return greedy_discard(obs, discards) if discards else actions[0]


def greedy_discard(obs: Observation, options: list[Action]) -> Action:
    """The option whose removal leaves the fewest shanten (the discard kernel, once per hand); ties as in peers.py."""
    firsts: dict[int, Action] = {}  # kind -> the first option of that kind
    for action in options:
        assert action.tile is not None  # a discard always names its tile
        firsts.setdefault(kind_of(action.tile), action)
    kinds = list(firsts)
    after = shanten_after_discards(list(obs.counts), kinds)
    keys = [(sh, _keep_kind(kind)) for kind, sh in zip(kinds, after, strict=True)]
    return firsts[kinds[keys.index(min(keys))]]


def seat_names(lineup: str, seats: int) -> list[str]:
    """The bot names around a table of ``seats`` for a line-up name, or for comma-separated bot names."""
    names = list(LINEUPS[lineup][0]) if lineup in LINEUPS else [n.strip() for n in lineup.split(",") if n.strip()]
    return [names[seat % len(names)] for seat in range(seats)] if names else []


def seat_agent_for(names: Sequence[str], rules: Any):
    """``play_game``'s ``seat_agent`` for a table that seats the benchmark's greedy bot (None: all registered)."""
    if GREEDY not in names:
        return None
    from mjsim.agents import make_agent

    def build(seat: int, rng: random.Random) -> Any:
        """The seat's bot: the greedy one, or the registered one of that name."""
        return GreedyBot(rng, rules) if names[seat] == GREEDY else make_agent(names[seat], rng, rules)

    return build
