"""The options of the penalties (riichi_base.md §19), each off by default: a preset turns on what its seed says."""

from __future__ import annotations

from mjsim.rules.options import Declarations, Numbers

RULINGS = ("off", "dead_hand", "chombo")
HAND_SIZE_RULINGS = (*RULINGS, "chombo_at_draw")

# A fine (miscall, voice_win) is any hundreds, beside the seeds' 1000 and 2000.
OPTIONS = Declarations("penalties")

FALSE_WIN = OPTIONS.option(
    "false_win",
    "off",
    "a declared win the hand does not make (誤ロン/誤ツモ): ignored, dead hand, or chombo",
    choices=RULINGS,
)
NOTEN_RIICHI = OPTIONS.option(
    "noten_riichi",
    "off",
    "a riichi still noten at the exhaustive draw: no penalty, or chombo",
    choices=("off", "chombo"),
)
MISCALL = OPTIONS.option(
    "miscall",
    "off",
    "a call the hand cannot make (空ポン, 誤チー): ignored, a fine put on the table (1000, 2000), or chombo",
    choices=("off", 1000, 2000, "chombo"),
    numbers=Numbers(100, 100_000, step=100),
)
TAAHAI = OPTIONS.option(
    "taahai",
    "off",
    "a hand found a tile long (多牌): ignored, dead hand, chombo, or chombo at the draw",
    choices=HAND_SIZE_RULINGS,
)
SHOUHAI = OPTIONS.option(
    "shouhai",
    "off",
    "a hand found a tile short (少牌): ignored, dead hand, chombo, or chombo at the draw",
    choices=HAND_SIZE_RULINGS,
)
VOICE_WIN = OPTIONS.option(
    "voice_win",
    "off",
    "a win called and not shown (空ロン, 発声だけの誤ロン・誤ツモ): not listed, dead hand, a fine, or chombo",
    choices=("off", "dead_hand", 1000, 2000, "chombo"),
    numbers=Numbers(100, 100_000, step=100),
)
WRONG_MELD = OPTIONS.option(
    "wrong_meld",
    "off",
    "a call shown with the wrong tiles (さらし間違い): not listed, or the call stands and the hand is dead",
    choices=("off", "dead_hand"),
)
WAIT_CHANGING_KAN = OPTIONS.option(
    "wait_changing_kan",
    "off",
    "a kan that changes a ready hand's waits, not allowed here: not listed, or chombo",
    choices=("off", "chombo"),
)
CHOMBO_PAYMENT = OPTIONS.option(
    "chombo_payment",
    "mangan",
    "what a chombo pays: a mangan tsumo in reverse (8000, 12000 by the dealer), or a mangan to each player",
    choices=("mangan", "mangan_each"),
)
