"""The engine's own answers to the flow hooks, registered before every variant so variants override them."""

from __future__ import annotations

from mjsim.engine.actions import CLAIM_ORDER, RON
from mjsim.engine.outcomes import ClaimResult
from mjsim.hookspecs import hookimpl

NOTHING_TAKES_EFFECT = ClaimResult([])
"""The answer to a discard nobody claims: one shared instance (read only), no dataclass built per discard."""


@hookimpl
def mjsim_resolve_claims(game, answers):
    """Every ron takes effect; otherwise the one highest-priority call (ron > pon/kan > chi)."""
    if not answers:  # why: most discards pass unanswered, and this runs after every one
        return NOTHING_TAKES_EFFECT
    rons = [(seat, a) for seat, a in answers.items() if a.kind == RON]
    if rons:
        return ClaimResult(rons)
    calls = sorted((CLAIM_ORDER[a.kind], seat) for seat, a in answers.items() if CLAIM_ORDER[a.kind] < 3)
    return ClaimResult([(calls[0][1], answers[calls[0][1]])] if calls else [])


@hookimpl
def mjsim_abortive_draw(game):
    """By default no hand is aborted."""
    return None
