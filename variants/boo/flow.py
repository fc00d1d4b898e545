"""Boo game flow: who may win, forbidden wins, payments, the end of the game and the settlement (boo.md §2-§6)."""

from __future__ import annotations

from mjsim.agents.mistakes import MISTAKES
from mjsim.engine.actions import DISCARD, PASS, RON, TSUMO, Action, Transfer
from mjsim.engine.outcomes import ClaimResult, DrawSettlement, NextHand, Refusal
from mjsim.engine.state import CLAIM, ROB, TURN
from mjsim.hand.tiles import kind_of
from mjsim.scoring import Score, WinContext
from variants.boo import options as opt
from variants.boo.scoring import context, win_tile_for
from variants.boo.scoring import score as boo_score
from variants.boo.tops import TOP_TYPES, busted, end_reasons, forbidden, is_last_hand, sunk, top_seat, top_type
from variants.riichi.api import RIICHI, furiten, may_rob_ankan, seat_waits

CHOMBOS = "boo.chombos"  # game stash: [{"hand", "seat", "code"}] wins declared against the rules (chombo mode)
REFUSED = "boo.refused"  # game stash: {code: how many win offers were masked as forbidden}
REFUSED_HAND = "boo.refused_hand"  # game stash: refusals in the current hand (reset when the hand is recorded)
CODES = ("F1", "F2", "F3", "F4", "F5", "tsurekomi")  # every forbidden-win code tops.forbidden returns
WINS = (TSUMO, RON)


# --- Wins -----------------------------------------------------------------------------------


def win_context_if_waiting(game, seat: int, tile: int, how: str) -> WinContext | None:
    """The context of a win on one of the seat's waits, not in furiten for a ron (no yaku needed); else None."""
    me = game.hand.seats[seat]
    if kind_of(tile) not in seat_waits(me, without=tile if how == TSUMO else None):
        return None
    if how == RON and (furiten(game, seat) or _robs_ankan_illegally(game, me, tile)):
        return None
    return context(game, seat, tile, how)


def accept_win(game, ctx: WinContext, score: Score | None) -> bool:
    """Any complete hand wins (an offer is scored here, ``score`` None); no riichi rule comes after."""
    return score is not None or boo_score(ctx, game.rules.pattern_index, game.rules) is not None


def can_win(game, seat: int, tile: int, how: str) -> bool:
    """Whether the tiles win now, asked without side effects (the outlook a seat observes)."""
    ctx = win_context_if_waiting(game, seat, tile, how)
    return ctx is not None and accept_win(game, ctx, None)


def _robs_ankan_illegally(game, me, tile: int) -> bool:
    """Only thirteen orphans may rob a concealed kan (the riichi family's option)."""
    hand = game.hand
    return hand.phase == ROB and hand.rob_kind == "ankan" and not may_rob_ankan(game, me, tile)


def scored_wins(game, wins) -> list[tuple[int, int, int | None, object]]:
    """(seat, tile, from, score) nearest the discarder first; only the first collects the honba."""
    source = wins[0][2]
    order = sorted(wins, key=lambda w: (w[0] - source) % 4) if source is not None else list(wins)
    index = game.rules.pattern_index
    out = []
    for i, (seat, tile, src) in enumerate(order):
        ctx = context(game, seat, tile, TSUMO if src is None else RON, i == 0)
        out.append((seat, tile, src, boo_score(ctx, index, game.rules)))
    return out


def judge(game, wins) -> dict:
    """Scores after these wins, why the game would end, and each winner's forbidden code (None: legal)."""
    hand = game.hand
    scored = scored_wins(game, wins)
    after = list(game.scores)
    for *_, sc in scored:
        for wind, delta in enumerate(sc.payments):
            after[(hand.dealer + wind) % 4] += delta
    winners = [w[0] for w in scored]
    last_done = is_last_hand(game.rules, hand.round_wind, hand.dealer) and hand.dealer not in winners
    reasons = end_reasons(game.rules, after, any(sc.detail.yakuman for *_, sc in scored), last_done)
    verdicts = {
        s: forbidden(game.rules, s, game.scores, after, reasons, bool(sc.detail.yakuman)) for s, *_, sc in scored
    }
    return {"after": after, "reasons": reasons, "forbidden": verdicts, "scored": scored}


def win_of(game, seat: int, action) -> tuple[int, int, int | None]:
    """The (seat, tile, from) of a tsumo or ron action."""
    hand = game.hand
    if action.kind == TSUMO:
        return seat, action.tile, None
    return seat, action.tile, (hand.discard or hand.robbed)[0]


# --- Legal actions ----------------------------------------------------------------------------


def legal_actions(game, seat: int, actions):
    """Forbidden wins masked, riichi without a chance of top removed, a riichi player's winning tile kept."""
    out = [a for a in actions if a.kind not in WINS or _allowed(game, seat, a)]  # chombo mode: a mistake if declared
    if game.rules[opt.RIICHI_BAN_NO_TOP]:
        out = [a for a in out if a.kind != RIICHI or riichi_allowed(game, seat, a.tile)]
    if game.rules[opt.RIICHI_MUST_WIN] and game.hand.seats[seat].declared_turn is not None:
        if any(a.kind in WINS for a in out):
            out = [a for a in out if a.kind not in (PASS, DISCARD)]
    return out


def _allowed(game, seat: int, action) -> bool:
    """The win breaks no rule on its own; refusals are counted by code for the experiments."""
    code = judge(game, [win_of(game, seat, action)])["forbidden"][seat]
    if code is not None:
        count_refusal(game, code)
    return code is None


def count_refusal(game, code: str) -> None:
    """One win refused as forbidden (masked, or a ron claimant dropped): by code for the game, and for the hand."""
    refused = game.stash.setdefault(REFUSED, {})
    refused[code] = refused.get(code, 0) + 1
    game.stash[REFUSED_HAND] = game.stash.get(REFUSED_HAND, 0) + 1


def riichi_allowed(game, seat: int, discard: int) -> bool:
    """Some win of the declared hand makes the declarer top, or none of them busts anyone (and one exists)."""
    me = game.hand.seats[seat]
    concealed = tuple(t for t in me.tiles if t != discard)
    afters = []
    for kind in seat_waits(me, without=discard):
        win = win_tile_for(game, kind)
        for source in (None, *(s for s in range(4) if s != seat)):
            ctx = context(game, seat, win, TSUMO, source=source, concealed=concealed + (win,), riichi=True)
            sc = boo_score(ctx, game.rules.pattern_index, game.rules)
            if sc is not None:
                afters.append(_after(game, sc.payments))
    if not afters:
        return False  # a shape that can never win (seven pairs in the classic rules)
    rules = game.rules
    return any(top_seat(a) == seat for a in afters) or not any(busted(rules, a) for a in afters)


def _after(game, payments) -> list[int]:
    """Scores after payments given by wind index."""
    dealer = game.hand.dealer
    return [game.scores[seat] + payments[(seat - dealer) % 4] for seat in range(4)]


def resolve_claims(game, claims: ClaimResult) -> ClaimResult:
    """Several rons: judged on the scores after all of them; forbidden claimants drop out, the rest once more."""
    if claims.abort:
        return claims
    chosen = claims.answers
    for _ in range(2):
        rons = [(s, a) for s, a in chosen if a.kind == RON]
        if len(rons) < 2:
            return ClaimResult(chosen)
        verdicts = judge(game, [win_of(game, s, a) for s, a in rons])["forbidden"]
        for s, _ in rons:
            if verdicts[s] is not None:
                count_refusal(game, verdicts[s])
        chosen = [(s, a) for s, a in chosen if a.kind != RON or verdicts[s] is None]
    return ClaimResult(chosen)


# --- Payments -------------------------------------------------------------------------------


def settle_win(game, wins) -> list[Transfer]:
    """Every winner's payments (a forbidden win is never offered: declared, it is a chombo, ``judge_chombo``)."""
    hand = game.hand
    plain = [(seat, tile, src) for seat, tile, src, _ in wins]
    transfers = []
    for seat, _tile, _src, sc in scored_wins(game, plain):
        for wind, delta in enumerate(sc.payments):
            if delta < 0:
                transfers.append(Transfer((hand.dealer + wind) % 4, seat, -delta, "win"))
    return transfers


def settle_draw(game, reason: str) -> DrawSettlement:
    """No tenpai payments; the tenpai seats only matter when a tenpai dealer repeats."""
    if game.rules[opt.DRAW_RENCHAN] != "tenpai":
        return DrawSettlement()
    from variants.riichi.api import tenpai_seats

    return DrawSettlement([], {"tenpai": tenpai_seats(game)})


# --- Hand records ---------------------------------------------------------------------------


def record_hand(game, outcome: dict) -> dict:
    """Facts kept in every hand record: wins refused as forbidden in the hand, players sunk after it."""
    refused = game.stash.pop(REFUSED_HAND, 0)
    return {"boo.refused": refused, "boo.sunk": len(sunk(game.rules, game.scores))}


# --- Next hand and end of game ------------------------------------------------------------------


def chombo_hand(game, index: int) -> bool:
    """A chombo was declared in hand ``index``."""
    return any(c["hand"] == index for c in game.stash.get(CHOMBOS, ()))


def decide(rules, record: dict, scores) -> dict:
    """Dealer, round, honba and end of the game after a hand record (from the game history)."""
    dealer, round_index, honba = record["dealer"], record["round"] - 27, record["honba"]
    winners = [w["seat"] for w in record.get("wins", ())]
    if winners:
        repeat = dealer in winners
    else:
        repeat = rules[opt.DRAW_RENCHAN] == "tenpai" and dealer in record.get("tenpai", ())
    honba = honba + 1 if repeat or not winners else 0
    last_done = is_last_hand(rules, record["round"], dealer) and not repeat
    yakuman = any(w["yakuman"] for w in record.get("wins", ()))
    reasons = end_reasons(rules, scores, yakuman, last_done)
    nxt = (dealer + (not repeat)) % 4
    return {
        "dealer": nxt,
        "round": round_index + (not repeat and nxt == 0),
        "honba": honba,
        "repeat": repeat,
        "over": bool(reasons),
        "end": reasons,
    }


def next_hand(game, outcome: dict) -> NextHand:
    """The dealer repeats on a dealer win; the game ends at once on bust, tenpen, yakuman or the last hand."""
    if chombo_hand(game, game.hand.index):  # the chombo hand is replayed from the same scores
        return NextHand(game.dealer, game.round_index, game.honba, repeat=True)
    nxt = decide(game.rules, game.history[-1], game.scores)
    return NextHand(**{k: v for k, v in nxt.items() if k != "end"})


def final_settlement(game) -> dict:
    """Only the top is paid: by the sunk players, the amount set by the top type (A 80 / B 30 / C 10)."""
    rules, points = game.rules, list(game.scores)
    record = game.history[-1] if game.history else {}
    top, kind, losers = _top_of(rules, record, points)
    results = [0.0] * 4
    payoff = 0.0
    if kind is not None:
        prize = rules[opt.PRIZE_OF_TOP[kind]]
        each = prize / len(losers) if rules[opt.SPLIT] == "equal" else prize
        for seat in losers:
            results[seat] -= each  # exact thirds of an A top: the top receives the prize itself
        payoff = each * len(losers)
        results[top] += payoff
    for c in game.stash.get(CHOMBOS, ()):
        for seat in range(4):
            results[seat] += rules[opt.PRIZE_A] * (-3 if seat == c["seat"] else 1)
    end = decide(rules, record, points)["end"] if record else ()
    refused = game.stash.get(REFUSED, {})
    return {
        "points": points,
        "ranks": _ranks(points, top),
        "results": results,
        "top": top,
        "top_type": kind,
        "sunk": losers,
        "end": list(end),
        "refused": dict(sorted(refused.items())),
        "chombos": len(game.stash.get(CHOMBOS, ())),
        # flat numbers and strings for the experiments' final:KEY[=VALUE] metrics
        "top_payoff": payoff,  # the top type's prize the top collects (0 when nobody sank)
        "sunk_count": len(losers),
        "end_reason": end[0] if end else "none",  # the first of dobon, tenpen, yakuman, last_hand
        "refused_total": sum(refused.values()),
        **{f"refused_{code}": refused.get(code, 0) for code in CODES},
    }


def _top_of(rules, record: dict, points) -> tuple[int | None, str | None, list[int]]:
    """The top, its type and the sunk seats; a yakuman winner of a cold game is an A top over three sunk."""
    yakuman = [w["seat"] for w in record.get("wins", ()) if w["yakuman"]]
    if yakuman and rules[opt.YAKUMAN_COLD_GAME]:
        return yakuman[0], "A", [s for s in range(4) if s != yakuman[0]]
    losers = sunk(rules, points)
    if not losers:
        return None, None, []  # everyone at the origin: no top, nothing settled
    return top_seat(points), TOP_TYPES[len(losers)], losers


def _ranks(points, top: int | None) -> list[int]:
    """1-4 by points (seat order on ties), the top first."""
    order = sorted(range(4), key=lambda seat: (seat != top, -points[seat], seat))
    return [order.index(seat) + 1 for seat in range(4)]


# --- What a seat may know ----------------------------------------------------------------------


def outlook(game, seat: int) -> dict | None:
    """For a seat that can win now: whether the win ends the game, with which top type, and if it is forbidden."""
    hand = game.hand
    if hand is None:
        return None
    if hand.phase == TURN and hand.current == seat and hand.last_draw is not None:
        win = (seat, hand.last_draw, None)
    elif hand.phase in (CLAIM, ROB) and (hand.discard or hand.robbed) and (hand.discard or hand.robbed)[0] != seat:
        win = (seat, (hand.discard or hand.robbed)[1], (hand.discard or hand.robbed)[0])
    else:
        return None
    if not can_win(game, seat, win[1], TSUMO if win[2] is None else RON):
        return None
    j = judge(game, [win])
    floats = j["after"][seat] >= game.rules[opt.ORIGIN]
    out: dict = {
        "boo.win": {
            "ends": bool(j["reasons"]),
            "top": floats and top_seat(j["after"]) == seat,
            "top_type": top_type(game.rules, j["after"]),
            "forbidden": j["forbidden"][seat],
        }
    }
    if j["forbidden"][seat] and game.rules[opt.ILLEGAL_WIN] == "chombo":  # the error model may declare it
        out[MISTAKES] = {"forbidden_win": [Action(TSUMO if win[2] is None else RON, win[1])]}
    return out


def judge_chombo(game, seat: int, action) -> Refusal | None:
    """Chombo mode: a forbidden win declared is a chombo (AM, MI): recorded for the final settlement (the
    offender pays the A-top prize to each other player), and the hand ends to be replayed from the same scores."""
    listed = ((outlook(game, seat) or {}).get(MISTAKES) or {}).get("forbidden_win", ())
    if action not in listed:
        return None
    code = judge(game, [win_of(game, seat, action)])["forbidden"][seat]
    game.stash.setdefault(CHOMBOS, []).append({"hand": game.hand.index, "seat": seat, "code": code})
    return Refusal(end_hand="chombo")
