"""Payments, the deal passing every hand, the end of the game and the hand facts (docs/mcr.md §4, §7)."""

from __future__ import annotations

from mjsim.engine.actions import Transfer
from mjsim.engine.outcomes import DrawSettlement, NextHand
from variants.common.settlement import net_settlement, win_facts
from variants.mcr import options as opt
from variants.mcr.checks import WINS
from variants.mcr.flow import seat_winds
from variants.mcr.scoring import recorded_fan


def settle_win(game, wins) -> list[Transfer]:
    """Each win's payments, seat by seat (the score's payments are by seat wind)."""
    winds = seat_winds(game)
    out = []
    for seat, _tile, source, score in wins:
        reason = "tsumo" if source is None else "ron"
        gain = 0
        for payer in range(4):
            amount = -score.payments[winds[payer]]
            if payer != seat and amount > 0:
                out.append(Transfer(payer, seat, amount, reason))
                gain += amount
        fans = sum(p * n for name, _, p, n in score.detail.fans if name != "花牌")
        game.stash.setdefault(WINS, []).append((fans, score.detail.fan, source is None, gain))
    return out


def settle_draw(game, reason: str) -> DrawSettlement:
    """A hand nobody wins pays nothing [MCR §9]."""
    return DrawSettlement()


def next_hand(game, outcome: dict) -> NextHand:
    """The deal passes after every hand, won or drawn (no dealer repeat); a round is four hands [WIKI]."""
    dealer = (game.dealer + 1) % 4
    played = game.round_index * 4 + game.dealer + 1
    return NextHand(dealer, game.round_index + (dealer == 0), 0, over=played >= game.rules[opt.HANDS])


def final_settlement(game) -> dict:
    """Points, ranks (ties by seat order) and results: the points themselves (the game starts at 0)."""
    return net_settlement(game.scores)


def record_hand(game, outcome: dict) -> dict:
    """Per hand: win, tsumo, deal-in and the winner's fans ("mcr.<fact>")."""
    wins = outcome.get("wins", [])
    facts: dict = win_facts("mcr", wins)
    if wins:
        facts["mcr.fan"] = sum(recorded_fan(w) for w in wins) / len(wins)
    return facts
