"""Side currencies of the house rules: chips (祝儀) and settlement points, kept next to the points.

Used by the chips, yakitori and bust_prize variants: each adds its currency to the table, and the final
settlement gains ``payout``: results + settlement points + chips converted at ``chips.value``.
"""

from __future__ import annotations

from dataclasses import replace

from variants.chips import options as opt

CHIPS = "chips"
SETTLEMENT = "settlement"  # settlement points (the unit of final results: 1 = 1,000 points), e.g. fl8's -10


def with_currency(setup, currency: str):
    """The table setup keeping ``currency`` too (once)."""
    if setup is None or currency in setup.currencies:
        return setup
    return replace(setup, currencies=(*setup.currencies, currency))


def with_payout(game, final: dict) -> dict:
    """The final settlement with ``payout``: results plus settlement points plus chips x ``chips.value``.

    Without riichi ``results`` (or with no side currency) the settlement is returned unchanged.
    """
    results = final.get("results")
    if results is None or not game.side:
        return final
    # another side currency (yakitori, bust prize) can pay out without the chips variant: no chip value then
    value = game.rules[opt.VALUE] if opt.VALUE in game.rules else 0
    zero = [0] * 4
    points, chips = game.side.get(SETTLEMENT, zero), game.side.get(CHIPS, zero)
    payout = [round(results[s] + points[s] + value * chips[s], 1) for s in range(4)]
    return {**final, "payout": payout}


def chip_rate(rules) -> tuple[float, bool]:
    """Settlement units per chip for judging chips: ``chips.value``, else ``mjsim.agents.payoff.DEFAULT_CHIP_RATE``
    (True: the default was taken, the rule set keeps its chips apart)."""
    from mjsim.agents.payoff import DEFAULT_CHIP_RATE

    value = rules[opt.VALUE] if opt.VALUE in rules else 0
    return (float(value), False) if value else (DEFAULT_CHIP_RATE, True)


def hand_events(game, kinds: tuple[str, ...]) -> list:
    """The data of the latest hand's log events of these kinds (since its "hand_start")."""
    out = []
    for event in reversed(game.log):
        if event.kind == "hand_start":
            break
        if event.kind in kinds:
            out.append(event.data if event.kind != "win" else event.seat)
    return out[::-1]
