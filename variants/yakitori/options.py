"""The options of 焼き鳥 (other_variants.md §9), each with the spec's default."""

from __future__ import annotations

from mjsim.rules.options import Declarations, Numbers
from variants.chips.currency import CHIPS, SETTLEMENT

FORMS = {"chips": CHIPS, "points": SETTLEMENT}  # the currency of each payment form

OPTIONS = Declarations("yakitori")

FORM = OPTIONS.option(
    "form", "chips", "paid in chips, 1 per pair (4play) or settlement points (fl8)", choices=tuple(FORMS)
)
POINTS_PER_PAIR = OPTIONS.option(
    "points_per_pair",
    5,
    "points form: settlement points each yakitori pays each non-yakitori",
    numbers=Numbers(0, 100),
)
LITERAL_TABLE = OPTIONS.option(
    "literal_table", False, "points form: fl8's listed -15 / -10 / -10 instead of points_per_pair"
)
GAESHI = OPTIONS.option("gaeshi", False, "焼き鳥返し: the last yakitori's win marks the other three again (fl8)")
