"""The human-like riichi player: reads the rules and the table, and plays as a person would."""

from __future__ import annotations

import random
from collections.abc import Sequence

from mjsim.agents.base import Bot, advised_actions
from mjsim.agents.observation import Observation
from mjsim.agents.payoff import NO_SIDE, payoff_model, payoff_view, side_payoffs
from mjsim.engine.actions import (
    ABORT,
    ANKAN,
    CHI,
    DECLARE_DISCARD,
    DISCARD,
    END_GAME,
    KAKAN,
    KAN,
    PASS,
    PLAY_ON,
    PON,
    RON,
    TSUMO,
    Action,
)
from variants.riichi.hints import NO_HINTS, value_hints
from variants.riichi.human import sanma
from variants.riichi.human.calls import choose_call
from variants.riichi.human.context import Context, TableRules, by_kind
from variants.riichi.human.declare import choose_riichi, play_on_nine_orphans, take_kan
from variants.riichi.human.discard import choose_discard
from variants.riichi.human.profile import Profile
from variants.riichi.human.profile_file import DEFAULT, shipped_profile
from variants.riichi.human.stakes import BLIND, Stakes, StakesReader
from variants.riichi.human.view import rank


class HumanPlayer(Bot):
    """Value-aware efficiency, push/fold by danger, a calling policy, riichi or dama; payoff-aware (``aware``):
    outcomes weighed by the rule set's expected final settlement, else placement by rule of thumb at all-last."""

    def __init__(self, rng: random.Random, rules=None, profile: Profile | None = None, aware: bool = True) -> None:
        super().__init__(rng, rules)
        self.profile = shipped_profile(DEFAULT) if profile is None else profile
        self.reader = _stakes_reader(rules) if aware else None
        self.sided = aware and _implemented(rules, "mjsim_side_payoffs")
        self._stakes_key: tuple | None = None  # the standing the last stakes were worked out for
        self._stakes_last: Stakes = BLIND
        self.table = TableRules.of(rules)
        self.first_dealer: int | None = None  # the game's first dealer, seen at the first decision
        # A hook no variant of the rule set implements answers nothing: it is not asked at every decision.
        self.advised = _implemented(rules, "mjsim_unwise_actions")
        self.hinted = _implemented(rules, "mjsim_value_hints")
        self.three = sanma.three_seats(rules)  # three seats: the North set aside, a 108-tile game (human.sanma)
        self.wall_tiles = len(rules.flow.setup.tiles) if self.three else 136
        self.kinds = len({t // 4 for t in rules.flow.setup.tiles}) if self.three else 34  # tile kinds in play

    def act(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """The chosen action among ``actions``."""
        if self.first_dealer is None:
            self.first_dealer = obs.dealer
        if self.advised:
            actions = advised_actions(self.rules, obs, actions)  # what the rule set's variants advise against
        grouped = by_kind(actions)  # compiled: this loop over every offered action ran on each decision
        if END_GAME in grouped:
            return self.end_game(obs, actions) if self.reader is not None else actions[0]
        for kind in (TSUMO, RON):
            if kind in grouped:
                return grouped[kind][0]
        ctx = self.context(obs)
        if PASS in grouped:
            calls = [a for a in actions if a.kind in (PON, CHI, KAN)]
            return choose_call(ctx, calls, grouped[PASS][0]) if calls else grouped[PASS][0]
        return self._own_turn(ctx, grouped, actions)

    def context(self, obs: Observation) -> Context:
        """The facts of a decision of ``obs``'s seat, as ``act`` sees them (the three-seat ideas and the payoff's
        stakes included)."""
        hints = value_hints(self.rules, obs) if self.hinted else NO_HINTS
        ctx = Context(obs, self.profile, self.table, self._fold_weight(obs), hints)
        if self.three:
            sanma.adjust(ctx, self.wall_tiles, self.kinds)
        if self.reader is not None:
            ctx.stakes = self._stakes(obs, tuple(t.seat for t in ctx.threats))
        return ctx

    def judge(self, obs: Observation, actions: Sequence[Action], chosen: Action, logged: Action) -> tuple[bool, str]:
        """Whether this player prefers ``chosen`` to the logged ``logged`` by its own values (not a tie), and why
        (``mjsim view --advise``)."""
        from variants.riichi.human.explain import judge

        if self.advised:
            actions = advised_actions(self.rules, obs, actions)
        return judge(self.context(obs), actions, chosen, logged)

    def _own_turn(self, ctx: Context, grouped: dict[str, list[Action]], actions: Sequence[Action]) -> Action:
        """Nine orphans, kans, riichi or a discard."""
        if ABORT in grouped and not play_on_nine_orphans(ctx):
            return grouped[ABORT][0]
        north = sanma.north_set_aside(ctx, grouped, actions) if self.three else None
        if north is not None:
            return north
        for kan in grouped.get(ANKAN, []) + grouped.get(KAKAN, []):
            if take_kan(ctx, kan):
                return kan
        discards = grouped.get(DISCARD, [])
        if DECLARE_DISCARD in grouped and discards:
            return choose_riichi(ctx, grouped[DECLARE_DISCARD], discards)
        if not discards:  # only choices this player does not know (a variant's declaration): the first
            return actions[0]
        return choose_discard(ctx, discards)

    def _stakes(self, obs: Observation, threats: tuple[int, ...]) -> Stakes:
        """What this hand's outcomes are worth to the seat (``stakes.py``), worked out again only when the table's
        standing or the threats changed (most decisions of a hand share them)."""
        key = (obs.hand_index, obs.scores, obs.sticks, threats)
        if key == self._stakes_key:
            return self._stakes_last
        view = payoff_view(self.rules, obs, self.first_dealer)
        if view is None or self.reader is None:
            return BLIND
        side = side_payoffs(self.rules, obs) if self.sided else NO_SIDE
        self._stakes_key, self._stakes_last = key, self.reader.stakes(view, side, threats)
        return self._stakes_last

    def end_game(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """和了り止め / 聴牌止め by expected settlement: stop now, or play on as the dealer (its edge, its risk)."""
        reader = self.reader
        view = payoff_view(self.rules, obs, self.first_dealer)
        if reader is None or view is None:
            return actions[0]
        model = reader.model
        stop = model.settle(obs.scores)[obs.seat]
        keeps = view.dealer_hands + 1.0  # the hand played on, and those the dealer then keeps
        on = model.expected(obs.scores, keeps, obs.seat, keeps)[obs.seat]
        wanted = PLAY_ON if on > stop else END_GAME
        return next(a for a in actions if a.kind == wanted)

    def _fold_weight(self, obs: Observation) -> float:
        """How much a point lost counts: more for the leader at all-last, less for the last (payoff-blind only:
        the aware player reads placement from the payoff)."""
        p = self.profile
        if self.reader is not None or not self._all_last(obs):
            return p.fold_weight
        place = rank(obs)
        if place == 0:
            return p.fold_weight * p.fold_weight_top_all_last
        if place == len(obs.scores) - 1:
            return p.fold_weight * p.fold_weight_last_all_last
        return p.fold_weight

    def _all_last(self, obs: Observation) -> bool:
        """The game's last scheduled hand: the last round wind and the last dealer of the rotation."""
        seats = len(obs.scores)
        return obs.round_wind == self.table.last_wind and obs.dealer == (self.first_dealer + seats - 1) % seats


def _implemented(rules, hook: str) -> bool:
    """Whether a variant of ``rules`` implements ``hook`` (no rules: none does)."""
    return rules is not None and rules.ask.implements(hook)


def _stakes_reader(rules) -> StakesReader | None:
    """The payoff model's reader for ``rules`` (None: no rules, or a family without a payoff model)."""
    if rules is None:
        return None
    model = payoff_model(rules)
    if model is None:
        return None
    from variants.riichi import options as opt
    from variants.riichi.payoff import start_view

    norm = model.point_value(start_view(rules, 0))
    return StakesReader(model, norm, int(rules[opt.NOTEN_PAYMENT_TOTAL]))


def make_human(rng: random.Random, rules=None) -> HumanPlayer:
    """The ``human`` bot with the default profile (``phoenix.toml``; at three seats ``tenhou-sanma``), payoff-aware."""
    return HumanPlayer(rng, rules, shipped_profile(_default_profile(rules)))


def _default_profile(rules) -> str:
    """The shipped profile the ``human`` players play by default: the three-player one at three seats."""
    return sanma.PROFILE if sanma.three_seats(rules) else DEFAULT


def make_blind(rng: random.Random, rules=None) -> HumanPlayer:
    """The ``human:blind`` bot: the default profile reading no payoff (points are points; the issue-15 player)."""
    return HumanPlayer(rng, rules, shipped_profile(_default_profile(rules)), aware=False)


def make_named(name: str, rng: random.Random, rules=None) -> HumanPlayer:
    """The ``human:NAME`` bot: the payoff-aware player with the shipped profile ``NAME`` (``profiles/NAME.toml``)."""
    return HumanPlayer(rng, rules, shipped_profile(name))
