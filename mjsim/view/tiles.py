"""Tile faces drawn by mjsim as inline SVG symbols: circles, bamboo sticks, and the kanji of the characters, winds,
dragons and flowers as outlines (``mjsim.view.font``), so no font is needed to draw a tile."""

from __future__ import annotations

from mjsim.hand.tiles import FLOWER, HONOR, NUM_KINDS_WITH_FLOWERS
from mjsim.view.font import glyph_path

SUITS = (("m", "#b0172a"), ("p", "#1d4f9c"), ("s", "#1e7a34"))
RED, BLUE, GREEN, INK = "#c8102e", "#1d4f9c", "#1e7a34", "#1c1c3a"
NUMERALS = "一二三四五六七八九"
HONOR_FACES = (("東", INK), ("南", INK), ("西", INK), ("北", INK), ("", BLUE), ("發", GREEN), ("中", RED))
FLOWER_FACES = "春夏秋冬梅蘭菊竹"
FIVES = (4, 13, 22)  # the kinds of 5m, 5p, 5s: their red copies get faces of their own
TILE_NAMES = ("East", "South", "West", "North", "White dragon", "Green dragon", "Red dragon")

# Where a number's circles (x, y, radius) and sticks (x, y) sit on a 30x40 face.
PIN_SPOTS = {
    1: [(15, 20, 9)],
    2: [(15, 11, 5.5), (15, 29, 5.5)],
    3: [(8, 9, 4.6), (15, 20, 4.6), (22, 31, 4.6)],
    4: [(9, 12, 5), (21, 12, 5), (9, 28, 5), (21, 28, 5)],
    5: [(8.5, 10, 4.5), (21.5, 10, 4.5), (15, 20, 4.5), (8.5, 30, 4.5), (21.5, 30, 4.5)],
    6: [(9, 9, 4.3), (21, 9, 4.3), (9, 21, 4.3), (21, 21, 4.3), (9, 31.5, 4.3), (21, 31.5, 4.3)],
    7: [(7, 7, 3.6), (15, 10.5, 3.6), (23, 14, 3.6), (9, 23, 3.8), (21, 23, 3.8), (9, 32, 3.8), (21, 32, 3.8)],
    8: [(9, y, 3.7) for y in (7, 15.5, 24.5, 33)] + [(21, y, 3.7) for y in (7, 15.5, 24.5, 33)],
    9: [(x, y, 4) for y in (9, 20, 31) for x in (7, 15, 23)],
}
SOU_SPOTS = {
    2: [(15, 11), (15, 29)],
    3: [(15, 11), (9, 29), (21, 29)],
    4: [(9, 11), (21, 11), (9, 29), (21, 29)],
    5: [(8, 11), (22, 11), (15, 20), (8, 29), (22, 29)],
    6: [(x, y) for y in (11, 29) for x in (7, 15, 23)],
    7: [(15, 8)] + [(x, y) for y in (20, 32) for x in (7, 15, 23)],
    8: [(x, y) for y in (11, 29) for x in (6, 12, 18, 24)],
    9: [(x, y) for y in (8, 20, 32) for x in (7, 15, 23)],
}
RED_SPOTS = {("p", 5): {2}, ("p", 6): {2, 3, 4, 5}, ("p", 7): {3, 4, 5, 6}, ("p", 9): {3, 4, 5},
             ("s", 5): {2}, ("s", 7): {0}, ("s", 9): {1, 4, 7}}  # fmt: skip


def tile_code(kind: int) -> str:
    """The short name of a kind: ``5m``, ``1z`` (East), ``f3`` (the third flower)."""
    if kind >= FLOWER:
        return f"f{kind - FLOWER + 1}"
    if kind >= HONOR:
        return f"{kind - HONOR + 1}z"
    return f"{kind % 9 + 1}{SUITS[kind // 9][0]}"


def _glyph(char: str, colour: str, x: float, y: float, size: float) -> str:
    """``char`` drawn as an outline, its em box ``size`` wide with its top-left corner at (x, y)."""
    d, em = glyph_path(char)
    scale = size / em
    top = y + size * 0.88  # the baseline sits near the em box's bottom (the font's ascent is 0.88 em)
    return f'<path transform="translate({x:g},{top:g}) scale({scale:.4f},{-scale:.4f})" fill="{colour}" d="{d}"/>'


def _pins(number: int, red: bool) -> str:
    out = []
    for i, (x, y, r) in enumerate(PIN_SPOTS[number]):
        colour = RED if red or i in RED_SPOTS.get(("p", number), ()) else BLUE
        if number == 1:
            colour = RED if red else GREEN
        out.append(
            f'<circle cx="{x}" cy="{y}" r="{r}" fill="none" stroke="{colour}" stroke-width="{r / 3.2:.2f}"/>'
            f'<circle cx="{x}" cy="{y}" r="{r / 3:.2f}" fill="{colour}"/>'
        )
    return "".join(out)


def _sticks(number: int, red: bool) -> str:
    if number == 1:  # the bird of 1s
        colour = RED if red else GREEN
        return (
            f'<ellipse cx="15" cy="23" rx="7" ry="10" fill="{colour}"/><circle cx="15" cy="10" r="4" fill="{RED}"/>'
            f'<path d="M15 31 L8 37 L22 37 Z" fill="{BLUE}"/><circle cx="16" cy="9" r="1" fill="#fff"/>'
        )
    length = 8 if number in (7, 9) else 11
    out = []
    for i, (x, y) in enumerate(SOU_SPOTS[number]):
        colour = RED if red or i in RED_SPOTS.get(("s", number), ()) else GREEN
        out.append(
            f'<rect x="{x - 1.6}" y="{y - length / 2}" width="3.2" height="{length}" rx="1.4" fill="{colour}"/>'
            f'<line x1="{x - 1.6}" x2="{x + 1.6}" y1="{y}" y2="{y}" stroke="#fffdf4" stroke-width="0.7"/>'
        )
    return "".join(out)


def _face(kind: int, red: bool = False) -> str:
    """The drawing on one tile's face (the 30x40 box)."""
    if kind >= FLOWER:
        number = kind - FLOWER + 1
        return _glyph(FLOWER_FACES[number - 1], RED if number <= 4 else BLUE, 4, 8, 22)
    if kind >= HONOR:
        char, colour = HONOR_FACES[kind - HONOR]
        if not char:  # 白: an empty frame
            return f'<rect x="7" y="8" width="16" height="24" rx="2" fill="none" stroke="{colour}" stroke-width="2"/>'
        return _glyph(char, colour, 3, 7, 24)
    suit, number = SUITS[kind // 9][0], kind % 9 + 1
    if suit == "p":
        return _pins(number, red)
    if suit == "s":
        return _sticks(number, red)
    return _glyph(NUMERALS[number - 1], RED if red else INK, 6, 3, 18) + _glyph("萬", RED, 5, 19, 20)


def _symbol(ident: str, title: str, face: str) -> str:
    return (
        f'<symbol id="{ident}" viewBox="0 0 30 40"><title>{title}</title>'
        '<rect x="0.75" y="0.75" width="28.5" height="38.5" rx="3.5" fill="#fffdf4" stroke="#8a8370" '
        f'stroke-width="1.2"/><g class="face">{face}</g></symbol>'
    )


BACK = (
    '<symbol id="kback" viewBox="0 0 30 40"><title>a tile face down</title>'
    '<rect x="0.75" y="0.75" width="28.5" height="38.5" rx="3.5" fill="#d9832b" stroke="#8a4b14" stroke-width="1.2"/>'
    '<rect x="4" y="4" width="22" height="32" rx="2" fill="none" stroke="#f2b266" stroke-width="1"/></symbol>'
)


def tile_symbols() -> str:
    """One hidden ``<svg>`` holding a ``<symbol>`` per kind (``k{kind}``, flowers included), per red five
    (``k{kind}r``) and the back (``kback``), used by every tile of the page."""
    symbols = [_symbol(f"k{kind}", _title(kind), _face(kind)) for kind in range(NUM_KINDS_WITH_FLOWERS)]
    symbols += [_symbol(f"k{kind}r", "red " + _title(kind), _face(kind, red=True)) for kind in FIVES]
    return f'<svg xmlns="http://www.w3.org/2000/svg" class="symbols">{"".join(symbols)}{BACK}</svg>'


def _title(kind: int) -> str:
    """What a tile is, in words (the tooltip)."""
    if kind >= FLOWER:
        return f"flower {kind - FLOWER + 1}"
    if kind >= HONOR:
        return TILE_NAMES[kind - HONOR]
    return f"{kind % 9 + 1} of {('characters', 'circles', 'bamboo')[kind // 9]}"
