"""Invariants of ラド麻雀 (other_variants.md §1), checked after every step against facts recorded at each win."""

from __future__ import annotations

from collections import Counter

from mjsim.hand.tiles import kind_of, next_in_cycle
from mjsim.scoring import Score, WinContext
from variants.rado import options as opt
from variants.rado.scoring import AKA_RADO, DROPPED, RADO, at_low_han
from variants.riichi.api import red_five_ids, score_win
from variants.riichi.api import table_facts as tf

WINS = "rado.wins"  # game stash: one dict per win of the game


def count_rado(ctx: WinContext, rules) -> int:
    """The rado in a hand, counted tile by tile (a second count, independent of the pattern's)."""
    pointed = Counter(next_in_cycle(kind_of(t)) for t in tf.dora_indicators(ctx))
    count = sum(pointed[kind_of(t)] for t in ctx.all_tiles)
    if rules[opt.RED_FIVES_ARE_RADO]:
        reds = red_five_ids(rules)
        count += sum(1 for t in ctx.all_tiles if t in reds)
    return count


def record(game, ctx: WinContext, score: Score, rules) -> None:
    """Keep what the invariants need to know about this win."""
    riichi = ctx.has("riichi", "double_riichi")
    # A yakuman (one a delta awards too, as paarenchan does) counts no ura: it keeps its own han.
    rescore = riichi and not score.detail.yakuman
    plain = score_win(tf.with_table(ctx, ura_indicators=()), rules.pattern_index, rules) if rescore else score
    without_ura = plain.detail.han
    game.stash.setdefault(WINS, []).append(
        {
            "hand": game.hand.index,
            "score": score,
            "rado": count_rado(ctx, rules),
            "han_without_ura": without_ura,
            "payers": [w for w in range(4) if w != ctx.seat] if ctx.tsumo else [ctx.discarder],
        }
    )


def net_han(game) -> str | None:
    """Net han = yaku han + dora-like bonuses - rado count, for every win that is not a yakuman."""
    for w in game.stash.get(WINS, []):
        s = w["score"]
        if s.detail.yakuman:
            continue
        rado = -sum(h.value for h in s.hits if h.name in (RADO, AKA_RADO))
        if rado != w["rado"] or s.detail.han != sum(h.value for h in s.hits):
            return f"hand {w['hand']}: han {s.detail.han} from {[(h.name, h.value) for h in s.hits]}, {w['rado']} rado"
    return None


def keeps_yaku(game) -> str | None:
    """A rado hand never loses its yaku list: every win keeps a yaku (or is a yakuman)."""
    for w in game.stash.get(WINS, []):
        s = w["score"]
        if not s.detail.yakuman and all(h.bonus for h in s.hits):
            return f"hand {w['hand']}: a win without yaku {[h.name for h in s.hits]}"
    return None


def no_hidden_han(game) -> str | None:
    """No ura indicator is ever revealed: no dora or ura dora hit, and a riichi win scores the same without ura."""
    for w in game.stash.get(WINS, []):
        s = w["score"]
        if any(h.name in DROPPED for h in s.hits) or w["han_without_ura"] != s.detail.han:
            return f"hand {w['hand']}: hidden han {[h.name for h in s.hits]} ({w['han_without_ura']} without ura)"
    return None


def payments_floor(game) -> str | None:
    """No payment is negative; under ``formula`` every payer of a win at han <= 0 pays at least 100."""
    formula = game.rules[opt.LOW_HAN] == "formula"
    for w in game.stash.get(WINS, []):
        s = w["score"]
        paid = [-s.payments[p] for p in w["payers"]]
        if any(p < 0 for p in paid) or (formula and at_low_han(s) and any(p < 100 for p in paid)):
            return f"hand {w['hand']}: payments {s.payments} at {s.detail.han} han"
    return None


INVARIANTS = (
    ("rado net han", net_han),
    ("rado keeps the yaku", keeps_yaku),
    ("rado no ura", no_hidden_han),
    ("rado payments at least 100", payments_floor),
)
