"""The viewer's model of a game log and the report page's Markdown: what they draw from, and bad logs refused."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjsim.cli import cli
from mjsim.errors import MjsimError
from mjsim.hand.tiles import kind_of
from mjsim.report.html import markdown_html
from mjsim.view.model import view_model
from mjsim.view.notable import Notable, hand_swing, notable_games
from mjsim.view.tiles import tile_code


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
                "score": {"value": 8, "payments": [-8, 8], "hits": [{"name": "x", "title": "X", "value": 2}]},
            },
        ],
        "record": {"scores": [92, 108], "v.fact": 1},
        "facts": {"v.forbidden": [3, 4]},
        "timeline": [{"event": 3, "left": [], "facts": {"v.blocked": [1]}}],
    }
    log = {"format": "mjsim-game-log", "version": 2, "rules": {}, "table": {"seats": 2, "unit": "fan"}}
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


def _face_down_kan_log(reveal: bool) -> dict:
    """The one-hand log with seat 0 laying a face-down concealed kan of 1m (tiles 0-3) before its discard: revealed
    after the win, or (a log that stops before the end) named only by its logged action, after a refused one."""
    log = _log()
    hand = log["hands"][0]
    hand["events"][1]["hands"] = [[0, 1, 2, 3, 8], [4, 5, 9]]
    hand["events"][3:3] = [{"kind": "ankan", "seat": 0, "tiles": [], "face_down": True}]
    hand["steps"] = [
        [[0, {"kind": "ankan", "tile": 8, "tiles": [8, 12, 16, 20]}]],
        [[0, {"kind": "ankan", "tile": 0, "tiles": [0, 1, 2, 3]}]],
    ]
    hand["events"][3:3] = [{"kind": "refused", "seat": 0, "action": hand["steps"][0][0][1]}]
    if reveal:
        hand["events"].append({"kind": "reveal", "seat": 0, "tiles": [3, 2, 1, 0]})
    return log


@pytest.mark.parametrize("reveal", [True, False], ids=["revealed", "log-stops-before-the-reveal"])
def test_a_face_down_kan_takes_its_tiles_from_the_reveal_or_the_action(reveal):
    """台湾's face-down kan: its event names no tile; the model reads them ahead (the page takes them out of the hand)
    and words the event for another seat's view without them."""
    events = view_model(_face_down_kan_log(reveal))["hands"][0]["events"]
    kan = next(e for e in events if e["k"] == "ankan")
    assert kan["face_down"] and sorted(kan["tiles"]) == [0, 1, 2, 3], "not the refused fake kong's tiles"
    assert kan["text"] == "seat 0 declares a concealed kan, face down: 1m 1m 1m 1m"
    assert kan["private"] == "seat 0 declares a concealed kan, face down"
    reveals = [e for e in events if e["k"] == "reveal"]
    assert reveals == (
        [{"k": "reveal", "s": 0, "tiles": [3, 2, 1, 0], "text": "seat 0 turns up its kan of 1m 1m 1m 1m"}]
        if reveal
        else []
    )


def test_the_forced_face_down_kong_game_reads_its_kong_ahead(tmp_path):
    """The 台湾 game of the browser test: seat 0's first-turn kong of 9p is named by the model before its reveal."""
    from tests.browser.logs import read, write_face_down_kong_log

    events = view_model(read(write_face_down_kong_log(tmp_path)))["hands"][0]["events"]
    kinds = [e["k"] for e in events]
    kan, reveal = events[kinds.index("ankan")], events[kinds.index("reveal")]
    assert kan["s"] == reveal["s"] == 0 and kan["tiles"] == reveal["tiles"] and kan["face_down"]
    assert {tile_code(kind_of(t)) for t in kan["tiles"]} == {"9p"}
    assert kinds.index("ankan") < kinds.index("win") < kinds.index("reveal")


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
    from mjsim.report.html import summary_html

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
