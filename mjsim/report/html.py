"""summary.html: summary.md's content as one self-contained page (plots inline, tables sortable) with links to
the viewer pages of the notable games (``mjsim report DIR --html``)."""

from __future__ import annotations

import base64
import html
import re
from pathlib import Path
from typing import Any

_STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; max-width: 1200px; margin: 20px auto; padding: 0 14px;
  color: #222; line-height: 1.4; }
table { border-collapse: collapse; margin: 8px 0 16px; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 3px 7px; vertical-align: top; }
th { background: #eef2ec; cursor: pointer; user-select: none; }
th[aria-sort="ascending"]::after { content: " \\25B2"; }
th[aria-sort="descending"]::after { content: " \\25BC"; }
pre { background: #f4f4f4; padding: 8px; overflow-x: auto; }
img { max-width: 100%; border: 1px solid #ddd; margin: 6px 0; }
figure { margin: 8px 0; }
.align-right { text-align: right; }
.align-center { text-align: center; }
.align-left { text-align: left; }
details { margin: 6px 0; }
details > summary { cursor: pointer; }
details > summary h2 { display: inline; }
.contents { columns: 2; font-size: 13px; }
.notable a { font-weight: bold; }
"""

_SORT_SCRIPT = """
"use strict";
// Click a header to sort its table by that column (numbers by value, else as text); click again to reverse.
document.querySelectorAll("table.sortable").forEach((table) => {
  const heads = table.querySelectorAll("thead th");
  heads.forEach((th, col) => th.addEventListener("click", () => {
    const up = th.getAttribute("aria-sort") !== "ascending";
    heads.forEach((h) => h.removeAttribute("aria-sort"));
    th.setAttribute("aria-sort", up ? "ascending" : "descending");
    const body = table.tBodies[0], rows = Array.from(body.rows);
    const key = (row) => {
      const text = row.cells[col] ? row.cells[col].textContent.trim() : "";
      const number = /^[+\\-]?(\\d+\\.?\\d*|\\.\\d+)/.exec(text); // "17200 [-9426, 43826]" sorts by 17200
      return number ? parseFloat(number[0]) : text;
    };
    rows.sort((a, b) => {
      const x = key(a), y = key(b);
      const order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
      return up ? order : -order;
    });
    rows.forEach((row) => body.appendChild(row));
  }));
});
"""


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{{ csp }}">
<title>{{ title }}</title><style>{{ style }}</style></head><body>
<h1>{{ title }}</h1>
{{ lead }}
{% if figures %}<h2 id="plots">Plots</h2>{{ figures }}{% endif %}
{{ notable }}
{% if contents %}<h2 id="contents">Tables</h2><ol class="contents">
{% for id, heading in contents %}<li><a href="#{{ id }}">{{ heading }}</a></li>{% endfor %}</ol>{% endif %}
{{ rest }}
{% if made_by %}<p>This page was written by <code>{{ made_by }}</code> from the results folder's store.</p>{% endif %}
<script>{{ script }}</script>
</body></html>
"""
_IMAGE = re.compile(r"^!\[(.*)\]\((.*)\)$")
_FOLDED = 14  # a table section longer than this many lines starts folded (<details>): the page stays short


def summary_html(markdown: str, folder: Path, notable: list[dict[str, Any]] | None = None, made_by: str = "") -> str:
    """The page: summary.md's title and answer first (up to its first table section), then its plots (inlined
    from ``folder``), the notable games (``label``, ``why``, ``href``), then its tables, the long ones folded; the
    page runs only its own sorting script (by hash in its CSP)."""
    from jinja2 import Environment
    from markupsafe import Markup

    lines = markdown.splitlines()
    title = next((line[2:] for line in lines if line.startswith("# ")), "mjsim report")
    images = [m.groups() for m in map(_IMAGE.match, lines) if m]
    text = [line for line in lines if not _IMAGE.match(line) and line != f"# {title}"]
    sections = _sections(text)
    lead, rest = sections[:1], sections[1:]
    if rest and rest[0][0] == "Answer":  # the answer and how it was produced belong to the lead
        lead, rest = lead + [rest[0]], rest[1:]
    contents = [(_anchor(heading), heading) for heading, _ in rest]
    page = Environment(autoescape=True).from_string(_PAGE)
    return page.render(
        csp=f"default-src 'none'; script-src {_hash(_SORT_SCRIPT)}; style-src {_hash(_STYLE)}; img-src data:",
        title=title,
        style=Markup(_STYLE),
        script=Markup(_SORT_SCRIPT),
        lead=Markup("\n".join(_section_html(h, body, folded=False) for h, body in lead)),
        figures=Markup("".join(_image(alt, folder, src) for alt, src in images)),
        notable=Markup(_notable_html(notable) if notable else ""),
        contents=contents,
        rest=Markup("\n".join(_section_html(h, body, len(body) > _FOLDED) for h, body in rest)),
        made_by=made_by,
    )


def _sections(lines: list[str]) -> list[tuple[str, list[str]]]:
    """The text split at its ``## `` headings: (heading, its lines); the first has no heading."""
    out: list[tuple[str, list[str]]] = [("", [])]
    for line in lines:
        if line.startswith("## "):
            out.append((line[3:].strip(), []))
        else:
            out[-1][1].append(line)
    return out


def _anchor(heading: str) -> str:
    return "s-" + re.sub(r"[^a-z0-9]+", "-", heading.lower()).strip("-")


def _section_html(heading: str, body: list[str], folded: bool) -> str:
    """One section: its heading and Markdown body, inside a closed ``<details>`` when ``folded``."""
    inner = markdown_html("\n".join(body))
    if not heading:
        return inner
    title = html.escape(heading)
    if folded:
        return f'<details id="{_anchor(heading)}"><summary><h2>{title}</h2></summary>{inner}</details>'
    return f'<h2 id="{_anchor(heading)}">{title}</h2>{inner}'


def _hash(text: str) -> str:
    from mjsim.view.page import source_hash

    return source_hash(text)


def _notable_html(notable: list[dict[str, Any]]) -> str:
    """The notable games as a sortable table of links to their viewer pages."""
    rows = "".join(
        f"<tr><td>{html.escape(n['label'])}</td><td>{html.escape(n['why'])}</td><td>{_link(n['href'])}</td></tr>"
        for n in notable
    )
    return (
        '<h2 id="notable">Notable games</h2><p>Each opens in the game viewer (a file beside this page).</p>'
        '<table class="sortable notable"><thead><tr><th>game</th><th>why</th><th>viewer</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>"
    )


def _link(href: str) -> str:
    return f'<a href="{html.escape(href)}">view the game</a>' if href else "no page"


def markdown_html(text: str, folder: Path | None = None) -> str:
    """Markdown as HTML (markdown-it-py, CommonMark with tables): raw HTML in the text is escaped, except the
    ``<br>`` summary.md puts in table cells; every table sortable; images are left to ``summary_html``."""
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    out = md.render(text)
    out = out.replace("&lt;br&gt;", "<br>").replace("<table>", '<table class="sortable">')
    return _ALIGN.sub(r'class="align-\1"', out)  # a class, not a style attribute: the page's CSP allows no inline style


_ALIGN = re.compile(r'style="text-align:(left|right|center)"')


def _image(alt: str, folder: Path, name: str) -> str:
    """A PNG of the results folder as an inline ``data:`` URL (so that the page needs no file beside it); a name
    that leaves the folder or is no PNG is shown as text."""
    path = (folder / name).resolve()
    if path.suffix != ".png" or folder.resolve() not in path.parents or not path.is_file():
        return f"<p>(image {html.escape(name)} not shown: not a PNG of the results folder)</p>"
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return f'<figure><img alt="{html.escape(alt)}" src="data:image/png;base64,{data}"></figure>'


def write_summary_html(experiment, store, folder: Path, made_by: str = "") -> int:
    """Write ``summary.html`` beside ``summary.md`` and the notable games' pages under ``games/``; returns how
    many game pages it wrote."""
    from mjsim.errors import MjsimError
    from mjsim.experiment.lineups import run_name
    from mjsim.files import write_file
    from mjsim.report import stored_records
    from mjsim.view.notable import notable_games, write_notable_pages

    records = stored_records(experiment, store)
    comparisons = [(run_name(a, u), run_name(b, u), m) for u in experiment.line_ups() for a, b, m in experiment.compare]
    notable = notable_games(comparisons, records)
    unplayed = {n.run: _commands_of(experiment, n.run) for n in notable}
    try:
        played = write_notable_pages(experiment, [n for n in notable if not unplayed[n.run]], records, folder / "games")
        links = _with_unplayed(notable, unplayed, iter(played))
        markdown = (folder / "summary.md").read_text(encoding="utf-8")
        write_file(folder / "summary.html", summary_html(markdown, folder, links, made_by))
    except OSError as exc:
        raise MjsimError(f"{folder}: cannot write summary.html ({exc.strerror or exc}); the store is kept") from None
    return sum(1 for link in links if link["href"])


def _commands_of(experiment, run: str) -> tuple[str, ...]:
    """The agents of ``run`` that would run a command named by the results folder (never replayed here)."""
    return tuple(name for name in experiment.run(run).line_up.agents if name in experiment.commands)


def _with_unplayed(notable, unplayed: dict[str, tuple[str, ...]], played) -> list[dict]:
    """The links of every notable game in order: the replayed ones', and a page-less row for each game whose run
    seats an agent that runs a command (a report of someone's folder runs none of their commands)."""
    links = []
    for n in notable:
        if not unplayed[n.run]:
            links.append(next(played))
            continue
        why = f"{n.why}; not replayed: it seats {unplayed[n.run][0]!r}, a command the results folder names"
        links.append({"label": f"{n.run}, game {n.index}", "why": why, "href": ""})
    return links
