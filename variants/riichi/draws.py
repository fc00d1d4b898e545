"""Hands that end without a win: tenpai, nagashi mangan and noten payments, abortive draws (riichi_base.md §11-§12)."""

from __future__ import annotations

from mjsim.engine.actions import TABLE, Transfer
from mjsim.hand.tiles import YAOCHU_SET, kind_of
from mjsim.scoring import WinContext
from variants.riichi import options as opt
from variants.riichi.limits import base_points
from variants.riichi.payments import tsumo_shares
from variants.riichi.scorer import NoWin, score_win
from variants.riichi.table_facts import table_facts
from variants.riichi.waits import fifth_tile_waits, seat_waits

_CONTINUATION = {
    "suufon_renda": opt.SUUFON_RENDA_CONTINUATION,
    "sanchahou": opt.SANCHAHOU_CONTINUATION,
    "suucha_riichi": opt.SUUCHA_RIICHI_CONTINUATION,
    "suukaikan": opt.SUUKAIKAN_CONTINUATION,
}


def _seats(game) -> int:
    """The table's seat count (read off the rules, so a stand-in game of rules alone will do)."""
    return game.rules.flow.setup.seats


# --- Tenpai at a draw ------------------------------------------------------------------------------


def tenpai_seats(game) -> list[int]:
    """Seats that count as ready at an exhaustive draw (§11.1)."""
    return [seat for seat in range(_seats(game)) if draw_waits(game, seat)]


def draw_waits(game, seat: int) -> list[int]:
    """The waits that count at a draw: exhausted waits and, without formal_tenpai, yaku-less ones left out."""
    me = game.hand.seats[seat]
    waits = _waits_counted(me, game.rules[opt.TENPAI_ALLOWS_EXHAUSTED_WAIT])
    if game.rules[opt.FORMAL_TENPAI]:
        return waits
    return [kind for kind in waits if _wins_with_yaku(game, seat, kind)]


def _waits_counted(me, exhausted_ok: bool) -> list[int]:
    """Waits of the concealed hand; a wait on a kind the seat holds all four of only by option."""
    if exhausted_ok:
        return list(seat_waits(me)) + fifth_tile_waits(me.counts)
    return [k for k in seat_waits(me) if me.counts[k] + _melded(me, k) < 4]


def _melded(me, kind: int) -> int:
    """Tiles of ``kind`` in the seat's melds."""
    return sum(1 for m in me.melds for t in m.tiles if kind_of(t) == kind)


def _wins_with_yaku(game, seat: int, kind: int) -> bool:
    """The hand wins a ron on ``kind`` with a yaku; riichi counts, the last discard's houtei does not."""
    hand = game.hand
    me = hand.seats[seat]
    tile = _spare_tile(game, me, kind)
    wind = hand.wind_of(seat)
    ctx = WinContext(
        concealed=tuple(me.tiles) + (tile,),
        win_tile=tile,
        melds=tuple(me.melds),
        seat_wind=wind,
        round_wind=hand.round_wind,
        discarder=(wind - 27 + 1) % _seats(game),  # any other seat: only whether the hand scores matters
        situation=frozenset({"riichi"}) if me.declared_turn is not None else frozenset(),
        table=table_facts(honba=hand.honba),
        extra={"dealer_repeats": game.repeats},
    )
    try:
        score_win(ctx, game.rules.pattern_index, game.rules)
    except NoWin:
        return False
    return True


def _spare_tile(game, me, kind: int) -> int:
    """A plain (not red) copy of ``kind`` the seat does not hold, to stand for the winning tile."""
    reds = game.rules.flow.setup.red_ids
    free = [t for t in range(4 * kind, 4 * kind + 4) if t not in me.tiles and t not in reds]
    return free[0] if free else 4 * kind + 3


def dealer_ready(game) -> bool:
    """The dealer is tenpai now (mid-turn, as its hand stood before the draw)."""
    hand = game.hand
    me = hand.seats[hand.dealer]
    if len(me.tiles) % 3 == 2 and hand.last_draw is not None:
        return bool(seat_waits(me, without=hand.last_draw))
    return bool(draw_waits(game, hand.dealer))


# --- Exhaustive draw ------------------------------------------------------------------------------


def exhaustive(game) -> tuple[list[Transfer], dict]:
    """Noten payments, or nagashi mangan (with noten payments too by option) (§11)."""
    tenpai = tenpai_seats(game)
    nagashi = nagashi_seats(game)
    if not nagashi:
        return noten_payments(game, tenpai), {"tenpai": tenpai}
    transfers = nagashi_payments(game, nagashi)
    if game.rules[opt.NAGASHI_MANGAN_TENPAI_PAYMENTS] == "added":
        transfers += noten_payments(game, tenpai)
    return transfers, {"tenpai": tenpai, "nagashi": nagashi}


def noten_payments(game, tenpai: list[int]) -> list[Transfer]:
    """noten_payment_total (3000) from the noten seats to the tenpai seats (§11.1)."""
    if len(tenpai) in (0, _seats(game)):
        return []
    noten = [s for s in range(_seats(game)) if s not in tenpai]
    share_out = game.rules[opt.NOTEN_PAYMENT_TOTAL] // len(noten)
    # Pay pairwise so every transfer is between two seats: each noten seat splits its share over the tenpai ones.
    return [Transfer(payer, payee, share_out // len(tenpai), "noten") for payer in noten for payee in tenpai]


def nagashi_seats(game) -> list[int]:
    """Seats whose every discard is a terminal or honour, none called (§11.3); by option only the upstream one."""
    if game.rules[opt.NAGASHI_MANGAN] == "off":
        return []
    seats = [
        seat
        for seat, me in enumerate(game.hand.seats)
        if me.river and not me.called_from_river and all(kind_of(t) in YAOCHU_SET for t in me.river)
    ]
    if game.rules[opt.NAGASHI_MANGAN_MULTI] == "upstream_only":
        return sorted(seats, key=lambda seat: _upstream(game, seat))[:1]
    return seats


def _upstream(game, seat: int) -> int:
    """Distance in turn order from the seat that made the last discard (上家 first, as for a double ron)."""
    return (seat - game.hand.current - 1) % _seats(game)


def nagashi_payments(game, seats: list[int]) -> list[Transfer]:
    """A mangan (or, as_4han, 4 han 30 fu) paid as a tsumo; honba and sticks to the upstream seat by option."""
    hand = game.hand
    base = nagashi_base(game)
    first = min(seats, key=lambda seat: _upstream(game, seat))
    pays_honba = game.rules[opt.NAGASHI_MANGAN_PAYS_HONBA]
    honba_each = hand.honba * game.rules[opt.HONBA_VALUE] // (_seats(game) - 1) if pays_honba else 0
    out = []
    for seat in seats:
        shares = tsumo_shares(base, (seat - hand.dealer) % _seats(game))
        for other in range(_seats(game)):
            if other != seat:
                amount = shares[(other - hand.dealer) % _seats(game)] + (honba_each if seat == first else 0)
                out.append(Transfer(other, seat, amount, "nagashi mangan"))
    if pays_honba and game.table:
        out.append(Transfer(TABLE, first, game.table, "riichi sticks"))
    return out


def nagashi_base(game) -> int:
    """Base points of a nagashi: a mangan, or 4 han 30 fu (花鳥風月, 近代麻雀 "4翻"; kiriage applies)."""
    if game.rules[opt.NAGASHI_MANGAN] == "as_4han":
        return base_points(4, 30, 0, game.rules)[0]
    return 2000


# --- Abortive draws ------------------------------------------------------------------------------------


def abortive(game, reason: str) -> dict:
    """What the next hand needs to know of an abortive draw: a fifth kan's name, the declarer, dealer tenpai."""
    detail: dict = {}
    if reason == "abort_by_declaration" and game.hand.kans >= 4:
        reason = detail["draw"] = "suukaikan"  # nine orphans needs a callless hand: this was a fifth kan
    elif reason == "abort_by_declaration":
        detail["seat"] = game.hand.current
    option = _CONTINUATION.get(reason)
    if option and game.rules[option] == "dealer_tenpai":
        detail["dealer_tenpai"] = dealer_ready(game)
    return detail


def abort_repeats(game, outcome: dict) -> bool:
    """Whether the dealer repeats after an abortive draw, by the draw's continuation option (§12)."""
    reason = outcome.get("draw")
    if reason == "abort_by_declaration":
        mode = game.rules[opt.KYUUSHU_KYUUHAI]
        return mode != "dealer_passes" and (mode != "by_declarer" or outcome.get("seat") == game.hand.dealer)
    if reason == "suufon_renda" and game.rules[opt.SUUFON_RENDA] == "abort_dealer_passes":
        return False
    option = _CONTINUATION.get(reason)
    mode = game.rules[option] if option else "renchan"
    return mode == "renchan" or (mode == "dealer_tenpai" and bool(outcome.get("dealer_tenpai")))
