"""The common game state machine: ``new_game``, ``pending`` and ``step``.

One turn runs as follows (each hook is called through the facade ``rules.flow``; a hand may first open with the
choices ``mjsim_declarations`` asks every seat for, such as 定缺, made all at once before the dealer draws):

1. the seat to move draws (replacement draws after a kan; bonus tiles are set
   aside and replaced); ``mjsim_before_draw`` may first let it decline a turn draw;
2. ``pending`` offers its self actions, filtered by ``mjsim_legal_actions``:
   discard / declaring discard / tsumo (``mjsim.engine.wins``) / kans / abort;
3. after a discard every other seat is offered its claims (ron, kan, pon,
   chi); ``mjsim_resolve_claims`` decides which take effect;
4. wins are paid by ``mjsim_settle_win``; ``mjsim_after_win`` says whether the
   hand goes on; an empty wall or ``mjsim_abortive_draw`` ends it as a draw
   paid by ``mjsim_settle_draw``;
5. ``mjsim_next_hand`` moves the dealer, honba and game end;
   ``mjsim_final_settlement`` turns final points into results.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mjsim.engine.actions import (
    ABORT,
    ANKAN,
    CHI,
    DECLARE_DISCARD,
    DECLINE_DRAW,
    DISCARD,
    DRAW,
    END_GAME,
    KAKAN,
    KAN,
    PASS,
    PLAY_ON,
    POINTS,
    PON,
    RON,
    SET_ASIDE,
    TABLE,
    TSUMO,
    Action,
    Event,
    Transfer,
)
from mjsim.engine.offers import claim_candidates, claimants, drawable, seats_after, self_candidates
from mjsim.engine.state import BONUS, CLAIM, DECLARE, END_OFFER, ENDED, PREDRAW, ROB, TURN, Game, HandState, Seat
from mjsim.engine.wall import shuffled_wall
from mjsim.engine.wins import may_win, win_score
from mjsim.errors import MjsimError
from mjsim.hand.tiles import EAST, WINDS, kind_of
from mjsim.scoring import ANKAN as MELD_ANKAN
from mjsim.scoring import CHI as MELD_CHI
from mjsim.scoring import KAN as MELD_KAN
from mjsim.scoring import PON as MELD_PON
from mjsim.scoring import Meld


class IllegalAction(MjsimError):
    """An agent chose an action the engine did not offer."""


def new_game(rules, seed: int, wall_source=None) -> Game:
    """A game under compiled ``rules`` whose every wall derives from ``seed`` (or is given by ``wall_source``,
    a callable from the hand number to its walls: replaying a logged game)."""
    setup = rules.flow.setup
    game = Game(rules=rules, seed=seed, scores=[setup.start_points] * setup.seats, wall_source=wall_source)
    game.side = {currency: [0] * setup.seats for currency in setup.currencies}
    _start_hand(game)
    _settle_if_ended(game)  # a hand can end as it starts (a win on the deal's flowers)
    return game


def replay_choices(rules, seed: int, choices) -> Game:
    """Rebuild a game from its seed and the actions chosen at every step."""
    game = new_game(rules, seed)
    for chosen in choices:
        step(game, chosen)
    return game


def fingerprint(game: Game) -> tuple:
    """The state that matters for comparing two games: scores, table, log and ledger."""
    return (tuple(game.scores), game.table, game.dealer, game.honba, tuple(game.log), tuple(game.ledger))


def pending(game: Game) -> dict[int, list[Action]]:
    """The legal actions of every seat that must decide now ({} when the game is over)."""
    hand = game.hand
    if game.over or hand is None:
        return {}
    if game.offered is None:
        game.offered = _offers(game, hand)
    return game.offered


def step(game: Game, actions: Mapping[int, Action]) -> Game:
    """Apply the chosen actions (one per seat in ``pending``) and advance to the next decision."""
    offered = pending(game)
    if not offered:  # the game ended while the engine advanced by itself
        return game
    refused = {seat: actions.get(seat) for seat, options in offered.items() if actions.get(seat) not in options}
    chosen = {seat: actions.get(seat) for seat in offered}  # as declared: a replay judges the mistakes again
    hand = game.hand
    assert hand is not None  # pending() offers nothing without a hand
    decided: Mapping[int, Action] | None = actions
    if refused:  # judged while game.offered still holds what the seats were offered
        decided = _judge_refused(game, hand, offered, dict(chosen), refused)
    game.offered = None
    game.choices.append(chosen)
    if decided is None:  # a refusal ended the hand, or the seats decide again
        _settle_if_ended(game)
        return game
    if hand.phase == TURN:
        _self_action(game, hand, decided[hand.current])
    elif hand.phase == DECLARE:
        _declare(game, hand, {s: decided[s] for s in offered})
    elif hand.phase == PREDRAW:
        _pre_draw_choice(game, hand, decided[hand.current])
    elif hand.phase == END_OFFER:
        _end_choice(game, hand, decided[hand.current])
    elif hand.phase == BONUS:
        _bonus_choice(game, hand, decided[hand.current])
    else:
        _resolve_claims(game, hand, {s: decided[s] for s in offered})
    _settle_if_ended(game)
    return game


def _judge_refused(game: Game, hand: HandState, offered, actions: dict, refused: dict) -> dict | None:
    """Declarations the engine did not offer, judged by ``mjsim_refused_action`` (a player's mistake).

    Returns the actions to apply, with each refused one replaced by what the rules take instead, or None when
    a refusal ended the hand or sends the seats back to decide again. No judge: the action is illegal.
    """
    for seat, choice in refused.items():
        refusal = game.rules.flow.refused_action(game, seat, choice, dict(actions)) if choice is not None else None
        if refusal is None:
            raise IllegalAction(f"seat {seat} chose {choice!r}; legal actions: {offered[seat]!r}")
        _event(game, "refused", seat, choice)
        _pay(game, refusal.transfers)
        if refusal.end_hand:
            _end_as_draw(game, hand, refusal.end_hand, {"seat": seat})
            return None
        if refusal.instead is None:
            return None
        actions[seat] = refusal.instead
    return actions


# --- Offers ------------------------------------------------------------------


def _offers(game: Game, hand: HandState) -> dict[int, list[Action]]:
    flow = game.rules.flow
    if hand.phase == TURN:
        seat = hand.current
        return {seat: flow.legal_actions(game, seat, self_candidates(game, hand, seat))}
    if hand.phase == DECLARE:
        return _declaration_offers(game)
    if hand.phase == PREDRAW:
        return {hand.current: _pre_draw_offers(game, hand.current)}
    if hand.phase == END_OFFER:
        return {hand.current: [Action(END_GAME), Action(PLAY_ON)]}
    if hand.phase == BONUS:
        return {hand.current: list(flow.after_bonus(game, hand.current, hand.bonus_tile))}
    offers = {}
    tile = hand.open_tile()[1]
    for seat in claimants(hand):
        if not flow.may_claim(game, seat, tile):  # the fast path: the family knows the seat can only pass
            continue
        options = flow.legal_actions(game, seat, claim_candidates(game, hand, seat))
        if any(a.kind != PASS for a in options):
            offers[seat] = options
    if not offers:  # nobody can answer: the discard passes by itself
        _resolve_claims(game, hand, {})
        _settle_if_ended(game)
        return pending(game)
    return offers


# --- Declarations (before the dealer's first draw) -----------------------------------


def _declaration_offers(game: Game) -> dict[int, list[Action]]:
    """The choices each seat still has to make (``mjsim_declarations``), all seats at once."""
    declarations = game.rules.flow.declarations
    hand = game.hand
    offers = {}
    for seat in range(game.seat_count):
        if seat not in hand.declared:
            choices = declarations(game, seat)
            if choices:
                offers[seat] = list(choices)
    return offers


def _declare(game: Game, hand: HandState, chosen: dict[int, Action]) -> None:
    """Record the seats' choices (revealed together); after a round that passes tiles the next round, else the
    dealer draws."""
    for seat in sorted(chosen):
        hand.declared[seat] = chosen[seat]
        _event(game, "declare", seat, chosen[seat])
    if _declaration_offers(game):
        return
    if _pass_tiles(game, hand) and _declaration_offers(game):
        return  # a round that passed tiles (换三张) is over; the next round (定缺) is asked for
    hand.phase = TURN
    _draw(game, hand, hand.dealer)


def _pass_tiles(game: Game, hand: HandState) -> bool:
    """Apply the tiles a finished declaration round passes between seats (``mjsim_pass_tiles``).

    Such a round acts at once and leaves no standing declaration: ``hand.declared`` is emptied for the next one.
    """
    passes = game.rules.flow.pass_tiles(game, dict(hand.declared))
    if not passes:
        return False
    for giver, _, tile in passes:  # every tile leaves its giver before any arrives (no tile passes twice)
        hand.seats[giver].remove(tile)
    for giver, receiver, tile in passes:
        hand.seats[receiver].add(tile)
        _event(game, "pass", giver, (receiver, tile))
    hand.declared.clear()
    return True


# --- Choices before a turn draw (declining the last tile) ---------------------------


def _pre_draw_offers(game: Game, seat: int) -> list[Action]:
    """``seat``'s choices before its turn draw: drawing first, then what ``mjsim_before_draw`` offers ([] for none)."""
    choices = game.rules.flow.before_draw(game, seat)
    return [Action(DRAW), *choices] if choices else []


def _pre_draw_choice(game: Game, hand: HandState, action: Action) -> None:
    """Draw as usual, or decline the draw: the hand ends as a draw (reason ``"decline_draw"``)."""
    seat = hand.current
    hand.phase = TURN
    if action.kind == DECLINE_DRAW:
        _end_as_draw(game, hand, DECLINE_DRAW, {"seat": seat})
    else:
        _draw(game, hand, seat)


# --- A bonus tile set aside (flowers) -------------------------------------------------


def _bonus_choice(game: Game, hand: HandState, action: Action) -> None:
    """Record the drawer's choice about its bonus tile (a ``"bonus_choice"`` event), then go on."""
    seat, tile = hand.current, hand.bonus_tile
    assert tile is not None  # phase BONUS holds the tile set aside (mypyc needs it narrowed)
    hand.phase, hand.bonus_tile = TURN, None
    _event(game, "bonus_choice", seat, action)
    _after_bonus(game, hand, seat, tile)


def _after_bonus(game: Game, hand: HandState, seat: int, tile: int) -> None:
    """Wins other seats make at once on the bonus tile (``mjsim_bonus_wins``: 七搶一), else the replacement draw."""
    wins = game.rules.flow.bonus_wins(game, seat, tile)
    if wins:
        _win(game, hand, [(winner, tile, payer) for winner, payer in wins])
        return
    _draw(game, hand, seat, replacement=True)


# --- Self actions ---------------------------------------------------------------


def _self_action(game: Game, hand: HandState, action: Action) -> None:
    seat, tile = hand.current, action.tile
    if action.kind in (DISCARD, DECLARE_DISCARD):
        assert tile is not None  # offered discards, tsumo and set-asides name their tile (narrowed for mypyc)
        _discard(game, hand, seat, tile, declaring=action.kind == DECLARE_DISCARD)
    elif action.kind == TSUMO:
        assert tile is not None
        _win(game, hand, [(seat, tile, None)])
    elif action.kind == ANKAN:
        _declare_kan(game, hand, seat, Meld(MELD_ANKAN, action.tiles))
    elif action.kind == KAKAN:
        _added_kan(game, hand, seat, action)
    elif action.kind == ABORT:
        _end_as_draw(game, hand, "abort_by_declaration", {"seat": seat})
    elif action.kind == SET_ASIDE:
        assert tile is not None
        _set_aside(game, hand, seat, tile)


def _set_aside(game: Game, hand: HandState, seat: int, tile: int) -> None:
    """A held tile set aside as a bonus tile by choice: pending kan indicators turn, then others may rob it."""
    me = hand.seats[seat]
    me.remove(tile)
    me.flowers.append(tile)
    hand.last_draw = None
    _event(game, SET_ASIDE, seat, tile)
    if hand.pending_indicators:  # an earlier open kan's indicator turns before this replacement draw
        _turn_indicators(game, hand, hand.pending_indicators)
        hand.pending_indicators = 0
    hand.robbed, hand.rob_kind, hand.phase = (seat, tile), SET_ASIDE, ROB


def _discard(game: Game, hand: HandState, seat: int, tile: int, declaring: bool) -> None:
    me = hand.seats[seat]
    me.remove(tile)
    me.river.append(tile)
    me.tsumogiri.append(tile == hand.last_draw)
    me.discarded_kinds.add(kind_of(tile))
    me.skipped_win = False
    if declaring:
        me.declared_turn, me.declared_calls = len(me.river) - 1, hand.calls_made
    hand.turn_count += 1
    hand.last_draw = None
    hand.discard = (seat, tile)
    hand.phase = CLAIM
    _event(game, DECLARE_DISCARD if declaring else DISCARD, seat, tile)
    if hand.pending_indicators:
        _turn_indicators(game, hand, hand.pending_indicators)
        hand.pending_indicators = 0


def _declare_kan(game: Game, hand: HandState, seat: int, meld: Meld) -> None:
    me = hand.seats[seat]
    for t in meld.tiles:
        if t in me.tiles:
            me.remove(t)
    me.melds.append(meld)
    face_down = meld.type == MELD_ANKAN and game.rules.flow.setup.face_down_kans
    _event(game, meld.type, seat, () if face_down else meld.tiles)  # face down: revealed when the hand ends
    # A concealed kan opens a window too: the riichi family lets a thirteen-orphans hand rob it (by option);
    # when nobody may, the window closes at once. Like an added kan it counts as a call only once it stands.
    hand.robbed, hand.rob_kind, hand.phase = (seat, meld.tiles[0]), meld.type, ROB


def _kan_stands(game: Game, hand: HandState, seat: int, kind: str) -> None:
    """Nobody robbed the kan: it counts, its indicator turns, and its owner draws a replacement tile."""
    assert hand.robbed is not None  # the kan whose rob window closes
    kan_kind = kind_of(hand.robbed[1])
    hand.robbed, hand.phase = None, TURN
    hand.kans += 1
    hand.calls_made += 1
    _kan_indicator(game, hand, kind)
    kan = next(m for m in hand.seats[seat].melds if m.kind == kan_kind and len(m.tiles) == 4)  # a kan's 4 tiles
    _settle_meld(game, seat, kan)
    if hand.phase != ENDED:
        _draw(game, hand, seat, replacement=True)


def _added_kan(game: Game, hand: HandState, seat: int, action: Action) -> None:
    me = hand.seats[seat]
    pon = next(m for m in me.melds if m.type == MELD_PON and m.tiles == action.tiles)
    tile = action.tile
    assert tile is not None  # an added kan names the tile it adds
    me.remove(tile)
    me.melds[me.melds.index(pon)] = Meld(MELD_KAN, pon.tiles + (tile,), pon.called, pon.from_seat)
    _event(game, "kakan", seat, tile)  # counted as a call only once nobody robs it (ippatsu survives 搶槓)
    hand.robbed, hand.rob_kind, hand.phase = (seat, tile), MELD_KAN, ROB


def _kan_indicator(game: Game, hand: HandState, meld_type: str) -> None:
    """A kan that stands turns one more indicator, now or after the next discard (``kan_indicator_timing``)."""
    timing = game.rules.flow.setup.kan_indicator_timing
    if timing == "none":
        return
    if timing == "immediate" or (timing == "ankan_immediate" and meld_type == MELD_ANKAN):
        _turn_indicators(game, hand, 1)
    else:
        hand.pending_indicators += 1


def _turn_indicators(game: Game, hand: HandState, count: int) -> None:
    """Turn up to ``count`` more indicators of the dead wall (an "indicator" event each), while any are left."""
    for _ in range(count):
        index = 2 * len(hand.indicators_shown)
        if index >= len(hand.indicators):
            return
        hand.indicators_shown.append(hand.indicators[index])
        _event(game, "indicator", None, hand.indicators[index])


# --- Claims -----------------------------------------------------------------------


def _resolve_claims(game: Game, hand: HandState, answers: dict[int, Action]) -> None:
    flow = game.rules.flow
    who, tile = hand.open_tile()
    for seat, action in answers.items():
        if action.kind != RON and may_win(game, seat, tile, RON):
            skipper = hand.seats[seat]
            skipper.skipped_win = True
            skipper.skipped_after_declaring = skipper.skipped_after_declaring or skipper.declared_turn is not None
    claims = flow.resolve_claims(game, answers)
    if claims.abort:  # the claims themselves abort the hand (three rons)
        _end_as_draw(game, hand, claims.abort, {})
        return
    chosen = claims.answers
    rons = [(seat, tile, who) for seat, a in chosen if a.kind == RON]
    if rons:
        _win(game, hand, rons)
        return
    if hand.phase == ROB and hand.rob_kind == SET_ASIDE:
        hand.robbed = None
        _draw(game, hand, who, replacement=True)
        return
    if hand.phase == ROB:
        _kan_stands(game, hand, who, hand.rob_kind)
        return
    _discard_passes(game, hand, who, tile)
    if hand.phase == ENDED:
        return
    if chosen:
        _call(game, hand, chosen[0][0], who, chosen[0][1])
    else:
        _next_draw(game, hand, who)


def _discard_passes(game: Game, hand: HandState, who: int, tile: int) -> None:
    """A declaring discard pays the table's deposit, and abortive draws are checked, once it is not ronned."""
    me = hand.seats[who]
    if me.declared_turn == len(me.river) - 1:
        setup = game.rules.flow.setup
        _pay(game, [Transfer(who, TABLE, setup.declaration_deposit, setup.deposit_reason)])
    reason = game.rules.flow.abortive_draw(game)
    if reason:
        _end_as_draw(game, hand, reason, {})


def _call(game: Game, hand: HandState, seat: int, who: int, action: Action) -> None:
    me = hand.seats[seat]
    for t in action.tiles:
        me.remove(t)
    meld_type = {CHI: MELD_CHI, PON: MELD_PON, KAN: MELD_KAN}[action.kind]
    called = action.tile
    assert called is not None  # a call names the tile it takes
    tiles = tuple(sorted(action.tiles + (called,)))
    me.melds.append(Meld(meld_type, tiles, called, (who - hand.dealer) % len(hand.seats)))
    giver = hand.seats[who]
    giver.called_from_river.add(len(giver.river) - 1)
    hand.calls_made += 1
    hand.discard = None
    _event(game, action.kind, seat, (action.tile, action.tiles, who))
    _settle_meld(game, seat, me.melds[-1])
    if hand.phase == ENDED:
        return
    if action.kind == KAN:
        hand.kans += 1
        _kan_indicator(game, hand, MELD_KAN)
        _draw(game, hand, seat, replacement=True)
    else:
        hand.phase, hand.current, hand.last_draw = TURN, seat, None


def _next_draw(game: Game, hand: HandState, who: int) -> None:
    hand.discard = None
    seat = _next_active(hand, who)
    if drawable(game, hand) <= 0:
        _end_as_draw(game, hand, "exhaustive", {})
        return
    if _pre_draw_offers(game, seat):  # the seat first chooses whether to draw (mjsim_before_draw)
        hand.phase, hand.current = PREDRAW, seat
        return
    _draw(game, hand, seat)


def _next_active(hand: HandState, who: int) -> int:
    """The next seat after ``who`` still in the hand (``who`` itself when nobody else is)."""
    for seat in seats_after(hand, who):  # a loop, not next() over a generator: this runs after every discard
        if not hand.seats[seat].left:
            return seat
    return who


def _draw(game: Game, hand: HandState, seat: int, replacement: bool = False) -> None:
    setup = game.rules.flow.setup
    if drawable(game, hand) <= 0 and not (replacement and hand.rinshan):
        _end_as_draw(game, hand, "exhaustive", {})
        return
    if not replacement:
        tile = hand.wall.pop(0)
    elif hand.rinshan:
        tile = hand.rinshan.pop(0)
        if setup.keep_dead_wall:  # the dead wall keeps its size: the live wall gives up its last tile
            moved = hand.wall.pop()
            (hand.rinshan if setup.refill_replacements else hand.moved).append(moved)
    else:
        # no dead wall: replacements come from the end of the wall (or its front, by the family's table)
        tile = hand.wall.pop(0) if setup.replacement_from == "front" else hand.wall.pop()
    me = hand.seats[seat]
    hand.phase, hand.current, hand.after_kan = TURN, seat, replacement
    if tile in setup.bonus_ids:
        me.flowers.append(tile)
        _event(game, "bonus", seat, tile)
        if game.rules.flow.after_bonus(game, seat, tile):  # the seat first chooses what to do with it
            hand.phase, hand.bonus_tile = BONUS, tile
            return
        _after_bonus(game, hand, seat, tile)
        return
    me.add(tile)
    hand.last_draw = tile
    _event(game, "draw", seat, tile)


# --- Ends of hands --------------------------------------------------------------------


def _win(game: Game, hand: HandState, wins: Sequence[tuple[int, int, int | None]]) -> None:
    flow = game.rules.flow
    scored = [
        (seat, tile, source, win_score(game, seat, tile, RON if source is not None else TSUMO))
        for seat, tile, source in wins
    ]
    _pay(game, flow.settle_win(game, scored))
    go_on = flow.after_win(game, scored)
    for seat, tile, source, score in scored:
        hidden = tuple(hand.hidden_indicators)  # the family decides whether the winner sees them (ura)
        _event(game, "win", seat, {"tile": tile, "from": source, "score": score, "hidden_indicators": hidden})
        if go_on and go_on.winners_stay:
            _set_aside_won_tile(hand.seats[seat], tile, source)
        else:
            hand.seats[seat].left = True
    _seats_leave(game, hand)  # after the wins: a win's transfers stay right before its "win" events
    record = hand.outcome or {"wins": []}
    record["wins"] = record.get("wins", []) + [
        {"seat": s, "from": src, "value": sc.value, **sc.detail.record()} for s, _, src, sc in scored
    ]
    hand.outcome = record
    if go_on and not _hand_over_after_wins(hand):
        _continue_after_win(game, hand, wins, go_on)
    else:
        hand.phase = ENDED


def _set_aside_won_tile(seat: Seat, tile: int, source: int | None) -> None:
    """A winner that stays in the hand (血流成河) sets its won tile aside; a ron's tile stays in the discarder's
    river."""
    if source is None:
        seat.remove(tile)
        seat.won_tiles.append(tile)


def _hand_over_after_wins(hand: HandState) -> bool:
    return sum(not s.left for s in hand.seats) <= 1


def _continue_after_win(game: Game, hand: HandState, wins, go_on) -> None:
    """Play goes on after a win (blood battle): the seat after the winner furthest from the discarder draws.

    ``go_on`` (a ContinueAfterWin) may instead name the seat after which play resumes.
    """
    source = wins[0][2] if wins[0][2] is not None else wins[0][0]
    last = max((seat for seat, _, _ in wins), key=lambda seat: (seat - source - 1) % len(hand.seats))
    if go_on.after is not None:
        last = go_on.after
    hand.discard = hand.robbed = None
    hand.phase = TURN
    _next_draw(game, hand, last)


def _end_as_draw(game: Game, hand: HandState, reason: str, info: dict) -> None:
    hand.phase = ENDED
    settled = game.rules.flow.settle_draw(game, reason)
    _pay(game, settled.transfers)
    # Wins made before the end stay in the record (blood battle: winners leave and the rest play on).
    hand.outcome = {**(hand.outcome or {}), "draw": reason, **info, **(settled.detail or {})}
    _event(game, "draw_end", None, hand.outcome)


def _settle_if_ended(game: Game) -> None:
    hand = game.hand
    if hand is None or hand.phase != ENDED:
        return
    outcome = hand.outcome or {}
    _reveal_face_down_kans(game, hand)
    game.history.append(
        {
            "hand": hand.index,
            "dealer": hand.dealer,
            "honba": hand.honba,
            "round": hand.round_wind,
            **outcome,
            "scores": list(game.scores),
            "deltas": [a - b for a, b in zip(game.scores, hand.start_scores, strict=True)],
            **({"players": list(game.players)} if game.players else {}),  # who sat where (mjsim_seating)
            **_variant_facts(game, outcome),
        }
    )
    chooser = game.rules.flow.end_game_offer(game, outcome)
    if chooser is not None:  # the next hand waits for this seat's choice to end the game or play on
        hand.phase, hand.current = END_OFFER, chooser
        return
    _after_hand(game, outcome)


def _reveal_face_down_kans(game: Game, hand: HandState) -> None:
    """The hand is over: every concealed kan laid face down is turned up (one ``reveal`` event each)."""
    if not game.rules.flow.setup.face_down_kans:
        return
    for seat, state in enumerate(hand.seats):
        for meld in state.melds:
            if meld.type == MELD_ANKAN:
                _event(game, "reveal", seat, meld.tiles)


def _end_choice(game: Game, hand: HandState, action: Action) -> None:
    """The offered seat ended the game or played on: the next hand (or the end) follows from its answer."""
    game.end_chosen = action.kind == END_GAME
    game.history[-1]["end_chosen"] = game.end_chosen  # the hand's record keeps the answer (counted by simulate)
    try:
        _after_hand(game, hand.outcome or {})
    finally:
        game.end_chosen = None


def _after_hand(game: Game, outcome: dict) -> None:
    """The next hand, or the end of the game and its settlement."""
    nxt = game.rules.flow.next_hand(game, outcome)
    _event(game, "hand_end", None, {"outcome": outcome, "next": nxt})
    if nxt.leftover_to is not None and game.table:
        _pay(game, [Transfer(TABLE, nxt.leftover_to, game.table, "leftover sticks")])
    game.dealer, game.round_index, game.honba = nxt.dealer, nxt.round, nxt.honba
    if not nxt.void:  # a hand that did not count leaves the run of dealer repeats as it was
        game.repeats = game.repeats + 1 if nxt.repeat else 0
    if nxt.over:
        game.over, game.hand = True, None
        _reseat(game, tuple(range(game.seat_count)) if game.players else None)  # each player back at its own seat
        _pay(game, _game_end_transfers(game))
        game.final = game.rules.flow.final_settlement(game)
        if game.side:  # side currencies (chips...) are reported next to the points
            game.final = {**game.final, "side": {c: list(v) for c, v in game.side.items()}}
        _event(game, "game_end", None, game.final)
    else:
        _reseat(game, game.rules.flow.seating(game, nxt))
        _start_hand(game)
        _settle_if_ended(game)  # a hand can end as it starts (a win on the deal's flowers)


def _reseat(game: Game, players: tuple[int, ...] | None) -> None:
    """Seat the players as ``players`` says (``players[s]``: who sits at seat ``s``), moving each one's points and
    side balances with it; None, or the seating as it is, changes nothing."""
    if players is None or list(players) == (game.players or list(range(game.seat_count))):
        return
    if sorted(players) != list(range(game.seat_count)):
        raise MjsimError(f"mjsim_seating must seat each of the {game.seat_count} players once, got {players!r}")
    seat_of = {p: s for s, p in enumerate(game.players or range(game.seat_count))}
    came_from = [seat_of[p] for p in players]  # the seat each new seat's player sat at until now
    game.scores = [game.scores[s] for s in came_from]
    game.side = {c: [balances[s] for s in came_from] for c, balances in game.side.items()}
    game.players = list(players)
    _event(game, "seats", None, tuple(players))


def game_at(
    rules,
    *,
    scores,
    dealer: int,
    round_index: int,
    honba: int,
    table: int,
    walls,
    seed: int = 0,
    hand_number: int = 0,
    repeats: int = 0,
) -> Game:
    """A game positioned at a given hand whose walls are given (replaying a real log).

    ``walls`` is (live wall in draw order, deal included; replacement tiles; indicator tiles); ``hand_number`` the
    hand's number in its game (variants derive per-hand draws from it), ``repeats`` the dealer's repeats so far.
    """
    game = blank_game(rules, seed)
    _position(game, scores, dealer, round_index, honba, table, hand_number, repeats)
    _start_hand(game, walls)
    return game


def blank_game(rules, seed: int = 0, wall_source=None) -> Game:
    """A game with no hand started yet (``start_hand_at`` starts its hands); ``wall_source`` as for ``new_game``."""
    setup = rules.flow.setup
    game = Game(rules=rules, seed=seed, scores=[setup.start_points] * setup.seats, wall_source=wall_source)
    game.side = {currency: [0] * setup.seats for currency in setup.currencies}
    return game


def start_hand_at(
    game: Game, *, scores, dealer: int, round_index: int, honba: int, table: int, walls, hand_number: int, repeats: int
) -> None:
    """Start the next hand of ``game`` at a given position with given walls, whatever its own next hand would be
    (replaying a log's hands one after another under other rules); the variants' game state carries on."""
    _position(game, scores, dealer, round_index, honba, table, hand_number, repeats)
    game.over, game.final, game.hand, game.offered = False, None, None, None
    _start_hand(game, walls)
    _settle_if_ended(game)  # a hand can end as it starts (a win on the deal's flowers)


def _position(game: Game, scores, dealer: int, round_index: int, honba: int, table: int, number: int, repeats: int):
    """Put the game's counters where a hand starts."""
    game.scores, game.table, game.dealer, game.round_index = list(scores), table, dealer, round_index
    game.honba, game.hand_number, game.repeats = honba, number, repeats


def _variant_facts(game: Game, outcome: dict) -> dict:
    """What the variants want kept in the hand's record (keys "<variant>.<fact>")."""
    return game.rules.flow.record_hand(game, outcome)


def _start_hand(game: Game, walls=None) -> None:
    setup = game.rules.flow.setup
    if walls is None:
        source = game.wall_source or (lambda number: seeded_walls(setup, game.seed, number))
        walls = source(game.hand_number)
    live, rinshan, indicators = (list(w) for w in walls)
    hand = HandState(
        index=game.hand_number,
        dealer=game.dealer,
        round_wind=EAST + game.round_index % len(WINDS),  # the round winds cycle E S W N whatever the seats
        honba=game.honba,
        wall=live,
        rinshan=rinshan,
        indicators=indicators,
        seats=[Seat() for _ in range(setup.seats)],
        start_scores=tuple(game.scores),
    )
    game.hand_number += 1
    game.hand, game.offered = hand, None
    _event(
        game,
        "hand_start",
        game.dealer,
        {
            "index": hand.index,
            "honba": hand.honba,
            "round": hand.round_wind,
            "round_index": game.round_index,
            "scores": tuple(game.scores),
            "table": game.table,
        },
    )
    for i in range(setup.seats * setup.hand_size):
        seat = (game.dealer + i // setup.hand_size) % setup.seats
        hand.seats[seat].add(hand.wall.pop(0))
    last_bonus = _replace_dealt_bonus(game, hand)
    _event(game, "deal", None, tuple(tuple(s.tiles) for s in hand.seats))
    _sit_out(game, hand)
    _turn_indicators(game, hand, setup.indicators_at_start)
    if last_bonus is not None and _dealt_bonus_wins(game, hand, *last_bonus):
        return
    if _declaration_offers(game):
        hand.phase = DECLARE  # the dealer draws once every seat has chosen
        return
    _draw(game, hand, game.dealer)


def seeded_walls(setup, seed: int, hand_number: int) -> tuple[list[int], list[int], list[int]]:
    """The (live wall in draw order, replacement tiles, indicator tiles) of hand ``hand_number`` of a game."""
    wall = shuffled_wall(setup.tiles, seed, hand_number)
    split = setup.replacement_tiles + setup.indicator_tiles
    return wall[split:], wall[: setup.replacement_tiles], wall[setup.replacement_tiles : split]


def _sit_out(game: Game, hand: HandState) -> None:
    """Seats that sit this hand out (``mjsim_sit_out``) keep their dealt tiles but are ``left`` from the start."""
    seats = sorted(set(game.rules.flow.sit_out(game)))
    for seat in seats:
        hand.seats[seat].left = True
        _event(game, "sit_out", seat, None)
    if seats:
        if hand.dealer in seats:
            raise MjsimError(f"the dealer (seat {hand.dealer}) cannot sit out the hand")
        hand.outcome = {"wins": [], "sat_out": seats}


def _replace_dealt_bonus(game: Game, hand: HandState) -> tuple[int, int] | None:
    """Bonus tiles (flowers) in the deal are set aside and replaced, dealer first; the (seat, tile) of the last one
    set aside (None: none)."""
    bonus = game.rules.flow.setup.bonus_ids
    if not bonus:
        return None
    seats = len(hand.seats)
    last = None
    for i in range(seats):
        index = (game.dealer + i) % seats
        seat = hand.seats[index]
        while any(t in bonus for t in seat.tiles):
            tile = next(t for t in seat.tiles if t in bonus)
            seat.remove(tile)
            seat.flowers.append(tile)
            seat.add(hand.wall.pop())
            last = (index, tile)
    return last


def _dealt_bonus_wins(game: Game, hand: HandState, seat: int, tile: int) -> bool:
    """Wins made at once on the deal's bonus tiles (``mjsim_bonus_wins`` with its last one: 七搶一 at the deal);
    the hand then ends before the dealer's first draw."""
    wins = game.rules.flow.bonus_wins(game, seat, tile)
    if not wins:
        return False
    hand.current = hand.dealer
    _win(game, hand, [(winner, tile, payer) for winner, payer in wins])
    return True


# --- Ledger and log -------------------------------------------------------------------


def _game_end_transfers(game: Game) -> list[Transfer]:
    """What the variants pay once the game is over (yakitori, bust prizes), before the final settlement."""
    return game.rules.flow.settle_game(game)


def _settle_meld(game: Game, seat: int, meld: Meld) -> None:
    """Transfers due when a call or kong stands (``mjsim_settle_meld``: kong payments)."""
    _pay(game, game.rules.flow.settle_meld(game, seat, meld))
    hand = game.hand
    assert hand is not None  # a meld stands during a hand
    _seats_leave(game, hand)
    if _hand_over_after_wins(hand):  # the payers left (busted): nobody is left to play against
        hand.phase = ENDED


def _seats_leave(game: Game, hand: HandState) -> None:
    """Seats that must leave the hand after a payment during play (``mjsim_leave_hand``: busting) leave it."""
    for seat in sorted(set(game.rules.flow.leave_hand(game))):
        if not hand.seats[seat].left:
            hand.seats[seat].left = True
            record = hand.outcome or {"wins": []}
            hand.outcome = {**record, "left": record.get("left", []) + [seat]}
            _event(game, "leave", seat, None)


def _pay(game: Game, transfers: list[Transfer]) -> None:
    """Every point moves here, as a transfer between two accounts."""
    for t in transfers:
        if t.amount < 0 or t.payer == t.payee:
            raise MjsimError(f"bad transfer {t}")
        if t.currency != POINTS:
            _pay_side(game, t)
            continue
        for account, sign in ((t.payer, -1), (t.payee, 1)):
            if account == TABLE:
                game.table += sign * t.amount
            else:
                game.scores[account] += sign * t.amount
        game.ledger.append(t)
        _event(game, "transfer", None, t)


def _pay_side(game: Game, t: Transfer) -> None:
    """A side-currency transfer between two seats: its own balances, the ledger and a "side_transfer" event.

    The event has its own kind so that readers of "transfer" events (ledger checks, log export) see points only.
    """
    balances = game.side.get(t.currency)
    if balances is None or TABLE in (t.payer, t.payee):
        raise MjsimError(f"bad transfer {t}: the rules keep no side currency {t.currency!r} between seats")
    balances[t.payer] -= t.amount
    balances[t.payee] += t.amount
    game.ledger.append(t)
    _event(game, "side_transfer", None, t)


def _event(game: Game, kind: str, seat: int | None, data) -> None:
    event = Event(kind, seat, data)
    game.log.append(event)
    game.rules.flow.on_event(game, event)
