"""The options of 八連荘 (other_variants.md §4), each with the spec's default."""

from __future__ import annotations

MODES = ("off", "dealer_only", "any_player")

# (name, default, description, choices)
OPTIONS = (
    ("mode", "off", "eight wins in a row: never, by the dealer, or by any player (4play) (spec: paarenchan)", MODES),
    ("draw_breaks_streak", True, "any hand the player does not win, draws included, breaks the streak", None),
    ("continues_after_eighth", True, "every win after the eighth in an unbroken streak is a yakuman too", None),
)


def declare(registry) -> None:
    """Declare every paarenchan option."""
    for name, default, description, choices in OPTIONS:
        registry.add(name, default, description, choices=choices)


# --- Typed keys: read an option as ``rules[KEY]`` (every declared key has a value after compile) ---
# One constant per option declared above; tests/variants/test_option_keys.py checks they name the same keys.
MODE = "paarenchan.mode"
DRAW_BREAKS_STREAK = "paarenchan.draw_breaks_streak"
CONTINUES_AFTER_EIGHTH = "paarenchan.continues_after_eighth"
