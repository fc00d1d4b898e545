"""``mjsim report DIR --html``: summary.html beside summary.md, self-contained, linking the notable games' pages."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from mjsim.cli import cli

EXPERIMENT = """
name = "h"
games = 3
seed = 7
[[rulesets]]
name = "tenhou"
preset = "tenhou"
[[rulesets]]
name = "4play"
preset = "4play"
[[compare]]
a = "tenhou"
b = "4play"
metric = "points_spread"
"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("html")
    (tmp / "h.toml").write_text(EXPERIMENT)
    runner = CliRunner()
    ran = runner.invoke(cli, ["run", str(tmp / "h.toml"), "--out", str(tmp / "out"), "--backend", "serial"])
    assert ran.exit_code == 0, ran.output
    reported = runner.invoke(cli, ["report", str(tmp / "out" / "h"), "--html"])
    assert reported.exit_code == 0, reported.output
    return tmp / "out" / "h"


def test_summary_html_holds_the_markdowns_tables_and_plots(folder):
    page = (folder / "summary.html").read_text()
    md = (folder / "summary.md").read_text()
    assert page.count('<table class="sortable">') == md.count("\n| --- |")
    assert page.count("data:image/png;base64,") == len(list(folder.glob("*.png")))
    assert not re.search(r'(src|href)="(https?:|//)', page), "the page must not load anything from the network"


def test_notable_games_link_to_existing_viewer_pages(folder):
    page = (folder / "summary.html").read_text()
    links = re.findall(r'href="(games/[^"]+\.html)"', page)
    assert links, "the largest swings and the comparison's games are linked"
    assert all((folder / link).is_file() for link in links)
    assert any("largest swing" in line for line in page.split("<tr>"))
    assert any("points_spread moved" in line for line in page.split("<tr>"))
