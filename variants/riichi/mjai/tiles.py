"""mjai tile names: ``1m``..``9m``, ``1p``.., ``1s``.., ``E S W N P F C`` (white, green, red), ``5mr`` (a red five)."""

from __future__ import annotations

from mjsim.errors import MjsimError

NAMES = tuple(f"{n}{suit}" for suit in "mps" for n in range(1, 10)) + ("E", "S", "W", "N", "P", "F", "C")
"""The mjai name of each tile kind (0..33)."""
HIDDEN = "?"
"""What a seat is told of a tile it may not see (another seat's draw, its starting hand)."""
WINDS = ("E", "S", "W", "N")
_KIND = {name: kind for kind, name in enumerate(NAMES)}


def tile_name(tile: int, red_ids: frozenset[int]) -> str:
    """The mjai name of a physical tile id (``5mr`` when the rules make it a red five)."""
    name = NAMES[tile >> 2]
    return name + "r" if tile in red_ids else name


def parse_name(name: object) -> tuple[int, bool]:
    """(kind, red) of an mjai tile name; anything else is a one-line error."""
    if isinstance(name, str):
        red = name.endswith("r") and name[:-1] in ("5m", "5p", "5s")
        kind = _KIND.get(name[:-1] if red else name)
        if kind is not None:
            return kind, red
    raise MjsimError(f"{name!r} is not an mjai tile name (1m..9m, 1p.., 1s.., E S W N P F C, 5mr 5pr 5sr)")


def wind_name(wind_kind: int) -> str:
    """The mjai name of a wind kind (27 = East)."""
    return WINDS[wind_kind - 27]
