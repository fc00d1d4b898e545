"""summary.html in a real browser: the plots are inline, a click sorts a table, and each notable game's link
opens its viewer page, all from file:// without the network."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from mjsim.cli import cli

EXPERIMENT = """
name = "h"
games = 4
seed = 5
[[rulesets]]
name = "tenhou"
preset = "tenhou"
[[rulesets]]
name = "mahjongsoul"
preset = "mahjongsoul"
[[compare]]
a = "tenhou"
b = "mahjongsoul"
metric = "first_dealer_points"
"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A small experiment's results folder after ``mjsim report DIR --html``."""
    tmp = tmp_path_factory.mktemp("report")
    (tmp / "h.toml").write_text(EXPERIMENT)
    runner = CliRunner()
    ran = runner.invoke(cli, ["run", str(tmp / "h.toml"), "--out", str(tmp / "out"), "--backend", "serial"])
    assert ran.exit_code == 0, ran.output
    out = tmp / "out" / "h"
    reported = runner.invoke(cli, ["report", str(out), "--html"])
    assert reported.exit_code == 0, reported.output
    assert "summary.html" in reported.output
    return out


def test_summary_page_shows_plots_sorts_and_links_games(page, folder, screenshot):
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if not r.url.startswith(("file:", "data:")) else None)
    page.goto((folder / "summary.html").as_uri())
    images = page.locator("img").evaluate_all("imgs => imgs.map(i => [i.src.slice(0, 15), i.naturalWidth])")
    assert len(images) >= 2 and all(src == "data:image/png;" and width > 0 for src, width in images)
    first_table = page.locator("table.sortable").first.bounding_box()["y"]
    plots = page.locator("#plots").bounding_box()["y"]
    assert plots < first_table, "the answer and the plots come before the tables"
    table = _section_table(page, "s-seats")  # seat, mean points, mean rank, ranks
    points = table.locator("thead th").nth(1)
    original = _column(table, 1)
    points.click()
    assert _column(table, 1) == sorted(original, key=_leading_number)
    points.click()
    assert _column(table, 1) == sorted(original, key=_leading_number, reverse=True)
    notable = page.locator("table.notable")
    notable.locator("thead th").nth(0).click()
    assert _column(notable, 0) == sorted(_column(notable, 0))
    links = page.locator("#notable ~ table a")
    assert links.count() >= 2
    screenshot(page, "summary")
    links.first.click()
    page.wait_for_selector("#where")
    assert "hand 1/" in page.locator("#where").inner_text()
    assert not asked, f"the pages asked the network for {asked}"


def _section_table(page, anchor: str):
    """The first table of a section, opened first when it is folded (a long section starts as <details>)."""
    section = page.locator(f"#{anchor}")
    if section.evaluate("e => e.tagName") == "DETAILS":
        section.locator("summary").click()
        return section.locator("table.sortable").first
    return page.locator(f"#{anchor} ~ table.sortable").first


def _column(table, index: int) -> list[str]:
    """The texts of one column of a table's body, top to bottom."""
    return [row.locator("td").nth(index).inner_text() for row in table.locator("tbody tr").all()]


def _leading_number(text: str) -> float:
    """The number a cell starts with (``17200 [-9426, 43826]``: 17200)."""
    return float(text.split()[0])
