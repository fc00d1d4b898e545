"""Payments during a hand (chengdu.md §5.1-§5.2): wins, kong payments (刮风下雨) and call transfers (呼叫转移)."""

from __future__ import annotations

from mjsim.engine.actions import Transfer
from mjsim.engine.outcomes import ContinueAfterWin
from mjsim.scoring import ANKAN, KAN, Meld
from variants.chengdu import options as opt
from variants.chengdu.fan import tsumo_charge
from variants.chengdu.log import CALL_TRANSFER, KONG, after_kong_discard, hand_events, kongs, last_kong

WIN = "win"


def active_opponents(game, seat: int) -> list[int]:
    """Seats still in the hand other than ``seat`` (血战到底: winners never pay for later wins or kongs, having
    left; 血流成河: they stay and pay)."""
    return [s for s in range(4) if s != seat and not game.hand.seats[s].left]


# --- Wins ---------------------------------------------------------------------------------------------------


def settle_win(game, wins) -> list[Transfer]:
    """A ron is paid by the discarder (each winner of a multiple ron separately); a tsumo by every active opponent."""
    transfers: list[Transfer] = []
    for seat, _tile, source, score in wins:
        if source is not None:
            transfers.append(Transfer(source, seat, score.value, WIN))
        else:
            transfers += _tsumo_payments(game, seat, score)
    if wins[0][2] is not None and game.rules[opt.CALL_TRANSFER] and after_kong_discard(game):
        transfers += _call_transfer(game, wins)
    return transfers


def _tsumo_payments(game, seat: int, score) -> list[Transfer]:
    """Every active opponent pays; 点杠花 as a ron: only the discarder of the exposed kong's tile pays."""
    if game.hand.after_kan and game.rules[opt.DIANGANGHUA] == "as_ron":
        kong = last_kong(hand_events(game), seat)
        discarder = kong.data[2] if kong is not None and kong.kind == "kan" else None
        if discarder is not None and not game.hand.seats[discarder].left:
            return [Transfer(discarder, seat, score.value, WIN)]
    charge = tsumo_charge(game.rules, score.value)
    return [Transfer(payer, seat, charge, WIN) for payer in active_opponents(game, seat)]


def _call_transfer(game, wins) -> list[Transfer]:
    """呼叫转移: the discarder's kong income goes to the winner nearest it in turn order [proposal]."""
    source = wins[0][2]
    upstream = min((w[0] for w in wins), key=lambda seat: (seat - source) % 4)
    records = [k for k in kongs(hand_events(game)) if k.owner == source]
    income = sum(t.amount for t in records[-1].payments) if records else 0
    return [Transfer(source, upstream, income, CALL_TRANSFER)] if income else []


# --- Kong payments (刮风下雨) ----------------------------------------------------------------------------------


def settle_meld(game, seat: int, meld: Meld) -> list[Transfer] | None:
    """A kong is paid when it stands: exposed by the discarder, concealed and added by every active opponent."""
    if meld.type not in (KAN, ANKAN) or not game.rules[opt.KONG_PAYMENTS]:
        return None
    base = game.rules[opt.BASE]
    kong = last_kong(hand_events(game), seat)
    if kong.kind == "kan":
        return [Transfer(kong.data[2], seat, game.rules[opt.KONG_EXPOSED] * base, KONG)]
    if kong.kind == "ankan":
        each = game.rules[opt.KONG_CONCEALED] * base
    elif game.rules[opt.KONG_ADDED_ONLY_DRAWN] and kong.data != game.hand.last_draw:
        return None  # the added tile was not the one just drawn: nothing is paid
    else:
        each = game.rules[opt.KONG_ADDED] * base
    return [Transfer(payer, seat, each, KONG) for payer in active_opponents(game, seat)]


# --- After a win --------------------------------------------------------------------------------------------


def after_win(game, wins) -> ContinueAfterWin:
    """Play goes on: after the last winner, or after the discarder by option; the winners leave (血战到底) or stay
    and may win again (血流成河)."""
    source = wins[0][2]
    stay = game.rules[opt.PLAY_ON] == "xueliu"
    if source is not None and game.rules[opt.AFTER_RON_NEXT] == "after_discarder":
        return ContinueAfterWin(after=source, winners_stay=stay)
    return ContinueAfterWin(winners_stay=stay)
