"""The options of 国标麻将 (docs/mcr.md §4), each declared once with the 2006 rulebook's default."""

from __future__ import annotations

from typing import Any

from mjsim.rules.numbers import Numbers

MINIMUM = "mcr.minimum"
FLOWERS = "mcr.flowers"
BASE = "mcr.base"
HANDS = "mcr.hands"
SEAT_CHANGES = "mcr.seat_changes"
FALSE_WIN_PENALTY = "mcr.false_win_penalty"

# (name, default, description, choices, numbers)
OPTIONS: tuple[tuple[str, Any, str, tuple | None, Numbers | None], ...] = (
    (
        "minimum",
        8,
        "起和番: the fans a win needs, flowers not counted (docs/mcr.md §4; 0 = any complete hand)",
        None,
        Numbers(0, 88),
    ),
    ("flowers", True, "the 8 flowers are in play, one fan each (docs/mcr.md §4)", None, None),
    (
        "hands",
        16,
        "hands in a game: four rounds of four, the deal passing every hand (docs/mcr.md §7; Botzone: 1)",
        None,
        Numbers(1, 16),
    ),
    ("base", 8, "底分: what every loser pays the winner besides the fans (docs/mcr.md §4)", None, Numbers(0, 100)),
    ("seat_changes", True, "换位: the players change seats after every round (docs/mcr.md §7)", None, None),
    (
        "false_win_penalty",
        10,
        "错和: what a false win costs, paid to each other player; the hand plays on (docs/mcr.md §7)",
        None,
        Numbers(0, 100),
    ),
)


def declare(registry) -> None:
    """Declare every option on the registry (prefix ``mcr.``)."""
    for name, default, description, choices, numbers in OPTIONS:
        registry.add(name, default, description, choices=choices, numbers=numbers)
