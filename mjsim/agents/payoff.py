"""The payoff of the game (issue 35): each seat's expected final settlement from one seat's view of the table.

Family-neutral: the family says how many hands are left and how much a seat's points swing per hand
(``mjsim_payoff_view``, ``mjsim_hand_swing``), and settles the end of the game with its own
``mjsim_final_settlement`` (uma, oka, rounding, tops: never a second implementation here). The model: each
seat's points at the end are its points now plus the sticks' share plus a zero-sum normal swing of standard
deviation ``sd * sqrt(hands_left)`` per seat (the dealer's mean gain ``dealer_mean`` for the hands it keeps), and
the expected settlement is the family's settlement averaged over a fixed set of swings (antithetic pairs, the same
for every call: common random numbers, so differences between two tables are smooth and reproducible).
Side payoffs (chips, 焼き鳥, トビ賞, 割れ目) are what an event is worth in settlement units
(``mjsim_side_payoffs``), so a player adds them to the outcome they belong to. docs/players.md has the long form.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

SAMPLES = 12
"""Swings averaged per expected settlement (six antithetic pairs): cost against smoothness, docs/players.md."""
_CACHE_LIMIT = 4096  # expected settlements kept per model (a game visits a few hundred tables)
DEFAULT_CHIP_RATE = 2.0
"""Settlement units per chip for a rule set that keeps its chips apart (``chips.value`` 0): fl8's rate (§11)."""


@dataclass(frozen=True)
class PayoffView:
    """What a seat sees of the game's standing: every seat's points, the deposits, the hand and the hands left."""

    seat: int
    scores: tuple[int, ...]
    dealer: int
    sticks: int  # deposits on the table
    stick_value: int  # points per deposit
    honba: int
    hand_index: int
    hands_left: float  # expected hands still to play after this one, under the length and extension rules
    dealer_hands: float = 0.0  # of those, expected hands the current dealer keeps the deal


@dataclass(frozen=True)
class Swing:
    """How a seat's points move per hand: standard deviation, and the dealer's mean gain (points)."""

    sd: float
    dealer_mean: float = 0.0


@dataclass(frozen=True)
class SidePayoffs:
    """What events are worth beside the points, in settlement units (the final record's ``payout`` units).

    ``events`` names per event the units one payer pays the winner (chips: ``red``, ``ura``, ``ippatsu``,
    ``yakuman``), ``first_win`` what a seat without a win saves by its first (焼き鳥), ``bust`` what busting a seat
    earns and being busted costs (トビ賞), ``stake_factor`` per seat a multiplier of its stakes this hand (割れ目).
    ``chip_rate`` is the units per chip used and ``default_rate`` says it was not the rule set's own.
    """

    events: Mapping[str, float] = field(default_factory=dict)
    first_win: float = 0.0
    bust: float = 0.0
    stake_factor: Mapping[int, float] = field(default_factory=dict)
    chip_rate: float = 0.0
    default_rate: bool = False

    def joined(self, other: SidePayoffs) -> SidePayoffs:
        """Both variants' payoffs: events and prizes summed, stake factors multiplied."""
        events = dict(self.events)
        for name, worth in other.events.items():
            events[name] = events.get(name, 0.0) + worth
        factors = dict(self.stake_factor)
        for seat, f in other.stake_factor.items():
            factors[seat] = factors.get(seat, 1.0) * f
        return SidePayoffs(
            events,
            self.first_win + other.first_win,
            self.bust + other.bust,
            factors,
            max(self.chip_rate, other.chip_rate),
            self.default_rate or other.default_rate,
        )


NO_SIDE = SidePayoffs()


def side_payoffs(rules, obs) -> SidePayoffs:
    """Every variant's side payoffs for ``obs``'s seat, joined (none: ``NO_SIDE``)."""
    out = NO_SIDE
    for answer in rules.ask.side_payoffs(rules, obs):
        if answer is not None:
            out = out.joined(answer)
    return out


class _FinalTable:
    """A stand-in for a finished game, as ``mjsim_final_settlement`` reads one: the points and the rules."""

    def __init__(self, rules, scores: list[int]) -> None:
        self.rules = rules
        self.scores = scores
        self.side: dict = {}  # side currencies are valued through mjsim_side_payoffs, not here
        self.history: list = []  # no hand record: a settlement that reads the last hand settles by points alone
        self.log: list = []
        self.stash: dict = {}


def _unit_swings(seats: int, pairs: int, seed: int = 35) -> list[tuple[float, ...]]:
    """Zero-sum swings of unit standard deviation per seat, in antithetic pairs (fixed: common random numbers)."""
    rng = random.Random(seed)
    scale = 1.0 / math.sqrt(1.0 - 1.0 / seats)  # a zero-sum projection shrinks each seat's variance by (1 - 1/n)
    out = []
    for _ in range(pairs):
        z = [rng.gauss(0.0, 1.0) for _ in range(seats)]
        mean = sum(z) / seats
        swing = tuple((x - mean) * scale for x in z)
        out += [swing, tuple(-x for x in swing)]
    return out


@dataclass(frozen=True)
class RankForm:
    """A settlement of the form ``per_point * points + by_rank[rank]`` (riichi: points, uma and oka), read off
    the family's settlement by probing it at whole ``unit`` standings."""

    per_point: float
    by_rank: tuple[float, ...]  # 1st first


def _hermite_nodes(count: int) -> list[tuple[float, float]]:
    """Gauss-Hermite nodes and weights for an expectation over a standard normal (weights summing to 1)."""
    from numpy.polynomial.hermite_e import hermegauss

    nodes, weights = hermegauss(count)
    total = 0.0
    for w in weights:  # why a loop: the sum in order, as Python's sum adds them (the compiled build types it)
        total += float(w)
    return [(float(x), float(w) / total) for x, w in zip(nodes, weights, strict=True)]


_NODES = _hermite_nodes(10)


def rank_chances(means: Sequence[float], sd: float) -> list[list[float]]:
    """Per seat, the chance of each final rank (1st first): ``seat_rank_chances`` of every seat."""
    return [seat_rank_chances(means, sd, seat) for seat in range(len(means))]


def seat_rank_chances(means: Sequence[float], sd: float, seat: int) -> list[float]:
    """The chance of each final rank (1st first) of ``seat`` when every seat's points move by a zero-sum normal
    swing of ``sd`` each. Taken as independent normals of the same pairwise spread (the difference of two seats
    has variance ``2 sd^2 n/(n-1)``): given the seat's own end, the others finish above it independently, so the
    count above is Poisson-binomial, averaged over the seat's own end by Gauss-Hermite quadrature."""
    n = len(means)
    spread = sd * math.sqrt(n / (n - 1))
    mine = means[seat]
    others = [m for j, m in enumerate(means) if j != seat]
    if spread <= 0:
        above = sum(1 for j, m in enumerate(means) if j != seat and (m > mine or (m == mine and j < seat)))
        return [1.0 if k == above else 0.0 for k in range(n)]
    total = [0.0] * n
    root2 = math.sqrt(2.0)
    for x, w in _NODES:
        own = mine + spread * x
        dist = [1.0] + [0.0] * (n - 1)  # dist[k]: chance that k seats finish above the seat
        for m in others:
            up = 0.5 * math.erfc((own - m) / (spread * root2))
            for k in range(n - 1, 0, -1):
                dist[k] = dist[k] * (1.0 - up) + dist[k - 1] * up
            dist[0] *= 1.0 - up
        for k in range(n):
            total[k] += w * dist[k]
    return total


def _whole(base: Sequence[float], moves: Sequence[float], unit: int) -> list[int]:
    """``base`` plus ``moves`` in whole ``unit``s, the last seat taking the rounding (the total is kept)."""
    out = [int(unit * round((b + m) / unit)) for b, m in zip(base[:-1], moves[:-1], strict=True)]
    return out + [int(round(sum(base))) - sum(out)]


class PayoffModel:
    """Expected final settlements of a rule set's tables, by the family's own settlement (see the module)."""

    def __init__(self, rules, swing: Swing, seats: int, samples: int = SAMPLES) -> None:
        self.rules, self.swing, self.seats = rules, swing, seats
        self._swings = _unit_swings(seats, max(1, samples // 2))
        self._cache: dict[tuple, tuple[float, ...]] = {}
        self._own_cache: dict[tuple, float] = {}
        self.form = self._probe_rank_form()  # None: the settlement is not points plus a rank prize (sampled)

    def _probe_rank_form(self) -> RankForm | None:
        """The settlement's ``RankForm`` when probing shows it has one, else None.

        Standings of the table's total (every seat at the start points), ranks ``step`` apart (two swings,
        whole ``unit``s: the power of ten below the swing): the per-point slope from moving the top up and the
        last down (no rank changes), each rank's prize from every rotation of the seats, then the form checked
        on standings of the fixed swings (within the rounding to ``unit``)."""
        n, sd = self.seats, max(self.swing.sd, 1.0)
        start = self.rules.flow.setup.start_points
        unit = 10.0 ** math.floor(math.log10(sd))
        step = unit * max(1, round(2 * sd / unit))
        base = [int(start + step * ((n - 1) / 2 - r)) for r in range(n)]  # rank r's points, summing to the total
        moved = list(base)
        moved[0], moved[-1] = base[0] + int(step), base[-1] - int(step)
        first, after = self.settle(base), self.settle(moved)
        per_point = ((after[0] - first[0]) - (after[-1] - first[-1])) / (2 * step)
        if per_point <= 0:
            return None
        prizes = [0.0] * n
        for turn in range(n):
            scores = [base[(seat + turn) % n] for seat in range(n)]
            for seat, result in enumerate(self.settle(scores)):
                prizes[(seat + turn) % n] += (result - per_point * scores[seat]) / n
        form = RankForm(per_point, tuple(prizes))
        tolerance = 0.6 * per_point * unit * n + 1e-6
        for unit_swing in self._swings:
            scores = _whole(base, [2 * sd * u for u in unit_swing], int(unit))
            order = sorted(range(n), key=lambda s: (-scores[s], s))
            for seat, result in enumerate(self.settle(scores)):
                if abs(result - per_point * scores[seat] - prizes[order.index(seat)]) > tolerance:
                    return None
        return form

    def settle(self, scores: Sequence[int]) -> tuple[float, ...]:
        """Each seat's settlement if the game ended with ``scores`` (the family's ``mjsim_final_settlement``)."""
        final = self.rules.ask.final_settlement(_FinalTable(self.rules, list(scores)))
        values = final.get("payout") or final.get("results") or final.get("points")
        return tuple(float(v) for v in values)

    def expected(self, scores: Sequence[int], hands_left: float, dealer: int = -1, dealer_hands: float = 0.0):
        """Each seat's expected settlement from ``scores`` with ``hands_left`` hands to play (a tuple)."""
        key = (tuple(scores), round(hands_left, 1), dealer, round(dealer_hands, 1))
        found = self._cache.get(key)
        if found is not None:
            return found
        if hands_left <= 0:
            out = self.settle(scores)
        elif self.form is not None:
            out = self._by_ranks(self.form, scores, hands_left, dealer, dealer_hands)
        else:
            out = self._average(scores, hands_left, dealer, dealer_hands)
        if len(self._cache) >= _CACHE_LIMIT:
            self._cache.clear()
        self._cache[key] = out
        return out

    def _means(self, scores: Sequence[int], dealer: int, dealer_hands: float) -> list[float]:
        """Each seat's expected points at the end: the dealer's edge while it keeps the deal, paid by the others."""
        n = self.seats
        base = [float(s) for s in scores]
        if 0 <= dealer < n and dealer_hands > 0:
            gain = self.swing.dealer_mean * dealer_hands
            base = [b + (gain if s == dealer else -gain / (n - 1)) for s, b in enumerate(base)]
        return base

    def expected_of(self, seat: int, scores: Sequence[int], hands_left: float, dealer: int = -1, dealer_hands=0.0):
        """One seat's expected settlement (with a rank form, only that seat's ranks are worked out)."""
        if self.form is None or hands_left <= 0:
            return self.expected(scores, hands_left, dealer, dealer_hands)[seat]
        key = (tuple(scores), round(hands_left, 1), dealer, round(dealer_hands, 1), seat)
        found = self._own_cache.get(key)
        if found is None:
            if len(self._own_cache) >= _CACHE_LIMIT:
                self._own_cache.clear()
            means = self._means(scores, dealer, dealer_hands)
            found = self._ranked(self.form, means, hands_left, seat)
            self._own_cache[key] = found
        return found

    def _ranked(self, form: RankForm, means: list[float], hands_left: float, seat: int) -> float:
        """The seat's points at their rate plus each rank's prize by its chance (``seat_rank_chances``)."""
        chances = seat_rank_chances(means, self.swing.sd * math.sqrt(hands_left), seat)
        return form.per_point * means[seat] + sum(c * p for c, p in zip(chances, form.by_rank, strict=True))

    def _by_ranks(self, form: RankForm, scores: Sequence[int], hands_left: float, dealer: int, dealer_hands: float):
        """Every seat's ``_ranked`` settlement."""
        means = self._means(scores, dealer, dealer_hands)
        return tuple(self._ranked(form, means, hands_left, seat) for seat in range(self.seats))

    def _average(self, scores: Sequence[int], hands_left: float, dealer: int, dealer_hands: float):
        """The settlement averaged over the fixed swings scaled to ``hands_left`` hands."""
        n = self.seats
        base = self._means(scores, dealer, dealer_hands)
        sd = self.swing.sd * math.sqrt(hands_left)
        total = [0.0] * n
        for unit in self._swings:
            final = _whole(base, [sd * u for u in unit], 100)
            for s, v in enumerate(self.settle(final)):
                total[s] += v
        return tuple(t / len(self._swings) for t in total)

    def worth(self, view: PayoffView, moves: Mapping[int, int]) -> float:
        """How much ``moves`` (points per seat, summing to 0) change the view's seat's expected settlement."""
        after = list(view.scores)
        for seat, delta in moves.items():
            after[seat] += delta
        return self._own(view, after) - self._own(view, view.scores)

    def _own(self, view: PayoffView, scores: Sequence[int]) -> float:
        """The view's seat's expected settlement with ``scores`` after this hand."""
        return self.expected_of(view.seat, scores, view.hands_left, view.dealer, view.dealer_hands)

    def point_value(self, view: PayoffView, step: int = 1000) -> float:
        """The marginal value of a point for the view's seat: a gain of ``step`` paid evenly by the others."""
        n = len(view.scores)
        share = step // (n - 1)
        moves = {s: (share * (n - 1) if s == view.seat else -share) for s in range(n)}
        return self.worth(view, moves) / (share * (n - 1))


_MODELS: dict[int, tuple[Any, PayoffModel]] = {}


def payoff_model(rules) -> PayoffModel | None:
    """The payoff model of ``rules`` (one per rule set; None when its family gives no swing)."""
    found = _MODELS.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    swing = rules.ask.hand_swing(rules)
    if swing is None:
        return None
    model = PayoffModel(rules, swing, rules.flow.setup.seats)
    if len(_MODELS) > 64:
        _MODELS.clear()
    _MODELS[id(rules)] = (rules, model)
    return model


def payoff_view(rules, obs, first_dealer: int | None = None) -> PayoffView | None:
    """The family's reading of ``obs``'s standing (``mjsim_payoff_view``), or None."""
    return rules.ask.payoff_view(rules, obs, first_dealer)
