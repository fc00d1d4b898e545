"""The options of 祝儀 (chips, other_variants.md §11), each with the spec's default."""

from __future__ import annotations

from mjsim.rules.options import Declarations, Numbers
from variants.chips.tables import TABLES

OPTIONS = Declarations("chips")

TABLE = OPTIONS.option(
    "table", "4play", "the platform's chip table (ippatsu, ura, red, yakuman)", choices=tuple(TABLES)
)
RED_CLOSED_ONLY = OPTIONS.option("red_closed_only", True, "red fives earn chips only in a closed hand (fl8, 花鳥風月)")
YAKUMAN_MULTIPLES = OPTIONS.option(
    "yakuman_multiples", False, "a double or composite yakuman earns the yakuman chips per multiple"
)
VALUE = OPTIONS.option(
    "value", 0, "settlement points per chip in final payout (fl8: 2; 0: chips kept apart)", numbers=Numbers(0, 100)
)
