"""国标麻将's game flow during a hand: the table, the winds, who may win what (docs/mcr.md §7).

144 tiles with 8 flowers (136 without), 13-tile hands, no dead wall: flowers and kongs are replaced from the
wall's end [WIKI "there is no dead wall"]. A win needs the minimum of fans without flowers (scoring.py); a
concealed kong cannot be robbed, an added one can (抢杠和).
"""

from __future__ import annotations

from mjsim.engine.actions import ANKAN, RON, TSUMO
from mjsim.engine.offers import drawable
from mjsim.engine.outcomes import ClaimResult
from mjsim.engine.setup import TableSetup
from mjsim.engine.state import ROB
from mjsim.errors import MjsimError
from mjsim.hand.tiles import FIRST_FLOWER_ID, NUM_PHYSICAL, kind_of
from mjsim.scoring import WinContext
from variants.mcr import options as opt
from variants.mcr.calculator import score
from variants.mcr.scoring import LAST_OF_KIND, win_of


def table_setup(rules) -> TableSetup:
    """144 tiles (136 without flowers), 13-tile hands, no dead wall, flowers set aside and replaced."""
    flowers = rules[opt.FLOWERS]
    return TableSetup(
        tiles=tuple(range(NUM_PHYSICAL if flowers else FIRST_FLOWER_ID)),
        start_points=0,
        hand_size=13,
        bonus_ids=frozenset(range(FIRST_FLOWER_ID, NUM_PHYSICAL)) if flowers else frozenset(),
    )


def seat_winds(game) -> tuple[int, ...]:
    """The wind index (0 = East) of each seat: the dealer is East [MCR §5; WIKI]."""
    dealer = game.hand.dealer
    return tuple((seat - dealer) % 4 for seat in range(4))


def win_context_if_allowed(game, seat: int, tile: int, how: str) -> WinContext | None:
    """The context of a win that reaches the minimum, else None (a concealed kong cannot be robbed)."""
    hand = game.hand
    if how == RON and hand.phase == ROB and hand.rob_kind == ANKAN:
        return None
    ctx = win_context(game, seat, tile, how)
    try:
        fans = score(win_of(ctx, len(hand.seats[seat].flowers)))
    except MjsimError:  # not a complete hand
        return None
    return ctx if fans.without_flowers >= game.rules[opt.MINIMUM] else None


def win_context(game, seat: int, tile: int, how: str) -> WinContext:
    """The situation of a possible win, read off the state."""
    hand = game.hand
    me = hand.seats[seat]
    tsumo = how == TSUMO
    winds = seat_winds(game)
    source = None if tsumo else (hand.discard or hand.robbed)[0]
    return WinContext(
        concealed=tuple(me.tiles) if tsumo else (*me.tiles, tile),
        win_tile=tile,
        melds=tuple(me.melds),
        tsumo=tsumo,
        seat_wind=27 + winds[seat],
        round_wind=hand.round_wind,
        discarder=None if source is None else winds[source],
        situation=_situation(game, seat, tile, tsumo),
        extra={"mcr.flowers": len(me.flowers)},
    )


def _situation(game, seat: int, tile: int, tsumo: bool) -> frozenset[str]:
    """杠上开花 (rinshan), 妙手回春 (haitei), 抢杠和 (chankan), 海底捞月 (houtei), 和绝张 (last_of_kind)."""
    hand = game.hand
    last = drawable(game, hand) <= 0
    out = set()
    if tsumo:
        out.add("rinshan" if hand.after_kan else "haitei" if last else "")
    else:
        out.add("chankan" if hand.phase == ROB else "houtei" if last else "")
    if _others_shown(game, tile) == 3:
        out.add(LAST_OF_KIND)
    out.discard("")
    return frozenset(out)


def _others_shown(game, tile: int) -> int:
    """Copies of the tile's kind on view besides the tile itself: in the rivers and in exposed sets."""
    kind = kind_of(tile)
    shown = 0
    for s in game.hand.seats:
        shown += sum(1 for t in s.river if t != tile and kind_of(t) == kind)
        for m in s.melds:
            if m.type != ANKAN:
                shown += sum(1 for t in m.tiles if t != tile and kind_of(t) == kind)
    return shown


def resolve_claims(game, answers: dict) -> ClaimResult | None:
    """截和: of several rons on one tile, only the seat nearest after the discarder wins [MCR §6]; else the engine's
    priority."""
    rons = [seat for seat, a in answers.items() if a.kind == RON]
    if not rons:
        return None
    who = (game.hand.discard or game.hand.robbed)[0]
    nearest = min(rons, key=lambda seat: (seat - who) % 4)
    return ClaimResult([(nearest, answers[nearest])])
