"""The options of トビ賞 (other_variants.md §10), each with the spec's default."""

from __future__ import annotations

from variants.chips.currency import CHIPS, SETTLEMENT

FORMS = {"fl8": (SETTLEMENT, 10), "kait": (SETTLEMENT, 10), "4play": (CHIPS, 3)}  # currency and prize of each form


def declare(registry) -> None:
    """Declare every bust prize option."""
    registry.add("form", "fl8", "fl8 / KAIT: 10 settlement points per busted player; 4play: 3 chips", tuple(FORMS))
    registry.add(
        "noten_bust",
        "upstream_tenpai",
        "bust by noten payments: first tenpai seat after the busted one (上家取り), all it paid, or the others (罰符)",
        ("upstream_tenpai", "split_tenpai", "penalty"),
    )


# --- Typed keys: read an option as ``rules[KEY]`` (every declared key has a value after compile) ---
# One constant per option declared above; tests/variants/test_option_keys.py checks they name the same keys.
FORM = "bust_prize.form"
NOTEN_BUST = "bust_prize.noten_bust"
