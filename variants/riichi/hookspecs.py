"""The riichi family's own hooks (pluggy lets a plugin add specs): its deltas answer them, its players ask.

The rule-set manager adds them before it registers the variants (``HOOKSPECS`` of the family's module).
"""

from __future__ import annotations

from mjsim.hookspecs import hookspec


@hookspec
def mjsim_value_hints(rules, obs):
    """What this variant's rule makes yaku and tiles worth for ``obs``'s seat, as a
    :class:`variants.riichi.hints.ValueHints` (or None): advice to rule-aware bots, from the observation only.

    Called by the human-like players (``variants.riichi.hints.value_hints``), never by the engine; every answer
    is joined."""
