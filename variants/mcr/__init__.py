"""国标麻将: the 2006 Mahjong Competition Rules (MCR) — 81 fans, their exclusions, special shapes (docs/mcr.md).

The game: 144 tiles with flowers, the dealer East, the deal passing every hand, 16 hands (variants/mcr/flow.py,
settlement.py).
"""

from __future__ import annotations

from importlib import resources

from mjsim.agents.mistakes import MISTAKES
from mjsim.hookspecs import hookimpl
from variants.mcr import checks, flow, penalties, settlement
from variants.mcr.options import OPTIONS
from variants.mcr.scoring import LAST_OF_KIND, recorded_fan, score_win

DESCRIPTION = "国标麻将 (MCR 2006): 144 tiles with flowers, 81 fans and their exclusions, 8-fan minimum, 8 + fans"
# The family's own vocabulary: no core module may use it (tests/unit/test_layering.py scans mjsim/).
WORDS = ("fan",)
UNIT = "fan"  # what a scoring pattern's value is called (`mjsim score`, the log, the viewer)


@hookimpl
def mjsim_add_options(registry):
    """Declare the family's options."""
    registry.add_all(OPTIONS)


@hookimpl
def mjsim_register_patterns(rules):
    """No core patterns: the 81 fans are MCR pattern objects (variants/mcr/fans.py), scored by mjsim_score_win."""
    return []


@hookimpl
def mjsim_score_win(ctx, rules):
    """The fans and every seat's payment (raises NoWin when the tiles do not win or stay below the minimum)."""
    return score_win(ctx, rules)


@hookimpl
def mjsim_table_setup(rules):
    """144 tiles (136 without flowers), 13-tile hands, no dead wall, flowers set aside and replaced."""
    return flow.table_setup(rules)


@hookimpl
def mjsim_win_context(game, seat, tile, how):
    """A complete hand reaching the minimum of fans (flowers not counted), else no win."""
    return flow.win_context_if_allowed(game, seat, tile, how)


@hookimpl
def mjsim_resolve_claims(game, answers):
    """Several rons on one tile: the seat nearest after the discarder wins alone (截和)."""
    return flow.resolve_claims(game, answers)


@hookimpl
def mjsim_settle_win(game, wins):
    """8 from every loser, the fans from the discarder or, self-drawn, from all."""
    return settlement.settle_win(game, wins)


@hookimpl
def mjsim_settle_draw(game, reason):
    """A drawn hand pays nothing."""
    return settlement.settle_draw(game, reason)


@hookimpl
def mjsim_next_hand(game, outcome):
    """The deal passes every hand; the game is over after ``mcr.hands`` hands."""
    return settlement.next_hand(game, outcome)


@hookimpl
def mjsim_final_settlement(game):
    """Points and ranks."""
    return settlement.final_settlement(game)


@hookimpl
def mjsim_record_hand(game, outcome):
    """Win, tsumo, deal-in and fans of the hand ("mcr.<fact>")."""
    return settlement.record_hand(game, outcome)


@hookimpl
def mjsim_observe(game, seat):
    """The seat winds, everyone's flowers and the false wins the seat could declare (for the error model)."""
    seen = {"mcr.seat_winds": flow.seat_winds(game), "mcr.flowers": tuple(len(s.flowers) for s in game.hand.seats)}
    offered = (game.offered or {}).get(seat)
    return {**seen, MISTAKES: penalties.mistakes(game, seat, list(offered))} if offered else seen


@hookimpl
def mjsim_refused_action(game, seat, action, chosen):
    """错和: a false win pays each other player the penalty, and the hand plays on."""
    return penalties.judge(game, seat, action, chosen)


@hookimpl
def mjsim_seating(game, next_hand):
    """换位: the players change seats after every round."""
    return penalties.seating(game, next_hand)


@hookimpl
def mjsim_play_terms(rules):
    """Wins grouped by their fans."""
    from mjsim.play.terms import PlayTerms

    return PlayTerms(groups={"fan": lambda win: str(recorded_fan(win))})


@hookimpl
def mjsim_register_invariants(rules):
    """Flowers in place, the deal passing every hand, every win at the minimum and paid base + fans."""
    return list(checks.INVARIANTS)


@hookimpl
def mjsim_register_agents():
    """The human-like 国标麻将 player ``human`` (it plays toward the minimum of fans)."""
    from variants.mcr.human import make_human

    return {"human": make_human}


@hookimpl
def mjsim_default_agent():
    """``human``: what an mcr game seats by default (it plays toward the minimum; against the efficiency bots,
    seats alternated, 13 points a game ahead, not clearly: docs/mcr.md §8)."""
    return "human"


@hookimpl
def mjsim_register_presets():
    """The MCR presets: ``variants/mcr/presets/*.toml``."""
    return [resources.files(__name__) / "presets"]


@hookimpl
def mjsim_register_commands(cli):
    """``score --last-of-kind`` (和绝张); the kong and last-tile situations reuse rinshan/chankan/haitei/houtei."""
    from mjsim.cli import SituationFlag

    score = cli.commands["score"]
    if not any(isinstance(p, SituationFlag) and p.situation == LAST_OF_KIND for p in score.params):
        score.params.append(SituationFlag("--last-of-kind", LAST_OF_KIND, help="和绝张: the last tile of its kind"))
