"""One decision's facts, worked out once: the rules the player reads, what it sees, who threatens it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mjsim.agents.observation import Observation, visible_counts
from mjsim.engine.actions import Action
from mjsim.hand import discard_kernel as kernel
from mjsim.hand.tiles import kind_of
from variants.common import hazards
from variants.riichi import options as opt
from variants.riichi.hints import NO_HINTS, ValueHints
from variants.riichi.human import hinted, ready, value
from variants.riichi.human.profile import Profile
from variants.riichi.human.stakes import BLIND, Stakes
from variants.riichi.human.view import Threat, dora_kinds, is_open, threats, value_kinds


@dataclass(frozen=True)
class TableRules:
    """The rule options a person plays by, read once per game from the compiled rules."""

    kuitan: bool = True
    atozuke: bool = True
    red_ids: frozenset[int] = frozenset()
    noten_payments: bool = True
    last_wind: int = 28  # the round wind of the game's last round (hanchan: South)
    rules: Any = field(default=None, compare=False, repr=False)  # the compiled rules (a ready hand is scored)

    @classmethod
    def of(cls, rules) -> TableRules:
        """The options of ``rules`` (no rules: Tenhou's)."""
        if rules is None:
            return cls()
        length = rules[opt.GAME_LENGTH]
        return cls(
            kuitan=bool(rules[opt.KUITAN]),
            atozuke=bool(rules[opt.ATOZUKE]),
            red_ids=frozenset(rules.flow.setup.red_ids),
            noten_payments=bool(rules[opt.NOTEN_PAYMENT_TOTAL]),
            last_wind={"east": 27, "hanchan": 28}.get(length, 30),
            rules=rules,
        )


class Context:
    """The facts of one decision of ``obs``'s seat."""

    def __init__(
        self, obs: Observation, profile: Profile, table: TableRules, fold_weight: float, hints: ValueHints = NO_HINTS
    ) -> None:
        self.obs, self.profile, self.table, self.fold_weight = obs, profile, table, fold_weight
        self.stakes: Stakes = BLIND  # what outcomes are worth under the payoff (the player sets it when aware)
        self.hints = hints  # what the rule set's variants make yaku and tiles worth (none: the plain estimate)
        self.hinted = bool(hints)  # asked once per value estimate: read here once per decision
        self.counts = list(obs.counts)
        self.dealer = obs.seat == obs.dealer
        self.opened = is_open(obs)
        # Worked out here, not in cached properties: compiled by mypyc, a cached_property is a plain property that
        # recomputes on every read (the visible counts were counted again for every discard candidate).
        self.seen = visible_counts(obs)  # copies of each kind in sight
        # ready.ready_points by hand: the look-ahead meets one ready hand by several paths in one decision
        self.ready_memo: dict[tuple, float] = {}
        self.win_table: dict[tuple, float] | None = None  # ready.seat_table: the scored wins of this seat, kept
        self.river_kinds = {kind_of(t) for t in obs.rivers[obs.seat]}  # a wait among them is furiten
        self.doras = dora_kinds(obs)  # dora kinds, one per indicator
        self.threats: list[Threat] = threats(obs, profile)  # the seats that may be ready
        self.unseen = max(1, 136 - sum(self.seen))  # tiles this seat has not seen (the wall, the others' hands)
        self.value_kinds = frozenset(value_kinds(obs))  # honours whose triplet is a yaku for this seat
        red_ids = table.red_ids
        self.red_held = value.red_tiles(obs.tiles, obs.melds[obs.seat], red_ids)  # red fives, concealed and melded
        self.plain_kinds = frozenset(kind_of(t) for t in obs.tiles if t not in red_ids)  # held as a non-red copy

    def facts(
        self, counts: list[int], melds: tuple | None = None, tiles=None, red: int | None = None
    ) -> value.HandFacts:
        """The value facts of a hand with ``counts`` concealed (default melds, tiles, red fives: the seat's own)."""
        if red is None and melds is None and tiles is None:
            red = self.red_held  # the seat's own hand: counted once per decision
        melds = self.obs.melds[self.obs.seat] if melds is None else melds
        tiles = self.obs.tiles if tiles is None else tiles
        return value.HandFacts(
            counts=counts,
            melds=melds,
            red_tiles=value.red_tiles(tiles, melds, self.table.red_ids) if red is None else red,
            doras=self.doras,
            value_kinds=self.value_kinds,
            kuitan=self.table.kuitan,
            atozuke=self.table.atozuke,
            local_kinds=self.hints.triplet_yaku,
        )

    def hand_points(
        self,
        counts: list[int],
        melds: tuple | None = None,
        tiles=None,
        closed: bool | None = None,
        red: int | None = None,
    ) -> int:
        """Estimated points of the hand if it wins (0: an open hand with no reachable yaku)."""
        closed = (not self.opened) if closed is None else closed
        facts = self.facts(counts, melds, tiles, red)
        p = self.profile
        if self.hinted:
            exact = ready.exact_points(self, counts, melds, tiles, closed) if self.hints.yaku_risk else None
            if exact is not None:  # a ready hand under yaku risks: its waits scored, not guessed
                return int(exact)
            return int(hinted.hinted_points(facts, closed, self.dealer, self.hints, p))
        han = value.yaku_han(facts, closed, p.honitsu_min_tiles, p.toitoi_min_pairs)
        if han == 0 and not closed:
            return 0
        han += value.dora_han(facts) + (1 if closed else 0)  # a closed hand has riichi (or menzen tsumo)
        return value.points(han, self.dealer)

    def value_after(self, kind: int) -> float:
        """Estimated points of the hand without one tile of ``kind`` (a plain copy goes before a red five)."""
        red = self.red_held - (0 if kind in self.plain_kinds else 1)
        counts = self.counts
        counts[kind] -= 1
        try:
            if self.hints.yaku_risk:  # a ready hand is then scored exactly: that needs the very tiles it keeps
                return float(
                    self.hand_points(counts, tiles=ready.tiles_without(self.obs.tiles, kind, self.table.red_ids))
                )
            return float(self.hand_points(counts, red=red))
        finally:
            counts[kind] += 1

    def win_chance(self, shanten_after: int, tiles_left: int, by_draw: bool = False) -> float:
        """Chance of winning the hand from a shanten and the live tiles that improve it (tiles_left).

        Competing hazards: each own turn the hand wins with its own rate or the hand ends by another's win
        with ``others_win_per_turn``; a one-shanten hand first waits ``unseen / tiles_left`` turns to be ready
        (``by_draw``: summed over the draw that readies it, ``hazards.one_away_chance``).
        """
        wall = self.obs.wall_left / len(self.obs.scores)  # own draws left: a three-player wall goes by faster
        return hazards.win_chance(shanten_after, tiles_left, wall, self.unseen, self.profile, by_draw)


def discard_facts(ctx: Context, kinds, slack: int = 0) -> dict[int, tuple[int, int]]:
    """Per discarded kind within ``slack`` of the fewest shanten: (shanten after, live tiles that improve it)."""
    return {k: (sh, live) for k, sh, live in kernel.discard_facts(ctx.counts, ctx.seen, list(kinds), slack)}


def by_kind(actions: Sequence[Action]) -> dict[str, list[Action]]:
    """The actions grouped by what they do (discard, pon, riichi...), each group in the order given."""
    out: dict[str, list[Action]] = {}
    for a in actions:
        group = out.get(a.kind)
        if group is None:
            out[a.kind] = [a]
        else:
            group.append(a)
    return out


def action_tile(action: Action) -> int:
    """The tile an action names (a discard, a claimed tile, a kan's); narrowed from Optional for the compiled build."""
    assert action.tile is not None, action
    return action.tile


def kind_set(actions) -> set[int]:
    """The kinds the actions discard."""
    return {kind_of(a.tile) for a in actions}


def after_discards(counts: list[int]) -> list[int]:
    """Shanten after each possible discard of a 3n+2 hand."""
    return kernel.shanten_after_discards(counts, [k for k, n in enumerate(counts) if n])
