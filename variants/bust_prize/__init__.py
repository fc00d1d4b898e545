"""トビ賞 / 飛ばし点 (bust prize): the player who busts pays a prize to the player who busted them.

Spec: /work/shared/rules/other_variants.md §10 (fl8 and KAIT: 10 settlement points; 4play: 3 chips).
Paid through ``mjsim_settle_game`` when the game ended by bust, in a side currency. Needs ``riichi.bust``.
"""

from __future__ import annotations

from mjsim.agents.payoff import SidePayoffs
from mjsim.engine.actions import Transfer
from mjsim.hookspecs import hookimpl
from variants.bust_prize import options as opt
from variants.bust_prize.prize import busted_seats, by_win_or_draw, several_4play
from variants.chips.currency import SETTLEMENT, chip_rate, hand_events, with_currency, with_payout
from variants.riichi.api import options as riichi_opt

NAME = "bust_prize"
DESCRIPTION = "トビ賞: a busted player pays the player who busted them (fl8/KAIT 10 points, 4play 3 chips)"
NEEDS = {"riichi": "トビ賞 is paid on the riichi table's points"}
CONFLICTS = {
    "jirai": "地雷麻雀 plays without bust (ドボン無し), so there is never a bust prize to pay",
    "boo": "boo ends at its own ドボン and settles A/B/C tops; トビ賞 is a riichi-table rule",
}
REQUIRES = {riichi_opt.BUST: ("below_zero", "zero_or_below")}


@hookimpl
def mjsim_add_options(registry):
    """Declare the bust prize options (§10)."""
    registry.add_all(opt.OPTIONS)


@hookimpl(wrapper=True)
def mjsim_table_setup(rules):
    """The family's table, keeping the prize's currency per seat."""
    return with_currency((yield), opt.FORMS[rules[opt.FORM]][0])


@hookimpl
def mjsim_settle_game(game):
    """The prize, when the last hand left someone below the bust threshold (so the game ended by bust)."""
    rules = game.rules
    busted = busted_seats(game.scores, rules[riichi_opt.BUST])
    if not busted or not game.history:
        return []
    currency, amount = opt.FORMS[rules[opt.FORM]]
    last, transfers = game.history[-1], hand_events(game, ("transfer",))
    if rules[opt.FORM] == "4play" and len(busted) > 1:
        moves = several_4play(busted, amount)
    else:
        rule = rules[opt.NOTEN_BUST]
        moves = [m for seat in busted for m in by_win_or_draw(seat, last, transfers, amount, rule)]
    return [Transfer(payer, payee, n, "bust prize", currency) for payer, payee, n in moves]


@hookimpl
def mjsim_side_payoffs(rules, obs):
    """What busting a seat earns (and being busted costs), in settlement units."""
    currency, amount = opt.FORMS[rules[opt.FORM]]
    if currency == SETTLEMENT:
        return SidePayoffs(bust=float(amount))
    rate, default = chip_rate(rules)
    return SidePayoffs(bust=amount * rate, chip_rate=rate, default_rate=default)


@hookimpl(wrapper=True)
def mjsim_final_settlement(game):
    """The family's results, plus payout in settlement points (the prize included)."""
    return with_payout(game, (yield))


@hookimpl
def mjsim_register_invariants(rules):
    """The prize is paid only at the end of a game ended by bust, by busted seats only."""
    from variants.bust_prize.checks import INVARIANTS

    return list(INVARIANTS)
