"""国标麻将: the 2006 Mahjong Competition Rules (MCR) — 81 fans, their exclusions, special shapes (docs/mcr.md).

The game: 144 tiles with flowers, the dealer East, the deal passing every hand, 16 hands (variants/mcr/flow.py,
settlement.py).
"""

from __future__ import annotations

from importlib import resources

from mjsim.agents.mistakes import MISTAKES
from mjsim.hookspecs import hookimpl
from variants.mcr import checks, flow, penalties

# Hook answers: the variant's own functions, imported under the hook's name (docs/hooks.md, "Answering a hook").
from variants.mcr.flow import resolve_claims as mjsim_resolve_claims
from variants.mcr.flow import table_setup as mjsim_table_setup
from variants.mcr.flow import win_context_if_allowed as mjsim_win_context
from variants.mcr.options import OPTIONS
from variants.mcr.penalties import judge as mjsim_refused_action
from variants.mcr.penalties import seating as mjsim_seating
from variants.mcr.scoring import LAST_OF_KIND, recorded_fan
from variants.mcr.scoring import score_win as mjsim_score_win
from variants.mcr.settlement import final_settlement as mjsim_final_settlement
from variants.mcr.settlement import next_hand as mjsim_next_hand
from variants.mcr.settlement import record_hand as mjsim_record_hand
from variants.mcr.settlement import settle_draw as mjsim_settle_draw
from variants.mcr.settlement import settle_win as mjsim_settle_win

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
def mjsim_observe(game, seat):
    """The seat winds, everyone's flowers and the false wins the seat could declare (for the error model)."""
    seen = {"mcr.seat_winds": flow.seat_winds(game), "mcr.flowers": tuple(len(s.flowers) for s in game.hand.seats)}
    offered = (game.offered or {}).get(seat)
    return {**seen, MISTAKES: penalties.mistakes(game, seat, list(offered))} if offered else seen


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
