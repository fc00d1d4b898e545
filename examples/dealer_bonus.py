"""Dealer bonus (親ロン祝儀): a dealer who wins by ron is paid a bonus by the discarder.

A complete mjsim variant in one file: it declares an option, wraps the riichi
family's payments, and registers an invariant that `mjsim check` verifies.
Try it:  PYTHONPATH=examples mjsim check --preset tenhou --plugin dealer_bonus
"""

from mjsim.engine.actions import Transfer
from mjsim.hookspecs import hookimpl
from mjsim.rules import Declarations

NAME = "dealer_bonus"  # the option prefix: dealer_bonus.amount
DESCRIPTION = "a dealer's ron is paid a bonus by the discarder"

OPTIONS = Declarations(NAME)  # the variant's options; each is its own key, read as rules[AMOUNT]
AMOUNT = OPTIONS.option("amount", 1000, "points the discarder adds to a dealer's ron", choices=(0, 500, 1000, 2000))


@hookimpl
def mjsim_add_options(registry):
    """The bonus, in points."""
    registry.add_all(OPTIONS)


@hookimpl(wrapper=True)
def mjsim_settle_win(game, wins):
    """The family's transfers, plus one bonus transfer per dealer ron."""
    transfers = yield
    amount = game.rules[AMOUNT]
    bonus = [
        Transfer(source, seat, amount, "dealer bonus")
        for seat, _tile, source, _score in wins
        if seat == game.hand.dealer and source is not None
    ]
    return transfers + (bonus if amount else [])


@hookimpl
def mjsim_register_invariants(rules):
    """Every bonus paid is exactly the declared amount."""
    amount = rules[AMOUNT]

    def bonus_amount(game):
        wrong = [t for t in game.ledger if t.reason == "dealer bonus" and t.amount != amount]
        return f"bonus transfers of the wrong size: {wrong[:3]}" if wrong else None

    return [("dealer bonus amount", bonus_amount)]
