"""The options of 焼き鳥 (other_variants.md §9), each with the spec's default."""

from __future__ import annotations

from mjsim.rules.numbers import Numbers
from variants.chips.currency import CHIPS, SETTLEMENT

FORMS = {"chips": CHIPS, "points": SETTLEMENT}  # the currency of each payment form


def declare(registry) -> None:
    """Declare every yakitori option."""
    registry.add("form", "chips", "paid in chips, 1 per pair (4play) or settlement points (fl8)", tuple(FORMS))
    registry.add(
        "points_per_pair",
        5,
        "points form: settlement points each yakitori pays each non-yakitori",
        numbers=Numbers(0, 100),
    )
    registry.add("literal_table", False, "points form: fl8's listed -15 / -10 / -10 instead of points_per_pair")
    registry.add("gaeshi", False, "焼き鳥返し: the last yakitori's win marks the other three again (fl8)")


# --- Typed keys: read an option as ``rules[KEY]`` (every declared key has a value after compile) ---
# One constant per option declared above; tests/variants/test_option_keys.py checks they name the same keys.
FORM = "yakitori.form"
POINTS_PER_PAIR = "yakitori.points_per_pair"
LITERAL_TABLE = "yakitori.literal_table"
GAESHI = "yakitori.gaeshi"
