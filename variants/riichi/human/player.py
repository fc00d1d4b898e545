"""The human-like riichi player: reads the rules and the table, and plays as a person would."""

from __future__ import annotations

import random
from collections.abc import Sequence

from mjsim.agents.base import Bot, advised_actions
from mjsim.agents.hints import NO_HINTS, value_hints
from mjsim.engine.actions import ABORT, ANKAN, CHI, DECLARE_DISCARD, DISCARD, KAKAN, KAN, PASS, PON, RON, TSUMO, Action
from mjsim.observation import Observation
from variants.riichi.human import sanma
from variants.riichi.human.calls import choose_call
from variants.riichi.human.context import Context, TableRules, by_kind
from variants.riichi.human.declare import choose_riichi, play_on_nine_orphans, take_kan
from variants.riichi.human.discard import choose_discard
from variants.riichi.human.profile import Profile
from variants.riichi.human.profile_file import DEFAULT, shipped_profile
from variants.riichi.human.view import rank


class HumanPlayer(Bot):
    """Value-aware efficiency, push/fold by danger, a calling policy, riichi or dama, placement at all-last."""

    def __init__(self, rng: random.Random, rules=None, profile: Profile | None = None) -> None:
        super().__init__(rng, rules)
        self.profile = shipped_profile(DEFAULT) if profile is None else profile
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
        for kind in (TSUMO, RON):
            if kind in grouped:
                return grouped[kind][0]
        hints = value_hints(self.rules, obs) if self.hinted else NO_HINTS
        ctx = Context(obs, self.profile, self.table, self._fold_weight(obs), hints)
        if self.three:
            sanma.adjust(ctx, self.wall_tiles, self.kinds)
        if PASS in grouped:
            calls = [a for a in actions if a.kind in (PON, CHI, KAN)]
            return choose_call(ctx, calls, grouped[PASS][0]) if calls else grouped[PASS][0]
        return self._own_turn(ctx, grouped, actions)

    def context(self, obs: Observation) -> Context:
        """The facts of a decision of ``obs``'s seat, as ``act`` sees them."""
        hints = value_hints(self.rules, obs) if self.hinted else NO_HINTS
        return Context(obs, self.profile, self.table, self._fold_weight(obs), hints)

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

    def _fold_weight(self, obs: Observation) -> float:
        """How much a point lost counts: more for the leader at all-last, less for the last."""
        p = self.profile
        if not self._all_last(obs):
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
    return rules is not None and bool(getattr(rules.hook, hook).get_hookimpls())


def make_human(rng: random.Random, rules=None) -> HumanPlayer:
    """The ``human`` bot with the default profile (the shipped ``phoenix.toml``; at three seats ``tenhou-sanma``)."""
    return HumanPlayer(rng, rules, shipped_profile(sanma.PROFILE if sanma.three_seats(rules) else DEFAULT))


def make_named(name: str, rng: random.Random, rules=None) -> HumanPlayer:
    """The human-like player with the shipped profile ``NAME`` (``human:dan3``: a 3-dan's deal-in)."""
    return HumanPlayer(rng, rules, shipped_profile(name))
