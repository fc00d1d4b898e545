"""Penalties of the riichi family (riichi_base.md §19): チョンボ, 和了り放棄 (dead hand) and 罰符 for mis-calls.

A mistake is a declaration the engine did not offer (``mjsim_refused_action``): a win the hand does not make, a
riichi on a noten hand, a call the hand cannot make, a hand found a tile long or short. Each option says the
seed's ruling; every option is off by default (a mistake then costs nothing but the declaration itself). A chombo
pays a mangan and voids the hand, which is replayed by the same dealer with the same honba (S001 4play); a dead
hand neither calls nor wins and is noten at the draw. The mistakes a seat could make now are listed in its
observation (``extra["mistakes"]``) for the error model's bots (``efficiency~0.005``, ``mjsim.agents.mistakes``).
"""

from __future__ import annotations

from mjsim.agents.mistakes import MISTAKES
from mjsim.engine.actions import DISCARD, PASS
from mjsim.engine.outcomes import DrawSettlement, NextHand
from mjsim.hookspecs import hookimpl
from variants.common import mistakes
from variants.penalties import options as opt
from variants.penalties import payments, rulings

# Hook answers: the variant's own functions, imported under the hook's name (docs/hooks.md, "Answering a hook").
from variants.penalties.rulings import judge as mjsim_refused_action
from variants.riichi.api import draws, settlement
from variants.riichi.api import options as riichi_opt

NAME = "penalties"
DESCRIPTION = "チョンボ, 和了り放棄 and 罰符: what a false win, a noten riichi, a mis-call or a wrong hand size costs"
NEEDS = {"riichi": "these penalties are the riichi family's"}
CONFLICTS = {"boo": "boo has its own chombo (boo.illegal_win); these penalties are the riichi family's"}
VOID = "penalties.void"  # a hand record's fact: the hand ended by a chombo, and is replayed
# The outcome also says "void" (the engine's word for a hand that does not count: log writers refuse it).


@hookimpl
def mjsim_add_options(registry):
    """Declare the penalties options (§19)."""
    registry.add_all(opt.OPTIONS)


@hookimpl
def mjsim_observe(game, seat):
    """The mistakes the seat could make at this decision (for the error model's bots)."""
    offered = (game.offered or {}).get(seat)
    return {MISTAKES: rulings.mistakes(game, seat, list(offered))} if offered else None


@hookimpl
def mjsim_legal_actions(game, seat, actions):
    """A dead hand (和了り放棄) only discards: no win, call, kan or riichi.

    S001 4play: "和了り放棄してからは、チー、ポンなど不可".
    """
    if seat not in game.hand.stash.get(mistakes.DEAD, ()):
        return None
    return [a for a in actions if a.kind in (DISCARD, PASS)]


@hookimpl(wrapper=True)
def mjsim_settle_draw(game, reason):
    """A chombo's void hand; at the exhaustive draw, a noten riichi's chombo, and dead hands counted noten."""
    settled = yield
    if reason == rulings.VOID_REASON:
        return DrawSettlement([], {VOID: True, "void": True})
    if reason != "exhaustive":
        return settled
    due = _chombo_at_draw(game, settled.detail.get("tenpai", []))
    if due:
        paid = [t for seat in due for t in payments.chombo(game, seat, game.rules[opt.CHOMBO_PAYMENT])]
        detail = {VOID: True, "void": True, "penalties.chombo_seats": due}
        return DrawSettlement(paid + payments.sticks_back(game), detail)
    return _dead_noten(game, settled)


def _chombo_at_draw(game, tenpai: list[int]) -> list[int]:
    """Seats whose chombo the exhaustive draw reveals: a riichi still noten (by option), a wrong hand size."""
    hand = game.hand
    due = set(hand.stash.get(rulings.AT_DRAW, ()))
    if game.rules[opt.NOTEN_RIICHI] == "chombo":
        due |= {s for s, me in enumerate(hand.seats) if me.declared_turn is not None and s not in tenpai}
    return sorted(due)


def _dead_noten(game, settled: DrawSettlement) -> DrawSettlement:
    """A dead hand is noten at the draw, ready or not (S001 "聴牌していても、ノーテン扱い")."""
    dead = game.hand.stash.get(mistakes.DEAD, set())
    tenpai = settled.detail.get("tenpai", [])
    if not dead & set(tenpai) or settled.detail.get("nagashi"):
        return settled
    ready = [s for s in tenpai if s not in dead]
    detail = {**settled.detail, "tenpai": ready}
    if "dealer_tenpai" in detail:
        detail["dealer_tenpai"] = game.hand.dealer in ready
    return DrawSettlement(draws.noten_payments(game, ready), detail)


@hookimpl
def mjsim_next_hand(game, outcome):
    """A voided hand is replayed: same dealer, round and honba, not counted as a repeat (S001 4play)."""
    if not outcome.get(VOID):
        return None
    over = settlement._busted(game, game.scores)  # a chombo that busts a player ends the game (トビ)
    top = over and game.table and game.rules[riichi_opt.LEFTOVER_DEPOSITS] == "top"
    leftover = settlement._top(game.scores) if top else None
    return NextHand(game.dealer, game.round_index, game.honba, over=over, void=True, leftover_to=leftover)


@hookimpl
def mjsim_record_hand(game, outcome):
    """The hand's mistakes, chombos, fines and dead hands, and who made them (only in a hand that had any, so
    the records of games without mistakes stay as they were)."""
    log = game.hand.stash.get(mistakes.LOG, [])
    chombos = [s for s, _, ruling in log if ruling == "chombo"] + list(outcome.get("penalties.chombo_seats", ()))
    if not log and not chombos:
        return None
    return {
        "penalties.mistakes": len(log),
        "penalties.chombo": len(chombos),
        "penalties.fines": sum(ruling.isdigit() for _, _, ruling in log),
        "penalties.dead": len(game.hand.stash.get(mistakes.DEAD, ())),
        "penalties.by": [s for s, _, _ in log],
        "penalties.paid": _penalties_paid(game),
    }


def _penalties_paid(game) -> int:
    """Points paid in this hand as penalties (chombo and fines; not the sticks given back)."""
    start = game.hand.stash.get(mistakes.LEDGER_FROM, len(game.ledger))
    return sum(t.amount for t in game.ledger[start:] if t.reason in (payments.CHOMBO, payments.MISCALL))


@hookimpl
def mjsim_register_invariants(rules):
    """A dead hand never wins; a voided hand pays only penalties."""
    return [("penalties: a dead hand never wins", _dead_never_wins)]


def _dead_never_wins(game) -> str | None:
    hand = game.hand
    if hand is None or not hand.outcome:
        return None
    dead = hand.stash.get(mistakes.DEAD, set())
    won = [w["seat"] for w in hand.outcome.get("wins", ()) if w["seat"] in dead]
    return f"dead hand {won[0]} won" if won else None
