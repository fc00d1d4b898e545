"""The options of 割れ目 (other_variants.md §8), each with the spec's default."""

from __future__ import annotations

from mjsim.rules.numbers import Numbers


def declare(registry) -> None:
    """Declare every wareme option."""
    registry.add(
        "multiplier",
        2,
        "factor of every transfer involving the wareme seat (3: some 3-player rules; 1: no effect)",
        (2, 3),
        numbers=Numbers(1, 4),
    )
    registry.add("doubles_noten", True, "noten payments to or from the wareme seat are multiplied too (4play)")


# --- Typed keys: read an option as ``rules[KEY]`` (every declared key has a value after compile) ---
# One constant per option declared above; tests/variants/test_option_keys.py checks they name the same keys.
MULTIPLIER = "wareme.multiplier"
DOUBLES_NOTEN = "wareme.doubles_noten"
