"""Riichi game flow during a hand: the table, legal actions, wins and claims (riichi_base.md §1-§6, §12, §17)."""

from __future__ import annotations

import random
from dataclasses import replace

from mjsim.engine.actions import ABORT, ANKAN, CHI, DISCARD, DRAW, KAN, PASS, PON, RON, TSUMO, Action
from mjsim.engine.outcomes import ClaimResult
from mjsim.engine.setup import TableSetup
from mjsim.engine.state import ROB
from mjsim.hand.shanten import orphans_shanten, shanten
from mjsim.hand.tiles import DRAGONS, WINDS, YAOCHU, kind_of
from mjsim.scoring import CHI as MELD_CHI
from mjsim.scoring import WinContext
from variants.common.claims import may_call
from variants.common.swap_calls import without_swap_calls
from variants.riichi import kans, open_riichi
from variants.riichi import options as opt
from variants.riichi.local_yaku import is_puutaa
from variants.riichi.scorer import NoWin, score_win
from variants.riichi.table_facts import table_facts
from variants.riichi.vocabulary import DEPOSIT_REASON, RIICHI
from variants.riichi.waits import counts_without, seat_waits, shanten_and_waits, visible_counts
from variants.riichi.yaku import red_five_ids

__all__ = [
    "accept_win",
    "furiten",
    "legal_actions",
    "may_claim",
    "seat_waits",
    "table_setup",
    "win_context",
    "win_context_if_waiting",
]

_KAN_DORA = {
    "immediate_all": "immediate",
    "immediate_including_chankan": "immediate",
    "ankan_immediate_else_after_discard": "ankan_immediate",
}
_RON_CHANCE = "riichi.ron_chance"  # seat stash: log length when the seat last could ron
_MISSED = "riichi.missed_win"  # seat stash: log length when the seat last passed a win (call_rewinds only)


def table_setup(rules) -> TableSetup:
    """136 tiles, 13-tile hands, a 14-tile dead wall, red fives, kan dora and the stick as the options say."""
    timing = rules[opt.KANDORA_TIMING]
    return TableSetup(
        tiles=tuple(range(136)),
        start_points=rules[opt.START_POINTS],
        replacement_tiles=4,  # the 14-tile dead wall: 4 replacement tiles and 5 dora / ura indicator pairs
        indicator_tiles=10,
        indicators_at_start=1,
        kan_indicator_timing=_KAN_DORA.get(timing, "after_discard") if rules[opt.KAN_DORA] else "none",
        red_ids=red_five_ids(rules),
        declaration_deposit=rules[opt.RIICHI_DEPOSIT],
        deposit_reason=DEPOSIT_REASON,
        keep_dead_wall=not rules[opt.WALL_KEEP_FIXED],  # 壁牌を変更しない: the dead wall is not made up after a kan
    )


# --- Furiten and wins -------------------------------------------------------------------------


def furiten(game, seat: int) -> bool:
    """Discard, same-turn or riichi furiten: no ron (§5).

    A 13-sided kokushi is no exception (kokushi_13_furiten_ron "forbidden"). The three 同巡 definitions of
    same_turn_definition (S000 majangdefault):

    * "draw_to_draw": same-turn furiten (``skipped_win``) lasts until the seat's own next turn; the engine
      clears it at the seat's next discard, after its draw or after its own call (§5.2: "a call made in between
      also ends it because the player then discards");
    * "call_skips": also ended when another seat's pon or kan jumps the turn over the seat;
    * "call_rewinds": the seat's own call is the order rewound to it, not its next turn: only its next draw
      ends the furiten (a win passed, then a pon and its discard, still leaves the seat in furiten).
    """
    me = game.hand.seats[seat]
    if me.skipped_after_declaring:
        return True
    if me.skipped_win and not _skip_ended_by_call(game, seat):
        return True
    if _missed_since_draw(game, seat):
        return True
    return any(k in me.discarded_kinds for k in seat_waits(me))


def note_missed_wins(game, answers: dict[int, Action]) -> None:
    """same_turn_definition call_rewinds: remember when each seat passed a win (the engine marked it)."""
    if not answers or game.rules[opt.SAME_TURN_DEFINITION] != "call_rewinds":
        return
    for seat, action in answers.items():
        me = game.hand.seats[seat]
        if action.kind != RON and me.skipped_win:
            me.stash[_MISSED] = len(game.log)


def _missed_since_draw(game, seat: int) -> bool:
    """call_rewinds: the seat passed a win and has not drawn since (its own calls do not end the go-around)."""
    if game.rules[opt.SAME_TURN_DEFINITION] != "call_rewinds":
        return False
    since = game.hand.seats[seat].stash.get(_MISSED)
    if since is None:
        return False
    return not any(event.kind == DRAW and event.seat == seat for event in game.log[since:])


def _skip_ended_by_call(game, seat: int) -> bool:
    """same_turn_definition call_skips: a pon or kan after the missed win passed over the seat."""
    if game.rules[opt.SAME_TURN_DEFINITION] != "call_skips":
        return False
    since = game.hand.seats[seat].stash.get(_RON_CHANCE, len(game.log))
    return any(_call_skips(game, event, seat) for event in game.log[since:])


def _call_skips(game, event, seat: int) -> bool:
    """A pon or kan whose caller sits after ``seat`` counting from the discarder."""
    if event.kind not in (PON, KAN):
        return False
    who = event.data[2]
    seats = len(game.hand.seats)
    return 0 < (seat - who) % seats < (event.seat - who) % seats


def win_context_if_waiting(game, seat: int, tile: int, how: str) -> WinContext | None:
    """The context of a win the waits allow, not in furiten for a ron, robbing only what may be robbed; else None."""
    me = game.hand.seats[seat]
    if how == TSUMO and _first_draw_puutaa(game, seat):
        return win_context(game, seat, tile, how)
    if kind_of(tile) not in seat_waits(me, without=tile if how == TSUMO else None):
        return None
    if how == RON and furiten(game, seat):
        return None
    if how == RON and game.hand.phase == ROB and game.hand.rob_kind == "ankan" and not may_rob_ankan(game, me, tile):
        return None
    return win_context(game, seat, tile, how)


def may_claim(game, seat: int, tile: int) -> bool:
    """The claim fast path: a ron needs the tile on a wait; a call, a discard (no robbed kan) and no riichi."""
    hand = game.hand
    me = hand.seats[seat]
    kind = kind_of(tile)
    if kind in seat_waits(me):  # win_context_if_waiting's first test for a ron
        return True
    if hand.phase == ROB or me.declared_turn is not None:  # a robbed kan and a riichi seat take a ron only
        return False
    return may_call(me.counts, kind, chi=seat == (hand.open_tile()[0] + 1) % len(hand.seats))


def _first_draw_puutaa(game, seat: int) -> bool:
    """十三不塔 by option: the seat's first draw, no call before it, and a hand of no sets (local_yaku.py)."""
    hand = game.hand
    if hand.seats[seat].river or hand.calls_made or game.rules[opt.SHIISAN_PUUTAA] == "off":
        return False
    return is_puutaa(hand.seats[seat].counts)


def accept_win(game, seat: int, ctx: WinContext, score) -> bool:
    """A win needs a yaku (an offer is scored here: ``score`` None), on every wait without 後付け (atozuke off).

    A ron that may be taken starts same-turn furiten from here if the seat passes it.
    """
    rules = game.rules
    if score is None:
        try:
            rules.score_win(ctx, rules)
        except NoWin:
            return False
    if not rules[opt.ATOZUKE]:
        if rules[opt.ATOZUKE_OFF_FORM] == "first_call" and not first_call_fixes_yaku(ctx):
            return False
        waits = seat_waits(game.hand.seats[seat], without=ctx.win_tile if ctx.tsumo else None)
        if not yaku_on_every_wait(rules, ctx, waits):
            return False
    if not ctx.tsumo:
        game.hand.seats[seat].stash[_RON_CHANCE] = len(game.log)  # passing this tile starts same-turn furiten
    return True


def first_call_fixes_yaku(ctx: WinContext) -> bool:
    """完全先付け (atozuke_off_form first_call): an open hand's first call was itself its yaku.

    The seeds name 後付け only as allowed (S000 "後付 ○", S001 "後ヅケあり") and define no form of its ban;
    this is the strict form as usually stated ("the yaku is fixed at the first call"): the first call is a
    pon or kan of a value tile (a dragon, the seat or the round wind). A closed hand has no call to fix.
    """
    calls = [m for m in ctx.melds if m.opened]
    if not calls:
        return True
    first = calls[0]
    value = set(DRAGONS) | {ctx.seat_wind, ctx.round_wind}
    return first.type != MELD_CHI and first.kind in value


def yaku_on_every_wait(rules, ctx: WinContext, waits) -> bool:
    """No 後付け: the hand must score a yaku on every one of its waits, not only on the tile that came.

    This is the 片アガリ form of the rule (atozuke_off_form every_wait); first_call adds
    ``first_call_fixes_yaku``. Each other wait is tried as the same win with that tile (copy 3 of a kind is
    never a red five, so the dora count does not change).
    """
    before = list(ctx.concealed)
    before.remove(ctx.win_tile)
    for kind in waits:
        other = replace(ctx, concealed=tuple(before) + (4 * kind + 3,), win_tile=4 * kind + 3)
        try:
            score_win(other, rules.pattern_index, rules)
        except NoWin:
            return False
    return True


def may_rob_ankan(game, me, tile: int) -> bool:
    """Only thirteen orphans may rob a concealed kan, and only by option (国士無双の暗槓搶槓)."""
    if not game.rules[opt.KOKUSHI_ROB_ANKAN]:
        return False
    counts = list(me.counts)
    counts[kind_of(tile)] += 1
    return sum(counts) == 14 and orphans_shanten(bytes(counts)) == -1


def win_context(game, seat: int, tile: int, how: str, first_winner: bool = True) -> WinContext:
    """The situation of a possible win, read off the state."""
    hand = game.hand
    me = hand.seats[seat]
    tsumo = how == TSUMO
    concealed = tuple(me.tiles) if tsumo else tuple(me.tiles) + (tile,)
    source = None if tsumo else (hand.discard or hand.robbed)[0]
    dora, ura = _indicators(game)
    return WinContext(
        concealed=concealed,
        win_tile=tile,
        melds=tuple(me.melds),
        tsumo=tsumo,
        seat_wind=hand.wind_of(seat),
        round_wind=hand.round_wind,
        discarder=None if source is None else (source - hand.dealer) % len(hand.seats),
        situation=_situation(game, seat, tsumo),
        table=table_facts(
            dora=dora,
            ura=ura if me.declared_turn is not None else (),
            honba=hand.honba if first_winner else 0,
            sticks=game.sticks if first_winner else 0,
            pao=_pao(hand, me),
        ),
        extra={"dealer_repeats": game.repeats},
    )


def _indicators(game) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Dora and ura indicators turned so far; a robbed kan's own indicator counts under immediate_including_chankan."""
    hand = game.hand
    dora = list(hand.indicators_shown)
    if hand.phase == ROB and _chankan_sees_kan_dora(game) and 2 * len(dora) < len(hand.indicators):
        dora.append(hand.indicators[2 * len(dora)])  # the engine turns it only once nobody robs the kan
    ura = [hand.indicators[2 * i + 1] for i in range(len(dora))]
    return tuple(dora), tuple(ura if game.rules[opt.KAN_URA] else ura[:1])


def _chankan_sees_kan_dora(game) -> bool:
    """kandora_timing immediate_including_chankan, with kan dora in play."""
    timing = game.rules[opt.KANDORA_TIMING]
    return timing == "immediate_including_chankan" and game.rules.flow.setup.kan_indicator_timing != "none"


def _situation(game, seat: int, tsumo: bool) -> frozenset[str]:
    """Circumstances no tile shows: riichi, ippatsu, rinshan, chankan, last tile, first draw."""
    hand = game.hand
    me = hand.seats[seat]
    out = set()
    if me.declared_turn is not None:
        double = me.declared_turn == 0 and me.declared_calls == 0
        out.add("double_riichi" if double else "riichi")
        ippatsu_on = game.rules[opt.IPPATSU]
        if ippatsu_on and me.declared_calls == hand.calls_made and len(me.river) - 1 == me.declared_turn:
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
    if me.stash:  # a cheap guard: an open riichi is kept in the seat's stash
        out |= open_riichi.situation(game, seat, tsumo)
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
    """Riichi rules on top of the engine's candidates: riichi lock, riichi offers, kuikae, kans, nine orphans."""
    hand = game.hand
    fifth = kans.fifth_kans(game, seat)
    if fifth:  # why: almost never, and a copy of the offers per decision is not free
        actions = actions + fifth
    if hand.discard is not None or hand.phase == ROB:
        out = _claims(game, seat, actions)
    elif hand.seats[seat].declared_turn is not None:
        out = _riichi_locked(game, hand.seats[seat], actions)
    else:
        actions = kans.keeps_tenpai_waits(game, seat, _without_kuikae(game, seat, actions))
        declarations = _riichi_offers(game, seat, actions) + _nine_orphans(game, seat)
        out = actions + declarations if declarations else actions
    return kans.fifth_kan_aborts(game, out)


def _claims(game, seat: int, actions: list[Action]) -> list[Action]:
    """A riichi seat may only ron or pass; others' kans keep a tenpai wait when the option says so."""
    if game.hand.seats[seat].declared_turn is not None:
        return [a for a in actions if a.kind in (PASS, RON)]
    return kans.keeps_tenpai_waits(game, seat, actions)


def _riichi_locked(game, me, actions: list[Action]) -> list[Action]:
    """After riichi: discard the drawn tile, win, or a concealed kan the riichi_ankan option allows."""
    drawn = game.hand.last_draw
    out = [a for a in actions if a.kind == TSUMO or (a.kind == DISCARD and a.tile == drawn)]
    return out + [a for a in actions if a.kind == ANKAN and kans.riichi_kan_allowed(game, me, a)]


def _riichi_offers(game, seat: int, actions: list[Action]) -> list[Action]:
    """Riichi discards: closed, ready after the discard, a draw left, enough points, furiten/karaten by option (§4)."""
    me = game.hand.seats[seat]
    # The hand's tests first: most turns end at the second, and the option reads after them cost a call each.
    if any(m.opened for m in me.melds) or not _may_be_ready(me, game.hand.last_draw):
        return []
    if not _own_draw_left(game) or not _enough_points(game.scores[seat], game.rules[opt.RIICHI_MIN_POINTS]):
        return []
    visible = None if game.rules[opt.KARATEN_RIICHI] else visible_counts(game, seat)
    riichi = [Action(RIICHI, a.tile) for a in actions if a.kind == DISCARD and _riichi_wait(game, me, a, visible)]
    return riichi + open_riichi.open_offers(game, seat, riichi)


def _may_be_ready(me, drawn: int | None) -> bool:
    """Whether some discard leaves the seat's concealed hand ready (its shanten is 0 or less).

    A draw lowers shanten by one at most, so a hand two or more from ready before its draw cannot be: that
    shanten is known already (the seat's waits were asked when the last tile was discarded, and their cache
    keeps it), which spares the full shanten of most turns.
    """
    if drawn is not None and me.counts[kind_of(drawn)]:
        before, _ = shanten_and_waits(bytes(counts_without(me.counts, {kind_of(drawn): 1})))
        if before >= 2:
            return False
    return shanten(list(me.counts)) <= 0


def _own_draw_left(game) -> bool:
    """riichi_needs_draw: four live tiles left, so the declarer draws once more."""
    if not game.rules[opt.RIICHI_NEEDS_DRAW]:
        return True
    return len(game.hand.wall) - game.rules.flow.setup.reserve >= game.seat_count


def _riichi_wait(game, me, discard: Action, visible: list[int] | None) -> bool:
    """Ready after ``discard``; with the options off, not in furiten and not on tiles all in sight."""
    tile = discard.tile
    assert tile is not None  # a discard names its tile (narrowed for mypyc)
    waits = seat_waits(me, without=tile)
    if not waits:
        return False
    if not game.rules[opt.FURITEN_RIICHI] and any(k in me.discarded_kinds or k == kind_of(tile) for k in waits):
        return False
    # The declarer sees the same tiles after the discard (one leaves its hand for its river): count them now.
    return visible is None or any(visible[k] < 4 for k in waits)


def _enough_points(points: int, rule) -> bool:
    """Riichi needs 1000 points (at least, or more than, by option)."""
    if rule == "none":
        return True
    return points > 1000 if rule == "over_1000" else points >= rule


def _nine_orphans(game, seat: int) -> list[Action]:
    """九種九牌: on the first own draw, no call yet, nine kinds of terminals and honours (§12)."""
    hand = game.hand
    me = hand.seats[seat]
    if me.river or hand.calls_made or game.rules[opt.KYUUSHU_KYUUHAI] == "off":
        return []
    return [Action(ABORT)] if sum(1 for k in YAOCHU if me.counts[k]) >= 9 else []


def _without_kuikae(game, seat: int, actions: list[Action]) -> list[Action]:
    """No swap-calling (§3): the engine's shared filter, unless kuikae is allowed."""
    if game.rules[opt.KUIKAE] != "forbidden" or game.hand.last_draw is not None:
        return actions  # a seat that has drawn has not just called (and the shared filter is a Python call)
    return without_swap_calls(game, seat, actions)


# --- Claims and abortive draws --------------------------------------------------------------


def resolve_claims(game, answers: dict[int, Action]) -> ClaimResult | None:
    """Multiple ron or head bump (§17), triple ron by option, a fifth kan's abort, then pon/kan over chi."""
    note_missed_wins(game, answers)
    rons = [seat for seat, a in answers.items() if a.kind == RON]
    if not rons:
        # A claimed fifth kan (suukaikan abort_on_5th) ends the hand; else the engine's default priority.
        if any(a.kind == ABORT for a in answers.values()):
            return ClaimResult(abort="suukaikan")
        return first_voice(game, answers) if game.rules[opt.CALL_PRIORITY] == "first_voice" else None
    who = (game.hand.discard or game.hand.robbed)[0]
    rons.sort(key=lambda seat: (seat - who) % game.seat_count)
    mode = game.rules[opt.MULTI_RON]
    if len(rons) == 3:
        triple = game.rules[opt.SANCHAHOU]
        if triple == "abort":
            return ClaimResult(abort="sanchahou")
        if triple == "head_bump":
            rons = rons[:1]
    if mode == "head_bump":
        rons = rons[:1]
    return ClaimResult([(seat, answers[seat]) for seat in rons])


def first_voice(game, answers: dict[int, Action]) -> ClaimResult | None:
    """発声優先: a chi and a pon (or kan) on one discard: the one spoken first takes it (S001 4play "鳴きは発声優先。
    発声が重なったときはポン優先"; KAIT "鳴きは発声が同時の場合ポン＞チーの優先").

    No seed says how quick a player is, so who speaks first is a fair draw among the callers from the game's seed,
    the hand and the moment [proposal]: a chi takes the tile from a pon in about half the races.
    """
    calls = [(seat, a) for seat, a in answers.items() if a.kind in (CHI, PON, KAN)]
    if not any(a.kind == CHI for _, a in calls) or len(calls) < 2:
        return None  # no race: the engine's priority
    voices = random.Random(f"first_voice/{game.seed}/{game.hand.index}/{len(game.log)}")
    return ClaimResult([voices.choice(sorted(calls))])


def abortive_draw(game) -> str | None:
    """Four winds, four riichi, four kans (§12), after a discard passes."""
    hand = game.hand
    seats = hand.seats
    if hand.turn_count == 4 and hand.calls_made == 0 and game.rules[opt.SUUFON_RENDA] != "off":
        first = {kind_of(s.river[0]) for s in seats if s.river}
        if len(first) == 1 and first.pop() in WINDS:
            return "suufon_renda"
    if sum(s.declared_turn is not None for s in seats) == 4 and game.rules[opt.SUUCHA_RIICHI] != "continue":
        return "suucha_riichi"
    if hand.kans == 4 and game.rules[opt.SUUKAIKAN] in kans.MULTI_PLAYER_ABORTS:
        if sum(1 for s in seats if any(m.type in ("kan", "ankan") for m in s.melds)) > 1:
            return "suukaikan"
    return None
