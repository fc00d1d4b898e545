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
    # Loops, not comprehensions: this module runs as Python, and each comprehension is one more call.
    rons = []
    for seat, a in answers.items():
        if a.kind == RON:
            rons.append((seat, a))
    if rons:
        return ClaimResult(rons)
    best = None
    for seat, a in answers.items():
        if CLAIM_ORDER[a.kind] < 3 and (best is None or (CLAIM_ORDER[a.kind], seat) < best):
            best = (CLAIM_ORDER[a.kind], seat)
    return ClaimResult([(best[1], answers[best[1]])] if best is not None else [])
