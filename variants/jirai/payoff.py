"""What a jirai win is worth: bonus han for a clean win, every payment reversed for a forbidden one (§5-§6)."""

from __future__ import annotations

from mjsim.engine.actions import TABLE, Transfer
from mjsim.scoring import evaluate
from variants.jirai import options as opt
from variants.jirai.matching import CLEAN, EXEMPT, REVERSED, classify
from variants.riichi.api import STICK, base_points, hand_value, payments
from variants.riichi.api import table_facts as tf
from variants.riichi.api import value_of as riichi_value

REVERSED_REASON = "jirai reversed"


def adjust(score, ctx, forbidden, rules):
    """The score under the jirai rules: a reversed win's value is negative, a clean one carries the bonus."""
    kind = classify(score, forbidden, rules)
    if kind == EXEMPT:
        return score
    if kind == REVERSED:
        return score._replace(value=-score.value, payments=reversed_payments(score.detail.base, ctx, rules))
    bonus = len(forbidden) if rules[opt.BONUS_HAN_EQUALS_COUNT] else 0
    if not bonus:
        return score
    # why: the bonus behaves like dora, after the yaku requirement was met, so it only lifts han
    detail = score.detail
    base, limit = base_points(detail.han + bonus, detail.fu, 0, rules)
    detail = detail._replace(han=detail.han + bonus, base=base, limit=limit)
    return score._replace(value=hand_value(base, ctx), payments=payments(base, ctx), detail=detail)


def best_signed(ctx, patterns, forbidden, rules):
    """decomposition winner_optimal: the reading whose jirai-adjusted value is best for the winner."""

    def value(reading_ctx, hits):
        score = riichi_value(reading_ctx, hits, rules)
        return None if score is None else adjust(score, reading_ctx, forbidden, rules)

    return evaluate(ctx, patterns, value)


def reversed_payments(base: int, ctx, rules) -> tuple[int, ...]:
    """Score changes by wind index of a reversed win (the standalone view of what settle_win pays)."""
    plain = payments(base, tf.with_table(ctx, honba=0, sticks=0))
    with_honba = payments(base, tf.with_table(ctx, sticks=0))
    sign = -1 if rules[opt.REVERSE_HONBA] else 1
    deltas = [-p + sign * (h - p) for p, h in zip(plain, with_honba, strict=True)]
    sticks = STICK * tf.sticks(ctx)
    mode = rules[opt.DEPOSITS_ON_REVERSAL]
    if mode == "winner_collects":
        deltas[ctx.seat] += sticks
    elif mode == "to_payers":
        payers = [i for i, p in enumerate(plain) if p < 0]
        for i, share in zip(payers, split(sticks, len(payers)), strict=True):
            deltas[i] += share
    return tuple(deltas)


def split(amount: int, parts: int) -> list[int]:
    """``amount`` in ``parts`` shares as equal as possible, the first shares taking the remainder."""
    q, r = divmod(amount, parts)
    return [q + (1 if i < r else 0) for i in range(parts)]


# --- Transfers ---------------------------------------------------------------------------


def reverse_transfers(transfers, winner: int, honba: dict[int, int], rules) -> tuple[list, list]:
    """(reversed, kept) for one reversed winner: each payment to the winner becomes one from the winner."""
    out, normal = [], []
    for t in transfers:
        if t.payee != winner or t.payer == TABLE:
            continue
        normal.append(t)
        keep = 0 if rules[opt.REVERSE_HONBA] else honba.get(t.payer, 0)
        if t.amount - keep:
            out.append(Transfer(winner, t.payer, t.amount - keep, REVERSED_REASON))
        if keep:
            out.append(Transfer(t.payer, winner, keep, "honba"))
    return out, normal


def route_sticks(sticks: Transfer, order, kinds: dict[int, str], payers: list[int], rules) -> list[Transfer]:
    """Where the sticks of a reversed upstream winner go, by deposits_on_reversal (§6, double ron: §6 note)."""
    mode = rules[opt.DEPOSITS_ON_REVERSAL]
    if mode == "winner_collects":
        return [sticks]
    if mode == "to_payers":
        shares = zip(payers, split(sticks.amount, len(payers)), strict=True)
        return [Transfer(TABLE, p, s, "riichi sticks") for p, s in shares if s]
    clean = [seat for seat in order if kinds[seat] != REVERSED]
    return [Transfer(TABLE, clean[0], sticks.amount, "riichi sticks")] if clean else []


__all__ = ["CLEAN", "EXEMPT", "REVERSED", "REVERSED_REASON", "adjust", "best_signed", "reverse_transfers"]
