"""The bots: random, tsumogiri, efficiency (fewest shanten, most useful tiles) and defensive."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mjsim.agents.base import Bot, end_game_offered
from mjsim.agents.observation import SHOWN_WAITS, Observation, visible_counts
from mjsim.engine.actions import (
    ABORT,
    CHI,
    DECLARE_DISCARD,
    DISCARD,
    END_GAME,
    KAN,
    PASS,
    PON,
    RON,
    SET_ASIDE,
    TSUMO,
    Action,
)
from mjsim.hand.decompose import waits
from mjsim.hand.discard_kernel import discard_facts
from mjsim.hand.shanten import improving_kinds, shanten
from mjsim.hand.tiles import DRAGONS, kind_of


class RandomBot(Bot):
    """Any legal action, uniformly."""

    def act(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """A random legal action."""
        return self.rng.choice(list(actions))


class TsumogiriBot(Bot):
    """Wins when it can, otherwise discards what it drew and calls nothing."""

    def act(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """Win, pass, or discard the first offered tile (the drawn one); end the game by the default policy."""
        for a in actions:
            if a.kind in (TSUMO, RON):
                return a
        for a in actions:
            if a.kind in (PASS, DISCARD):
                return a
        # Asked last: the choice to end the game comes alone (END_GAME and PLAY_ON), so none of the above is in it.
        if end_game_offered(actions):
            return self.end_game(obs, actions)
        return actions[0]


def ukeire(counts: list[int], visible: list[int], now: int | None = None) -> tuple[int, int]:
    """(shanten, tiles left that lower it) of a hand of 3n+1 tiles (``now``: its shanten, when known)."""
    now, kinds = improving_kinds(counts, now)
    return now, sum(max(0, 4 - visible[k]) for k in kinds)


def best_discards(obs: Observation, options: list[Action]) -> list[tuple[tuple[int, int], Action]]:
    """Discard options ranked: fewest shanten first, then most useful tiles left.

    The numbers come from the discard kernel (:mod:`mjsim.hand.discard_kernel`), each kind measured once
    (several options may discard one kind: a red five, two copies); :func:`readable_best_discards` is the
    same ranking the readable way, kept as its test oracle.
    """
    kinds = list({kind_of(a.tile) for a in options})
    facts = discard_facts(list(obs.counts), visible_counts(obs), kinds)
    return _ranked(options, facts[0][1], {k: live for k, _, live in facts})


def best_discard(obs: Observation, options: list[Action]) -> Action:
    """The first of :func:`best_discards` (the efficiency bot's choice), found without ranking the others.

    The ranking's key depends on the kind alone, so its first option is the earliest one of the kinds that
    tie for the best key (the sort is stable).
    """
    # Loops, not comprehensions: this module runs as Python, where each comprehension is one more call, and
    # every discard of the efficiency bots comes here. The set is filled in the same order as a comprehension's.
    seen: set[int] = set()
    for a in options:
        seen.add(kind_of(a.tile))
    facts = discard_facts(list(obs.counts), visible_counts(obs), list(seen))
    keys = {}
    for k, _, live in facts:
        keys[k] = (-live, _keep_kind(k))
    best = min(keys.values())
    for a in options:
        if keys.get(kind_of(a.tile)) == best:
            return a
    raise AssertionError("unreachable: the best key is some option's")


def readable_best_discards(obs: Observation, options: list[Action]) -> list[tuple[tuple[int, int], Action]]:
    """:func:`best_discards` with one shanten per discard and one ``ukeire`` per tied discard (the oracle)."""
    counts = list(obs.counts)
    shanten_after = {k: _without_one(counts, k, shanten) for k in {kind_of(a.tile) for a in options}}
    best = min(shanten_after.values())
    visible = visible_counts(obs)
    tied = [k for k, sh in shanten_after.items() if sh == best]
    left_after = {k: _without_one(counts, k, lambda c: ukeire(c, visible, best)[1]) for k in tied}
    return _ranked(options, best, left_after)


def _ranked(options: list[Action], best: int, left_after: dict[int, int]) -> list[tuple[tuple[int, int], Action]]:
    """The options discarding a kind of ``left_after``, most tiles left first, honours and terminals on ties."""
    keyed = []  # (rank, tie-break, position, option): sorted as the stable sort by rank and tie-break
    for position, a in enumerate(options):
        kind = kind_of(a.tile)
        if kind in left_after:
            keyed.append(((best, -left_after[kind]), _keep_kind(kind), position, a))
    keyed.sort()  # positions differ, so options are never compared
    return [(rank, a) for rank, _, _, a in keyed]


def _without_one(counts: list[int], kind: int, measure: Callable[[list[int]], int]) -> int:
    """``measure`` of the hand without one tile of ``kind`` (``counts`` is restored)."""
    counts[kind] -= 1
    try:
        return measure(counts)
    finally:
        counts[kind] += 1


def _keep_value(tile: int) -> int:
    """Tie-break between equal discards: let go of honours and terminals first."""
    return _keep_kind(kind_of(tile))


def _keep_kind(k: int) -> int:
    """:func:`_keep_value` of a tile of kind ``k``."""
    return 0 if k >= 27 else (1 if k % 9 in (0, 8) else 2)


def _value_kinds(obs: Observation) -> set[int]:
    return set(DRAGONS) | {obs.seat_wind, obs.round_wind}


class EfficiencyBot(Bot):
    """Takes every win, declares (riichi, MIGI) when ready, calls value pairs, discards for speed."""

    def act(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """The efficient choice among ``actions``."""
        kinds = {}
        for a in actions:  # a loop, not a comprehension: one Python call less per decision
            kinds[a.kind] = a
        if END_GAME in kinds:  # end_game_offered, read off the dict this method builds anyway
            return self.end_game(obs, actions)
        for kind in (TSUMO, RON):
            if kind in kinds:
                return kinds[kind]
        if PASS in kinds:
            return self.claim(obs, actions)
        if ABORT in kinds:
            return kinds[ABORT]
        if SET_ASIDE in kinds and self.sets_aside(obs, kinds[SET_ASIDE], actions):
            return kinds[SET_ASIDE]
        if DECLARE_DISCARD in kinds:  # riichi, MIGI: declare whenever possible
            declaring = avoid_shown_waits(obs, [a for a in actions if a.kind == DECLARE_DISCARD])
            return self.declare(obs, declaring)
        discards = avoid_shown_waits(obs, [a for a in actions if a.kind == DISCARD])
        if not discards:  # only choices this bot does not know (a variant's declaration, e.g. 定缺): the first
            return actions[0]
        return self.discard(obs, discards)

    def declare(self, obs: Observation, options: list[Action]) -> Action:
        """The fastest declaring discard; shown (open riichi) when the hand then waits on two kinds or more.

        A declaration whose ``tiles`` are set shows them to the table (the riichi family's open riichi): shown,
        the wait is avoided by the other bots, so it is taken only with a wait wide enough to be won by self-draw.
        """
        plain = [a for a in options if not a.tiles]
        best = best_discard(obs, plain or options)
        shown = next((a for a in options if a.tiles and a.tile == best.tile), None)
        if shown is None:
            return best
        counts = list(obs.counts)
        counts[kind_of(best.tile)] -= 1
        return shown if len(waits(counts)) >= SHOW_MIN_WAITS else best

    def discard(self, obs: Observation, options: list[Action]) -> Action:
        """The discard that keeps the hand fastest."""
        return best_discard(obs, options)

    def sets_aside(self, obs: Observation, action: Action, actions: Sequence[Action]) -> bool:
        """Set a bonus tile aside (sanma's North: a dora and a new tile) unless the hand needs it.

        It is needed when the hand without it is further from ready than after the best discard
        (a pair of seven pairs, thirteen orphans).
        """
        discards = [a for a in actions if a.kind == DISCARD]
        if not discards:
            return True
        counts = list(obs.counts)
        return _without_one(counts, kind_of(action.tile), shanten) <= best_discards(obs, discards)[0][0][0]

    def claim(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """Pon a value tile; once open, take calls that bring the hand closer."""
        pass_action = next(a for a in actions if a.kind == PASS)
        calls = [a for a in actions if a.kind in (PON, CHI, KAN)]
        if not calls:
            return pass_action
        value = _value_kinds(obs)
        opened = any(m.opened for m in obs.melds[obs.seat])
        for a in calls:
            if a.kind == PON and kind_of(a.tile) in value:
                return a
        if not opened:
            return pass_action
        return self._improving_call(obs, calls) or pass_action

    def _improving_call(self, obs: Observation, calls: list[Action]) -> Action | None:
        counts = list(obs.counts)
        now = shanten(counts)
        for a in calls:
            if a.kind == KAN:
                continue
            for t in a.tiles:
                counts[kind_of(t)] -= 1
            after = min(_after_discard(counts))
            for t in a.tiles:
                counts[kind_of(t)] += 1
            if after < now:
                return a
        return None


SHOW_MIN_WAITS = 2  # the efficiency bot declares open riichi on a wait of at least this many kinds


def avoid_shown_waits(obs: Observation, options: list[Action]) -> list[Action]:
    """The discards that do not deal into another seat's shown hand (:data:`SHOWN_WAITS`); all when none is left."""
    shown = obs.extra.get(SHOWN_WAITS)
    if not shown or not options:
        return options
    danger = {k for seat, kinds in shown.items() if seat != obs.seat for k in kinds}
    safe = [a for a in options if kind_of(a.tile) not in danger]
    return safe or options


def _after_discard(counts: list[int]) -> list[int]:
    """Shanten after each possible discard of a 3n+2 hand."""
    return [_without_one(counts, k, shanten) for k, n in enumerate(counts) if n]


class DefensiveBot(EfficiencyBot):
    """The efficiency bot, folding with safe tiles against a declared seat (riichi) when far from ready."""

    def discard(self, obs: Observation, options: list[Action]) -> Action:
        """Fold when another seat has declared (riichi) and the hand is two or more from ready."""
        threats = [s for s, r in enumerate(obs.declared) if r and s != obs.seat]
        ranked = best_discards(obs, options)
        if not threats or ranked[0][0][0] < 2:
            return ranked[0][1]
        return min(options, key=lambda a: _danger(obs, threats, kind_of(a.tile)))


def _danger(obs: Observation, threats: list[int], kind: int) -> int:
    """0 for a tile every threat discarded; honours and terminals are safer than middle tiles."""
    if all(kind in {kind_of(t) for t in obs.rivers[s]} for s in threats):
        return 0
    if kind >= 27:
        return 1
    return 2 if kind % 9 in (0, 8) else 3 + min(kind % 9, 8 - kind % 9)


GENERIC_BOTS = {"random": RandomBot, "tsumogiri": TsumogiriBot, "efficiency": EfficiencyBot, "defensive": DefensiveBot}
