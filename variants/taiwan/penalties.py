"""台湾's penalties (taiwan.md §12): what a false win, a wrong tile count or an illegal call costs.

The mistakes are those of ``variants.common.mistakes`` (the error model declares them: ``efficiency~0.01``):

* a false win (誤和, including a win 過水 forbids) is chombo (§12 "Chombo (incl. winning while 未過水): pay each
  of the three players the larger of the declared value and that player's own tenpai value"): each other seat
  gets the larger of 底 (a declared win of no tai is worth at least the base, with the dealer's 2n + 1 when the
  dealer pays or is paid [proposal: a false win declares no hand, so its value is the least a win pays]) and
  what its own ready hand would take from the offender as a ron (its best wait); the hand then ends as a draw
  with the reason ``chombo`` (the dealer repeats, as at every draw but one the option forbids [proposal]);
* a wrong tile count (多牌/少牌) makes the hand dead (§12 "no calls and no win for the rest of the hand");
* an illegal call (a pon the hand cannot make) stands unnoticed, so the hand is dead (§12 "otherwise no
  calls/wins for the rest of the hand").

* a fake concealed kong (偽暗槓: four tiles laid face down that are no set) is pao (§12 "偽暗槓：パオ"): turned up at
  once [proposal: the simulator cannot lay a false kong], the hand is dead and its seat pays every win of the hand
  in place of the other payers.

Each ruling is an option whose default is the seed's (``off``: the mistake is not listed).
"""

from __future__ import annotations

from mjsim.engine.actions import ANKAN, PASS, RON, TABLE, Action, Transfer
from mjsim.engine.outcomes import Refusal
from mjsim.scoring import NoWin
from variants.common.mistakes import (
    DEAD,
    LOG,
    another_wins,
    common_mistakes,
    in_claim_window,
    kind_of_mistake,
    logged,
    make_dead,
)
from variants.taiwan import options as opt
from variants.taiwan.flow import win_context
from variants.taiwan.scoring import score_win
from variants.taiwan.seats import seat_winds
from variants.taiwan.waits import seat_waits

CHOMBO = "penalty:chombo"  # the reason of a chombo's transfers
CHOMBO_REASON = "chombo"  # the draw reason of a hand a chombo ends
_OPTIONS = {"false_win": opt.FALSE_WIN, "hand_size": opt.HAND_SIZE, "miscall": opt.MISCALL, "fake_kong": opt.FAKE_KONG}
LIABLE = "taiwan.liable"  # hand stash: the seat that pays every win of the hand (偽暗槓's pao)


def mistakes(game, seat: int, legal: list[Action]) -> dict[str, list[Action]]:
    """The mistakes ``seat`` could declare now whose ruling is on (an option ``off`` lists none of its kind)."""
    listed = common_mistakes(game, seat, legal)
    if listed and "hand_size" in listed:  # on its own turn, alive: a face-down kong of four tiles that are no set
        listed["fake_kong"] = _fake_kongs(game, seat)
    return {k: v for k, v in listed.items() if v and game.rules[_OPTIONS[k]] != "off"}


def _fake_kongs(game, seat: int) -> list[Action]:
    """A concealed kong laid face down with four held tiles that are not four of a kind (偽暗槓), if any."""
    tiles = sorted(game.hand.seats[seat].tiles)
    four = tuple(tiles[:3]) + (tiles[-1],)
    return [Action(ANKAN, four[0], four)] if len({t // 4 for t in four}) > 1 else []


def judge(game, seat: int, action: Action, chosen: dict[int, Action]) -> Refusal | None:
    """The ruling on ``seat``'s declaration of ``action``, which the engine did not offer (None: not a mistake)."""
    kind = kind_of_mistake(mistakes(game, seat, list((game.offered or {}).get(seat, ()))), action)
    if kind is None:
        return None
    claim = in_claim_window(game)
    if another_wins(game, seat, chosen):  # the win on the same tile stands; the mistake is let go
        return logged(game, seat, kind, "win_first", Refusal(instead=Action(PASS)))
    ruling = game.rules[_OPTIONS[kind]]
    if ruling == "pao":  # the fake kong is turned up: the seat's hand is dead and it pays every win of the hand
        make_dead(game, seat)
        game.hand.stash.setdefault(LIABLE, seat)
        return logged(game, seat, kind, ruling, Refusal())
    if ruling == "chombo":
        return logged(game, seat, kind, ruling, Refusal(transfers=chombo(game, seat), end_hand=CHOMBO_REASON))
    make_dead(game, seat)
    return logged(game, seat, kind, ruling, Refusal(instead=Action(PASS) if claim else None))


def chombo(game, seat: int) -> list[Transfer]:
    """``seat`` pays each other seat the larger of a win of no tai and that seat's own ready hand's ron (§12)."""
    return [Transfer(seat, other, chombo_due(game, seat, other), CHOMBO) for other in range(4) if other != seat]


def chombo_due(game, seat: int, other: int) -> int:
    """What ``seat``'s chombo pays ``other``: max(底 with the dealer's bonus, ``other``'s ready hand's ron)."""
    dealer = game.hand.dealer
    bonus = 2 * game.repeats + 1 if dealer in (seat, other) else 0
    base = (game.rules[opt.DI] + bonus) * game.rules[opt.RATE]
    return max(base, ready_value(game, other, seat))


def ready_value(game, seat: int, payer: int) -> int:
    """The most ``seat``'s ready hand would take from ``payer`` as a ron on one of its waits (0: not ready)."""
    payer_wind = seat_winds(game)[payer]
    best = 0
    for kind in seat_waits(game, seat):
        try:
            score = score_win(win_context(game, seat, 4 * kind, RON, source=payer), game.rules)
        except NoWin:
            continue
        best = max(best, -score.payments[payer_wind])
    return best


def with_pao(game, transfers: list[Transfer]) -> list[Transfer]:
    """偽暗槓's pao: the liable seat pays what the other seats would have paid the winner (§12 "偽暗槓：パオ")."""
    liable = game.hand.stash.get(LIABLE)
    if liable is None:
        return transfers
    return [t._replace(payer=liable) if t.payer not in (liable, TABLE) and t.payee != liable else t for t in transfers]


def record(game) -> dict | None:
    """The hand's mistakes, chombos and dead hands (only in a hand that had any: other records stay as they were)."""
    log = game.hand.stash.get(LOG, [])
    if not log:
        return None
    return {
        "taiwan.mistakes": len(log),
        "taiwan.chombo": sum(ruling == "chombo" for _, _, ruling in log),
        "taiwan.dead": len(game.hand.stash.get(DEAD, ())),
        "taiwan.mistakes_by": [s for s, _, _ in log],
        "taiwan.liable": game.hand.stash.get(LIABLE),
    }
