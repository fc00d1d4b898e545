"""Bots for 地雷麻雀 (variants/jirai): a dealer who uses the forbidden set it is told, and one who ignores it.

Only the ``Observation`` is read: ``extra["jirai_forbidden"]`` (the dealer's private knowledge),
``extra["jirai_forbidden_count"]`` and ``extra["jirai_public"]`` (the public facts of past wins: per hand,
its dealer, the count and each win's pool yaku and outcome). Non-dealers keep a belief over the forbidden
sets of the known size: uniform, conditioned on the clean wins seen since the set was last drawn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from mjsim.agents.bots import EfficiencyBot
from mjsim.agents.observation import Observation
from mjsim.engine.actions import DISCARD, PASS, RON, TSUMO, Action
from mjsim.errors import MjsimError
from mjsim.rules import Rules
from mjsim.scoring import Score, WinContext
from variants.jirai import options as opt
from variants.jirai.matching import pool_hits
from variants.jirai.options import POOL_YAKU
from variants.jirai.state import pool
from variants.riichi.api import RIICHI, base_points, hand_value, score_win
from variants.riichi.api import table_facts as tf


def win_pool_yaku(obs: Observation, action: Action, rules: Rules) -> frozenset[str] | None:
    """The pool yaku the offered win would contain under ``rules``, as far as the seat can tell (None: no win)."""
    scored = _scored_win(obs, action, rules)
    return None if scored is None else pool_hits(scored[0].hits, rules)


def _scored_win(obs: Observation, action: Action, rules: Rules) -> tuple[Score, WinContext] | None:
    """The riichi score of the offered win as the seat can tell it, with its context (None: no win)."""
    tsumo = action.kind == TSUMO
    concealed = obs.tiles if tsumo else obs.tiles + (action.tile,)
    ctx = WinContext(
        concealed=tuple(concealed),
        win_tile=action.tile,
        melds=obs.melds[obs.seat],
        tsumo=tsumo,
        seat_wind=obs.seat_wind,
        round_wind=obs.round_wind,
        discarder=None if tsumo else (obs.last_discard[0] - obs.dealer) % 4,
        situation=frozenset({"riichi"} if obs.declared[obs.seat] else ()),  # double riichi is not observable
        table=tf.table_facts(dora=obs.indicators),
    )
    try:
        return score_win(ctx, rules.pattern_index, rules), ctx
    except MjsimError:
        return None


def win_worth(obs: Observation, action: Action, rules: Rules, knows: bool = True) -> float | None:
    """The expected value of taking the offered win, as far as the seat can tell (None: no win).

    Clean, it earns its value with the bonus han; reversed, it pays its value without them (jirai.md §5-§6).
    """
    scored = _scored_win(obs, action, rules)
    if scored is None:
        return None
    score, ctx = scored
    if score.detail.yakuman:
        return float(score.value)  # never reversed, no bonus
    risk = forbidden_chance(obs, rules, pool_hits(score.hits, rules), knows)
    bonus = known_count(obs) if rules[opt.BONUS_HAN_EQUALS_COUNT] else 0
    base, _limit = base_points(score.detail.han + bonus, score.detail.fu, 0, rules)
    return (1.0 - risk) * float(hand_value(base, ctx)) - risk * float(score.value)


def known_count(obs: Observation) -> int:
    """The forbidden count as the seat knows it (0: hidden)."""
    return len(obs.extra.get("jirai_forbidden", ())) or obs.extra.get("jirai_forbidden_count") or 0


def _lineage(public: tuple) -> list[tuple]:
    """The past hands whose set the current one grew from (since the last fresh draw, public facts only)."""
    out: list[tuple] = []
    for index, dealer, k, wins in public:
        if out and (out[-1][1] != dealer or k is None or k != out[-1][2] + 1):
            out = []
        if any(kind == "reversed" for _s, _h, kind in wins):
            out = []  # a forbidden win resets the set: nothing seen so far says anything about the next one
            continue
        out.append((index, dealer, k, wins))
    return out


def belief(k: int, public: tuple, pool: Sequence[str] = POOL_YAKU) -> list[frozenset[str]]:
    """The forbidden sets of size ``k`` drawn from ``pool`` consistent with the clean wins of the current lineage.

    ``public`` ends with the hand in play, so a lineage that does not lead to it is dropped. Approximation:
    every consistent set is taken as equally likely (the exact posterior weights sets by how they grew).
    """
    clean = [(kk, frozenset(h)) for _i, _d, kk, wins in _lineage(public) for _s, h, kind in wins if kind == "clean"]
    sets = [frozenset(c) for c in combinations(pool, k)]
    # A clean win at count kk means kk of the (then) forbidden yaku avoided its pool yaku; they are still in F.
    return [s for s in sets if all(len(s - hits) >= kk for kk, hits in clean)] or sets


def forbidden_chance(obs: Observation, rules: Rules, hits: frozenset[str], knows: bool = True) -> float:
    """The probability that the forbidden set holds one of ``hits``: certain when the seat is told the set (and
    ``knows`` lets it use that), else the share of the sets it believes possible; 0 when the count is hidden."""
    if not hits:
        return 0.0
    if knows and "jirai_forbidden" in obs.extra:
        return 1.0 if hits & frozenset(obs.extra["jirai_forbidden"]) else 0.0
    k = obs.extra.get("jirai_forbidden_count")
    if k is None:
        return 0.0  # the count is hidden: no belief to act on
    sets = belief(k, obs.extra.get("jirai_public", ()), pool(rules))
    return sum(1 for s in sets if s & hits) / len(sets)


def reversal_risk(obs: Observation, action: Action, rules: Rules, knows: bool = True) -> float:
    """The probability that taking the offered win reverses it (the pool yaku it holds are forbidden)."""
    return forbidden_chance(obs, rules, win_pool_yaku(obs, action, rules) or frozenset(), knows)


class JiraiDealerAwareBot(EfficiencyBot):
    """Efficiency play; declines wins the forbidden set (known or believed) would reverse."""

    threshold = 0.5  # decline a win whose reversal probability exceeds this
    uses_knowledge = True

    def __init__(self, rng: random.Random, rules: Rules, threshold: float | None = None) -> None:
        super().__init__(rng, rules)
        if threshold is not None:
            self.threshold = threshold

    def act(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """Decline risky wins, skip a forbidden riichi, otherwise play efficiently."""
        wins = [a for a in actions if a.kind in (TSUMO, RON)]
        if wins and self.reversal_risk(obs, wins[0]) > self.threshold:
            actions = [a for a in actions if a.kind not in (TSUMO, RON)]
            if not actions:
                return wins[0]
            if any(a.kind == PASS for a in actions):
                return next(a for a in actions if a.kind == PASS)
        if self._knows(obs) and "riichi" in obs.extra["jirai_forbidden"]:
            plain = [a for a in actions if a.kind != RIICHI]
            actions = plain if any(a.kind == DISCARD for a in plain) else actions
        return super().act(obs, actions)

    def _knows(self, obs: Observation) -> bool:
        return self.uses_knowledge and "jirai_forbidden" in obs.extra

    def reversal_risk(self, obs: Observation, action: Action) -> float:
        """The probability that taking this win reverses it."""
        return reversal_risk(obs, action, self.rules, self.uses_knowledge)


class JiraiNaiveBot(JiraiDealerAwareBot):
    """The same player, but as dealer it ignores the forbidden set it is told (uses the public belief)."""

    uses_knowledge = False


# What the jirai variant registers (mjsim_register_agents): these bots play only under rule sets that include it.
BOTS = {"jirai_dealer_aware": JiraiDealerAwareBot, "jirai_naive": JiraiNaiveBot}
