"""Taiwanese game flow during a hand: the table, legal actions, wins and claims (taiwan.md §2-§7, §11)."""

from __future__ import annotations

from mjsim.engine.actions import (
    ANKAN,
    CHI,
    DECLARE_DISCARD,
    DECLINE_DRAW,
    DISCARD,
    KAKAN,
    KAN,
    PASS,
    PON,
    RON,
    TSUMO,
    Action,
)
from mjsim.engine.offers import drawable
from mjsim.engine.outcomes import ClaimResult
from mjsim.engine.setup import TableSetup
from mjsim.engine.state import ROB, TURN
from mjsim.hand.tiles import FIRST_FLOWER_ID, NUM_PHYSICAL, WEST, kind_of
from mjsim.scoring import WinContext
from variants.common.claims import may_call
from variants.common.mistakes import DEAD
from variants.common.swap_calls import without_swap_calls
from variants.taiwan import guoshui
from variants.taiwan import options as opt
from variants.taiwan.flowers import flower_win, hidden_by
from variants.taiwan.seats import seat_winds
from variants.taiwan.waits import seat_waits

BLOCKED_TSUMO = "taiwan.blocked_tsumo"  # hand stash: winning draws a 過水 block refused
_DEAD_HAND_BARS = frozenset({RON, TSUMO, CHI, PON, KAN, ANKAN, KAKAN, DECLARE_DISCARD})  # what a dead hand loses


def table_setup(rules) -> TableSetup:
    """144 tiles (136 without flowers), 16-tile hands, no dead wall, a reserve of 16, flowers replaced."""
    flowers = rules[opt.FLOWERS]
    return TableSetup(
        tiles=tuple(range(NUM_PHYSICAL if flowers else FIRST_FLOWER_ID)),
        start_points=rules[opt.START_POINTS],
        hand_size=16,
        reserve=16,
        bonus_ids=frozenset(range(FIRST_FLOWER_ID, NUM_PHYSICAL)) if flowers else frozenset(),
        face_down_kans=rules[opt.CONCEALED_KONGS] == "face_down",  # taiwan.md §4
    )


# --- Wins ---------------------------------------------------------------------------------------


def win_context_if_allowed(game, seat: int, tile: int, how: str) -> WinContext | None:
    """The context of a win the tiles allow (five sets and a pair not blocked by 過水, or a flower win), else None.

    Any such win stands: offers are not scored (a complete hand scores at least 底).
    """
    hand = game.hand
    if how == RON and hand.phase == ROB and hand.rob_kind == ANKAN:
        return None  # a concealed kong cannot be robbed
    if how == RON and tile in game.rules.flow.setup.bonus_ids:  # 七搶一 at once, on another's flower
        return win_context(game, seat, tile, how, complete=False) if flower_win(game, seat) else None
    flowers = flower_win(game, seat) if how == TSUMO else None
    complete = _hand_may_win(game, seat, tile, how)
    if not complete and flowers is None:
        return None
    return win_context(game, seat, tile, how, complete)


def may_claim(game, seat: int, tile: int) -> bool:
    """The claim fast path: a ron needs a flower or the tile on a wait; a call, a discard (no robbed kong) and no
    declaration (win_context_if_allowed and legal_actions allow nothing else)."""
    hand = game.hand
    if tile in game.rules.flow.setup.bonus_ids or kind_of(tile) in seat_waits(game, seat):
        return True
    if hand.phase == ROB or hand.seats[seat].declared_turn is not None:
        return False
    return may_call(hand.seats[seat].counts, kind_of(tile), chi=seat == (hand.open_tile()[0] + 1) % len(hand.seats))


def _hand_may_win(game, seat: int, tile: int, how: str) -> bool:
    """The tile completes the hand and nothing forbids the win (過水, a hidden flower, reading B kongs)."""
    if kind_of(tile) not in seat_waits(game, seat, without=tile if how == TSUMO else None):
        return False
    if hidden_by(game) == seat:
        return False
    if how == TSUMO and _after_daiminkan(game, seat) and game.rules[opt.DAIMINKAN_RINSHAN_WIN] == "forbidden":
        return False
    if not guoshui.may_win(game, seat, how == RON):
        if how == TSUMO:
            game.hand.stash[BLOCKED_TSUMO] = game.hand.stash.get(BLOCKED_TSUMO, 0) + 1
        return False
    return True


def _after_daiminkan(game, seat: int) -> bool:
    """The seat's draw is the replacement of an exposed kong on another's discard."""
    if not game.hand.after_kan:
        return False
    for event in reversed(game.log):
        if event.kind not in ("draw", "bonus"):
            return event.kind == KAN and event.seat == seat
    return False


def win_context(game, seat: int, tile: int, how: str, complete: bool = True, source: int | None = None) -> WinContext:
    """The situation of a possible win, read off the state (``complete`` False: only a flower win counts;
    ``source``: the discarder of a ron on a tile nobody discarded, as a chombo's payment values a ready hand)."""
    hand = game.hand
    me = hand.seats[seat]
    tsumo = how == TSUMO
    winds = seat_winds(game)
    flowers = flower_win(game, seat) if tsumo or not complete else None
    if tsumo:
        source = None
    elif source is None:  # a ron on a discard or a robbed kong, or 七搶一 at once: the holder of the single flower pays
        source = flowers.single if flowers is not None else (hand.discard or hand.robbed)[0]
    concealed = tuple(me.tiles) if tsumo else tuple(me.tiles) + (tile,)
    extra = {
        "taiwan.flowers": tuple(kind_of(t) for t in me.flowers),
        "taiwan.dealer": winds[hand.dealer],
        "taiwan.repeats": game.repeats,
    }
    if flowers is not None:
        extra["taiwan.flower_win"] = flowers.kind
        extra["taiwan.single_holder"] = None if flowers.single is None else winds[flowers.single]
    return WinContext(
        concealed=concealed if complete else (),
        win_tile=tile,
        melds=tuple(me.melds) if complete else (),
        tsumo=tsumo,
        seat_wind=27 + winds[seat],
        round_wind=hand.round_wind,
        discarder=None if source is None else winds[source],
        situation=_situation(game, seat, tsumo),
        extra=extra,
    )


def _situation(game, seat: int, tsumo: bool) -> frozenset[str]:
    """Circumstances no tile shows: replacement draw, last tile, robbed kong, MIGI, first-turn wins."""
    hand = game.hand
    me = hand.seats[seat]
    last = drawable(game, hand) <= 0
    out = set()
    if tsumo:
        out.add("rinshan" if hand.after_kan else "haitei" if last else "")
    else:
        out.add("chankan" if hand.phase == ROB else "houtei" if last else "")
    if me.declared_turn is not None:
        out.add("migi" if is_migi(game, me) else "qiangting")
    if not me.river and hand.calls_made == 0:
        if tsumo:
            out.add("tianhu" if seat == hand.dealer else "dihu")
        elif seat != hand.dealer:
            out.add("renhu")
    out.discard("")
    return frozenset(out)


def is_migi(game, me) -> bool:
    """A declaration is MIGI when made in the window with no call by anyone; otherwise it is 嗆聽."""
    return me.declared_calls == 0 and me.declared_turn < game.rules[opt.MIGI_WINDOW] and game.rules[opt.MIGI]


# --- Legal actions ------------------------------------------------------------------------------


def legal_actions(game, seat: int, actions: list[Action]) -> list[Action]:
    """Claims: no big kong on the left player's discard, 過水 on pon/chi; turns: declarations and the last tile
    lock the discard to the drawn tile, kuikae."""
    hand = game.hand
    me = hand.seats[seat]
    if seat in hand.stash.get(DEAD, ()):  # a dead hand (a penalty, §12): no call, no win, no declaration
        return [a for a in actions if a.kind not in _DEAD_HAND_BARS]
    if hand.phase != TURN:
        if me.declared_turn is not None:
            return [a for a in actions if a.kind in (PASS, RON)]
        return [a for a in actions if _claim_allowed(game, seat, a)]
    if me.declared_turn is not None or _drew_the_last_tile(game):
        return [a for a in actions if a.kind == TSUMO or (a.kind == DISCARD and a.tile == hand.last_draw)]
    kept = _without_kuikae(game, seat, actions)
    return kept + _declarations(game, seat, kept)


def _drew_the_last_tile(game) -> bool:
    """The seat on turn drew the last drawable tile (海底): unless it wins, it must discard that tile (§3)."""
    return game.hand.last_draw is not None and drawable(game, game.hand) <= 0


def before_draw(game, seat: int) -> list[Action] | None:
    """The seat about to draw the last drawable tile may decline it, ending the hand as a draw (§3)."""
    return [Action(DECLINE_DRAW)] if drawable(game, game.hand) == 1 else None


def _claim_allowed(game, seat: int, action: Action) -> bool:
    """Strictly by the spec: no 大明槓 from the previous player, no pon/chi of a kind seen this go-around."""
    hand = game.hand
    who = (hand.discard or hand.robbed)[0]
    if action.kind == KAN:
        return seat != (who + 1) % 4
    if action.kind in (PON, CHI):
        return guoshui.may_call(game, seat, action.tile)
    return True


def _without_kuikae(game, seat: int, actions: list[Action]) -> list[Action]:
    """No swap-calling, unless the option allows it: the engine's shared filter."""
    if game.rules[opt.KUIKAE] != "forbidden":
        return actions
    return without_swap_calls(game, seat, actions)


def _declarations(game, seat: int, actions: list[Action]) -> list[Action]:
    """MIGI in its window (closed, no call by anyone), or 嗆聽 by option: a discard that leaves the hand ready."""
    hand = game.hand
    me = hand.seats[seat]
    migi = game.rules[opt.MIGI] and hand.calls_made == 0 and len(me.river) < game.rules[opt.MIGI_WINDOW]
    if hand.last_draw is None or not (migi or game.rules[opt.QIANGTING]) or drawable(game, hand) <= 0:
        return []
    ready = [a.tile for a in actions if a.kind == DISCARD and seat_waits(game, seat, without=a.tile)]
    return [Action(DECLARE_DISCARD, tile) for tile in ready]


# --- Claims and abortive draws --------------------------------------------------------------------


def resolve_claims(game, answers: dict[int, Action]) -> ClaimResult | None:
    """Several rons: the nearest claimant after the discarder (截胡) or all of them; else the engine's priority."""
    rons = [seat for seat, a in answers.items() if a.kind == RON]
    if not rons:
        return None
    who = (game.hand.discard or game.hand.robbed)[0]
    rons.sort(key=lambda seat: (seat - who) % 4)
    if game.rules[opt.MULTI_RON] == "head_bump":
        rons = rons[:1]
    return ClaimResult([(seat, answers[seat]) for seat in rons])


def abortive_draw(game) -> str | None:
    """一路歸西: the four first discards all West, with no call, abort the hand."""
    hand = game.hand
    if not game.rules[opt.YILU_GUIXI] or hand.turn_count != 4 or hand.calls_made:
        return None
    firsts = [kind_of(s.river[0]) for s in hand.seats if s.river]
    return "yilu_guixi" if len(firsts) == 4 and all(k == WEST for k in firsts) else None
