"""The variant API: every hook a rule variant may implement.

Variants are registered in the order a rule set lists them and pluggy calls
the last registered first, so **later variants take precedence**.  Hook
implementations may accept any subset of a hook's arguments.
"""

from __future__ import annotations

import pluggy

hookspec = pluggy.HookspecMarker("mjsim")
hookimpl = pluggy.HookimplMarker("mjsim")

# --- Build-time hooks: called once by RuleSet.compile() ---------------------


@hookspec
def mjsim_add_options(registry):
    """Declare typed options with ``registry.add(key, default, description, choices=...)``."""


@hookspec
def mjsim_register_yaku(rules):
    """Return a list of :class:`mjsim.scoring.Pattern` that can score under ``rules``."""


# --- Scoring hooks ----------------------------------------------------------


@hookspec(firstresult=True)
def mjsim_score_win(ctx, rules):
    """Score the win described by ``ctx``: a :class:`mjsim.scoring.Score`, or a ``NoWin`` reason.

    Stops at first non-None result.
    """
