"""成都麻将 血战到底 (Chengdu / Sichuan "blood battle to the end"), as a family plugin (/work/shared/rules/chengdu.md).

108 suited tiles, no chi, a missing suit (declared or implicit), winners leave the hand and play goes on until
three have won or the wall is empty; fan doubling a base stake up to a cap; kong payments with refunds; the
end-of-wall checks 查花猪 and 查大叫. It stands alone (``variants = ["chengdu"]``).
"""

from __future__ import annotations

from importlib import resources

from mjsim.hookspecs import hookimpl
from variants.chengdu import bots, bust, checks, endcheck, env_fields, exchange, fan, match, play, settle
from variants.chengdu.options import OPTIONS

NAME = "chengdu"
DESCRIPTION = "成都麻将 血战到底: 108 tiles, missing suit, winners leave until three have won, fan x2, 查花猪/查大叫"
# The family's own vocabulary: no core module may use it (tests/unit/test_layering.py scans mjsim/).
WORDS = ("fan", "gang")
UNIT = "fan"  # what a scoring pattern's value is called (`mjsim score`, the log, the viewer)


@hookimpl
def mjsim_add_options(registry):
    """Declare the Chengdu options."""
    registry.add_all(OPTIONS)


@hookimpl
def mjsim_register_patterns(rules):
    """The fan table (table entries and additive fan), configured by the options."""
    return fan.patterns(rules)


@hookimpl
def mjsim_score_win(ctx, rules):
    """Fan and value of a win (raises NoWin when the tiles do not win)."""
    return fan.score_win(ctx, rules)


@hookimpl
def mjsim_table_setup(rules):
    """108 tiles, no dead wall, no indicators."""
    return play.table_setup(rules)


@hookimpl
def mjsim_declarations(game, seat):
    """换三张 (by option), then 定缺: each seat names its void suit before the dealer's first draw (declared mode)."""
    return play.declarations(game, seat)


@hookimpl
def mjsim_pass_tiles(game, chosen):
    """换三张: the exchange round passes each seat's three tiles in this hand's direction."""
    return exchange.passes(game, chosen)


@hookimpl
def mjsim_leave_hand(game):
    """Busting (``bust`` eliminate or sit_out): a seat below zero leaves the hand at once."""
    return bust.busted(game) or None


@hookimpl
def mjsim_sit_out(game):
    """``bust = sit_out``: a seat busted in an earlier hand sits every later hand out."""
    return bust.sitting_out(game)


@hookimpl
def mjsim_legal_actions(game, seat, actions):
    """No chi, no calls on the void suit, void tiles first, 过水 pon ban, forced wins on the last tiles."""
    return play.legal_actions(game, seat, actions)


@hookimpl
def mjsim_may_claim(game, seat, tile):
    """A seat answers a discard only with a ron on a wait, or a pon or kong of two or three held."""
    return play.may_claim(game, seat, tile)


@hookimpl
def mjsim_win_context(game, seat, tile, how):
    """A complete hand lacking a suit, not blocked by 过水 (same_turn); robbing only an added kong."""
    return play.win_context_if_complete(game, seat, tile, how)


@hookimpl
def mjsim_accept_win(game, seat, ctx, score):
    """Any complete hand wins; 过水 same_turn_unless_higher: a ron beats the fan passed this go-around."""
    return play.accept_win(game, seat, ctx, score)


@hookimpl
def mjsim_settle_win(game, wins):
    """Ron: the discarder pays; tsumo: every active opponent pays; 呼叫转移 by option."""
    return settle.settle_win(game, wins)


@hookimpl
def mjsim_settle_meld(game, seat, meld):
    """刮风下雨: kong payments when a kong stands."""
    return settle.settle_meld(game, seat, meld)


@hookimpl
def mjsim_after_win(game, wins):
    """Winners leave and play goes on until three have won (血战到底), or they stay until the wall ends (血流成河)."""
    return settle.after_win(game, wins)


@hookimpl
def mjsim_settle_draw(game, reason):
    """查花猪, 查大叫 and 退税 at an empty wall."""
    return endcheck.settle_draw(game, reason)


@hookimpl
def mjsim_next_hand(game, outcome):
    """The first winner deals next; the match lasts ``match_hands`` hands."""
    return match.next_hand(game, outcome)


@hookimpl
def mjsim_final_settlement(game):
    """Final points and ranks."""
    return match.final_settlement(game)


@hookimpl
def mjsim_record_hand(game, outcome):
    """Winners, kong money, refunds, pigs, wall left and the worth of the void choice, per hand."""
    return match.record_hand(game, outcome)


@hookimpl
def mjsim_observe(game, seat):
    """Every seat's declared void suit (public once declared) and who has left the hand."""
    hand = game.hand
    if hand is None:
        return None
    voids = {s: play.void_of(game, s) for s in range(4) if s in hand.declared}
    return {"chengdu.voids": voids, "chengdu.left": tuple(s.left for s in hand.seats)}


@hookimpl
def mjsim_register_invariants(rules):
    """Log audit (wins, values, transfers, refunds), the end of hands, 过水."""
    return list(checks.INVARIANTS)


@hookimpl
def mjsim_register_agents():
    """The 成都麻将 bots: chengdu, chengdu_random_void, chengdu_worst_void, and the human-like ``human``."""
    from variants.chengdu.human import make_human

    return {**bots.BOTS, "human": make_human}


@hookimpl
def mjsim_default_agent():
    """``human``, the human-like 成都 player: what a chengdu game seats by default (it chooses its void suit)."""
    return "human"


@hookimpl
def mjsim_register_presets():
    """The chengdu presets: ``variants/chengdu/presets/*.toml``."""
    return [resources.files(__name__) / "presets"]


@hookimpl
def mjsim_play_terms(rules):
    """Wins by fan and the fan patterns they hold; no declaration (定缺 declares a suit, not a ready hand)."""
    from mjsim.play.terms import PlayTerms

    return PlayTerms(groups={"fan": lambda win: str(win["han"])}, patterns="fan_patterns")


@hookimpl
def mjsim_action_kinds(rules):
    """The void-suit declaration and the three tiles passed (换三张)."""
    return [play.DECLARE, exchange.EXCHANGE]


@hookimpl
def mjsim_observation_fields(rules):
    """Every seat's void suit and who has left the hand, as numbers (docs/env.md)."""
    return env_fields.fields(rules)
