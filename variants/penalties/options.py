"""The options of the penalties (riichi_base.md §19), each off by default: a preset turns on what its seed says."""

from __future__ import annotations

from mjsim.rules.numbers import Numbers

RULINGS = ("off", "dead_hand", "chombo")
HAND_SIZE_RULINGS = (*RULINGS, "chombo_at_draw")

# (name, default, description, choices)
OPTIONS = (
    (
        "false_win",
        "off",
        "a declared win the hand does not make (誤ロン/誤ツモ): ignored, dead hand, or chombo",
        RULINGS,
    ),
    ("noten_riichi", "off", "a riichi still noten at the exhaustive draw: no penalty, or chombo", ("off", "chombo")),
    (
        "miscall",
        "off",
        "a call the hand cannot make (空ポン, 誤チー): ignored, a fine put on the table (1000, 2000), or chombo",
        ("off", 1000, 2000, "chombo"),
    ),
    (
        "taahai",
        "off",
        "a hand found a tile long (多牌): ignored, dead hand, chombo, or chombo at the draw",
        HAND_SIZE_RULINGS,
    ),
    (
        "shouhai",
        "off",
        "a hand found a tile short (少牌): ignored, dead hand, chombo, or chombo at the draw",
        HAND_SIZE_RULINGS,
    ),
    (
        "voice_win",
        "off",
        "a win called and not shown (空ロン, 発声だけの誤ロン・誤ツモ): not listed, dead hand, a fine, or chombo",
        ("off", "dead_hand", 1000, 2000, "chombo"),
    ),
    (
        "wrong_meld",
        "off",
        "a call shown with the wrong tiles (さらし間違い): not listed, or the call stands and the hand is dead",
        ("off", "dead_hand"),
    ),
    (
        "wait_changing_kan",
        "off",
        "a kan that changes a ready hand's waits, not allowed here: not listed, or chombo",
        ("off", "chombo"),
    ),
    (
        "chombo_payment",
        "mangan",
        "what a chombo pays: a mangan tsumo in reverse (8000, 12000 by the dealer), or a mangan to each player",
        ("mangan", "mangan_each"),
    ),
)


RANGES = {
    "miscall": Numbers(100, 100_000, step=100),
    "voice_win": Numbers(100, 100_000, step=100),
}  # a fine of any hundreds, beside the seeds' 1000 and 2000


def declare(registry) -> None:
    """Declare every penalties option."""
    for name, default, description, choices in OPTIONS:
        registry.add(name, default, description, choices=choices, numbers=RANGES.get(name))


# --- Typed keys: read an option as ``rules[KEY]`` ---
FALSE_WIN = "penalties.false_win"
NOTEN_RIICHI = "penalties.noten_riichi"
MISCALL = "penalties.miscall"
TAAHAI = "penalties.taahai"
SHOUHAI = "penalties.shouhai"
CHOMBO_PAYMENT = "penalties.chombo_payment"
VOICE_WIN = "penalties.voice_win"
WRONG_MELD = "penalties.wrong_meld"
WAIT_CHANGING_KAN = "penalties.wait_changing_kan"
