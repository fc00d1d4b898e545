"""Build the viewer's CJK font (``cjk.ttf.gz``) from Droid Sans Fallback: ``python -m mjsim.view.font_build``.

The viewer must read on a machine without CJK fonts, so its pages carry the glyphs they use (``mjsim.view.font``
cuts each page's own subset from this file). The source is Debian's ``fonts-droid-fallback``
(``apt-get install fonts-droid-fallback``; Apache License 2.0, see ``mjsim/view/FONT-LICENSE``). Kept: every
CJK character in mjsim's and its variants' sources (pattern titles, their parts, the tile faces' 萬 東 發 ...),
kana, CJK punctuation, full-width forms and the JIS X 0208 level-1 kanji (the names of real players in Tenhou
logs). A rebuild from the same source file gives the same bytes.
"""

from __future__ import annotations

import argparse
import gzip
import io
from pathlib import Path

SOURCE = Path("/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf")
TARGET = Path(__file__).with_name("cjk.ttf.gz")
ROOT = Path(__file__).resolve().parents[2]
FIRST_CJK = 0x2E80  # below this, the page's own Latin font draws the text


def project_characters(root: Path = ROOT) -> set[str]:
    """Every CJK character written in mjsim's and its variants' Python sources."""
    found: set[str] = set()
    for folder in ("mjsim", "variants"):
        for path in sorted((root / folder).rglob("*.py")):
            found |= {c for c in path.read_text(encoding="utf-8") if ord(c) >= FIRST_CJK}
    return found


def level_one_kanji() -> set[str]:
    """The JIS X 0208 level-1 kanji (Shift-JIS 0x889F to 0x9872)."""
    found = set()
    for high in range(0x88, 0x99):
        for low in [*range(0x40, 0x7F), *range(0x80, 0xFD)]:
            try:
                found.add(bytes([high, low]).decode("cp932"))
            except UnicodeDecodeError:
                continue
    return {c for c in found if ord(c) >= FIRST_CJK}


def wanted_characters() -> set[str]:
    """What the shipped font covers."""
    kana_and_marks = {chr(c) for c in (*range(0x3000, 0x3100), *range(0xFF00, 0xFFEF))}
    return project_characters() | level_one_kanji() | kana_and_marks


def build(source: Path = SOURCE, target: Path = TARGET) -> int:
    """Write the subset, gzipped; returns its size in bytes."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(source, recalcTimestamp=False)  # the same source gives the same bytes
    cmap = font.getBestCmap()
    options = subset.Options()
    options.layout_features, options.notdef_outline, options.name_IDs = [], True, ["*"]
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=sorted(ord(c) for c in wanted_characters() if ord(c) in cmap))
    cutter.subset(font)
    raw = io.BytesIO()
    font.save(raw)
    packed = gzip.compress(raw.getvalue(), compresslevel=9, mtime=0)
    target.write_bytes(packed)
    return len(packed)


def main() -> None:
    """``python -m mjsim.view.font_build [--source TTF]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE)
    args = parser.parse_args()
    if not args.source.is_file():
        parser.error(f"no font at {args.source}: apt-get install fonts-droid-fallback, or pass --source")
    print(f"wrote {TARGET} ({build(args.source):,} bytes)")


if __name__ == "__main__":
    main()
