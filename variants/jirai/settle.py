"""Paying a hand's wins under the jirai rules, and the records the invariants and the bots read."""

from __future__ import annotations

from variants.jirai import options as opt
from variants.jirai.matching import CLEAN, EXEMPT, REVERSED, exempt, pool_hits
from variants.jirai.payoff import reverse_transfers, route_sticks
from variants.jirai.state import current
from variants.riichi.api import options as riichi_opt
from variants.riichi.api import payments, win_context
from variants.riichi.api import table_facts as tf


def kind_of(score, rules) -> str:
    """The jirai outcome of a scored win (the win hook made a reversed win's value negative)."""
    if score.value < 0:
        return REVERSED
    return EXEMPT if exempt(score, rules) else CLEAN


def settle(game, wins, transfers) -> list:
    """The family's transfers with every reversed winner's payments turned around (§6)."""
    rules, entry = game.rules, current(game)
    source = wins[0][2]
    ordered = sorted(wins, key=lambda w: (w[0] - source) % 4) if source is not None else list(wins)
    order = [w[0] for w in ordered]
    kinds = {seat: kind_of(score, rules) for seat, _t, _f, score in wins}
    for seat, _tile, _frm, score in ordered:
        entry["wins"].append((seat, tuple(sorted(pool_hits(score.hits, rules))), kinds[seat]))
    for index, (seat, tile, frm, score) in enumerate(ordered):
        if kinds[seat] == REVERSED:
            entry["forbidden_win"] = True
            transfers = _reverse_one(game, transfers, (seat, tile, frm, score), index, order, kinds)
    return transfers


def _reverse_one(game, transfers, win, index: int, order, kinds) -> list:
    """Replace one reversed winner's incoming transfers; record both versions for the invariant."""
    seat, tile, frm, score = win
    rules = game.rules
    honba = {} if rules[opt.REVERSE_HONBA] else _honba_parts(game, win, index)
    flipped, normal = reverse_transfers(transfers, seat, honba, rules)
    payers = [frm] if frm is not None else [s for s in range(4) if s != seat]
    sticks = [t for t in transfers if t.payee == seat and t.payer == -1]
    moved = [t for s in sticks for t in route_sticks(s, order, kinds, payers, rules)]
    current(game)["reversals"].append({"winner": seat, "normal": normal, "reversed": flipped, "honba": honba})
    rest = [t for t in transfers if t.payee != seat]
    return rest + flipped + moved


def _honba_parts(game, win, index: int) -> dict[int, int]:
    """What each payer pays of the honba in this winner's transaction (seat -> points)."""
    seat, tile, frm, score = win
    first = index == 0 or game.rules[riichi_opt.MULTI_RON_HONBA] == "each_winner"
    ctx = win_context(game, seat, tile, "tsumo" if frm is None else "ron", first_winner=first)
    ctx = tf.with_table(ctx, sticks=0)
    plain, full = payments(score.detail.base, tf.with_table(ctx, honba=0)), payments(score.detail.base, ctx)
    dealer = game.hand.dealer
    return {(dealer + i) % 4: p - f for i, (p, f) in enumerate(zip(plain, full, strict=True)) if p > f}


def public_history(game, reveal_count: bool) -> tuple:
    """The public facts of every hand so far: dealer, count (if public) and each win's pool yaku and outcome."""
    trail = game.stash.get("jirai.trail", [])
    return tuple(
        (e["index"], e["dealer"], len(e["forbidden"]) if reveal_count else None, tuple(e["wins"])) for e in trail
    )
