"""The viewer's own CJK glyphs: every CJK character mjsim or a variant writes is in the shipped font (a new one
means ``python -m mjsim.view.font_build`` again), and a page carries only the glyphs it uses."""

from __future__ import annotations

import base64
import re

from mjsim.view.font import covered, font_face_css, glyph_path
from mjsim.view.font_build import project_characters
from mjsim.view.tiles import FLOWER_FACES, HONOR_FACES, NUMERALS


def test_every_cjk_character_of_the_sources_is_in_the_shipped_font():
    wanted = "".join(sorted(project_characters()))
    missing = sorted(set(wanted) - set(covered(wanted)))
    assert not missing, f"not in mjsim/view/cjk.ttf.gz: {''.join(missing)} (run python -m mjsim.view.font_build)"


def test_every_tile_kanji_has_an_outline():
    for char in NUMERALS + "萬" + FLOWER_FACES + "".join(c for c, _ in HONOR_FACES if c):
        path, em = glyph_path(char)
        assert len(path) >= 18 and path.startswith("M") and em > 0, char  # 一 is one stroke


def test_a_page_carries_only_its_own_glyphs():
    assert font_face_css("only latin text, 1 2 3") == ""
    small, large = font_face_css("立直"), font_face_css("立直平和自摸東南西北發中" + NUMERALS)
    assert 'font-family: "mjsim-cjk"' in small
    size = [len(base64.b64decode(re.search(r"base64,([^)]+)\)", css).group(1))) for css in (small, large)]
    assert size[0] < size[1] < 20_000, size
