"""Riichi payments at the end of a hand, the next hand, and the final settlement (§10-§15)."""

from __future__ import annotations

from mjsim.engine.actions import TABLE, Transfer
from mjsim.engine.outcomes import DrawSettlement, NextHand
from mjsim.hand.tiles import EAST
from variants.riichi import draws
from variants.riichi import options as opt
from variants.riichi import table_facts as tf
from variants.riichi.draws import nagashi_seats, tenpai_seats
from variants.riichi.payments import HONBA_RON, payments
from variants.riichi.play import win_context
from variants.riichi.scorer import pao_base_of
from variants.riichi.uma import rank_bonuses

__all__ = [
    "final_settlement",
    "nagashi_seats",
    "next_hand",
    "settle_draw",
    "settle_win",
    "tenpai_seats",
    "win_deltas",
]

_LENGTH = {"east": 1, "hanchan": 2, "full": 4}
_AFTER_NORTH = 4  # the round index after North's: 北入り extends no further


# --- Wins ---------------------------------------------------------------------------------


def settle_win(game, wins, deltas_of=None) -> list[Transfer]:
    """Pay the wins; sticks and honba (each_winner: honba to all) go to the winner nearest the discarder.

    ``deltas_of(game, score, ctx)`` gives one win's score changes by wind index (a delta on the family, such
    as sanma's tsumo loss, passes its own); by default the family's :func:`win_deltas`.
    """
    hand = game.hand
    deltas_of = deltas_of or win_deltas
    transfers: list[Transfer] = []
    source = wins[0][2]
    order = sorted(wins, key=lambda w: (w[0] - source) % game.seat_count) if source is not None else wins
    honba_to_each = game.rules[opt.MULTI_RON_HONBA] == "each_winner"
    for index, (seat, tile, frm, score) in enumerate(order):
        how = "tsumo" if frm is None else "ron"
        ctx = win_context(game, seat, tile, how, first_winner=index == 0)
        if honba_to_each:
            ctx = tf.with_table(ctx, honba=hand.honba)
        transfers += _transfers(hand, seat, deltas_of(game, score, ctx), game.table if index == 0 else 0)
    return transfers


def win_deltas(game, score, ctx) -> list[int]:
    """Score changes by wind index: the hand with pao, honba at honba_value, then rinshan pao."""
    rules, detail = game.rules, score.detail
    pao_base = pao_base_of(score.hits, detail.base, detail.yakuman, rules) if tf.pao(ctx) is not None else 0
    honba_payer = rules[opt.PAO_HONBA_PAYER]
    deltas = list(payments(detail.base, ctx, pao_base, honba_payer))
    value = game.rules[opt.HONBA_VALUE]
    if value != HONBA_RON and tf.honba(ctx):
        plain = payments(detail.base, tf.with_table(ctx, honba=0), pao_base, honba_payer)
        # payments() charges HONBA_RON a honba: rescale what each payer owes for the honba (the winner gets the sum).
        deltas = [p - (p - d) * value // HONBA_RON if d < p else d for d, p in zip(deltas, plain, strict=True)]
    liable = _rinshan_liable(game, ctx)
    return deltas if liable is None else _all_paid_by(deltas, liable, ctx.seat)


def _rinshan_liable(game, ctx) -> int | None:
    """rinshan_pao: the wind index whose discard made the daiminkan this rinshan tsumo came from (嶺上の包)."""
    if not game.rules[opt.RINSHAN_PAO] or not ctx.tsumo or "rinshan" not in ctx.situation:
        return None
    kan = next((e for e in reversed(game.log) if e.kind in ("kan", "ankan", "kakan")), None)
    if kan is None or kan.kind != "kan":  # "kan" events are daiminkan calls (data: tile, tiles, discarder)
        return None
    return (kan.data[2] - game.hand.dealer) % game.seat_count


def _all_paid_by(deltas: list[int], liable: int, winner: int) -> list[int]:
    """The liable wind index pays everything the others would have paid."""
    out = [0] * len(deltas)
    out[liable] = sum(d for i, d in enumerate(deltas) if i != winner)
    out[winner] = deltas[winner]
    return out


def _transfers(hand, winner: int, deltas, sticks: int) -> list[Transfer]:
    """Deltas by wind index as transfers to the winner; the sticks come from the table."""
    out = []
    for wind_index, delta in enumerate(deltas):
        payer = (hand.dealer + wind_index) % len(hand.seats)
        if delta < 0:
            out.append(Transfer(payer, winner, -delta, "win"))
    if sticks:
        out.append(Transfer(TABLE, winner, sticks, "riichi sticks"))
    return out


# --- Draws --------------------------------------------------------------------------------


def settle_draw(game, reason: str) -> DrawSettlement:
    """Noten payments or nagashi mangan at an exhaustive draw; an abortive draw's detail; sticks back by option."""
    if reason == "exhaustive":
        transfers, detail = draws.exhaustive(game)
    else:
        transfers, detail = [], draws.abortive(game, reason)
    return DrawSettlement(transfers + _sticks_to_owners(game, {"draw": reason, **detail}, transfers), detail)


def _sticks_to_owners(game, outcome: dict, transfers: list[Transfer]) -> list[Transfer]:
    """leftover_deposits owners: when this draw ends the game, each stick goes back to whoever put it down.

    The engine pays leftovers to one seat only (``leftover_to``), so the refund is paid with the draw.
    """
    if game.rules[opt.LEFTOVER_DEPOSITS] != "owners":
        return []
    scores, table = _after(game, transfers)
    if not table or not _decide(game, outcome, scores)["over"]:
        return []
    return [Transfer(TABLE, seat, amount, "leftover sticks") for seat, amount in sorted(_stick_owners(game).items())]


def _after(game, transfers: list[Transfer]) -> tuple[list[int], int]:
    """Scores and table once ``transfers`` are paid."""
    scores, table = list(game.scores), game.table
    for t in transfers:
        for account, sign in ((t.payer, -1), (t.payee, 1)):
            if account == TABLE:
                table += sign * t.amount
            else:
                scores[account] += sign * t.amount
    return scores, table


def _stick_owners(game) -> dict[int, int]:
    """Riichi deposits made since the table was last emptied, by seat (sticks of unknown owners stay put)."""
    owners: dict[int, int] = {}
    for t in reversed(game.ledger):
        if t.payer == TABLE:
            break
        if t.payee == TABLE and t.reason == "riichi":
            owners[t.payer] = owners.get(t.payer, 0) + t.amount
    return owners


# --- The next hand -----------------------------------------------------------------------------


def next_hand(game, outcome: dict) -> NextHand:
    """Dealer repeat, honba, rotation and the end of the game (§13-§14)."""
    nxt = _decide(game, outcome, game.scores)
    top_takes = game.rules[opt.LEFTOVER_DEPOSITS] == "top"  # "vanish": they stay on the table, nobody's
    leftover = _top(game.scores) if nxt["over"] and game.table and top_takes else None
    return NextHand(**nxt, leftover_to=leftover)


def _decide(game, outcome: dict, scores: list[int]) -> dict:
    """Next dealer, round and honba, and whether the game is over with these scores."""
    repeat, honba = _repeat_and_honba(game, outcome)
    dealer, round_index = game.dealer, game.round_index
    if not repeat:
        dealer = (dealer + 1) % game.seat_count
        round_index += dealer == 0
    over = _busted(game, scores) or _schedule_over(game, round_index, repeat, outcome, scores)
    return {"dealer": dealer, "round": round_index, "honba": honba, "repeat": repeat, "over": over}


def _repeat_and_honba(game, outcome: dict) -> tuple[bool, int]:
    """Whether the dealer repeats, and the next honba count (§13)."""
    hand = game.hand
    winners = _winners(game, outcome)
    if winners is not None:
        repeat = hand.dealer in winners
        return repeat, hand.honba + 1 if repeat else 0
    if outcome.get("draw") == "exhaustive":
        return _draw_repeats(game, outcome), hand.honba + 1
    return draws.abort_repeats(game, outcome), hand.honba + 1


def _winners(game, outcome: dict) -> list[int] | None:
    """The hand's winners; nagashi seats when nagashi_mangan is as_win (和了扱い); None for a draw.

    An as_win nagashi moves the deal and the honba as a win does (a non-dealer's resets them to 0).
    """
    if outcome.get("wins"):
        return [w["seat"] for w in outcome["wins"]]
    if outcome.get("nagashi") and game.rules[opt.NAGASHI_MANGAN] == "as_win":
        return list(outcome["nagashi"])
    return None


def _draw_repeats(game, outcome: dict) -> bool:
    """Dealer repeat at an exhaustive draw by draw_renchan (§11.2); a dealer_passes nagashi always passes."""
    if outcome.get("nagashi") and game.rules[opt.NAGASHI_MANGAN] == "dealer_passes":
        return False
    mode = _draw_renchan(game)
    return mode == "always" or (mode == "tenpai" and game.hand.dealer in outcome.get("tenpai", ()))


def _draw_renchan(game) -> str:
    """draw_renchan as tenpai, never or always for this hand (the by-round forms resolved)."""
    mode = game.rules[opt.DRAW_RENCHAN]
    if mode == "east_tenpai_south_always":
        return "tenpai" if game.hand.round_wind == EAST else "always"
    if mode == "east_never_hanchan_tenpai":
        return "never" if game.rules[opt.GAME_LENGTH] == "east" else "tenpai"
    return mode


def _busted(game, scores: list[int]) -> bool:
    """Someone is below zero (or at zero, by option): the game ends (トビ)."""
    mode = game.rules[opt.BUST]
    if mode == "off":
        return False
    return any(s < 0 or (mode == "zero_or_below" and s <= 0) for s in scores)


def _schedule_over(game, round_index: int, repeat: bool, outcome: dict, scores: list[int]) -> bool:
    """The last scheduled hand is done, or the extension ends (someone over the threshold, or its 4 hands played)."""
    rounds = _LENGTH[game.rules[opt.GAME_LENGTH]]
    if _all_last(game) and repeat and _stop_at_all_last(game, outcome, scores):
        return True
    if round_index < rounds:
        return False
    if round_index >= _last_round(game, rounds) or not game.rules[opt.EXTENSION]:
        return True  # past the last extension round (西入: one; 北入り: on to North)
    within = round_index == game.round_index >= rounds  # the next hand is in the same extension round
    if within and game.rules[opt.EXTENSION_END] == "four_hands":
        return False  # in an extension round: played to its 4th hand whoever leads
    return max(scores) >= (game.rules[opt.EXTENSION_THRESHOLD] or _return_points(game))


def _all_last(game) -> bool:
    """This hand is オーラス: the last scheduled round's last dealer (the table's last seat, at any seat count)."""
    rounds = _LENGTH[game.rules[opt.GAME_LENGTH]]
    hand = game.hand
    return hand.round_wind - 27 == rounds - 1 and hand.dealer == game.seat_count - 1


def _last_round(game, rounds: int) -> int:
    """The round index after which the game ends whoever leads: one extension round, or through North."""
    if game.rules[opt.EXTENSION_ROUNDS] == "to_north":
        return max(rounds + 1, _AFTER_NORTH)
    return rounds + 1


def _stop_at_all_last(game, outcome: dict, scores: list[int]) -> bool:
    """Agari-yame / tenpai-yame: the all-last dealer in 1st place with the return points ends the game.

    "forced" always stops; "optional" stops when the dealer chose to (``mjsim_end_game_offer`` asked it).
    """
    mode = _yame_mode(game, outcome, scores)
    if mode == "optional":
        return bool(game.end_chosen)
    return mode == "forced"


def _yame_mode(game, outcome: dict, scores: list[int]) -> str:
    """The agari-yame or tenpai-yame mode that applies to this hand's end ("off" when neither does)."""
    dealer = game.hand.dealer
    if _top(scores) != dealer or scores[dealer] < _return_points(game):
        return "off"
    winners = _winners(game, outcome)
    if winners is not None:
        return game.rules[opt.AGARI_YAME] if dealer in winners else "off"
    if outcome.get("draw") == "exhaustive" and dealer in outcome.get("tenpai", ()):
        return game.rules[opt.TENPAI_YAME]
    return "off"


def end_game_offer(game, outcome: dict) -> int | None:
    """The all-last dealer, when optional agari-yame / tenpai-yame lets it end the game here (its choice)."""
    if not _all_last(game):
        return None  # the same all-last test as the stop itself: seat 3 of four, seat 2 of sanma's three
    repeat, _ = _repeat_and_honba(game, outcome)
    if not repeat or _busted(game, game.scores) or _yame_mode(game, outcome, game.scores) != "optional":
        return None
    return game.hand.dealer


def _return_points(game) -> int:
    """Return points (返し点); "none" means the start points (no oka)."""
    value = game.rules[opt.RETURN_POINTS]
    return game.rules.flow.setup.start_points if value == "none" else value


def _top(scores: list[int]) -> int:
    """The seat in first place (ties to the seat nearer the first dealer)."""
    return max(range(len(scores)), key=lambda seat: (scores[seat], -seat))


# --- Final settlement ------------------------------------------------------------------------


def final_settlement(game, uma: tuple[int, ...] | None = None) -> dict:
    """Ranks, and results after return points, oka, uma and rounding (§15).

    ``uma`` is the prize of each rank in thousands (a delta with other uma passes its own); by default
    ``riichi.uma``.
    """
    points = list(game.scores)
    ranks = _ranks(points, game.rules[opt.TIE_BREAK])
    if game.rules[opt.ROUNDING] == "no_settlement":
        return {"points": points, "ranks": ranks, "results": [0.0] * len(points)}  # 無清算: nothing paid
    if uma is None:
        uma = rank_bonuses(game.rules[opt.UMA])
    return {"points": points, "ranks": ranks, "results": _results(game, points, ranks, uma)}


def _ranks(points: list[int], tie_break: str) -> list[int]:
    """1-4 by points: ties by seat order from the first dealer, or shared (then the next rank is skipped)."""
    seats = range(len(points))
    if tie_break == "shared":
        return [1 + sum(p > points[seat] for p in points) for seat in seats]
    order = sorted(seats, key=lambda seat: (-points[seat], seat))
    return [order.index(seat) + 1 for seat in seats]


def _results(game, points: list[int], ranks: list[int], uma: tuple[int, ...]) -> list[float]:
    """(rounded points - return points) / 1000, plus uma and oka; 1st place absorbs the rounding by option."""
    start, ret = game.rules.flow.setup.start_points, _return_points(game)
    settled = points if game.rules[opt.NEGATIVE_SETTLEMENT] else [max(p, 0) for p in points]  # 箱下精算 off
    mode, negative = game.rules[opt.ROUNDING], game.rules[opt.ROUNDING_NEGATIVE]
    seats = range(len(points))
    results = [(_rounded(settled[s], mode, negative) - ret) / 1000 + _shared(uma, ranks, s) for s in seats]
    firsts = [s for s in seats if ranks[s] == 1]
    for seat in firsts:
        results[seat] += (ret - start) * len(points) / 1000 / len(firsts)  # oka, split by tied first places
    if game.rules[opt.ROUNDING_ADJUST_TOP]:
        results[firsts[0]] -= sum(results)  # the top absorbs rounding so the table sums to zero
    return [round(r, 1) for r in results]


def _shared(prizes, ranks: list[int], seat: int) -> float:
    """The prize of the seat's rank, averaged over the places its tied seats take (uma split equally)."""
    tied = ranks.count(ranks[seat])
    places = prizes[ranks[seat] - 1 : ranks[seat] - 1 + tied]
    return sum(places) / tied if tied > 1 else places[0]


def _rounded(points: int, mode: str, negative: str = "floor") -> int:
    """Points rounded to thousands: 五捨六入, 四捨五入 or not at all (negatives by floor or by value)."""
    if mode not in ("go_sha_roku_nyuu", "shi_sha_go_nyuu"):
        return points
    if points < 0 and negative == "absolute":
        return -_rounded(-points, mode)
    q, rest = divmod(points, 1000)
    cut = 500 if mode == "go_sha_roku_nyuu" else 400
    return 1000 * (q + 1) if rest > cut else 1000 * q
