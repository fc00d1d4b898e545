"""台湾麻将 (Taiwanese 16-tile mahjong with flowers), a family of its own (/work/shared/rules/taiwan.md).

144 tiles with eight flowers, 16-tile hands (five sets and a pair), a reserve of 16, the tai table with 底 and
the dealer's 2n + 1, 過水 as the spec's state machine, MIGI, 七搶一 and 八仙過海.
"""

from __future__ import annotations

from importlib import resources

from mjsim.agents.mistakes import MISTAKES
from mjsim.hookspecs import hookimpl
from variants.taiwan import bots, checks, env_fields, flow, flowers, guoshui, penalties, settlement
from variants.taiwan.options import OPTIONS
from variants.taiwan.scoring import score_win
from variants.taiwan.seats import seat_winds
from variants.taiwan.tai import patterns

NAME = "taiwan"
DESCRIPTION = "台湾麻将: 16-tile hands, flowers, tai with 底 and 連莊, 過水, MIGI, 七搶一 and 八仙過海"
# The family's own vocabulary: no core module may use it (tests/unit/test_layering.py scans mjsim/).
WORDS = ("tai",)
UNIT = "tai"  # what a scoring pattern's value is called (`mjsim score`, the log, the viewer)


@hookimpl
def mjsim_add_options(registry):
    """Declare the family's options."""
    registry.add_all(OPTIONS)


@hookimpl
def mjsim_register_patterns(rules):
    """The tai table, configured for the options."""
    return patterns(rules)


@hookimpl
def mjsim_score_win(ctx, rules):
    """Tai, the flower wins and every seat's payment (raises NoWin when the tiles do not win)."""
    return score_win(ctx, rules)


@hookimpl
def mjsim_table_setup(rules):
    """144 tiles, 16-tile hands, a reserve of 16, flowers set aside and replaced from the back."""
    return flow.table_setup(rules)


@hookimpl
def mjsim_legal_actions(game, seat, actions):
    """No big kong on the left player's discard, 過水 on pon/chi, kuikae, MIGI and its lock."""
    return flow.legal_actions(game, seat, actions)


@hookimpl
def mjsim_may_claim(game, seat, tile):
    """A seat answers a discard only with a ron (on a wait, or 七搶一), or a call its tiles allow."""
    return flow.may_claim(game, seat, tile)


@hookimpl
def mjsim_win_context(game, seat, tile, how):
    """Five sets and a pair not blocked by 過水, or a flower win (any such win stands: no accept rule)."""
    return flow.win_context_if_allowed(game, seat, tile, how)


@hookimpl
def mjsim_on_event(game, event):
    """Step the 過水 state machine at each discard and added kong, while the hands stand as they were then;
    remember a hidden eighth flower."""
    if event.kind in guoshui.EVENTS:
        guoshui.state(game)
    elif event.kind == "bonus_choice":
        flowers.record_choice(game, event.seat, event.data)


@hookimpl
def mjsim_after_bonus(game, seat, tile):
    """藏花 (hiding allowed): the drawer of the eighth flower, another holding seven, hides it or shows it."""
    return flowers.eighth_flower_choices(game, seat, tile)


@hookimpl
def mjsim_bonus_wins(game, seat, tile):
    """七搶一 at once: seven flowers against one, at the deal or when another shows the eighth."""
    return flowers.bonus_wins(game, seat, tile)


@hookimpl
def mjsim_before_draw(game, seat):
    """The last drawable tile (海底) may be declined: the hand ends as a draw."""
    return flow.before_draw(game, seat)


@hookimpl
def mjsim_resolve_claims(game, answers):
    """Several rons: head bump (截胡) or all, by option."""
    return flow.resolve_claims(game, answers)


@hookimpl
def mjsim_abortive_draw(game):
    """一路歸西 by option."""
    return flow.abortive_draw(game)


@hookimpl
def mjsim_settle_win(game, wins):
    """(底 + tai + dealer's 2n + 1) x rate from each payer (or from the seat a fake kong made liable)."""
    return penalties.with_pao(game, settlement.settle_win(game, wins))


@hookimpl
def mjsim_settle_draw(game, reason):
    """No tenpai payments."""
    return settlement.settle_draw(game, reason)


@hookimpl
def mjsim_next_hand(game, outcome):
    """Dealer repeats on its win and on draws; four rounds of four dealers."""
    return settlement.next_hand(game, outcome)


@hookimpl
def mjsim_final_settlement(game):
    """Points, ranks and net results."""
    return settlement.final_settlement(game)


@hookimpl
def mjsim_log_facts(game):
    """The seats 過水 blocks from winning now, for mjsim's game log."""
    if game.rules[guoshui.opt.GUOSHUI] == "off":
        return None
    return {"taiwan.guoshui_blocked": [seat for seat in range(len(game.hand.seats)) if guoshui.blocked(game, seat)]}


@hookimpl
def mjsim_record_hand(game, outcome):
    """Win, tsumo, deal-in, tai, dealer repeats and 過水 facts of the hand ("taiwan.<fact>"), and its mistakes."""
    return {**settlement.record_hand(game, outcome), **(penalties.record(game) or {})}


@hookimpl
def mjsim_observe(game, seat):
    """The seat winds, everyone's flowers, whether this seat is blocked by 過水, and the mistakes it could make."""
    out = {
        "taiwan.seat_winds": seat_winds(game),
        "taiwan.flowers": tuple(tuple(s.flowers) for s in game.hand.seats),
        "taiwan.blocked": guoshui.blocked(game, seat),
    }
    offered = (game.offered or {}).get(seat)
    if offered:
        out[MISTAKES] = penalties.mistakes(game, seat, list(offered))
    return out


@hookimpl
def mjsim_refused_action(game, seat, action, chosen):
    """§12's ruling on a mistake: chombo for a false win, a dead hand for a wrong tile count or call."""
    return penalties.judge(game, seat, action, chosen)


@hookimpl
def mjsim_register_invariants(rules):
    """Flowers, points, 過水, winning shapes, calls."""
    return list(checks.INVARIANTS)


@hookimpl
def mjsim_register_agents():
    """The Taiwanese bots: taiwan, taiwan_tsumo, taiwan_decline, taiwan_show, and the human-like ``human``."""
    from variants.taiwan.human import make_human

    return {**bots.BOTS, "human": make_human}


@hookimpl
def mjsim_default_agent():
    """``human``, the human-like Taiwanese player: what a taiwan game seats by default."""
    return "human"


@hookimpl
def mjsim_register_presets():
    """The taiwan presets: ``variants/taiwan/presets/*.toml``."""
    return [resources.files(__name__) / "presets"]


@hookimpl
def mjsim_play_terms(rules):
    """MIGI declarations, wins by tai and the tai patterns they hold."""
    from mjsim.engine.actions import DECLARE_DISCARD
    from mjsim.play.terms import PlayTerms

    return PlayTerms(
        declaration=("migi", DECLARE_DISCARD), groups={"tai": lambda win: str(win["han"])}, patterns="tai_patterns"
    )


@hookimpl
def mjsim_action_kinds(rules):
    """Hiding or showing the eighth flower."""
    return [flowers.HIDE, flowers.SHOW]


@hookimpl
def mjsim_observation_fields(rules):
    """Whether 過水 blocks this seat's ron, as a number (docs/env.md)."""
    return env_fields.fields(rules)
