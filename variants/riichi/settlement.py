"""Riichi payments at the end of a hand, the next hand, and the final settlement (§10-§15)."""

from __future__ import annotations

from mjsim.engine.actions import TABLE, Transfer
from mjsim.hand.tiles import YAOCHU_SET, kind_of
from variants.riichi.payments import payments
from variants.riichi.play import opt, seat_waits, win_context
from variants.riichi.scorer import _pao_base

NOTEN_TOTAL = 3000
_UMA = {
    "none": (0, 0, 0, 0),
    "0-5": (5, 0, 0, -5),
    "5-10": (10, 5, -5, -10),
    "10-20": (20, 10, -10, -20),
    "10-30": (30, 10, -10, -30),
}


# --- Wins ---------------------------------------------------------------------------------


def settle_win(game, wins) -> list[Transfer]:
    """Pay each win; honba and sticks go to the winner nearest the discarder (§10.3)."""
    hand = game.hand
    transfers: list[Transfer] = []
    source = wins[0][2]
    order = sorted(wins, key=lambda w: (w[0] - source) % 4) if source is not None else wins
    for index, (seat, tile, frm, score) in enumerate(order):
        how = "tsumo" if frm is None else "ron"
        ctx = win_context(game, seat, tile, how, first_winner=index == 0)
        pao_base = _pao_base(score.hits, score.base, score.yakuman, ctx.options) if ctx.pao is not None else 0
        deltas = payments(score.base, ctx, pao_base)
        transfers += _transfers(hand, seat, deltas, ctx.sticks * game.rules.flow.setup.riichi_deposit)
    return transfers


def _transfers(hand, winner: int, deltas, sticks: int) -> list[Transfer]:
    """Deltas by wind index as transfers to the winner; the sticks come from the table."""
    out = []
    for wind_index, delta in enumerate(deltas):
        payer = (hand.dealer + wind_index) % 4
        if delta < 0:
            out.append(Transfer(payer, winner, -delta, "win"))
    if sticks:
        out.append(Transfer(TABLE, winner, sticks, "riichi sticks"))
    return out


# --- Draws --------------------------------------------------------------------------------


def tenpai_seats(game) -> list[int]:
    """Seats that are ready at an exhaustive draw (a wait on a tile one holds all four of does not count)."""
    out = []
    allow_fifth = opt(game, "tenpai_allows_exhausted_wait", False)
    for seat, me in enumerate(game.hand.seats):
        waits = seat_waits(me)
        if any(allow_fifth or me.counts[k] + _melded(me, k) < 4 for k in waits):
            out.append(seat)
    return out


def _melded(me, kind: int) -> int:
    return sum(1 for m in me.melds for t in m.tiles if kind_of(t) == kind)


def nagashi_seats(game) -> list[int]:
    """Seats whose every discard is a terminal or honour and none was called (§11.3)."""
    if opt(game, "nagashi_mangan", "as_draw") == "off":
        return []
    return [
        seat
        for seat, me in enumerate(game.hand.seats)
        if me.river and not me.called_from_river and all(kind_of(t) in YAOCHU_SET for t in me.river)
    ]


def settle_draw(game, reason: str):
    """Noten payments or nagashi mangan at an exhaustive draw; nothing for an abortive draw."""
    if reason != "exhaustive":
        return [], {}
    tenpai = tenpai_seats(game)
    nagashi = nagashi_seats(game)
    if nagashi:
        return _nagashi(game, nagashi), {"tenpai": tenpai, "nagashi": nagashi}
    return _noten_payments(tenpai), {"tenpai": tenpai}


def _noten_payments(tenpai: list[int]) -> list[Transfer]:
    """3000 points from the noten seats to the tenpai seats (§11.1)."""
    if len(tenpai) in (0, 4):
        return []
    noten = [s for s in range(4) if s not in tenpai]
    share_out = NOTEN_TOTAL // len(noten)
    out = []
    # Pay pairwise so every transfer is between two seats: each noten seat splits its share over the tenpai ones.
    for payer in noten:
        for payee in tenpai:
            out.append(Transfer(payer, payee, share_out // len(tenpai), "noten"))
    return out


def _nagashi(game, seats: list[int]) -> list[Transfer]:
    """A mangan paid as a tsumo, without honba, for each nagashi seat (§11.3)."""
    hand = game.hand
    out = []
    for seat in seats:
        for other in range(4):
            if other != seat:
                both_dealer = hand.dealer in (seat, other)
                out.append(Transfer(other, seat, 4000 if both_dealer else 2000, "nagashi mangan"))
    return out


# --- The next hand -----------------------------------------------------------------------------


def next_hand(game, outcome: dict) -> dict:
    """Dealer repeat, honba, rotation and the end of the game (§13-§14)."""
    hand = game.hand
    repeat, honba = _repeat_and_honba(game, outcome)
    dealer, round_index = game.dealer, game.round_index
    if not repeat:
        dealer = (dealer + 1) % 4
        round_index += dealer == 0
    over = _busted(game) or _schedule_over(game, round_index, repeat, outcome)
    leftover = _top(game) if over and game.table and opt(game, "leftover_deposits", "top") == "top" else None
    return {
        "dealer": dealer,
        "round": round_index,
        "honba": honba,
        "repeat": repeat,
        "over": over,
        "leftover_to": leftover,
        "hand": hand.index,
    }


def _repeat_and_honba(game, outcome: dict) -> tuple[bool, int]:
    hand = game.hand
    if outcome.get("wins"):
        repeat = any(w["seat"] == hand.dealer for w in outcome["wins"])
        return repeat, hand.honba + 1 if repeat else 0
    if outcome.get("draw") == "exhaustive":
        mode = opt(game, "draw_renchan", "tenpai")
        repeat = mode == "always" or (mode == "tenpai" and hand.dealer in outcome.get("tenpai", ()))
        return repeat, hand.honba + 1
    return True, hand.honba + 1  # abortive draws: the dealer repeats


def _busted(game) -> bool:
    mode = opt(game, "bust", "below_zero")
    if mode == "off":
        return False
    return any(s < 0 or (mode == "zero_or_below" and s <= 0) for s in game.scores)


_LENGTH = {"east": 1, "hanchan": 2, "full": 4}


def _schedule_over(game, round_index: int, repeat: bool, outcome: dict) -> bool:
    """The last scheduled hand is done (or an extension hand ends with someone over the threshold)."""
    rounds = _LENGTH[opt(game, "game_length", "hanchan")]
    threshold = opt(game, "extension_threshold", 0) or _return_points(game)
    top = max(game.scores)
    hand = game.hand
    all_last = hand.round_wind - 27 == rounds - 1 and hand.dealer == 3
    if all_last and repeat and _stop_at_all_last(game, outcome):
        return True
    if round_index < rounds:
        return False
    if round_index - rounds >= 1 or not opt(game, "extension", True):
        return True  # one extension round at most
    return top >= threshold


def _stop_at_all_last(game, outcome: dict) -> bool:
    """Agari-yame / tenpai-yame: the all-last dealer on top ends the game (taken when offered)."""
    dealer = game.hand.dealer
    if _top(game) != dealer or game.scores[dealer] < _return_points(game):
        return False
    if outcome.get("wins"):
        return opt(game, "agari_yame", "optional") != "off"
    if outcome.get("draw") == "exhaustive":
        return opt(game, "tenpai_yame", "off") != "off"
    return False


def _return_points(game) -> int:
    """Return points (返し点); "none" means the start points (no oka)."""
    value = opt(game, "return_points", 30000)
    return game.rules.flow.setup.start_points if value == "none" else value


def _top(game) -> int:
    """The seat in first place (ties to the seat nearer the first dealer)."""
    return max(range(4), key=lambda seat: (game.scores[seat], -seat))


# --- Final settlement ------------------------------------------------------------------------


def final_settlement(game) -> dict:
    """Ranks, and results after return points, oka, uma and rounding (§15)."""
    points = list(game.scores)
    order = sorted(range(4), key=lambda seat: (-points[seat], seat))
    ranks = [order.index(seat) + 1 for seat in range(4)]
    start = game.rules.flow.setup.start_points
    ret = _return_points(game)
    uma = _UMA.get(str(opt(game, "uma", "10-20")), (20, 10, -10, -20))
    mode, negative = opt(game, "rounding", "go_sha_roku_nyuu"), opt(game, "rounding_negative", "floor")
    results = [_rounded(points[s], mode, negative) - ret for s in range(4)]
    results = [r / 1000 + uma[ranks[s] - 1] for s, r in enumerate(results)]
    top = order[0]
    results[top] += (ret - start) * 4 / 1000
    results[top] -= sum(results)  # the top absorbs rounding so the table sums to zero
    return {"points": points, "ranks": ranks, "results": [round(r, 1) for r in results]}


def _rounded(points: int, mode: str, negative: str = "floor") -> int:
    """Points rounded to thousands: 五捨六入, 四捨五入 or not at all (negatives by floor or by value)."""
    if mode not in ("go_sha_roku_nyuu", "shi_sha_go_nyuu"):
        return points
    if points < 0 and negative == "absolute":
        return -_rounded(-points, mode)
    q, rest = divmod(points, 1000)
    cut = 500 if mode == "go_sha_roku_nyuu" else 400
    return 1000 * (q + 1) if rest > cut else 1000 * q
