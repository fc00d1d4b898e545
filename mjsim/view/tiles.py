"""Tile pictures as inline SVG symbols (no fonts needed: headless browsers often lack the mahjong glyphs)."""

from __future__ import annotations

from mjsim.hand.tiles import FLOWER, HONOR, NUM_KINDS_WITH_FLOWERS

SUITS = (("m", "#b0172a"), ("p", "#1d4f9c"), ("s", "#1e7a34"))
WIND_LETTERS = "ESWN"
HONOR_LOOKS = {31: ("", "#1d4f9c"), 32: ("F", "#1e7a34"), 33: ("C", "#b0172a")}  # 白 a frame, 發 F, 中 C
TILE_NAMES = ("East", "South", "West", "North", "White dragon", "Green dragon", "Red dragon")


def tile_code(kind: int) -> str:
    """The short name of a kind: ``5m``, ``1z`` (East), ``f3`` (the third flower)."""
    if kind >= FLOWER:
        return f"f{kind - FLOWER + 1}"
    if kind >= HONOR:
        return f"{kind - HONOR + 1}z"
    return f"{kind % 9 + 1}{SUITS[kind // 9][0]}"


def _face(kind: int) -> str:
    """The SVG drawing on one tile's face (the 30x40 box)."""
    if kind >= FLOWER:
        return (
            '<circle cx="15" cy="26" r="6" fill="#f3c"/>'
            f'<text x="15" y="16" font-size="12" fill="#a0a">{tile_code(kind)}</text>'
        )
    if kind >= HONOR:
        if kind in HONOR_LOOKS:
            letter, colour = HONOR_LOOKS[kind]
            if not letter:
                return f'<rect x="8" y="9" width="14" height="22" fill="none" stroke="{colour}" stroke-width="2.5"/>'
            return f'<text x="15" y="28" font-size="20" font-weight="bold" fill="{colour}">{letter}</text>'
        return f'<text x="15" y="28" font-size="20" font-weight="bold" fill="#222">{WIND_LETTERS[kind - HONOR]}</text>'
    suit, colour = SUITS[kind // 9]
    mark = {
        "m": f'<text x="15" y="36" font-size="9" fill="{colour}">m</text>',
        "p": f'<circle cx="15" cy="32" r="3.5" fill="none" stroke="{colour}" stroke-width="1.6"/>',
        "s": f'<rect x="13" y="28" width="4" height="8" rx="1.5" fill="{colour}"/>',
    }[suit]
    return f'<text x="15" y="24" font-size="19" font-weight="bold" fill="{colour}">{kind % 9 + 1}</text>{mark}'


def tile_symbols() -> str:
    """One hidden ``<svg>`` holding a ``<symbol id="k{kind}">`` per kind (flowers included), used by every tile."""
    symbols = "".join(
        f'<symbol id="k{kind}" viewBox="0 0 30 40"><title>{_title(kind)}</title>'
        '<rect x="1" y="1" width="28" height="38" rx="4" fill="#fffdf4" stroke="#777"/>'
        f'<g text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif">{_face(kind)}</g></symbol>'
        for kind in range(NUM_KINDS_WITH_FLOWERS)
    )
    return f'<svg xmlns="http://www.w3.org/2000/svg" style="display:none">{symbols}</svg>'


def _title(kind: int) -> str:
    """What a tile is, in words (the tooltip)."""
    if kind >= FLOWER:
        return f"flower {kind - FLOWER + 1}"
    if kind >= HONOR:
        return TILE_NAMES[kind - HONOR]
    return f"{kind % 9 + 1} of {('characters', 'circles', 'bamboo')[kind // 9]}"
