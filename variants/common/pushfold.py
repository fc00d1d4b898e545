"""Push or fold for families without riichi (成都, 台湾): threats by turn and melds, danger by visible counts, and a
discard's score from its win chance, value and danger (the riichi human player's formula, on a family's facts).

Without a declaration nobody is known to be ready: a seat's chance of being ready grows with its discards and
its open melds. Without permanent furiten a seat's own discards are not safe against it (no genbutsu, no suji);
what stays meaningful is kabe (visible counts), a suit the seat cannot win on (成都's declared void), and under
過水 the tiles it let pass since its last discard (a ready seat that passes a winning tile is blocked).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from mjsim.agents.observation import Observation
from mjsim.engine.actions import PASS, Action
from mjsim.hand import discard_kernel as kernel
from mjsim.hand.shanten import shanten
from mjsim.hand.tiles import kind_of
from variants.common.hazards import wall_factor, win_chance


@dataclass(frozen=True)
class PushFoldProfile:
    """The shared parameters (sources as in the riichi profile: [D] danger tables, [P] rules of thumb, [H] tuned)."""

    # --- win chance (variants/common/hazards.py) ---
    others_win_per_turn: float = 0.05  # [K][H], the riichi value; families override
    ron_factor: float = 2.5  # [H]
    typical_wait: int = 6  # [P]
    far_win_chance: tuple[float, float] = (0.08, 0.02)  # [H]
    far_typical_tiles: tuple[float, float] = (24.0, 40.0)  # [H]
    far_step_factor: float = 0.3  # [H]
    # --- danger of a discard against a ready seat, by rank (no suji without furiten) [D] ---
    danger_by_edge: tuple[float, float, float, float] = (0.06, 0.085, 0.10, 0.125)  # 1/9, 2/8, 3/7, 4-6 [D]
    danger_honour_by_seen: tuple[float, float, float, float] = (0.08, 0.055, 0.02, 0.0)  # [D]
    no_chance_factor: float = 0.35  # [D]
    one_chance_factor: float = 0.7  # [D]
    passed_factor: float = 0.1  # let pass since its last discard, under 過水 [rules][H]
    hot_suit_factor: float = 2.0  # a suit the seat's melds show it collecting (a flush) [P]
    # --- threats: readiness without a declaration [H] ---
    ready_start_turn: int = 4  # discards before anybody is likely ready
    ready_per_turn: float = 0.06  # each later discard adds this chance
    ready_per_meld: float = 0.15  # each open meld adds this chance
    ready_max: float = 0.9
    threat_min_ready: float = 0.3  # less likely ready than this: not played around (as the riichi player)
    # --- push/fold [P][H] ---
    fold_weight: float = 1.0
    future_risk_per_shanten: float = 0.5
    deny_share: float = 0.3
    value_exponent: float = 0.5
    fold_call_shanten: int = 2  # against a likely-ready threat, a hand this far calls nothing


@dataclass(frozen=True)
class Threat:
    """Another seat that may be ready: how likely, what a deal-in to it costs, and what it cannot win on."""

    seat: int
    ready: float
    value: float
    safe: frozenset[int]  # kinds it cannot ron now (its void suit, what it let pass under 過水)
    hot_suit: int | None = None  # the suit its open melds all show (a flush in the making)


def ready_chance(discards: int, open_melds: int, p: PushFoldProfile) -> float:
    """The chance a seat with ``discards`` discards and ``open_melds`` open melds is ready."""
    turns = max(0, discards - p.ready_start_turn)
    return min(p.ready_max, turns * p.ready_per_turn + open_melds * p.ready_per_meld)


def passed_since_last_discard(obs: Observation, seat: int) -> frozenset[int]:
    """Kinds the other seats discarded after ``seat``'s last discard (by turn order from the dealer, roughly)."""
    mine = len(obs.rivers[seat])
    if mine == 0:
        return frozenset()
    seats = len(obs.rivers)
    order = (seat - obs.dealer) % seats
    out: set[int] = set()
    for other, river in enumerate(obs.rivers):
        if other == seat:
            continue
        start = mine if (other - obs.dealer) % seats < order else mine - 1
        out.update(kind_of(t) for t in river[start:])
    return frozenset(out)


def hot_suit(melds) -> int | None:
    """The one suit of two or more open melds, else None."""
    suits = {kind_of(m.tiles[0]) // 9 for m in melds if m.opened}
    opened = sum(1 for m in melds if m.opened)
    if opened >= 2 and len(suits) == 1:
        suit = next(iter(suits))
        return suit if suit < 3 else None
    return None


def deal_in_chance(kind: int, threat: Threat, seen: Sequence[int], p: PushFoldProfile) -> float:
    """Chance that ``threat``, if ready, rons a discard of ``kind``."""
    if kind in threat.safe:
        return 0.0
    if kind >= 27:
        return p.danger_honour_by_seen[min(seen[kind], 3)]
    rank = kind % 9
    base = p.danger_by_edge[min(rank, 8 - rank, 3)] * wall_factor(kind, seen, p.no_chance_factor, p.one_chance_factor)
    if threat.hot_suit == kind // 9:
        base *= p.hot_suit_factor
    return min(base, 0.5)


def discard_risk(kind: int, threats: Sequence[Threat], seen: Sequence[int], p: PushFoldProfile) -> float:
    """Expected points lost by discarding ``kind``: each threat's ready chance, ron chance and value."""
    return sum(t.ready * deal_in_chance(kind, t, seen, p) * t.value for t in threats)


def discard_facts(
    counts: list[int], kinds, seen: Sequence[int], slack: int, keep: int | None = None
) -> dict[int, tuple[int, int]]:
    """Per discarded kind within ``slack`` of the fewest shanten (and ``keep``, whatever its shanten): (shanten
    after, live tiles that improve it), counted by the bots' discard kernel."""
    kinds = list(kinds)
    out = {k: (sh, live) for k, sh, live in kernel.discard_facts(counts, list(seen), kinds, slack)}
    if keep is not None and keep in kinds and keep not in out:  # the plan's discard is scored even when slower
        for k, sh, live in kernel.discard_facts(counts, list(seen), [keep]):
            out[k] = (sh, live)
    return out


@dataclass(frozen=True)
class Table:
    """What a discard's score reads besides the hand: draws left, unseen tiles, threats, visible counts."""

    draws: float  # own draws left
    unseen: int
    threats: Sequence[Threat]
    seen: Sequence[int]
    fold_weight: float


def discard_scores(
    facts: Mapping[int, tuple[int, int]],
    worth: Callable[[int], float],
    table: Table,
    p: PushFoldProfile,
    ready_bonus: float = 0.0,
    push_kind: int | None = None,
) -> dict[int, float]:
    """Per discarded kind (``facts``: shanten after, live improving tiles), the score the player ranks it by.

    No threat: speed times value (acceptance x value^e among the fastest). A threat: win chance x (value +
    the threat's win it stops) minus fold weight x danger x the turns of danger still to come. ``ready_bonus``
    is what a ready hand earns even without winning (成都's 查大叫 at an empty wall). ``push_kind`` is the
    discard of the family's own plan (a flush, seven pairs, speed): pushing, it is worth the best gain there is,
    so push/fold only decides whether danger makes another tile better.
    """
    out = {}
    deny = p.deny_share * sum(t.ready * t.value for t in table.threats)
    gains, risks = {}, {}
    for k, (sh, live) in facts.items():
        value = worth(k)
        bonus = ready_bonus if sh == 0 else 0.0
        if not table.threats:
            out[k] = -1000.0 * sh + live * max(value + bonus, 1.0) ** p.value_exponent
            continue
        gain = win_chance(sh, live, table.draws, table.unseen, p) * (value + deny) if value > 0 else 0.0
        gains[k] = gain + bonus
        risks[k] = discard_risk(k, table.threats, table.seen, p) * (1.0 + p.future_risk_per_shanten * max(sh, 0))
    if push_kind is not None and push_kind in gains:
        gains[push_kind] = max(gains.values())
    for k, gain in gains.items():
        out[k] = gain - table.fold_weight * risks[k] - 1e-6 * risks[k]
    return out


def folding(threats: Sequence[Threat], shanten_now: int, p: PushFoldProfile) -> bool:
    """A hand this far from ready against a likely-ready threat calls nothing (it plays safe tiles instead)."""
    return shanten_now >= p.fold_call_shanten and any(t.ready >= 0.5 for t in threats)


class PassWhileFolding:
    """A family human's calls: none while the hand folds against a likely-ready seat, else its bot's.

    The class mixed in defines ``threats_now(obs)`` (the likely-ready seats, [] when it reads no rules) and
    ``profile``; the family bot after it in the bases answers the other claims."""

    def claim(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """Pass while folding; otherwise the family bot's claim."""
        found = self.threats_now(obs)  # type: ignore[attr-defined]
        if found and folding(found, shanten(list(obs.counts)), self.profile):  # type: ignore[attr-defined]
            return next(a for a in actions if a.kind == PASS)
        return super().claim(obs, actions)  # type: ignore[misc]


class ReadingHuman(PassWhileFolding):
    """What the 成都 and 台湾 human players share: a profile, the family's value table and 過水 read from the rules,
    the seats likely ready, and no calls while folding against them.

    A family sets ``PROFILE`` (its profile class), ``TABLE`` (a class whose ``of(rules)`` reads the value table),
    ``GUOSHUI`` (its 過水 option key) and ``reading_threats`` (``threats(obs, table, profile, guoshui)``); the
    family bot after this class in the bases plays the rest. Without rules it reads nothing and plays as that bot.
    """

    PROFILE: Callable[[], object]
    TABLE: object
    GUOSHUI: str

    def __init__(self, rng, rules=None, profile=None) -> None:
        super().__init__(rng, rules)  # type: ignore[call-arg]
        self.profile = self.PROFILE() if profile is None else profile
        self.table = self.TABLE.of(rules) if rules is not None else None  # type: ignore[attr-defined]
        self.guoshui = rules is None or rules[self.GUOSHUI] != "off"

    def threats_now(self, obs: Observation) -> list:
        """The seats likely ready (none without rules: the bot then plays as its family bot)."""
        return [] if self.table is None else self.reading_threats(obs, self.table, self.profile, self.guoshui)

    def reading_threats(self, obs: Observation, table, profile, guoshui: bool) -> list:
        """The family's reading of the likely-ready seats."""
        raise NotImplementedError
