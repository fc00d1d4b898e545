"""割れ目 (wareme): the seat in front of the wall break pays and receives double for the hand.

Spec: /work/shared/rules/other_variants.md §8 (4play). The dice come from the game's seed; every points
transfer between the wareme seat and another seat is multiplied, except riichi deposits and sticks; chips
are not. Listed after the riichi family and after any delta whose payments it should multiply.
"""

from __future__ import annotations

from mjsim.agents.payoff import SidePayoffs
from mjsim.engine.outcomes import DrawSettlement
from mjsim.hookspecs import hookimpl
from variants.wareme import checks
from variants.wareme import options as opt
from variants.wareme.seat import apply, dice, seat_of_hand

NAME = "wareme"
DESCRIPTION = "割れ目: the seat at the wall break pays and receives double (riichi deposits excepted)"
NEEDS = {"riichi": "割れ目 is a riichi-table rule"}
CONFLICTS = {"boo": "boo replaces the riichi payments with its own units; 割れ目 is a riichi-table rule"}
LAST = "wareme.last"  # game.stash: (seat, ledger length, transfers before, after) of the latest settlement


@hookimpl
def mjsim_add_options(registry):
    """Declare the wareme options (§8)."""
    registry.add_all(opt.OPTIONS)


def _settled(game, transfers: list) -> list:
    """Multiply the wareme seat's transfers; remember both lists for the invariant."""
    rules = game.rules
    seat = seat_of_hand(game)
    out = apply(transfers, seat, rules[opt.MULTIPLIER], rules[opt.DOUBLES_NOTEN])
    game.stash[LAST] = (seat, len(game.ledger), list(transfers), out)
    return out


@hookimpl(wrapper=True)
def mjsim_settle_win(game, wins):
    """The family's win payments, the wareme seat's multiplied."""
    transfers = yield
    return _settled(game, transfers)


@hookimpl(wrapper=True)
def mjsim_settle_draw(game, reason):
    """Noten and nagashi payments, the wareme seat's multiplied (noten by option)."""
    settled = yield
    return DrawSettlement(_settled(game, settled.transfers), settled.detail)


@hookimpl
def mjsim_observe(game, seat):
    """The dice and the wareme seat are public: everyone sees the wall being broken."""
    return {"wareme_seat": seat_of_hand(game), "wareme_dice": dice(game.seed, game.hand.index)}


@hookimpl
def mjsim_side_payoffs(rules, obs):
    """The wareme seat's stakes this hand: its payments and receipts multiplied."""
    seat = obs.extra.get("wareme_seat")
    return None if seat is None else SidePayoffs(stake_factor={seat: float(rules[opt.MULTIPLIER])})


@hookimpl
def mjsim_record_hand(game, outcome):
    """The hand's wareme seat, the dice total, and whether the dealer was the wareme."""
    seat = seat_of_hand(game)
    return {
        "wareme.seat": seat,
        "wareme.dice": sum(dice(game.seed, game.hand.index)),
        "wareme.dealer": int(seat == game.hand.dealer),
    }


@hookimpl
def mjsim_register_invariants(rules):
    """Exact multiplication of the wareme seat's transfers, never of deposits; the result was paid."""
    return list(checks.INVARIANTS)
