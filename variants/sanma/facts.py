"""What each sanma hand record keeps for experiments: the dealer's change, tsumo and ron values, Norths set aside."""

from __future__ import annotations

from mjsim.hand.tiles import NORTH, kind_of


def hand_facts(game, outcome: dict) -> dict:
    """``sanma.dealer_delta`` (the dealer's score change), ``sanma.nuki`` (Norths set aside), and for each way a
    hand was won ``sanma.tsumo_value`` / ``sanma.ron_value`` (the winners' values, honba and sticks left out)."""
    hand = game.hand
    dealer = hand.dealer
    facts: dict = {
        "sanma.dealer_delta": game.scores[dealer] - hand.start_scores[dealer],
        "sanma.nuki": sum(1 for seat in hand.seats for t in seat.flowers if kind_of(t) == NORTH),
    }
    for win in outcome.get("wins", ()):
        how = "tsumo" if win["from"] is None else "ron"
        facts[f"sanma.{how}_value"] = facts.get(f"sanma.{how}_value", 0) + win["value"]
        if win["seat"] == dealer:
            facts[f"sanma.dealer_{how}_value"] = win["value"]
    return facts
