"""The viewer's CJK glyphs: outlines for the tile faces, and each page's own subset of the shipped font.

A page never relies on the reader's fonts for Chinese or Japanese text: the characters it holds are cut from
``cjk.ttf.gz`` (``mjsim.view.font_build``; Droid Sans Fallback, Apache 2.0) and embedded as a ``data:`` font.
"""

from __future__ import annotations

import base64
import gzip
import io
from functools import lru_cache
from importlib.resources import files
from typing import Any

FAMILY = "mjsim-cjk"
FIRST_CJK = 0x2E80


@lru_cache(maxsize=1)
def _font_bytes() -> bytes:
    return gzip.decompress(files("mjsim.view").joinpath("cjk.ttf.gz").read_bytes())


def _font() -> Any:
    from fontTools.ttLib import TTFont

    return TTFont(io.BytesIO(_font_bytes()))


@lru_cache(maxsize=64)
def glyph_path(char: str) -> tuple[str, int]:
    """The outline of ``char`` as SVG path data in font units (y up, baseline 0) and the font's units per em."""
    from fontTools.pens.svgPathPen import SVGPathPen

    font = _font()
    name = font.getBestCmap().get(ord(char))
    if name is None:
        raise KeyError(f"the viewer's font has no glyph for {char!r}")
    glyphs = font.getGlyphSet()
    pen = SVGPathPen(glyphs)
    glyphs[name].draw(pen)
    return pen.getCommands(), font["head"].unitsPerEm


def covered(text: str) -> str:
    """The characters of ``text`` the page's font draws (CJK ones the shipped font holds), sorted."""
    cmap = _cmap()
    return "".join(sorted({c for c in text if ord(c) >= FIRST_CJK and ord(c) in cmap}))


@lru_cache(maxsize=1)
def _cmap() -> frozenset[int]:
    return frozenset(_font().getBestCmap())


@lru_cache(maxsize=32)
def _subset(chars: str) -> bytes:
    from fontTools import subset

    font = _font()
    options = subset.Options()
    options.layout_features, options.notdef_outline = [], True
    cutter = subset.Subsetter(options)
    cutter.populate(text=chars)
    cutter.subset(font)
    out = io.BytesIO()
    font.recalcTimestamp = False  # the same characters give the same page
    font.save(out)
    return out.getvalue()


def font_face_css(text: str) -> str:
    """A ``@font-face`` for the CJK characters in ``text`` ("" when it has none): the page's only font file."""
    chars = covered(text)
    if not chars:
        return ""
    data = base64.b64encode(_subset(chars)).decode("ascii")
    return f'@font-face {{ font-family: "{FAMILY}"; src: url(data:font/ttf;base64,{data}) format("truetype"); }}'
