"""A deliberately fragile variant for ``mjsim check --vary-options``: its invariant breaks when the start points
are above 500,000, a value no preset uses but the declared range allows (up to 1,000,000)."""

from __future__ import annotations

from mjsim.hookspecs import hookimpl

NAME = "fragile_start"
LIMIT = 500_000


@hookimpl
def mjsim_register_invariants(rules):
    """Every score stays at most ``LIMIT`` (true under every preset, false under a drawn start of 1,000,000)."""

    def modest_scores(game):
        return f"a score above {LIMIT}: {max(game.scores)}" if max(game.scores) > LIMIT else None

    return [("modest scores", modest_scores)]
