"""The options of 祝儀 (chips, other_variants.md §11), each with the spec's default."""

from __future__ import annotations

from mjsim.rules.numbers import Numbers
from variants.chips.tables import TABLES


def declare(registry) -> None:
    """Declare every chip option."""
    registry.add("table", "4play", "the platform's chip table (ippatsu, ura, red, yakuman)", tuple(TABLES))
    registry.add("red_closed_only", True, "red fives earn chips only in a closed hand (fl8, 花鳥風月)")
    registry.add("yakuman_multiples", False, "a double or composite yakuman earns the yakuman chips per multiple")
    registry.add(
        "value", 0, "settlement points per chip in final payout (fl8: 2; 0: chips kept apart)", numbers=Numbers(0, 100)
    )


# --- Typed keys: read an option as ``rules[KEY]`` (every declared key has a value after compile) ---
# One constant per option declared above; tests/variants/test_option_keys.py checks they name the same keys.
TABLE = "chips.table"
RED_CLOSED_ONLY = "chips.red_closed_only"
YAKUMAN_MULTIPLES = "chips.yakuman_multiples"
VALUE = "chips.value"
