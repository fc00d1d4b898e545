"""The viewer page: one HTML file (a jinja2 template, every value escaped) with its style, script, tile faces,
the glyphs it needs and the game's model inline; its Content-Security-Policy runs only its own script."""

from __future__ import annotations

import base64
import hashlib
import json
from functools import lru_cache
from importlib.resources import files
from typing import Any

from markupsafe import Markup

from mjsim.view.font import font_face_css
from mjsim.view.tiles import tile_symbols


def _asset(name: str) -> str:
    return files("mjsim.view").joinpath(name).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _template():
    from jinja2 import Environment

    return Environment(autoescape=True, keep_trailing_newline=True).from_string(_asset("viewer.html.j2"))


def source_hash(text: str) -> str:
    """A CSP source for one inline script or style: ``'sha256-…'`` of its exact text."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def model_json(model: dict[str, Any]) -> str:
    """The model as JSON that cannot end or escape its ``<script type="application/json">`` (no ``<`` in it)."""
    text = json.dumps(model, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def viewer_html(model: dict[str, Any]) -> str:
    """The page for one game's model (``mjsim.view.model.view_model``): no link leaves the file, no other script
    runs (the page's CSP allows its own script and style by hash, fonts and images only from ``data:``)."""
    script = _asset("viewer.js")
    data = model_json(model)
    css = font_face_css(data + script + _asset("viewer.html.j2")) + "\n" + _asset("viewer.css")
    csp = (
        f"default-src 'none'; script-src {source_hash(script)}; style-src {source_hash(css)}; "
        "img-src data:; font-src data:; base-uri 'none'; form-action 'none'"
    )
    return _template().render(
        csp=csp,
        title=model["title"],
        about=model["about"],
        css=Markup(css),  # the project's own style and font: inline as written (its hash is in the CSP)
        script=Markup(script),
        symbols=Markup(tile_symbols()),
        model=Markup(data),  # JSON with every "<" escaped: it cannot close its script element
    )
