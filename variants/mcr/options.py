"""The options of 国标麻将 (docs/mcr.md §4), each declared once with the 2006 rulebook's default."""

from __future__ import annotations

from mjsim.rules.options import Declarations, Numbers

OPTIONS = Declarations("mcr")

MINIMUM = OPTIONS.option(
    "minimum",
    8,
    "起和番: the fans a win needs, flowers not counted (docs/mcr.md §4; 0 = any complete hand)",
    numbers=Numbers(0, 88),
)
FLOWERS = OPTIONS.option("flowers", True, "the 8 flowers are in play, one fan each (docs/mcr.md §4)")
HANDS = OPTIONS.option(
    "hands",
    16,
    "hands in a game: four rounds of four, the deal passing every hand (docs/mcr.md §7; Botzone: 1)",
    numbers=Numbers(1, 16),
)
BASE = OPTIONS.option(
    "base", 8, "底分: what every loser pays the winner besides the fans (docs/mcr.md §4)", numbers=Numbers(0, 100)
)
SEAT_CHANGES = OPTIONS.option("seat_changes", True, "换位: the players change seats after every round (docs/mcr.md §7)")
FALSE_WIN_PENALTY = OPTIONS.option(
    "false_win_penalty",
    10,
    "错和: what a false win costs, paid to each other player; the hand plays on (docs/mcr.md §7)",
    numbers=Numbers(0, 100),
)
