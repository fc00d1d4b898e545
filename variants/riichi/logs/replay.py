"""Replay real games through the engine: the wall and every action from the log, each checked to be legal.

Each round starts from the log's own state (scores, dealer, honba, sticks)
with walls built from its deal, draws and indicators; every action the log
records must be one the engine offers; at the end the engine's score changes
are compared with the log's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mjsim.engine import core
from mjsim.engine.actions import ABORT, ANKAN, CHI, DISCARD, KAKAN, KAN, PASS, PON, RON, SET_ASIDE, TSUMO, Action
from mjsim.errors import MjsimError
from mjsim.rules import RuleSet
from variants.riichi.logs.model import AgariRecord, DrawRecord, GameLog, LogEvent, RoundLog
from variants.riichi.vocabulary import DEPOSIT_REASON, RIICHI

_CALLS = {"chi": CHI, "pon": PON, "kan": KAN}


class ReplayMismatch(MjsimError):
    """The log did something the engine does not allow, or ended differently."""


@dataclass
class RoundOutcome:
    """How one round replayed: ``agree``, ``disagree`` or ``skipped``, with details."""

    source: str
    round: int
    status: str
    detail: str = ""
    deltas: dict[str, Any] = field(default_factory=dict)


def rules_for(game_log: GameLog):
    """The tenhou preset adjusted to the log's lobby (red fives, open tanyao, length)."""
    flags = game_log.rules
    overrides = {
        "riichi.red_fives": 3 if flags.get("red", True) else 0,
        "riichi.kuitan": bool(flags.get("open_tanyao", True)),
        "riichi.game_length": "hanchan" if flags.get("hanchan", True) else "east",
    }
    if flags.get("players", 4) == 3:
        from variants.sanma.rulesets import sanma_ruleset  # three-player games: the sanma delta's presets

        return sanma_ruleset(flags.get("venue", "tenhou"), overrides).compile()
    return RuleSet.resolve("tenhou", overrides).compile()


def replay_game(game_log: GameLog) -> list[RoundOutcome]:
    """Replay every round of a game (or say why it is skipped)."""
    skip = _skip_reason(game_log)
    if skip:
        return [RoundOutcome(game_log.source, i, "skipped", skip) for i in range(len(game_log.rounds))]
    rules = rules_for(game_log)
    outcomes = []
    for i, rnd in enumerate(game_log.rounds):
        outcome = replay_round(rules, game_log.source, i, rnd)
        if outcome.status == "disagree" and "engine" in outcome.deltas:
            outcome = _judged_by_next_scores(outcome, rnd, next_scores(game_log, i))
        outcomes.append(outcome)
    return outcomes


def next_scores(game_log: GameLog, index: int) -> tuple[int, ...] | None:
    """The scores the record gives after round ``index``: the next round's start, or the final points after a
    last round won (a win takes every stick; after a draw the last sticks may go to first place)."""
    if index + 1 < len(game_log.rounds):
        return game_log.rounds[index + 1].start_scores
    last = game_log.rounds[index]
    if game_log.final and any(isinstance(r, AgariRecord) for r in last.results):
        return tuple(points for points, _ in game_log.final)
    return None


def _judged_by_next_scores(outcome: RoundOutcome, rnd: RoundLog, after: tuple[int, ...] | None) -> RoundOutcome:
    """A round whose recorded deltas contradict the record's own next scores is judged by those scores: the
    engine agrees when start - riichi deposits + its changes give them (a converter that dropped a stick from
    the deltas but not from the scores, say)."""
    if after is None or rnd.end_scores is None or tuple(rnd.end_scores) == tuple(after):
        return outcome  # the record is consistent: its deltas stand
    deposits = rnd.riichi_deposits()
    changes = outcome.deltas["engine"]
    engine_end = tuple(
        start - paid + change for start, paid, change in zip(rnd.start_scores, deposits, changes, strict=True)
    )
    if engine_end != tuple(after):
        return outcome
    detail = f"agrees with the record's next scores {list(after)}; its round deltas {outcome.deltas['log']} do not"
    return RoundOutcome(outcome.source, outcome.round, "agree", detail)


def _skip_reason(game_log: GameLog) -> str | None:
    flags = game_log.rules
    if flags.get("players", 4) not in (3, 4):
        return f"{flags.get('players')}-player game"
    if flags.get("unread"):
        return f"not read: {flags['unread']}"
    if not flags.get("standard", True) and not (flags.get("players") == 3 and flags.get("venue") == "mahjongsoul"):
        return f"special lobby (GO type {flags.get('go_type')})"
    return None


def replay_round(rules, source: str, index: int, rnd: RoundLog) -> RoundOutcome:
    """Replay one round and compare its score changes with the log's."""
    if not rnd.results:
        return RoundOutcome(source, index, "skipped", "round without a result (unfinished log)")
    try:
        seats = rules.flow.setup.seats
        game = core.game_at(
            rules,
            scores=rnd.start_scores[:seats],  # a three-player record keeps the empty seat's 0
            dealer=rnd.dealer,
            round_index=rnd.kyoku // 4,
            honba=rnd.honba,
            table=rnd.sticks * 1000,
            walls=walls_of(rnd, rules.flow.setup),
        )
        start_ledger = len(game.ledger)
        _drive(game, rnd)
    except ReplayMismatch as exc:
        return RoundOutcome(source, index, "disagree", str(exc))
    got = _round_deltas(game, start_ledger)
    want = [sum(r.deltas[s] for r in rnd.results) for s in range(4)]
    if got != want:
        return RoundOutcome(source, index, "disagree", "score changes differ", {"log": want, "engine": got})
    return RoundOutcome(source, index, "agree")


def walls_of(rnd: RoundLog, setup=None) -> tuple[list[int], list[int], list[int]]:
    """(live wall, replacement tiles, indicators) that reproduce the round's deal and draws.

    ``setup`` is the table (default: four seats, 136 tiles). When its dead wall is refilled
    (``refill_replacements``), replacement draws after the first four are the live wall's last tiles.
    """
    seats = setup.seats if setup else 4
    tiles = setup.tiles if setup else range(136)
    deal = [t for i in range(seats) for t in rnd.hands[(rnd.dealer + i) % seats]]
    normal, replacement = _draws(rnd.events)
    indicators = [rnd.dora_indicator] + [e.tile for e in rnd.events if e.kind == "dora"]
    ura = next((r.ura for r in rnd.results if isinstance(r, AgariRecord) and r.ura), ())
    known = set(deal) | set(normal) | set(replacement) | set(indicators) | set(ura)
    filler = [t for t in tiles if t not in known]
    live_size = len(tiles) - 14 - len(deal)  # the dead wall: 4 replacement tiles and 10 indicator tiles
    if setup is not None and setup.refill_replacements and len(replacement) > 4:
        # The i-th replacement draw moves the live wall's last tile into the dead wall, where the (i+4)-th draws it.
        middle = live_size - len(normal) - len(replacement)
        moved = replacement[4:] + filler[middle : middle + 4]  # in the order they are moved
        live = deal + normal + filler[:middle] + moved[::-1]
        filler, replacement = filler[middle + 4 :], replacement[:4]
    else:
        live = deal + normal + filler[: live_size - len(normal)]
        filler = filler[live_size - len(normal) :]
    rinshan = replacement + filler[: 4 - len(replacement)]
    filler = filler[4 - len(replacement) :]
    pairs = []
    for i in range(5):
        pairs.append(indicators[i] if i < len(indicators) else filler.pop())
        pairs.append(ura[i] if i < len(ura) else filler.pop())
    return live, rinshan, pairs


def _draws(events: tuple[LogEvent, ...]) -> tuple[list[int], list[int]]:
    """The round's normal draws and its replacement draws (the draw right after a kan), in order."""
    normal, replacement = [], []
    after_kan = False
    for e in events:
        if e.kind == "call" and e.meld.type in ("kan", "kakan", "ankan", "nuki"):
            after_kan = True
        elif e.kind == "draw":
            (replacement if after_kan else normal).append(e.tile)
            after_kan = False
    return normal, replacement


def _round_deltas(game, start: int) -> list[int]:
    """Score changes of the round's wins and draws (riichi deposits and leftover sticks left out)."""
    deltas = [0] * 4
    for t in game.ledger[start:]:
        if t.reason in (DEPOSIT_REASON, "leftover sticks"):
            continue
        if t.payer >= 0:
            deltas[t.payer] -= t.amount
        if t.payee >= 0:
            deltas[t.payee] += t.amount
    return deltas


# --- Driving the engine with the log's actions -------------------------------------------------


def _drive(game, rnd: RoundLog) -> None:
    """Answer every decision of the round with the action the log records."""
    events = [e for e in rnd.events if e.kind not in ("dora", "riichi_accepted")]
    cursor = 0
    hand_index = game.hand.index
    while not game.over and game.hand is not None and game.hand.index == hand_index:
        offers = core.pending(game)
        if not offers or game.hand is None or game.hand.index != hand_index:
            break  # the hand ended while the engine advanced by itself
        if game.hand.phase == "turn":
            cursor = _skip_draws(game, events, cursor)
        choice, cursor = _choose(game, offers, events, cursor, rnd)
        core.step(game, choice)


def _skip_draws(game, events: list[LogEvent], cursor: int) -> int:
    """Draws happen inside the engine: check them against the log and move past them."""
    while cursor < len(events) and events[cursor].kind == "draw":
        e = events[cursor]
        hand = game.hand
        if hand.current != e.seat or hand.last_draw is None or hand.last_draw // 4 != e.tile // 4:
            raise ReplayMismatch(
                f"the log draws {e.tile} for seat {e.seat}; the engine drew {hand.last_draw} for seat {hand.current}"
            )
        cursor += 1
    return cursor


def _choose(game, offers, events: list[LogEvent], cursor: int, rnd: RoundLog):
    """The actions the next log events mean for the seats that must decide."""
    if game.hand.phase == "turn":
        seat = next(iter(offers))
        action, cursor = _self_action(offers[seat], events, cursor, seat)
        return {seat: action}, cursor
    return _claims(game, offers, events, cursor)


def _self_action(options: list[Action], events: list[LogEvent], cursor: int, seat: int):
    e = events[cursor] if cursor < len(events) else None
    if e is None:
        raise ReplayMismatch(f"the log ends while seat {seat} must act")
    if e.kind == "riichi":
        nxt = events[cursor + 1]
        return _match(options, RIICHI, nxt.tile, seat), cursor + 2
    if e.kind == "discard":
        return _match(options, DISCARD, e.tile, seat), cursor + 1
    if e.kind == "call" and e.meld.type in ("ankan", "kakan"):
        if e.meld.type == "ankan":  # any copy names a concealed kan: all four go in
            kinds = [a for a in options if a.kind == ANKAN and a.tile // 4 == e.meld.tiles[0] // 4]
            if kinds:
                return kinds[0], cursor + 1
        return _match(
            options, KAKAN if e.meld.type == "kakan" else ANKAN, e.meld.added() or e.meld.tiles[0], seat
        ), cursor + 1
    if e.kind == "call" and e.meld.type == "nuki":
        return _match(options, SET_ASIDE, e.meld.tiles[0], seat), cursor + 1
    if e.kind == "agari":
        return _match(options, TSUMO, None, seat), cursor + 1
    if e.kind == "ryuukyoku" and e.draw_type == "yao9":
        return _match(options, ABORT, None, seat), cursor + 1
    raise ReplayMismatch(f"seat {seat} must act but the log says {e.kind}")


def _claims(game, offers, events: list[LogEvent], cursor: int):
    e = events[cursor] if cursor < len(events) else None
    chosen = {seat: Action(PASS) for seat in offers}
    if e is not None and e.kind == "agari":
        while cursor < len(events) and events[cursor].kind == "agari":
            chosen[events[cursor].seat] = _match(offers.get(events[cursor].seat, []), RON, None, events[cursor].seat)
            cursor += 1
    elif e is not None and e.kind == "ryuukyoku" and e.draw_type == "ron3":
        for seat, options in offers.items():
            chosen[seat] = _match(options, RON, None, seat)
        cursor += 1
    elif e is not None and e.kind == "call" and e.meld.type in _CALLS:
        chosen[e.seat] = _match_call(offers.get(e.seat, []), e, e.seat)
        cursor += 1
    return chosen, cursor


def _match(options: list[Action], kind: str, tile: int | None, seat: int) -> Action:
    """The offered action of ``kind`` on a tile of the same kind and colour as the log's."""
    for a in options:
        if a.kind == kind and (tile is None or _same(a.tile, tile)):
            return a
    raise ReplayMismatch(f"seat {seat}: the log plays {kind} {tile}, which the engine does not offer: {options!r}")


def _match_call(options: list[Action], e: LogEvent, seat: int) -> Action:
    kind = _CALLS[e.meld.type]
    used = sorted((t // 4, t in (16, 52, 88)) for t in e.meld.tiles if t != e.meld.called)
    for a in options:
        if a.kind == kind and sorted((t // 4, t in (16, 52, 88)) for t in a.tiles) == used:
            return a
    raise ReplayMismatch(f"seat {seat}: the log calls {e.meld.type} {e.meld.tiles}, not offered: {options!r}")


def _same(a: int | None, b: int) -> bool:
    return a is not None and a // 4 == b // 4 and (a in (16, 52, 88)) == (b in (16, 52, 88))


def summarize_replay(outcomes: list[RoundOutcome], games: int, first: int = 10) -> dict[str, Any]:
    """The JSON of ``mjsim replay --json``."""
    played = [o for o in outcomes if o.status != "skipped"]
    bad = [o for o in played if o.status != "agree"]
    return {
        "games": games,
        "rounds": len(outcomes),
        "rounds_replayed": len(played),
        "rounds_agree": sum(o.status == "agree" for o in played),
        "skipped": [
            {"source": o.source, "round": o.round, "reason": o.detail} for o in outcomes if o.status == "skipped"
        ],
        "mismatches": [{"source": o.source, "round": o.round, "detail": o.detail, **o.deltas} for o in bad[:first]],
    }


__all__ = ["DrawRecord", "ReplayMismatch", "RoundOutcome", "replay_game", "replay_round", "summarize_replay"]
