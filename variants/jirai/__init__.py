"""地雷麻雀 (jirai, "landmine"): forbidden yaku reverse a win's payments, a clean win earns bonus han.

Spec: /work/shared/rules/jirai.md. Plays on the riichi family with Mahjong Soul ranked rules
(``variants/jirai/presets/jirai.toml``); every ambiguity of the spec is an option ``jirai.<name>``.
"""

from __future__ import annotations

from dataclasses import replace
from importlib import resources

from mjsim.hookspecs import hookimpl
from variants.jirai import bots, checks, settle
from variants.jirai import options as _options
from variants.jirai import options as opt

# Hook answers: the variant's own functions, imported under the hook's name (docs/hooks.md, "Answering a hook").
from variants.jirai.env_fields import fields as mjsim_observation_fields
from variants.jirai.payoff import adjust, best_signed
from variants.jirai.ranking import with_rank_points
from variants.jirai.record import hand_facts as mjsim_record_hand
from variants.jirai.record import note_dealer_offer
from variants.jirai.state import current, forbidden
from variants.riichi.api import settlement

NAME = "jirai"
DESCRIPTION = "地雷麻雀: forbidden yaku reverse the payments; clean wins earn one han per forbidden yaku"
FORBIDDEN = "jirai.forbidden"  # context extra: the forbidden yaku of the hand
NEEDS = {"riichi": "地雷 reverses the riichi settlement"}
CONFLICTS = {"boo": "both replace the riichi settlement (jirai reverses its payments, boo pays in its own units)"}


@hookimpl
def mjsim_add_options(registry):
    """Declare the jirai options (jirai.md §9-§10)."""
    registry.add_all(_options.OPTIONS)


@hookimpl(wrapper=True)
def mjsim_score_win(ctx, rules):
    """With ``ctx.extra["jirai.forbidden"]`` (the game's set, or ``--extra``) the score is the jirai one: bonus han
    for a clean win, a negative value when the win is reversed."""
    score = yield
    chosen = ctx.extra.get(FORBIDDEN)
    if chosen is None:
        return score
    if rules[opt.DECOMPOSITION] == "winner_optimal":
        return best_signed(ctx, rules.pattern_index, chosen, rules) or score
    return adjust(score, ctx, chosen, rules)


@hookimpl(wrapper=True)
def mjsim_win_context(game, seat, tile, how):
    """The family's context, carrying the hand's forbidden set for the scorer (``jirai.forbidden``)."""
    ctx = yield
    if not ctx:
        return ctx
    return replace(ctx, extra={**ctx.extra, FORBIDDEN: forbidden(game)})


@hookimpl(wrapper=True)
def mjsim_settle_win(game, wins):
    """The family's transfers, turned around for every reversed winner."""
    transfers = yield
    return settle.settle(game, wins, transfers)


@hookimpl(wrapper=True)
def mjsim_final_settlement(game):
    """The riichi settlement, with Mahjong Soul ladder points when jirai.rank_points gives any."""
    final = yield
    return with_rank_points(final, game.rules[opt.RANK_POINTS])


@hookimpl(wrapper=True)
def mjsim_next_hand(game, outcome):
    """reversed_dealer_win_renchan off: a dealer whose win was reversed passes the deal."""
    nxt = yield
    if game.rules[opt.REVERSED_DEALER_WIN_RENCHAN] or not outcome.get("wins"):
        return nxt
    entry = current(game)
    dealer = game.hand.dealer
    if not any(seat == dealer and kind == "reversed" for seat, _hits, kind in entry["wins"]):
        return nxt
    others = [w for w in outcome["wins"] if w["seat"] != dealer] or [{"seat": -1}]  # -1: "a non-dealer won"
    return settlement.next_hand(game, {**outcome, "wins": others})


@hookimpl
def mjsim_observe(game, seat):
    """The dealer sees F; everybody sees |F| (by option) and the public facts of past wins."""
    rules, chosen = game.rules, forbidden(game)
    extra = {"jirai_public": settle.public_history(game, rules[opt.REVEAL_COUNT])}
    if rules[opt.REVEAL_COUNT]:
        extra["jirai_forbidden_count"] = len(chosen)
    if seat == game.hand.dealer and rules[opt.REVEAL_TO_DEALER]:
        extra["jirai_forbidden"] = chosen
    return extra


@hookimpl
def mjsim_legal_actions(game, seat, actions):
    """Keeps the list; notes every win offered to the dealer (for the "declined a reversed win" fact)."""
    note_dealer_offer(game, seat, actions)


@hookimpl
def mjsim_log_facts(game):
    """The hand's forbidden set, for mjsim's game log (a viewer shows it beside the dealer)."""
    return {FORBIDDEN: list(forbidden(game))}


@hookimpl
def mjsim_register_invariants(rules):
    """Forbidden set range and algorithm, reversal = negation, no bust."""
    return list(checks.INVARIANTS)


@hookimpl
def mjsim_unwise_actions(rules, obs, actions):
    from variants.jirai.advice import unwise_actions

    return unwise_actions(rules, obs, actions)


@hookimpl
def mjsim_value_hints(rules, obs):
    """Each pool yaku's chance of being forbidden, and the clean win's |F| bonus han."""
    from variants.jirai.hints import value_hints

    return value_hints(rules, obs)


@hookimpl
def mjsim_register_agents():
    """The 地雷麻雀 bots: jirai_dealer_aware, jirai_naive."""
    return bots.BOTS


@hookimpl
def mjsim_register_presets():
    """The jirai presets: ``variants/jirai/presets/*.toml``."""
    return [resources.files(__name__) / "presets"]
