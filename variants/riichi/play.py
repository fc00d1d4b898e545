"""Riichi game flow during a hand: the table, legal actions, wins and claims (riichi_base.md §1-§6, §12, §17)."""

from __future__ import annotations

from functools import lru_cache

from mjsim.engine.actions import ABORT, ANKAN, CHI, DISCARD, PASS, PON, RIICHI, RON, TSUMO, Action
from mjsim.engine.setup import TableSetup
from mjsim.engine.state import ROB
from mjsim.hand.decompose import waits as hand_waits
from mjsim.hand.shanten import orphans_shanten, seven_pairs_shanten, standard_shanten
from mjsim.hand.tiles import DRAGONS, RED_FIVE_IDS, WINDS, YAOCHU, kind_of
from mjsim.scoring import WinContext
from variants.riichi.scorer import NoWin, score_win
from variants.riichi.yaku import red_five_count

_KAN_DORA = {
    "immediate_all": "immediate",
    "immediate_including_chankan": "immediate",
    "ankan_immediate_else_after_discard": "ankan_immediate",
}


def opt(game, name: str, default=None):
    """A riichi option of the game's rules (``default`` while an option is not declared)."""
    return game.rules.values.get(f"riichi.{name}", default)


def table_setup(rules) -> TableSetup:
    """136 tiles, 13-tile hands, a 14-tile dead wall, red fives and kan dora as the options say."""
    values = rules.values
    timing = values.get("riichi.kandora_timing", "immediate_all")
    return TableSetup(
        tiles=tuple(range(136)),
        red_ids=frozenset(RED_FIVE_IDS[red_five_count(values)]),
        kan_dora_timing=_KAN_DORA.get(timing, "after_discard") if values["riichi.kan_dora"] else "none",
        start_points=values.get("riichi.start_points", 25000),
    )


# --- Waits, furiten and wins -------------------------------------------------------


@lru_cache(maxsize=1 << 16)
def _waits_of(key: bytes) -> tuple[int, ...]:
    """Waits of a concealed hand given as count bytes (cached: hands repeat across turns)."""
    counts = list(key)
    sets = sum(counts) // 3
    ready = standard_shanten(key, sets) == 0
    if sum(counts) == 13:
        ready = ready or seven_pairs_shanten(key) == 0 or orphans_shanten(key) == 0
    return tuple(hand_waits(counts)) if ready else ()


def seat_waits(seat_state, without: int | None = None) -> tuple[int, ...]:
    """The kinds that complete a seat's concealed hand (minus ``without`` when it holds a drawn tile)."""
    if without is None:
        if seat_state.waits is None:
            seat_state.waits = _waits_of(bytes(seat_state.counts))
        return seat_state.waits
    counts = list(seat_state.counts)
    counts[kind_of(without)] -= 1
    return _waits_of(bytes(counts))


def furiten(game, seat: int) -> bool:
    """Discard, same-turn or riichi furiten: no ron (§5)."""
    me = game.hand.seats[seat]
    if me.skipped_win or me.skipped_after_riichi:
        return True
    return any(k in me.discarded_kinds for k in seat_waits(me))


def can_win(game, seat: int, tile: int, how: str, detail: bool):
    """A Score when ``seat`` may win on ``tile`` now, else False."""
    me = game.hand.seats[seat]
    waits = seat_waits(me, without=tile if how == TSUMO else None)
    if kind_of(tile) not in waits or (how == RON and furiten(game, seat)):
        return False
    try:
        return score_win(win_context(game, seat, tile, how), game.rules.pattern_index)
    except NoWin:
        return False


def win_context(game, seat: int, tile: int, how: str, first_winner: bool = True) -> WinContext:
    """The situation of a possible win, read off the state."""
    hand = game.hand
    me = hand.seats[seat]
    tsumo = how == TSUMO
    concealed = tuple(me.tiles) if tsumo else tuple(me.tiles) + (tile,)
    source = None if tsumo else (hand.discard or hand.robbed)[0]
    return WinContext(
        concealed=concealed,
        win_tile=tile,
        melds=tuple(me.melds),
        tsumo=tsumo,
        seat_wind=hand.wind_of(seat),
        round_wind=hand.round_wind,
        discarder=None if source is None else (source - hand.dealer) % 4,
        situation=_situation(game, seat, tsumo),
        dora_indicators=tuple(hand.dora_indicators),
        ura_indicators=tuple(_ura(game)) if me.riichi_turn is not None else (),
        honba=hand.honba if first_winner else 0,
        sticks=game.table // game.rules.flow.setup.riichi_deposit if first_winner else 0,
        pao=_pao(hand, me),
        options=game.rules.values,
        extra={"dealer_repeats": game.repeats},
    )


def _ura(game) -> list[int]:
    hand = game.hand
    ura = hand.ura_indicators
    return ura if opt(game, "kan_ura", True) else ura[:1]


def _situation(game, seat: int, tsumo: bool) -> frozenset[str]:
    """Circumstances no tile shows: riichi, ippatsu, rinshan, chankan, last tile, first draw."""
    hand = game.hand
    me = hand.seats[seat]
    out = set()
    if me.riichi_turn is not None:
        double = me.riichi_turn == 0 and me.riichi_calls == 0
        out.add("double_riichi" if double else "riichi")
        ippatsu_on = opt(game, "ippatsu", True)
        if ippatsu_on and me.riichi_calls == hand.calls_made and len(me.river) - 1 == me.riichi_turn:
            out.add("ippatsu")
    last = len(hand.wall) <= game.rules.flow.setup.reserve
    if tsumo:
        if hand.after_kan:
            out.add("rinshan")
        elif last:
            out.add("haitei")
        if not me.river and hand.calls_made == 0:
            out.add("tenhou" if seat == hand.dealer else "chiihou")
    else:
        if hand.phase == ROB:
            out.add("chankan")
        elif last:
            out.add("houtei")
        if not me.river and hand.calls_made == 0 and seat != hand.dealer:
            out.add("renhou")
    return frozenset(out)


def _pao(hand, me) -> int | None:
    """The wind index liable for a big-dragons or big-winds hand: who fed the completing set (§16)."""
    for group in (DRAGONS, WINDS):
        sets = [m for m in me.melds if m.type != "chi" and m.kind in group]
        if len(sets) == len(group) and sets[-1].from_seat is not None and sets[-1].type != "ankan":
            return sets[-1].from_seat
    return None


# --- Legal actions ---------------------------------------------------------------------------


def legal_actions(game, seat: int, actions: list[Action]) -> list[Action]:
    """Riichi rules on top of the engine's candidates: riichi lock, riichi offers, kuikae, nine orphans."""
    hand = game.hand
    me = hand.seats[seat]
    if hand.discard is not None or hand.phase == ROB:
        if me.riichi_turn is not None:
            return [a for a in actions if a.kind in (PASS, RON)]
        return actions
    if me.riichi_turn is not None:
        return _riichi_locked(game, me, actions)
    actions = _without_kuikae(game, seat, actions)
    return actions + _riichi_offers(game, seat, actions) + _nine_orphans(game, seat)


def _riichi_locked(game, me, actions: list[Action]) -> list[Action]:
    """After riichi: discard the drawn tile, win, or a concealed kan that keeps the waits."""
    drawn = game.hand.last_draw
    out = [a for a in actions if a.kind == TSUMO or (a.kind == DISCARD and a.tile == drawn)]
    mode = opt(game, "riichi_ankan", "wait_unchanged")
    for a in actions:
        if a.kind == ANKAN and mode != "off" and kind_of(drawn) == kind_of(a.tile) and _kan_keeps_waits(me, a):
            out.append(a)
    return out


def _kan_keeps_waits(me, action: Action) -> bool:
    before = seat_waits(me, without=action.tile)
    counts = list(me.counts)
    counts[kind_of(action.tile)] -= 4
    return _waits_of(bytes(counts)) == before


def _riichi_offers(game, seat: int, actions: list[Action]) -> list[Action]:
    """Riichi discards: closed, ready after the discard, a draw left, enough points (§4)."""
    hand = game.hand
    me = hand.seats[seat]
    if any(m.opened for m in me.melds) or len(hand.wall) - game.rules.flow.setup.reserve < 4:
        return []
    if not _enough_points(game.scores[seat], opt(game, "riichi_min_points", 1000)):
        return []
    out = []
    for a in actions:
        if a.kind == DISCARD and seat_waits(me, without=a.tile):
            out.append(Action(RIICHI, a.tile))
    return out


def _enough_points(points: int, rule) -> bool:
    """Riichi needs 1000 points (at least, or more than, by option)."""
    if rule == "none":
        return True
    return points > 1000 if rule == "over_1000" else points >= rule


def _nine_orphans(game, seat: int) -> list[Action]:
    """九種九牌: on the first own draw, no call yet, nine kinds of terminals and honours (§12)."""
    hand = game.hand
    me = hand.seats[seat]
    if opt(game, "kyuushu_kyuuhai", "renchan") == "off" or me.river or hand.calls_made:
        return []
    return [Action(ABORT)] if sum(1 for k in YAOCHU if me.counts[k]) >= 9 else []


def _without_kuikae(game, seat: int, actions: list[Action]) -> list[Action]:
    """No swap-calling: after chi or pon, not the called kind nor the suji swap of a chi (§3)."""
    last = game.log[-1] if game.log else None
    if opt(game, "kuikae", "forbidden") != "forbidden" or last is None or last.kind not in (CHI, PON):
        return actions
    called, used, _ = last.data
    banned = {kind_of(called)}
    if last.kind == CHI:
        low, high = sorted(kind_of(t) for t in used)
        k = kind_of(called)
        if high - low == 1 and k < low and (high + 1) % 9 > high % 9:
            banned.add(high + 1)
        if high - low == 1 and k > high and low % 9 > 0:
            banned.add(low - 1)
    kept = [a for a in actions if a.kind != DISCARD or kind_of(a.tile) not in banned]
    return kept if any(a.kind == DISCARD for a in kept) else actions


# --- Claims and abortive draws --------------------------------------------------------------


def resolve_claims(game, answers: dict[int, Action]):
    """Multiple ron or head bump (§17), triple ron by option, then pon/kan over chi."""
    rons = [seat for seat, a in answers.items() if a.kind == RON]
    if not rons:
        return None  # the engine's default: the highest-priority call
    who = (game.hand.discard or game.hand.robbed)[0]
    rons.sort(key=lambda seat: (seat - who) % 4)
    mode = opt(game, "multi_ron", "double_ron")
    if len(rons) == 3:
        triple = opt(game, "sanchahou", "abort")
        if triple == "abort":
            return "sanchahou"
        if triple == "head_bump":
            rons = rons[:1]
    if mode == "head_bump":
        rons = rons[:1]
    return [(seat, answers[seat]) for seat in rons]


def abortive_draw(game) -> str | None:
    """Four winds, four riichi, four kans (§12), after a discard passes."""
    hand = game.hand
    seats = hand.seats
    if hand.turn_count == 4 and hand.calls_made == 0 and opt(game, "suufon_renda", "abort") != "off":
        first = {kind_of(s.river[0]) for s in seats if s.river}
        if len(first) == 1 and first.pop() in WINDS:
            return "suufon_renda"
    if sum(s.riichi_turn is not None for s in seats) == 4 and opt(game, "suucha_riichi", "abort") != "continue":
        return "suucha_riichi"
    if hand.kans == 4 and opt(game, "suukaikan", "abort_4th_multi_player") != "off":
        if sum(1 for s in seats if any(m.type in ("kan", "ankan") for m in s.melds)) > 1:
            return "suukaikan"
    return None
