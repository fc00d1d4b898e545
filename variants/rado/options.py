"""The options of ラド麻雀 (other_variants.md §1), one per ambiguity, each with the spec's default."""

from __future__ import annotations

from mjsim.rules.options import Declarations, Numbers

LOW_HAN_CHOICES = ("formula", "clamp_zero", "no_payment")

OPTIONS = Declarations("rado")

INITIAL_INDICATORS = OPTIONS.option(
    "initial_indicators",
    1,
    "rado indicators turned at the start (spec: rado_initial_indicators)",
    choices=(1, 2, 3),
    numbers=Numbers(1, 3),
)
LOW_HAN = OPTIONS.option(
    "low_han",
    "formula",
    "a win at 0 han or less: real-number base fu x 2^(han+2), han clamped to 0, or no payment (rado_low_han)",
    choices=LOW_HAN_CHOICES,
)
RED_FIVES_ARE_RADO = OPTIONS.option(
    "red_fives_are_rado", False, "red fives subtract a han like rado instead of adding one like dora"
)
