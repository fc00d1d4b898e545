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


def summary_html(markdown: str, folder: Path, notable: list[dict[str, Any]] | None = None, made_by: str = "") -> str:
    """The page: ``markdown`` (summary.md) turned into HTML, its images from ``folder`` inlined, the
    notable games (``label``, ``why``, ``href``) listed after the answer, and the command that wrote it."""
    body = markdown_html(markdown, folder)
    if made_by:
        body += f"<p>This page was written by <code>{html.escape(made_by)}</code> from the results folder's store.</p>"
    if notable:  # after the answer, before the command and the tables
        anchor = "<p>Produced by:</p>"
        body = (
            body.replace(anchor, _notable_html(notable) + anchor, 1)
            if anchor in body
            else body + _notable_html(notable)
        )
    title = next((line[2:] for line in markdown.splitlines() if line.startswith("# ")), "mjsim report")
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
        "script-src 'unsafe-inline'; img-src data:\">"
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>\n{body}\n"
        f"<script>{_SORT_SCRIPT}</script></body></html>\n"
    )


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


_LIST_ITEM = re.compile(r"^(- |\d+\. )")


def _link(href: str) -> str:
    return f'<a href="{html.escape(href)}">view the game</a>' if href else "no page"


def markdown_html(text: str, folder: Path) -> str:
    """The Markdown mjsim writes (headings, paragraphs, lists, tables, code blocks, images) as HTML."""
    out: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            end = next((j for j in range(i + 1, len(lines)) if lines[j].startswith("```")), len(lines))
            out.append("<pre><code>" + html.escape("\n".join(lines[i + 1 : end])) + "</code></pre>")
            i = end + 1
        elif line.startswith("|"):
            end = next((j for j in range(i, len(lines)) if not lines[j].startswith("|")), len(lines))
            out.append(_table(lines[i:end]))
            i = end
        elif _LIST_ITEM.match(line):
            end = next((j for j in range(i, len(lines)) if not _LIST_ITEM.match(lines[j])), len(lines))
            tag = "ul" if line.startswith("- ") else "ol"
            items = "".join(f"<li>{_inline(_LIST_ITEM.sub('', x))}</li>" for x in lines[i:end])
            out.append(f"<{tag}>{items}</{tag}>")
            i = end
        else:
            out.append(_block(line, folder))
            i += 1
    return "\n".join(x for x in out if x)


def _block(line: str, folder: Path) -> str:
    """A heading, an image (inlined as a data URL) or a paragraph line."""
    heading = re.match(r"^(#{1,6}) (.*)$", line)
    if heading:
        level = len(heading.group(1))
        return f"<h{level}>{_inline(heading.group(2))}</h{level}>"
    image = re.match(r"^!\[(.*)\]\((.*)\)$", line)
    if image:
        return _image(image.group(1), folder / image.group(2))
    return f"<p>{_inline(line)}</p>" if line.strip() else ""


def _image(alt: str, path: Path) -> str:
    """An image file as an inline ``data:`` URL (so that the page needs no file beside it)."""
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return f'<figure><img alt="{html.escape(alt)}" src="data:image/png;base64,{data}"></figure>'


def _table(rows: list[str]) -> str:
    """A Markdown table (header, rule, rows) as a sortable HTML table."""
    cells = [[c.strip() for c in row.strip().strip("|").split("|")] for row in rows]
    head, body = cells[0], [r for r in cells[2:]]
    thead = "".join(f"<th>{_inline(c)}</th>" for c in head)
    tbody = "".join("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in r) + "</tr>" for r in body)
    return f'<table class="sortable"><thead><tr>{thead}</tr></thead><tbody>{tbody}</tbody></table>'


def _inline(text: str) -> str:
    """Escaped text with **bold**, `code` and the ``<br>`` summary.md puts in table cells."""
    parts = re.split(r"(<br>)", text)
    escaped = "".join("<br>" if p == "<br>" else html.escape(p) for p in parts)
    escaped = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", escaped)
    return re.sub(r"`(.+?)`", r"<code>\1</code>", escaped)


def write_summary_html(experiment, store, folder: Path, made_by: str = "") -> int:
    """Write ``summary.html`` beside ``summary.md`` and the notable games' pages under ``games/``; returns how
    many game pages it wrote."""
    from mjsim.errors import MjsimError
    from mjsim.files import write_file
    from mjsim.lineups import run_name
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
