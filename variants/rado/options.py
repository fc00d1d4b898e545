"""The options of ラド麻雀 (other_variants.md §1), one per ambiguity, each with the spec's default."""

from __future__ import annotations

LOW_HAN = ("formula", "clamp_zero", "no_payment")

# (name, default, description, choices)
OPTIONS = (
    ("initial_indicators", 1, "rado indicators turned at the start (spec: rado_initial_indicators)", (1, 2, 3)),
    (
        "low_han",
        "formula",
        "a win at 0 han or less: real-number base fu x 2^(han+2), han clamped to 0, or no payment (rado_low_han)",
        LOW_HAN,
    ),
    ("red_fives_are_rado", False, "red fives subtract a han like rado instead of adding one like dora", None),
)


def declare(registry) -> None:
    """Declare every rado option."""
    for name, default, description, choices in OPTIONS:
        registry.add(name, default, description, choices=choices)


def opt(values, name: str):
    """The value of ``rado.<name>``."""
    return values[f"rado.{name}"]
