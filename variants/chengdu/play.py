"""Play during a hand (chengdu.md §1-§3): the table, 定缺, legal actions, who may win, and a win's situation."""

from __future__ import annotations

from mjsim.engine.actions import ANKAN, CHI, DISCARD, KAKAN, KAN, PASS, PON, RON, TSUMO, Action
from mjsim.engine.offers import drawable
from mjsim.engine.setup import TableSetup
from mjsim.engine.state import CLAIM, ROB
from mjsim.hand.tiles import kind_of
from mjsim.scoring import KAN as MELD_KAN
from mjsim.scoring import NoWin, WinContext
from variants.chengdu import exchange, fan
from variants.chengdu import options as opt
from variants.chengdu.log import after_kong_discard
from variants.chengdu.tiles import SUITS, TILES, hand_counts, suit_allowed, suit_of_tile, suit_tile, suits_in, waits_of
from variants.common.claims import may_call

DECLARE = "declare"
CALLS = (PON, KAN, ANKAN, KAKAN)
OFFERED = "chengdu.ron_offers"  # seat stash: (river length, highest fan offered, kinds offered) this go-around


def table_setup(rules) -> TableSetup:
    """108 suited tiles, 13-tile hands, no dead wall (replacements from the wall), no indicators, no sticks."""
    return TableSetup(
        tiles=TILES,
        start_points=rules[opt.START_POINTS],
        replacement_from=rules[opt.KONG_REPLACEMENT_FROM],
    )


# --- 定缺: the declared missing suit -----------------------------------------------------------------------


def declarations(game, seat: int) -> list[Action] | None:
    """换三张 first (by option), then in declared mode every seat names its void suit (the 1 of the suit); a seat
    sitting the hand out declares nothing."""
    if game.hand.seats[seat].left:
        return None
    if exchange.pending(game):
        return exchange.choices(game, seat)
    if game.rules[opt.VOID_MODE] != "declared":
        return None
    return [Action(DECLARE, suit_tile(suit)) for suit in range(3)]


def void_of(game, seat: int) -> int | None:
    """The seat's declared void suit (None in implicit mode)."""
    choice = game.hand.declared.get(seat)
    return None if choice is None or choice.kind != DECLARE else suit_of_tile(choice.tile)


def holds_void(game, seat: int) -> bool:
    """The seat still holds a concealed tile of its declared void suit."""
    void = void_of(game, seat)
    return void is not None and any(suit_of_tile(t) == void for t in game.hand.seats[seat].tiles)


# --- Legal actions -----------------------------------------------------------------------------------------


def blood_flow(game) -> bool:
    """血流成河 (``play_on = xueliu``): winners stay in the hand and may win again."""
    return game.rules[opt.PLAY_ON] == "xueliu"


def has_won(game, seat: int) -> bool:
    """The seat has won in this hand (under 血流成河 it is still in it)."""
    outcome = game.hand.outcome or {}
    return any(win["seat"] == seat for win in outcome.get("wins", ()))


def _locked_after_win(game, seat: int, actions: list[Action]) -> list[Action]:
    """血流成河: a seat that has won keeps its hand [proposal, as the common apps do]: it may only win again or
    discard the tile it drew (no pon, no kong)."""
    draw = game.hand.last_draw
    return [a for a in actions if a.kind in (TSUMO, RON, PASS) or (a.kind == DISCARD and a.tile == draw)]


def legal_actions(game, seat: int, actions: list[Action]) -> list[Action]:
    """No chi; no call on the void suit; void tiles discarded first; 过水 pon ban; forced wins near the end;
    under 血流成河 a seat that has won keeps its hand."""
    out = [a for a in actions if a.kind != CHI]
    if blood_flow(game) and has_won(game, seat):
        out = _locked_after_win(game, seat, out)
    void = void_of(game, seat)
    if void is not None:
        out = [a for a in out if not (a.kind in CALLS and suit_of_tile(a.tile) == void)]
        if game.rules[opt.VOID_FIRST] and holds_void(game, seat):
            out = [a for a in out if a.kind != DISCARD or suit_of_tile(a.tile) == void]
    if game.rules[opt.GUOSHUI] == "same_turn_unless_higher" and game.hand.seats[seat].skipped_win:
        passed = _offers_this_round(game, seat)[1]
        out = [a for a in out if not (a.kind == PON and kind_of(a.tile) in passed)]
    wins = [a for a in out if a.kind in (TSUMO, RON)]
    if wins and drawable(game, game.hand) < game.rules[opt.FORCED_WIN_BELOW]:
        return wins  # the last tiles: a player who can win must not pass
    return out


# --- Wins ----------------------------------------------------------------------------------------------------


def _waits(me) -> tuple[int, ...]:
    """The kinds that complete the seat's concealed hand, cached on the seat until its tiles change."""
    if me.waits is None:
        me.waits = waits_of(bytes(me.counts))
    return me.waits


def may_claim(game, seat: int, tile: int) -> bool:
    """The claim fast path: a ron needs the tile on a wait; a pon or kong two of its kind and a discard (no chi,
    no robbed kong)."""
    me = game.hand.seats[seat]
    if kind_of(tile) in _waits(me):
        return True
    return game.hand.phase != ROB and may_call(me.counts, kind_of(tile), chi=False)


def win_context_if_complete(game, seat: int, tile: int, how: str) -> WinContext | None:
    """The context of a win on a wait that keeps the missing suit, not blocked by 过水 (same_turn); else None."""
    hand = game.hand
    me = hand.seats[seat]
    if how == RON and hand.phase == ROB and hand.rob_kind != MELD_KAN:
        return None  # only an added kong can be robbed
    if how == TSUMO:
        counts = list(me.counts)
        counts[kind_of(tile)] -= 1
        waits = waits_of(bytes(counts))
    else:
        waits = _waits(me)
    if kind_of(tile) not in waits:
        return None
    if not suit_allowed(suits_in(hand_counts(me)) | {suit_of_tile(tile)}, void_of(game, seat)):
        return None
    if how == RON and game.rules[opt.GUOSHUI] == "same_turn" and me.skipped_win:
        return None
    return context(game, seat, tile, how)


def accept_win(game, seat: int, ctx: WinContext, score) -> bool:
    """Any complete hand wins; under 过水 same_turn_unless_higher a ron must beat the fan passed this go-around.

    Only that rule needs the value of an offer (``score`` None): it is scored here then.
    """
    if ctx.tsumo or game.rules[opt.GUOSHUI] != "same_turn_unless_higher":
        return True
    if score is None:
        try:
            score = game.rules.score_win(ctx, game.rules)
        except NoWin:
            return False
    return _higher_than_passed(game, seat, ctx.win_tile, score.detail.fan)


def _offers_this_round(game, seat: int) -> tuple[int, frozenset[int]]:
    """(highest fan, kinds) of the rons offered to ``seat`` since its last discard."""
    me = game.hand.seats[seat]
    river, best, kinds = me.stash.get(OFFERED, (-1, -1, frozenset()))
    return (best, kinds) if river == len(me.river) else (-1, frozenset())


def _higher_than_passed(game, seat: int, tile: int, fan_count: int) -> bool:
    """WMT's 过水: after passing a ron, a later ron in the same go-around must score strictly more fan."""
    me = game.hand.seats[seat]
    best, kinds = _offers_this_round(game, seat)
    allowed = not me.skipped_win or fan_count > best
    me.stash[OFFERED] = (len(me.river), max(best, fan_count), kinds | {kind_of(tile)})
    return allowed


def context(game, seat: int, tile: int, how: str) -> WinContext:
    """The situation of ``seat`` winning on ``tile``: tiles, melds, the void, and 杠上花 / 抢杠胡 / ... ."""
    hand = game.hand
    me = hand.seats[seat]
    tsumo = how == TSUMO
    source = None if tsumo else (hand.discard if hand.phase == CLAIM else hand.robbed)[0]
    void = void_of(game, seat)
    return WinContext(
        concealed=tuple(me.tiles) if tsumo else tuple(me.tiles) + (tile,),
        win_tile=tile,
        melds=tuple(me.melds),
        tsumo=tsumo,
        seat_wind=hand.wind_of(seat),
        discarder=None if tsumo else (source - hand.dealer) % 4,
        situation=situation(game, seat, how),
        extra={"chengdu.void": (SUITS[void],)} if void is not None else {},
    )


def situation(game, seat: int, how: str) -> frozenset[str]:
    """Circumstances no tile shows, named as the riichi family names them (so ``mjsim score`` flags fit)."""
    hand = game.hand
    found = set()
    if how == TSUMO:
        if hand.after_kan:
            found.add("rinshan")
        if drawable(game, hand) <= 0:
            found.add("haitei")
        if hand.calls_made == 0 and not hand.seats[seat].river and not has_won(game, seat):
            found.add("tenhou" if seat == hand.dealer else "chiihou")
    elif hand.phase == ROB:
        found.add("chankan")
    elif after_kong_discard(game):
        found.add("gangshangpao")
    return frozenset(found)


def tenpai_value(game, seat: int) -> int:
    """The seat's highest win value over its waits, as a ron without situational fan (0: not ready).

    Ready means a wait whose win would keep the missing-suit rule; a kind whose four tiles the seat holds
    itself is no wait.
    """
    me = game.hand.seats[seat]
    own = hand_counts(me)
    best = 0
    for kind in waits_of(bytes(me.counts)):
        if own[kind] >= 4:
            continue
        tile = 4 * kind  # any copy: only kinds matter for the value
        if not suit_allowed(suits_in(own) | {kind // 9}, void_of(game, seat)):
            continue
        ctx = WinContext(
            concealed=tuple(me.tiles) + (tile,),
            win_tile=tile,
            melds=tuple(me.melds),
            seat_wind=game.hand.wind_of(seat),
            discarder=(game.hand.wind_of(seat) - 27 + 1) % 4,
            extra={"chengdu.void": (SUITS[void_of(game, seat)],)} if void_of(game, seat) is not None else {},
        )
        try:
            best = max(best, fan.score_win(ctx, game.rules).value)
        except NoWin:
            continue
    return best


def is_pig(game, seat: int) -> bool:
    """花猪: declared mode, any tile of the void suit (hand or melds); implicit mode, all three suits."""
    suits = suits_in(hand_counts(game.hand.seats[seat]))
    void = void_of(game, seat)
    return void in suits if void is not None else len(suits) == 3
