"""Payments, dealer continuation, the end of the game and the hand facts experiments read (taiwan.md §10-§11)."""

from __future__ import annotations

from mjsim.engine.actions import DECLINE_DRAW, Transfer
from mjsim.engine.outcomes import DrawSettlement, NextHand
from variants.common.settlement import net_settlement, win_facts
from variants.taiwan import guoshui
from variants.taiwan import options as opt
from variants.taiwan.flow import BLOCKED_TSUMO
from variants.taiwan.scoring import FLOWER_WINS
from variants.taiwan.seats import seat_winds
from variants.taiwan.waits import seat_waits

WIN_CHECKS = "taiwan.win_checks"  # game stash: one entry per win, for the invariants


def settle_win(game, wins) -> list[Transfer]:
    """Each win's payments, seat by seat (the score's payments are by seat wind)."""
    winds = seat_winds(game)
    out = []
    for seat, _tile, source, score in wins:
        flower = next((h.name for h in score.hits if h.name in FLOWER_WINS), None)
        reason = flower or ("tsumo" if source is None else "ron")
        for payer in range(4):
            amount = -score.payments[winds[payer]]
            if payer != seat and amount > 0:
                out.append(Transfer(payer, seat, amount, reason))
        game.stash.setdefault(WIN_CHECKS, []).append(_snapshot(game, seat, source, score))
    return out


def _snapshot(game, seat: int, source: int | None, score) -> dict:
    """What the invariants need to judge a win after the hand is gone: the waits it had and where it stood."""
    me = game.hand.seats[seat]
    drawn = game.hand.last_draw if source is None else None
    return {
        "hand": game.hand.index,
        "seat": seat,
        "waits": seat_waits(game, seat, without=drawn),
        "ron": source is not None,
        "at": len(game.log),
        "declared": me.declared_turn is not None,
        "hand_win": score.reading.form != "flowers",
        "guoshui": game.rules[opt.GUOSHUI] != "off",
    }


def settle_draw(game, reason: str) -> DrawSettlement:
    """No tenpai payments, ever (§11)."""
    return DrawSettlement()


def next_hand(game, outcome: dict) -> NextHand:
    """Dealer wins and draws repeat the deal; otherwise it passes on; the game ends after the North round."""
    repeat = dealer_keeps(game, outcome)
    dealer, round_index = game.dealer, game.round_index
    if not repeat:
        dealer = (dealer + 1) % 4
        round_index += dealer == 0
    bust = game.rules[opt.BUST]
    busted = bust > 0 and any(s <= game.rules[opt.START_POINTS] - bust for s in game.scores)
    honba = game.honba + 1 if repeat else 0
    return NextHand(dealer, round_index, honba, repeat=repeat, over=round_index >= 4 or busted)


def dealer_keeps(game, outcome: dict) -> bool:
    """The dealer repeats on its own win and on every draw (unless draw_renchan is never)."""
    if outcome.get("wins"):
        return any(w["seat"] == game.dealer for w in outcome["wins"])
    if outcome.get("draw") in ("exhaustive", DECLINE_DRAW):  # a declined last tile is a draw like the wall's end
        return game.rules[opt.DRAW_RENCHAN] == "always"
    return True  # 一路歸西: the dealer repeats [proposal]


def final_settlement(game) -> dict:
    """Points, ranks (ties by seat order) and results: the net winnings."""
    return net_settlement(game.scores, game.rules[opt.START_POINTS])


def record_hand(game, outcome: dict) -> dict:
    """Per hand: win, tsumo, deal-in, flower win, tai, the dealer's repeats and keeping, 過水 blocks."""
    wins = outcome.get("wins", [])
    state = guoshui.state(game)
    facts = {
        **win_facts("taiwan", wins),
        "taiwan.repeats": game.repeats,
        "taiwan.dealer_kept": int(dealer_keeps(game, outcome)),
        "taiwan.guoshui_blocks": _blocks(state, outcome),
        "taiwan.blocked_tsumo": game.hand.stash.get(BLOCKED_TSUMO, 0),
    }
    if wins:
        facts["taiwan.tai"] = sum(w["han"] for w in wins) / len(wins)
    return facts


def _blocks(state, outcome: dict) -> int:
    """Seats 過水 blocked in the hand; not those of the discard that ended it (they won or lost the head bump)."""
    final = state.open_at if any(w["from"] is not None for w in outcome.get("wins", [])) else None
    return sum(1 for _seat, index, what in state.trail if what == "block" and index != final)
