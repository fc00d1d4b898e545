"""The options of トビ賞 (other_variants.md §10), each with the spec's default."""

from __future__ import annotations

from mjsim.rules.options import Declarations
from variants.chips.currency import CHIPS, SETTLEMENT

FORMS = {"fl8": (SETTLEMENT, 10), "kait": (SETTLEMENT, 10), "4play": (CHIPS, 3)}  # currency and prize of each form

OPTIONS = Declarations("bust_prize")

FORM = OPTIONS.option(
    "form", "fl8", "fl8 / KAIT: 10 settlement points per busted player; 4play: 3 chips", choices=tuple(FORMS)
)
NOTEN_BUST = OPTIONS.option(
    "noten_bust",
    "upstream_tenpai",
    "bust by noten payments: first tenpai seat after the busted one (上家取り), all it paid, or the others (罰符)",
    choices=("upstream_tenpai", "split_tenpai", "penalty"),
)
