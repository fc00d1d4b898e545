"""The match (chengdu.md §6): the next dealer, the end of the match, its results, and the facts of each hand."""

from __future__ import annotations

from mjsim.engine.outcomes import NextHand
from variants.chengdu import bust
from variants.chengdu import options as opt
from variants.chengdu.log import KONG, REFUND, hand_events, win_groups
from variants.chengdu.play import void_of
from variants.chengdu.tiles import suit_of_tile


def next_dealer(game, dealer: int) -> int:
    """The first winner; the discarder (or upstream winner) when the first win was a multiple ron; else the same."""
    groups = win_groups(hand_events(game))
    if not groups:
        return dealer
    first = groups[0]
    if len(first) == 1:
        return first[0].seat
    source = first[0].data["from"]
    if game.rules[opt.MULTI_RON_FIRST_DEALER] == "discarder":
        return source
    return min((e.seat for e in first), key=lambda seat: (seat - source) % 4)


def next_hand(game, outcome: dict) -> NextHand:
    """The next dealer (a seat that still plays); the match ends after ``match_hands`` hands, or by ``bust``."""
    dealer = bust.playing_dealer(game, next_dealer(game, game.dealer))
    over = len(game.history) >= game.rules[opt.MATCH_HANDS] or bust.ends_match(game, outcome)
    return NextHand(dealer, 0, 0, repeat=dealer == game.dealer, over=over)


def final_settlement(game) -> dict:
    """Final points and ranks (ties: seat order); the results are the points (no oka or uma)."""
    points = list(game.scores)
    order = sorted(range(4), key=lambda seat: (-points[seat], seat))
    return {"points": points, "ranks": [order.index(seat) + 1 for seat in range(4)], "results": list(points)}


def record_hand(game, outcome: dict) -> dict:
    """Facts of the hand for experiments: winners, the dealer's result, kong money, refunds, pigs, busts, the void
    choice."""
    events = hand_events(game)
    transfers = [e.data for e in events if e.kind == "transfer"]
    winners = [e.seat for e in events if e.kind == "win"]
    dealer = game.hand.dealer
    facts = {
        "chengdu.winners": len(winners),
        "chengdu.three_won": int(len(winners) == 3),
        "chengdu.dealer_won": int(dealer in winners),
        "chengdu.dealer_delta": game.scores[dealer] - game.hand.start_scores[dealer],
        "chengdu.kong_income": sum(t.amount for t in transfers if t.reason == KONG),
        "chengdu.refunded": sum(t.amount for t in transfers if t.reason == REFUND),
        "chengdu.pigs": len(outcome.get("chengdu.pig_seats", ())),
        "chengdu.wall_left": len(game.hand.wall),
    }
    busted = [e.seat for e in events if e.kind == "leave"]
    if busted:  # only under bust = eliminate / sit_out: the records of the default rules keep their digest
        facts["chengdu.busted"] = len(busted)
    if outcome.get("sat_out"):
        facts["chengdu.sat_out"] = len(outcome["sat_out"])
    return {**facts, **_void_choice_facts(game, events)}


def _void_choice_facts(game, events) -> dict:
    """Declared mode: how many seats voided a suit that was not one of their shortest dealt suits, the mean hand
    result of those seats and of the others, and the gap between the two."""
    deal = next((e.data for e in events if e.kind == "deal"), None)
    if deal is None or all(void_of(game, seat) is None for seat in range(4)):
        return {}
    deltas = [a - b for a, b in zip(game.scores, game.hand.start_scores, strict=True)]
    good, bad = [], []
    for seat, tiles in enumerate(deal):
        if void_of(game, seat) is None:
            continue  # the seat sat the hand out (bust = sit_out)
        per_suit = [sum(1 for t in tiles if suit_of_tile(t) == suit) for suit in range(3)]
        (good if per_suit[void_of(game, seat)] == min(per_suit) else bad).append(deltas[seat])
    facts: dict = {"chengdu.bad_voids": len(bad)}
    if good:
        facts["chengdu.good_void_delta"] = sum(good) / len(good)
    if bad:
        facts["chengdu.bad_void_delta"] = sum(bad) / len(bad)
    if good and bad:  # what voiding a longer suit cost in this hand, against the seats that voided a shortest one
        facts["chengdu.void_gap"] = facts["chengdu.bad_void_delta"] - facts["chengdu.good_void_delta"]
    return facts
