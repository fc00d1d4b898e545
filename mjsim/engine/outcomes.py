"""Named results of the game-flow hooks: the next hand, a draw's settlement, a discard's claims, play after a win."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mjsim.engine.actions import Action, Transfer


@dataclass(frozen=True)
class NextHand:
    """Who deals the next hand, in which round (0 = East) and with how many honba (``mjsim_next_hand``).

    ``repeat``: the dealer keeps the deal; ``over``: the game ends instead; ``leftover_to``: the seat that takes the
    sticks left on the table when the game ends (None: they stay where they are); ``void``: the hand does not count
    (a hand replayed after a penalty), so the run of dealer repeats is neither extended nor broken.
    """

    dealer: int
    round: int
    honba: int
    repeat: bool = False
    over: bool = False
    leftover_to: int | None = None
    void: bool = False  # the hand did not count (replayed): the count of dealer repeats stays as it was


@dataclass(frozen=True)
class DrawSettlement:
    """What a hand that ended without a win pays, and the facts it adds to the hand's record (``mjsim_settle_draw``)."""

    transfers: list[Transfer] = field(default_factory=list)
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ClaimResult:
    """The answers to a discard that take effect, as (seat, action) pairs, or why the claims abort the hand.

    An empty ``answers`` with no ``abort``: nobody's claim takes effect and the discard passes.
    """

    answers: list[tuple[int, Action]] = field(default_factory=list)
    abort: str | None = None


@dataclass(frozen=True)
class ContinueAfterWin:
    """Play goes on after the wins (血战到底); ``after``: the seat after which it resumes (None: the default).

    ``winners_stay``: the winners stay in the hand and may win again (血流成河); a tsumo winner sets its winning
    tile aside (``Seat.won_tiles``); otherwise the winners leave it.
    """

    after: int | None = None
    winners_stay: bool = False


@dataclass(frozen=True)
class Refusal:
    """What a declaration the engine did not offer leads to (``mjsim_refused_action``): a player's mistake judged.

    ``transfers`` are paid at once (fines). Then ``end_hand`` (a reason) ends the hand now as a draw with that
    reason; else ``instead`` is the action taken in its place (a pass, or the declaration itself when it stands);
    else the seats that were deciding decide again.
    """

    transfers: list[Transfer] = field(default_factory=list)
    instead: Action | None = None
    end_hand: str | None = None
