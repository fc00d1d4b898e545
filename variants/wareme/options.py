"""The options of 割れ目 (other_variants.md §8), each with the spec's default."""

from __future__ import annotations

from mjsim.rules.options import Declarations, Numbers

OPTIONS = Declarations("wareme")

MULTIPLIER = OPTIONS.option(
    "multiplier",
    2,
    "factor of every transfer involving the wareme seat (3: some 3-player rules; 1: no effect)",
    choices=(2, 3),
    numbers=Numbers(1, 4),
)
DOUBLES_NOTEN = OPTIONS.option(
    "doubles_noten", True, "noten payments to or from the wareme seat are multiplied too (4play)"
)
