"""焼き鳥 (yakitori): a player who never won a hand pays every player who did, at the end of the game.

Spec: /work/shared/rules/other_variants.md §9 (4play in chips, fl8 in settlement points with 焼き鳥返し).
Paid through ``mjsim_settle_game`` in a side currency: ``chips`` or ``settlement`` (settlement points).
"""

from __future__ import annotations

from mjsim.agents.payoff import SidePayoffs
from mjsim.engine.actions import Transfer
from mjsim.hookspecs import hookimpl
from variants.chips.currency import chip_rate, with_currency, with_payout
from variants.riichi.api import NAGASHI_MANGAN
from variants.yakitori import options as opt
from variants.yakitori.marks import final_marks, first_win_change, marks_after, payments

NAME = "yakitori"
DESCRIPTION = "焼き鳥: players who never won pay those who did at the end (chips or points, 焼き鳥返し)"
NEEDS = {"riichi": "焼き鳥 is a riichi-table rule"}
MARKED = "yakitori.marked"  # Observation.extra: the seats still without a win
CONFLICTS = {"boo": "boo's game ends in an A/B/C top settlement of its own; 焼き鳥 is a riichi-table rule"}


@hookimpl
def mjsim_add_options(registry):
    """Declare the yakitori options (§9)."""
    registry.add_all(opt.OPTIONS)


def _nagashi_wins(rules) -> bool:
    """Nagashi mangan clears the mark only when it is settled as a win."""
    return NAGASHI_MANGAN in rules and rules[NAGASHI_MANGAN] == "as_win"  # a family without it has no nagashi


def marked_at_end(game) -> frozenset[int]:
    """The seats that are yakitori when the game ends."""
    rules = game.rules
    return final_marks(game.history, _nagashi_wins(rules), rules[opt.GAESHI])


@hookimpl(wrapper=True)
def mjsim_table_setup(rules):
    """The family's table, keeping the yakitori currency per seat."""
    return with_currency((yield), opt.FORMS[rules[opt.FORM]])


@hookimpl
def mjsim_settle_game(game):
    """Each yakitori pays each seat that won (in chips: 1; in points: points_per_pair or the literal table)."""
    rules = game.rules
    form = rules[opt.FORM]
    per_pair = 1 if form == "chips" else rules[opt.POINTS_PER_PAIR]
    literal = form == "points" and rules[opt.LITERAL_TABLE]
    return [
        Transfer(payer, payee, amount, "yakitori", opt.FORMS[form])
        for payer, payee, amount in payments(marked_at_end(game), per_pair, literal)
    ]


@hookimpl(wrapper=True)
def mjsim_final_settlement(game):
    """The family's results, plus payout in settlement points (the yakitori settlement included)."""
    return with_payout(game, (yield))


@hookimpl
def mjsim_observe(game, seat):
    """The seats still marked: public, everyone saw who won."""
    return {MARKED: tuple(sorted(marked_at_end(game)))}


@hookimpl
def mjsim_side_payoffs(rules, obs):
    """A marked seat's first win: what it changes in the seat's yakitori balance at the game's end, the other
    marks as they stand (it no longer pays the seats that won, and the seats still marked pay it)."""
    marked = frozenset(obs.extra.get(MARKED, ()))
    if obs.seat not in marked:
        return None
    if rules[opt.FORM] == "chips":
        rate, default = chip_rate(rules)
        saved = first_win_change(marked, obs.seat, 1, False, rules[opt.GAESHI]) * rate
        return SidePayoffs(first_win=saved, chip_rate=rate, default_rate=default)
    per_pair, literal = rules[opt.POINTS_PER_PAIR], rules[opt.LITERAL_TABLE]
    return SidePayoffs(first_win=float(first_win_change(marked, obs.seat, per_pair, literal, rules[opt.GAESHI])))


@hookimpl
def mjsim_record_hand(game, outcome):
    """How many seats carry the mark after this hand."""
    rules = game.rules
    trail = marks_after([*game.history, outcome], _nagashi_wins(rules), rules[opt.GAESHI])
    return {"yakitori.marked": len(trail[-1])}


@hookimpl
def mjsim_register_invariants(rules):
    """Only marked seats pay, only cleared seats receive; with 焼き鳥返し someone is always marked."""
    from variants.yakitori.checks import INVARIANTS

    return list(INVARIANTS)
