"""What the outcomes of this hand are worth to the seat under the rule set's payoff (issue 35).

The payoff model (``mjsim.agents.payoff``) gives the seat's expected final settlement; the player weighs its choices
in points as its profile does, so a settlement change is turned into points at the value of a point at the
game's start (``norm``): at an even table early in the game every rate is about 1, and the rates say how
much more (or less) a point won, dealt in or put down as a deposit is worth here. Side payoffs (chips, 焼き鳥,
トビ賞, 割れ目) are valued the same way. ``BLIND`` is the payoff-blind player's view: points are points.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mjsim.agents.payoff import NO_SIDE, PayoffModel, PayoffView, SidePayoffs

WIN_SIZE = 5600.0  # a typical win (kobalab's mean win 5,647): the scale the gain rate is measured at [K]
DEALER_FACTOR = 1.5
LOSS_STEP = 3000  # a deposit-sized loss spread over the table, measured at a visible scale
URA_PER_RIICHI_WIN = 0.42  # ura dora in 16.2 % of wins, riichi on 38.9 % (kobalab 2016) [K]
IPPATSU_PER_RIICHI_WIN = 0.19  # ippatsu on 7.6 % of wins, riichi on 39.9 % (mahjong-lurker 2018) [K]
TSUMO_PAYERS = 1.86  # payers per win: a tsumo (43 %) is paid by three, a ron by one [K]
WIN_RATE_PER_HAND = 0.21  # a seat wins about a fifth of the hands (Phoenix) [K]
BASE_NOTEN_TOTAL = 3000  # the noten payments the profile was fitted under (Tenhou)
BASE_STICK = 1000  # the deposit the profile was fitted under
# the win sizes a win's worth is read at, paid by the table: a 1-han hand to a baiman, so a hand's worth between
# them is an interpolation (a win that passes a rival is worth more per point than one that does not)
CURVE_SIZES = (1000, 2000, 3900, 5800, 8000, 12000, 18000, 24000)


@dataclass
class Stakes:
    """Rates of the outcomes for one seat and hand, in points of the profile (1.0: a point is a point)."""

    gain: float = 1.0  # a point won
    loss: dict[int, float] = field(default_factory=dict)  # a point dealt in to seat s (missing: ``loss_all``)
    loss_all: float = 1.0  # a point lost to the table (a deposit, a tsumo against)
    stick: float = 1000.0  # points of one deposit
    noten_scale: float = 1.0  # noten payments against the fitted rules' 3,000
    riichi_side: float = 0.0  # what a riichi win brings beside its points (chips for ura, ippatsu), points
    first_win: float = 0.0  # what this seat's first win saves (焼き鳥), points
    bust: float = 0.0  # what busting a seat earns and being busted costs (トビ賞), points
    aware: bool = False
    curve: tuple[tuple[int, float], ...] = ()  # (points won from the table, their worth in points), by size

    def win_value(self, points: float) -> float:
        """What a win of ``points`` from the table is worth to the seat, in points (blind: ``points`` itself)."""
        if not self.curve or points <= 0:
            return points * self.gain
        below_size, below = 0, 0.0
        for size, worth in self.curve:
            if points <= size:
                return below + (worth - below) * (points - below_size) / (size - below_size)
            below_size, below = size, worth
        (s1, w1), (s2, w2) = self.curve[-2], self.curve[-1]
        return w2 + (w2 - w1) * (points - s2) / (s2 - s1)  # beyond the last size, at the last step's rate

    def win_worth(self, points: float) -> float:
        """What a win of ``points`` brings the seat in points: its worth here and a first win's (焼き鳥)."""
        return self.win_value(points) + self.first_win

    def loss_to(self, seat: int) -> float:
        """The rate of a point dealt in to ``seat``."""
        return self.loss.get(seat, self.loss_all)


BLIND = Stakes()


class StakesReader:
    """Works out a seat's ``Stakes`` once per table state (the scores and deposits of a hand)."""

    def __init__(self, model: PayoffModel, norm: float, noten_total: int) -> None:
        self.model = model
        self.norm = norm if norm > 0 else 1.0  # settlement units per point at the game's start
        self.noten_scale = noten_total / BASE_NOTEN_TOTAL
        self._memo: dict[tuple, Stakes] = {}

    def stakes(self, view: PayoffView, side: SidePayoffs = NO_SIDE, threats: tuple[int, ...] = ()) -> Stakes:
        """The seat's stakes at ``view`` (loss rates for the ``threats``' seats)."""
        key = (view.scores, view.sticks, view.hand_index, view.seat, threats, side.first_win)
        found = self._memo.get(key)
        if found is not None:
            return found
        if len(self._memo) > 256:
            self._memo.clear()
        out = self._work_out(view, side, threats)
        self._memo[key] = out
        return out

    def _work_out(self, view: PayoffView, side: SidePayoffs, threats: tuple[int, ...]) -> Stakes:
        """The rates by the model: a typical win paid by the table, a deal-in to each threat, a loss to the table."""
        me, n = view.seat, len(view.scores)
        win = _from_table(me, n, int(WIN_SIZE * (DEALER_FACTOR if view.dealer == me else 1.0)))
        gain = self._rate(view, win, win[me])
        curve = tuple((won, self.model.worth(view, _from_table(me, n, won)) / self.norm) for won in CURVE_SIZES)
        lose = _from_table(me, n, -LOSS_STEP)  # a deposit-sized loss spread over the table
        loss_all = -self._rate(view, lose, -lose[me])
        loss = {}
        for seat in threats:
            hit = int(WIN_SIZE * (DEALER_FACTOR if view.dealer == seat else 1.0))
            loss[seat] = -self._rate(view, {me: -hit, seat: hit}, hit)
        factor = side.stake_factor.get(me, 1.0)
        chips = side.events.get("ura", 0.0) * URA_PER_RIICHI_WIN + side.events.get("ippatsu", 0.0) * (
            IPPATSU_PER_RIICHI_WIN
        )
        no_win_yet = (1.0 - WIN_RATE_PER_HAND) ** view.hands_left  # the first win only saves if no later one comes
        return Stakes(
            gain=max(gain, 0.05) * factor,
            loss={s: max(r, 0.05) * factor for s, r in loss.items()},
            loss_all=max(loss_all, 0.05) * factor,
            stick=float(view.stick_value),
            noten_scale=self.noten_scale,
            riichi_side=chips * TSUMO_PAYERS / self.norm,
            first_win=side.first_win * no_win_yet / self.norm,
            bust=side.bust / self.norm,
            aware=True,
            curve=tuple((won, max(w, 0.05 * won) * factor) for won, w in curve),
        )

    def _rate(self, view: PayoffView, moves: dict[int, int], points: int) -> float:
        """The change of the seat's expected settlement per point moved, in points at the game's start."""
        return self.model.worth(view, moves) / points / self.norm


def _from_table(seat: int, n: int, points: int) -> dict[int, int]:
    """A win of ``points`` by ``seat`` paid evenly by the other seats (negative: a loss spread over them)."""
    share = points // (n - 1)
    return {s: (share * (n - 1) if s == seat else -share) for s in range(n)}
