"""The options of ラド麻雀 (other_variants.md §1), one per ambiguity, each with the spec's default."""

from __future__ import annotations

from mjsim.rules.numbers import Numbers

LOW_HAN_CHOICES = ("formula", "clamp_zero", "no_payment")

# (name, default, description, choices)
OPTIONS = (
    ("initial_indicators", 1, "rado indicators turned at the start (spec: rado_initial_indicators)", (1, 2, 3)),
    (
        "low_han",
        "formula",
        "a win at 0 han or less: real-number base fu x 2^(han+2), han clamped to 0, or no payment (rado_low_han)",
        LOW_HAN_CHOICES,
    ),
    ("red_fives_are_rado", False, "red fives subtract a han like rado instead of adding one like dora", None),
)


# Indicators at the start: a dead wall has five indicator places and kans turn more, so three at most.
RANGES = {"initial_indicators": Numbers(1, 3)}


def declare(registry) -> None:
    """Declare every rado option."""
    for name, default, description, choices in OPTIONS:
        registry.add(name, default, description, choices=choices, numbers=RANGES.get(name))


# --- Typed keys: read an option as ``rules[KEY]`` (every declared key has a value after compile) ---
# One constant per option declared above; tests/variants/test_option_keys.py checks they name the same keys.
INITIAL_INDICATORS = "rado.initial_indicators"
LOW_HAN = "rado.low_han"
RED_FIVES_ARE_RADO = "rado.red_fives_are_rado"
