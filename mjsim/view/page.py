"""The viewer page: one HTML file with its style, script, tile pictures and the game's model inline."""

from __future__ import annotations

import html
import json
from importlib.resources import files
from typing import Any

from mjsim.view.tiles import tile_symbols

_TEMPLATE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; \
script-src 'unsafe-inline'; img-src data:">
<title>{title}</title><style>{css}</style></head>
<body>{symbols}
<header><h1>{title}</h1><div class="about">{about}</div></header>
<main>
<nav><h2>Hands</h2><ol id="hands"></ol></nav>
<div id="board">
<div class="controls">
<button data-go="prev-hand" title="previous hand (Up, PageUp)">&laquo; hand</button>
<button data-go="prev" title="previous event (Left)">&#x25C0; back</button>
<button data-go="next" title="next event (Right)">next &#x25B6;</button>
<button data-go="next-hand" title="next hand (Down, PageDown)">hand &raquo;</button>
<button data-go="hand-end" title="end of the hand (End)">end of hand</button>
<span id="where"></span></div>
<div class="help">Keys: Left / Right step one event, Up / Down change hand, Home / End go to the hand's start / end.
Rotated river tiles are declarations (riichi), faded ones were called, darker ones were discarded as drawn.</div>
<div id="event-text"></div>
<div id="table-info"></div>
<div id="seats"></div>
<div id="wins"></div>
<div id="facts"></div>
{final}
</div>
<aside><h2>Events</h2><ol id="events"></ol></aside>
</main>
<script type="application/json" id="mjsim-game">{model}</script>
<script>{script}</script>
</body></html>
"""


def _asset(name: str) -> str:
    return files("mjsim.view").joinpath(name).read_text(encoding="utf-8")


def viewer_html(model: dict[str, Any]) -> str:
    """The page for one game's model (``mjsim.view.model.view_model``): no link leaves the file."""
    data = json.dumps(model, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")  # no early </script>
    return _TEMPLATE.format(
        title=html.escape(model["title"]),
        about=html.escape(model["about"]),
        css=_asset("viewer.css"),
        script=_asset("viewer.js"),
        symbols=tile_symbols(),
        model=data,
        final=_final_table(model),
    )


def _final_table(model: dict[str, Any]) -> str:
    """The game's final settlement (points, ranks), when the log has one."""
    final = model.get("final")
    if not final or "points" not in final:
        return ""
    rows = "".join(
        f"<tr><td>seat {seat}</td><td class='num final-points'>{points}</td>"
        f"<td class='num'>{(final.get('ranks') or [''] * model['seats'])[seat]}</td></tr>"
        for seat, points in enumerate(final["points"])
    )
    return f"<h3>final result</h3><table id='final'><tr><th>seat</th><th>points</th><th>rank</th></tr>{rows}</table>"
