"""祝儀 (chips): ippatsu, ura dora, red fives and yakuman earn chips, settled apart from the points.

Spec: /work/shared/rules/other_variants.md §11 (4play, fl8, 花鳥風月). Chips are a side currency
(``final["side"]["chips"]``); ``chips.value`` converts them into settlement points for ``final["payout"]``.
"""

from __future__ import annotations

from mjsim.agents.payoff import SidePayoffs
from mjsim.engine.actions import Transfer
from mjsim.hookspecs import hookimpl
from variants.chips import options as opt
from variants.chips.currency import CHIPS, hand_events, with_currency, with_payout
from variants.chips.tables import TABLES, is_closed, win_chips

NAME = "chips"
DESCRIPTION = "祝儀 (chips): ippatsu, ura, red fives and yakuman paid in chips next to the points"
NEEDS = {"riichi": "祝儀 counts the riichi family's yakuman, ura and red fives"}
CONFLICTS = {"boo": "boo settles its own A/B/C tops and keeps ura only as its own chip; 祝儀 is a riichi-table rule"}


@hookimpl
def mjsim_add_options(registry):
    """Declare the chip options (§11)."""
    registry.add_all(opt.OPTIONS)


@hookimpl(wrapper=True)
def mjsim_table_setup(rules):
    """The family's table, keeping chips per seat."""
    return with_currency((yield), CHIPS)


@hookimpl(wrapper=True)
def mjsim_settle_win(game, wins):
    """The family's payments plus each winner's chips: a ron's from the discarder, a tsumo's from each other."""
    transfers = yield
    return transfers + [t for win in wins for t in chip_transfers(game, *win)]


def chip_transfers(game, seat: int, tile: int, source: int | None, score) -> list[Transfer]:
    """The chips one win collects, one transfer per payer and event."""
    rules = game.rules
    table = TABLES[rules[opt.TABLE]]
    closed = is_closed(game.hand.seats[seat].melds)
    red_closed_only, per_multiple = rules[opt.RED_CLOSED_ONLY], rules[opt.YAKUMAN_MULTIPLES]
    events = win_chips(table, score, closed, source is None, red_closed_only, per_multiple)
    payers = [source] if source is not None else [s for s in range(4) if s != seat]
    return [Transfer(payer, seat, n, f"chips: {event}", CHIPS) for event, n in events.items() for payer in payers]


@hookimpl(wrapper=True)
def mjsim_final_settlement(game):
    """The family's results, plus payout in settlement points with the chips converted."""
    return with_payout(game, (yield))


@hookimpl
def mjsim_side_payoffs(rules, obs):
    """What each chip event is worth per payer, in settlement units (the rule set's rate, else the default)."""
    from variants.chips.currency import chip_rate

    rate, default = chip_rate(rules)
    table = TABLES[rules[opt.TABLE]]
    events = {"ippatsu": table.ippatsu, "ura": table.ura, "red": table.red, "yakuman": table.yakuman_ron}
    return SidePayoffs({e: n * rate for e, n in events.items() if n}, chip_rate=rate, default_rate=default)


@hookimpl
def mjsim_record_hand(game, outcome):
    """Chips collected in the hand (by every winner together)."""
    moved = hand_events(game, ("side_transfer",))
    return {"chips.won": sum(t.amount for t in moved if t.reason.startswith("chips:"))}


@hookimpl
def mjsim_register_invariants(rules):
    """Chips move only to winners, by the table."""
    from variants.chips.checks import INVARIANTS

    return list(INVARIANTS)
