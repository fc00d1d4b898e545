"""The end-of-wall checks (chengdu.md §5.3): 查花猪, 查大叫 and 退税, among the players still in the hand."""

from __future__ import annotations

from dataclasses import dataclass

from mjsim.engine.actions import Transfer
from mjsim.engine.outcomes import DrawSettlement
from variants.chengdu import options as opt
from variants.chengdu.log import REFUND, hand_events, kongs
from variants.chengdu.options import cap_fan
from variants.chengdu.play import has_won, is_pig, tenpai_value

PIG, NOT_READY = "flower pig", "not ready"


@dataclass(frozen=True)
class Standing:
    """Who is still in the hand at exhaustion: flower pigs and each ready player's best win value."""

    active: tuple[int, ...]
    pigs: tuple[int, ...]
    ready: dict[int, int]  # seat -> highest win value (ready, non-pig players only)


def standing(game) -> Standing:
    """The active players' state at exhaustion: seats that neither left nor won (血流成河: winners stay in the hand
    but, as in 血战到底, take no part in the checks [proposal])."""
    active = tuple(s for s in range(4) if not game.hand.seats[s].left and not has_won(game, s))
    pigs = tuple(s for s in active if is_pig(game, s))
    values = {s: tenpai_value(game, s) for s in active if s not in pigs}
    return Standing(active, pigs, {s: v for s, v in values.items() if v > 0})


def settle_draw(game, reason: str) -> DrawSettlement:
    """Pig check, then not-ready check, then kong refunds; ``detail`` names the ready seats and the pigs."""
    if reason != "exhaustive":
        return DrawSettlement()
    st = standing(game)
    transfers = pig_check(game, st) + not_ready_check(game, st)
    if game.rules[opt.TAX_REFUND]:
        transfers += refunds(game, st)
    return DrawSettlement(transfers, {"tenpai": sorted(st.ready), "chengdu.pig_seats": list(st.pigs)})


def pig_penalty(game, st: Standing, receiver: int) -> int:
    """What one flower pig pays one active non-pig player."""
    base, kind = game.rules[opt.BASE], game.rules[opt.PIG_PENALTY]
    if kind == "cap_value":
        return base * 2 ** cap_fan(game.rules)
    if kind == "fixed":
        return base * game.rules[opt.PIG_PENALTY_FIXED]
    return max(st.ready.get(receiver, 0), base * 2**3)  # Mahjong Soul: at least 8 bases


def pig_check(game, st: Standing) -> list[Transfer]:
    """查花猪: every pig pays every active non-pig player (the larger of both checks by option)."""
    larger = game.rules[opt.PIG_AND_CHAJIAO] == "larger_only"
    out = []
    for pig in st.pigs:
        for seat in st.active:
            if seat in st.pigs:
                continue
            amount = pig_penalty(game, st, seat)
            if larger and seat in st.ready:
                amount = max(amount, chajiao_amount(game, st, seat))
            out.append(Transfer(pig, seat, amount, PIG))
    return out


def not_ready_check(game, st: Standing) -> list[Transfer]:
    """查大叫: every active non-pig, non-ready player pays every ready player its amount (``chajiao_amount``)."""
    out = []
    for seat in st.active:
        if seat in st.pigs or seat in st.ready:
            continue
        out += [Transfer(seat, ready, chajiao_amount(game, st, ready), NOT_READY) for ready in sorted(st.ready)]
    return out


def chajiao_amount(game, st: Standing, ready: int) -> int:
    """What a non-ready player pays the ready player ``ready``: its highest win value, or the seed's fixed amount
    ("聴牌していない人は、聴牌している人に一定の点数を支払わなければならない")."""
    if game.rules[opt.CHAJIAO] == "fixed":
        return game.rules[opt.BASE] * game.rules[opt.CHAJIAO_FIXED]
    return st.ready[ready]


def refunds(game, st: Standing) -> list[Transfer]:
    """退税: an active player who is not ready returns every kong payment of the hand to its payer.

    Payers are repaid even if they have won since; a kong whose income a call transfer handed on is not
    refunded [proposal]: its owner no longer holds it.
    """
    out = []
    for kong in kongs(hand_events(game)):
        if kong.owner in st.active and kong.owner not in st.ready and not kong.transferred:
            out += [Transfer(t.payee, t.payer, t.amount, REFUND) for t in kong.payments]
    return out
