"""The options of 八連荘 (other_variants.md §4), each with the spec's default."""

from __future__ import annotations

from mjsim.rules.options import Declarations

MODES = ("off", "dealer_only", "any_player")

OPTIONS = Declarations("paarenchan")

MODE = OPTIONS.option(
    "mode",
    "off",
    "eight wins in a row: never, by the dealer, or by any player (4play) (spec: paarenchan)",
    choices=MODES,
)
DRAW_BREAKS_STREAK = OPTIONS.option(
    "draw_breaks_streak", True, "any hand the player does not win, draws included, breaks the streak"
)
CONTINUES_AFTER_EIGHTH = OPTIONS.option(
    "continues_after_eighth", True, "every win after the eighth in an unbroken streak is a yakuman too"
)
