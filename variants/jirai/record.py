"""The facts of a finished hand that 地雷麻雀 keeps in the hand's record (``mjsim_record_hand``).

Keys (all numbers, so experiments can sum or average them with ``hand_sum:KEY`` / ``hand_mean:KEY``):

* ``jirai.count``: k = |F|, the forbidden yaku in force in the hand;
* ``jirai.wins``, ``jirai.reversed``, ``jirai.clean``, ``jirai.exempt``: the hand's wins, by jirai outcome;
* ``jirai.signed_value`` (hands with a win only): the sum of the wins' signed values (a reversed win's value
  is negative: what the winner pays);
* ``jirai.reversed_share`` (hands with a win only): the share of the hand's wins that were reversed;
* ``jirai.dealer_offered_reversed``: wins the dealer was offered that would have been reversed;
* ``jirai.dealer_declined_reversed``: of those, the ones the dealer declined (did not choose);
* ``jirai.dealer_told``: 1 when the dealer was told F (``jirai.reveal_to_dealer``), else 0.
"""

from __future__ import annotations

from mjsim.engine.actions import RON, TSUMO
from mjsim.engine.wins import win_score
from variants.jirai import options as opt
from variants.jirai.matching import CLEAN, EXEMPT, REVERSED
from variants.jirai.state import current

OFFERS = "dealer_offers"  # in the hand's trail entry: (step index, reversed) per win offered to the dealer


def note_dealer_offer(game, seat: int, actions) -> None:
    """Remember each win offered to the dealer, and whether taking it would reverse it."""
    hand = game.hand
    if hand is None or seat != hand.dealer:
        return
    win = next((a for a in actions if a.kind in (TSUMO, RON)), None)
    if win is None:
        return
    score = win_score(game, seat, win.tile, win.kind)
    if score:
        current(game).setdefault(OFFERS, []).append((len(game.choices), score.value < 0))


def _declined(game, entry: dict) -> tuple[int, int]:
    """(offered, declined) reversing wins of the dealer in this hand."""
    offered = declined = 0
    dealer = entry["dealer"]
    for step, reverses in entry.get(OFFERS, ()):
        if not reverses:
            continue
        offered += 1
        chosen = game.choices[step].get(dealer) if step < len(game.choices) else None
        declined += chosen is None or chosen.kind not in (TSUMO, RON)
    return offered, declined


def hand_facts(game, outcome: dict) -> dict:
    """The jirai facts of the hand that just ended."""
    entry = current(game)
    kinds = [kind for _seat, _hits, kind in entry["wins"]]
    wins = outcome.get("wins") or []
    offered, declined = _declined(game, entry)
    facts = {
        "jirai.count": len(entry["forbidden"]),
        "jirai.wins": len(wins),
        "jirai.reversed": kinds.count(REVERSED),
        "jirai.clean": kinds.count(CLEAN),
        "jirai.exempt": kinds.count(EXEMPT),
        "jirai.dealer_offered_reversed": offered,
        "jirai.dealer_declined_reversed": declined,
        "jirai.dealer_told": int(bool(game.rules[opt.REVEAL_TO_DEALER])),
    }
    if wins:
        facts["jirai.signed_value"] = sum(w["value"] for w in wins)
        facts["jirai.reversed_share"] = kinds.count(REVERSED) / len(wins)
    return facts
