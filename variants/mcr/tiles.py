"""MCR tiles: 34 kinds as integers (0-8 man, 9-17 pin, 18-26 sou, 27-30 east..north, 31-33 white, green, red).

Honours follow mpsz: 1z-7z are east, south, west, north, white, green, red (issue 38).
"""

from __future__ import annotations

from mjsim.errors import MjsimError

KINDS = 34
EAST = 27
WINDS = range(27, 31)
DRAGONS = range(31, 34)
WHITE, GREEN, RED = 31, 32, 33
#: 绿一色's tiles: 2, 3, 4, 6, 8 of bamboo and the green dragon (docs/mcr.md §2, All Green).
GREEN_TILES = frozenset({19, 20, 21, 23, 25, GREEN})
#: 推不倒's tiles: 1234589 of dots, 245689 of bamboo and the white dragon (docs/mcr.md §2, Reversible Tiles).
REVERSIBLE_TILES = frozenset({9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, WHITE})
#: The six knitted straights (组合龙): 147, 258, 369 each in a different suit.
KNITTED = tuple(
    tuple(sorted(s * 9 + r for s, ranks in zip(order, ((0, 3, 6), (1, 4, 7), (2, 5, 8)), strict=True) for r in ranks))
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def is_honor(t: int) -> bool:
    """A wind or a dragon."""
    return t >= 27


def suit(t: int) -> int:
    """0 man, 1 pin, 2 sou, 3 honours."""
    return min(t // 9, 3)


def rank(t: int) -> int:
    """1-9 for a suited tile, 0 for an honour."""
    return 0 if t >= 27 else t % 9 + 1


def is_terminal(t: int) -> bool:
    """A 1 or 9 of a suit."""
    return rank(t) in (1, 9)


def is_terminal_or_honor(t: int) -> bool:
    """A 1, a 9 or an honour."""
    return t >= 27 or rank(t) in (1, 9)


def parse_tiles(text: str, where: str = "hand") -> list[int]:
    """mpsz text (``123m55z``) as a list of kinds; a bad letter or digit is a one-line error naming ``where``."""
    out: list[int] = []
    digits: list[str] = []
    for ch in text.strip():
        if ch.isdigit():
            digits.append(ch)
        elif ch in "mpsz":
            if not digits:
                raise MjsimError(f"{where}: suit letter {ch!r} without digits in {text!r}")
            for d in digits:
                n = int(d)
                if ch == "z" and not 1 <= n <= 7 or ch != "z" and not 1 <= n <= 9:
                    raise MjsimError(f"{where}: no tile {d}{ch} in {text!r}")
                out.append(27 + n - 1 if ch == "z" else "mps".index(ch) * 9 + n - 1)
            digits = []
        elif not ch.isspace():
            raise MjsimError(f"{where}: unexpected {ch!r} in {text!r} (mpsz tiles, e.g. 123m456p789s11z)")
    if digits:
        raise MjsimError(f"{where}: digits without a suit letter at the end of {text!r}")
    return out


def tile_name(t: int) -> str:
    """mpsz name of one kind."""
    return f"{t - 26}z" if t >= 27 else f"{t % 9 + 1}{'mps'[t // 9]}"
