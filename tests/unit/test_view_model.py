"""The viewer's model of a game log and the report page's Markdown: what they draw from, and bad logs refused."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjsim.cli import cli
from mjsim.errors import MjsimError
from mjsim.report_html import markdown_html
from mjsim.view.model import view_model
from mjsim.view.notable import Notable, hand_swing, notable_games


def _log(**changes) -> dict:
    """A one-hand log of two seats: seat 1 wins by ron on seat 0's discard."""
    hand = {
        "index": 0,
        "wall": {"live": [], "replacements": [], "indicators": []},
        "steps": [],
        "dealer": 0,
        "round": 27,
        "honba": 0,
        "table": 0,
        "start_scores": [100, 100],
        "events": [
            {"kind": "hand_start", "seat": 0},
            {"kind": "deal", "seat": None, "hands": [[0, 4, 8], [1, 5, 9]]},
            {"kind": "draw", "seat": 0, "tile": 12},
            {"kind": "discard", "seat": 0, "tile": 12},
            {
                "kind": "transfer",
                "seat": None,
                "payer": 0,
                "payee": 1,
                "amount": 8,
                "reason": "ron",
                "currency": "points",
            },
            {
                "kind": "win",
                "seat": 1,
                "tile": 12,
                "from": 0,
                "score": {"value": 8, "payments": [-8, 8], "hits": [{"name": "x", "title": "X", "han": 2}]},
            },
        ],
        "record": {"scores": [92, 108], "v.fact": 1},
        "facts": {"v.forbidden": [3, 4]},
        "timeline": [{"event": 3, "left": [], "facts": {"v.blocked": [1]}}],
    }
    log = {"format": "mjsim-game-log", "version": 1, "rules": {}, "table": {"seats": 2, "unit": "fan"}}
    log["agents"] = ["a", "b"]
    return {**log, "hands": [hand], "final": {"points": [92, 108]}, **changes}


def test_model_keeps_events_in_order_with_words():
    hand = view_model(_log())["hands"][0]
    assert [e["k"] for e in hand["events"]] == ["deal", "draw", "discard", "transfer", "win"]
    assert hand["events"][1]["text"] == "seat 0 draws 4m"
    assert hand["events"][4]["lines"] == [["x X", "2 fan"]]
    assert hand["events"][4]["paid"] == [-8, 8], "a win's payments are the transfers right before it"
    assert hand["result"] == "seat 1 ron 8"
    assert hand["start_facts"] == {"v.forbidden": "[3 4]"} and hand["facts"] == {"v.fact": "1"}
    assert hand["timeline"] == [{"from": 3, "left": [], "facts": {"v.blocked": "[1]"}}], (
        "from the discard on (3 events shown)"
    )


@pytest.mark.parametrize(
    "change, message",
    [
        ({"table": {"seats": 1}}, "no table of two or more seats"),
        ({"hands": []}, "no hand to show"),
    ],
    ids=["one-seat", "no-hands"],
)
def test_bad_logs_are_refused(change, message):
    with pytest.raises(MjsimError, match=message):
        view_model(_log(**change))


@pytest.mark.parametrize(
    "event, message",
    [
        ({"kind": "draw", "seat": 5, "tile": 1}, "seat 5"),
        ({"kind": "draw", "seat": 0, "tile": 999}, "tile that does not exist"),
        ({"kind": "draw", "seat": 0}, "malformed"),
    ],
    ids=["seat", "tile", "missing-tile"],
)
def test_bad_events_are_one_line_errors(event, message):
    log = _log()
    log["hands"][0]["events"].append(event)
    with pytest.raises(MjsimError, match=message):
        view_model(log)


def test_view_command_writes_a_page_and_refuses_other_files(tmp_path):
    (tmp_path / "g.json").write_text(json.dumps(_log()))
    ok = CliRunner().invoke(cli, ["view", str(tmp_path / "g.json")])
    assert ok.exit_code == 0, ok.output
    page = (tmp_path / "g.html").read_text()
    assert "<script src" not in page and "http://" not in page.replace("http://www.w3.org/2000/svg", "")
    (tmp_path / "t6.json").write_text(json.dumps({"title": ["", ""], "log": []}))
    (tmp_path / "notes.txt").write_text("hello")
    for name, says in (("t6.json", "the log has no round"), ("notes.txt", "no game logs here that mjsim reads")):
        bad = CliRunner().invoke(cli, ["view", str(tmp_path / name)])
        assert bad.exit_code == 2 and says in bad.output and "Traceback" not in bad.output, bad.output
        assert len(bad.output.strip().splitlines()) == 1


def test_markdown_tables_become_sortable_html(tmp_path):
    text = "# T\n\n| a | b |\n| --- | ---: |\n| 1 | **x**<br>y |\n\n- one\n- two\n\n<script>bad()</script>\n"
    out = markdown_html(text, tmp_path).replace("\n", "")
    assert '<table class="sortable"><thead><tr><th>a</th><th class="align-right">b</th></tr></thead>' in out
    assert '<td class="align-right"><strong>x</strong><br>y</td>' in out and "<ul><li>one</li><li>two</li></ul>" in out
    assert "<script>" not in out and "&lt;script&gt;bad()" in out, "raw HTML in the text stays text"
    assert "style=" not in out, "the report page's CSP allows no style attribute"


def test_summary_page_puts_the_answer_and_plots_before_the_tables(tmp_path):
    from mjsim.report_html import summary_html

    (tmp_path / "p.png").write_bytes(b"\x89PNG fake")
    md = "# T\n\nlead\n\n## Answer\n\nyes\n\n## Big table\n\n" + "| a |\n| --- |\n" + "| 1 |\n" * 20
    page = summary_html(md + "\n![p.png](p.png)\n![x](../secret.png)\n", tmp_path, made_by="mjsim report")
    order = [page.index(x) for x in ('<h2 id="s-answer">', "data:image/png", '<details id="s-big-table">')]
    assert order == sorted(order), "answer, plots, then the (folded) tables"
    assert "not a PNG of the results folder" in page, "an image outside the folder is not read"
    assert "unsafe-inline" not in page


def _record(index: int, deltas: list[list[int]], violations=()) -> dict:
    hands = [{"deltas": d, "v.x": d[1]} for d in deltas]
    return {"index": index, "hands": hands, "final": {}, "violations": list(violations)}


def test_notable_games_pick_swings_counterexamples_and_comparisons():
    a = [_record(0, [[-10, 10]]), _record(1, [[-50, 50]], ["bad ledger"])]
    b = [_record(0, [[-5, 5]]), _record(1, [[-1, 1]])]
    assert hand_swing(a[1]) == 100
    found = notable_games([("A", "B", "hand_sum:v.x")], {"A": a, "B": b})
    assert found == [
        Notable(
            "A",
            1,
            "largest swing in one hand (100); first counterexample: bad ledger; hand_sum:v.x moved -49 from A to B",
        ),
        Notable("B", 0, "largest swing in one hand (10); hand_sum:v.x moved -5 from A to B"),
        Notable("B", 1, "hand_sum:v.x moved -49 from A to B"),
        Notable("A", 0, "hand_sum:v.x moved -5 from A to B"),
    ]
    assert Notable("A-b_c", 1, "x").page == "A-b_c_game00001.html"


@pytest.mark.parametrize("a, b", [("a/b", "a_b"), ("a b", "a_b"), ("é", "_"), ("a/b", "a:b")], ids=str)
def test_viewer_pages_are_unique_per_rule_set(a, b):
    assert Notable(a, 0, "x").page != Notable(b, 0, "x").page
    assert "/" not in Notable(a, 0, "x").page
