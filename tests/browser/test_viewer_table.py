"""The viewer as a player would open it, in a real browser: tile faces drawn by the page, one seat's view that hides
the others' hands, the address that keeps the place and the view, every log format ``replay`` reads, the advice of
a bot, and a hostile log whose words never run."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjsim.cli import cli
from mjsim.view.load import write_view, write_views
from tests.browser.logs import GAMES, read, write_log
from tests.browser.viewer_checks import check_hidden_hands, missing_faces, shown_tiles, where
from tests.shared import shared_path

REAL_MJLOG = ("validation", "tenhou", "mjlog", "mjlog2json", "2019021004gm-00a9-0000-e2f6516d.xml")


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> dict[str, tuple[Path, dict]]:
    """(viewer page, log) of one game per family."""
    out = {}
    for preset in GAMES:
        log = write_log(preset, tmp_path_factory.mktemp(preset))
        out[preset] = (write_view(log), read(log))
    return out


def _mid_hand(log: dict, hand: int = 0) -> int:
    """A position in the middle of a hand's play, before its first win or draw (the viewer's event count)."""
    events = [e for e in log["hands"][hand]["events"] if e["kind"] != "hand_start"]
    end = next((i for i, e in enumerate(events) if e["kind"] in ("win", "draw_end")), len(events))
    return max(2, end // 2)


@pytest.mark.parametrize("preset", list(GAMES))
def test_every_tile_has_a_face_drawn_by_the_page(page, games, preset):
    path, log = games[preset]
    page.goto(path.as_uri() + f"#h=1&e={_mid_hand(log)}")
    assert missing_faces(page) == []
    assert page.locator("svg.tile").count() > 20
    css = page.evaluate("Array.from(document.styleSheets).map(s => Array.from(s.cssRules).map(r => r.cssText).join())")
    assert "mjsim-cjk" in css[0], "the page brings its own CJK glyphs"


def test_a_missing_tile_face_is_caught(page, games, tmp_path):
    path, _ = games["tenhou"]
    html = path.read_text(encoding="utf-8")
    blanked = re.sub(r'(<symbol id="k31"[^>]*>.*?<g class="face">).*?(</g></symbol>)', r"\1\2", html, count=1)
    (tmp_path / "blank.html").write_text(blanked.replace('<symbol id="k5"', '<symbol id="gone"'), encoding="utf-8")
    page.goto((tmp_path / "blank.html").as_uri() + "#h=1&e=1")
    assert {"k31", "k5"} <= set(missing_faces(page))


@pytest.mark.parametrize("preset", list(GAMES))
def test_one_seat_view_hides_the_other_hands(page, games, preset, screenshot):
    path, log = games[preset]
    seats, at = log["table"]["seats"], _mid_hand(log)
    for viewer in range(seats):
        page.goto(path.as_uri() + f"#h=1&e={at}&v={viewer}")
        check_hidden_hands(page, viewer, seats)
        texts = page.locator("#events li").all_inner_texts()
        others = [t for t in texts if re.search(r"seat (\d) draws \d", t) and f"seat {viewer} draws" not in t]
        assert not others, f"seat {viewer}'s view names another seat's draw: {others[:2]}"
        own = shown_tiles(page, viewer)
        page.keyboard.press("a")  # all hands open: the same tiles of this seat, and the others' too
        assert shown_tiles(page, viewer) == own
        assert all(shown_tiles(page, s) for s in range(seats))
        with pytest.raises(AssertionError, match="shows seat"):
            check_hidden_hands(page, viewer, seats)  # the check sees open hands: it can fail
    page.goto(path.as_uri() + f"#h=1&e={at}&v=0")
    screenshot(page, f"viewer_{preset}_mid")


def test_a_win_shows_the_winning_tile_and_the_winners_hand_in_one_seat_view(page, games, screenshot):
    for preset, (path, log) in games.items():
        hand = next(i for i, h in enumerate(log["hands"]) if any(e["kind"] == "win" for e in h["events"]))
        win = next(e for e in log["hands"][hand]["events"] if e["kind"] == "win")
        viewer = next(s for s in range(log["table"]["seats"]) if s != win["seat"])
        page.goto(path.as_uri() + f"#h={hand + 1}&e=999&v={viewer}")
        box = page.locator(f".win[data-seat='{win['seat']}']").first
        assert box.locator("svg.tile.winning").count() == 1
        assert f"{log['table']['unit']}" in box.locator("table.yaku").inner_text()
        assert shown_tiles(page, win["seat"]), "a winner's hand is laid open"
        screenshot(page, f"viewer_{preset}_win")


def test_the_address_keeps_the_place_and_the_view(page, games):
    path, _ = games["tenhou"]
    page.goto(path.as_uri() + "#h=2&e=5&v=1")
    assert "hand 2/" in where(page) and "event 5/" in where(page)
    assert page.locator("#view-picker").input_value() == "1"
    page.keyboard.press("v")
    assert page.evaluate("location.hash") == "#h=2&e=5&v=2"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("location.hash") == "#h=2&e=6&v=2"
    page.select_option("#hand-picker", "3")
    assert "hand 4/" in where(page) and page.evaluate("location.hash") == "#h=4&e=0&v=2"
    page.keyboard.press("1")
    assert page.evaluate("location.hash").endswith("v=0")


def _export(fmt: str, folder: Path) -> Path:
    return write_log("tenhou", folder, fmt)


def _real(_fmt: str, _folder: Path) -> Path:
    return shared_path(*REAL_MJLOG)


@pytest.mark.parametrize(
    "fmt, make", [("mjai", _export), ("tenhou6", _export), ("mjlog", _real)], ids=["mjai", "tenhou6", "real-mjlog"]
)
def test_every_format_replay_reads_opens(page, tmp_path, fmt, make):
    log = make(fmt, tmp_path)
    ran = CliRunner().invoke(cli, ["view", str(log), "-o", str(tmp_path / "game.html")])
    assert ran.exit_code == 0, ran.output
    page.goto((tmp_path / "game.html").as_uri() + "#h=1&e=1")
    hands = [len(shown_tiles(page, s)) for s in range(4)]
    assert hands == [13, 13, 13, 13], f"the deal of a {fmt} log: {hands}"
    names = page.locator(".seat .name").all_inner_texts()
    if fmt == "mjlog":  # a real log shows its players' names (Tenhou's, in Japanese: drawn by the page's own font)
        assert all(re.search(r"seat \d · \S", n) for n in names) and not any("efficiency" in n for n in names)
    page.keyboard.press("End")
    assert page.locator(".win, .drawn-end").count() >= 1


def test_advice_marks_decisions_and_counts_them_per_seat(page, games, tmp_path, screenshot):
    _, log = games["tenhou"]
    (tmp_path / "g.json").write_text(json.dumps(log))
    targets, notes = write_views(tmp_path / "g.json", advisor="human")
    assert re.search(r"human would choose otherwise at seat 0: \d+ of \d+", notes[-1])
    page.goto(targets[0].as_uri())
    rows = page.locator("#advice-counts tr").all_inner_texts()[1:]
    assert len(rows) == 4 and all(re.search(r"\t\d+\t\d+$", r) for r in rows)
    marked = page.locator("#events li.advised")
    hand = 1
    while marked.count() == 0 and hand < page.evaluate("window.mjsimViewer.hands()"):
        hand += 1
        page.evaluate(f"window.mjsimViewer.go({hand}, 0)")
    assert marked.count() > 0, "efficiency bots and the human player disagree somewhere"
    marked.first.click()
    advice = page.locator(".advice").first
    assert "human would choose" in advice.inner_text() and "ranks" in advice.inner_text()
    screenshot(page, "viewer_advice")


HOSTILE = [
    "<script>window.__pwned = 1</script>",
    '<img src=x onerror="window.__pwned = 2">',
    '"><svg onload="window.__pwned = 3">',
    "</script><script>window.__pwned = 4</script>",
]


def _hostile(log: dict) -> dict:
    """The log with a script or handler in every word the page shows: names, final points, facts, rule set."""
    bad = json.loads(json.dumps(log))
    bad["agents"] = HOSTILE[: len(bad["agents"])]
    bad["final"]["points"] = HOSTILE[: len(bad["final"]["points"])]
    bad["final"]["ranks"] = list(reversed(HOSTILE))[: len(bad["final"]["ranks"])]
    bad["rules"]["name"] = HOSTILE[1]
    bad["hands"][0]["record"]["x.fact"] = HOSTILE[0]
    bad["hands"][0]["facts"] = {"x.told": HOSTILE[2]}
    return bad


def test_a_hostile_log_runs_nothing(page, games, tmp_path):
    _, log = games["tenhou"]
    (tmp_path / "bad.json").write_text(json.dumps(_hostile(log)))
    path = write_view(tmp_path / "bad.json")
    html = path.read_text(encoding="utf-8")
    csp = unescape(re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1))
    assert "unsafe-inline" not in csp and "script-src 'sha256-" in csp
    page.goto(path.as_uri())
    for hand in range(1, page.evaluate("window.mjsimViewer.hands()") + 1):
        page.evaluate(f"window.mjsimViewer.go({hand}, window.mjsimViewer.events({hand}))")
    page.keyboard.press("Home")
    page.keyboard.press("End")  # the last hand's end: the final result shows
    assert page.evaluate("window.__pwned") is None
    assert page.locator("img, body svg[onload]").count() == 0
    assert HOSTILE[0] in page.locator("#final").inner_text(), "the words are shown as text"
    assert HOSTILE[1] in page.locator("header").inner_text()


def test_the_page_runs_no_script_but_its_own(page, games, tmp_path):
    path, _ = games["tenhou"]
    html = path.read_text(encoding="utf-8").replace("</body>", "<script>window.__pwned = 5</script></body>")
    (tmp_path / "injected.html").write_text(html, encoding="utf-8")
    page.goto((tmp_path / "injected.html").as_uri())
    assert "hand 1/" in where(page), "the page's own script runs"
    assert page.evaluate("window.__pwned") is None, "an inline script the page did not ship is refused"
    assert page.csp_refusals and "script-src" in page.csp_refusals[0]
    page.csp_refusals.clear()


def test_a_concealed_kan_lies_with_its_ends_face_down_in_one_seat_view(page, tmp_path):
    log = shared_path("validation", "tenhou", "mjlog", "dnovikoff", "bug7.xml")  # seat 3's 暗槓 of 2s at event 66
    page.goto(write_view(log, tmp_path / "bug7.html").as_uri() + "#h=1&e=66&v=1")
    kan = page.locator(".seat[data-seat='3'] .meld.ankan svg.tile")
    assert kan.evaluate_all("ts => ts.map(t => t.dataset.tile)") == ["back", "2s", "2s", "back"]
    page.keyboard.press("a")
    assert kan.evaluate_all("ts => ts.map(t => t.dataset.tile)") == ["2s"] * 4


def _walls_at_decisions(log: dict, hand: dict) -> list[tuple[int, int]]:
    """(viewer position, live tiles in the engine's wall) at each decision of a logged hand, replayed."""
    from mjsim.engine import core
    from mjsim.gamelog.encode import action_of
    from mjsim.gamelog.read import logged_rules, logged_walls
    from mjsim.gamelog.write import hand_start

    game = core.game_at(logged_rules(log), walls=logged_walls(hand), **hand_start(hand))
    out = []
    for step in hand["steps"]:
        core.pending(game)
        if game.hand is not None and game.hand.index == hand["index"]:
            out.append((len(game.log) - 1, len(game.hand.wall)))
        core.step(game, {int(seat): action_of(action) for seat, action in step})
    return out


@pytest.mark.parametrize("preset", ["tenhou", "taiwan"])
def test_tiles_left_is_the_engines_live_wall(page, games, preset):
    path, log = games[preset]
    log = {**log, "source": preset}
    page.goto(path.as_uri())
    for number, hand in enumerate(log["hands"][:3], 1):
        for at, wall in _walls_at_decisions(log, hand)[1::7]:
            page.evaluate(f"window.mjsimViewer.go({number}, {at})")
            assert int(page.locator("#tiles-left").inner_text()) == wall, f"hand {number} event {at}"


def test_a_called_tile_lies_turned_on_the_side_of_the_seat_that_gave_it(page, games):
    path, log = games["tenhou"]
    checked = 0
    for number, hand in enumerate(log["hands"], 1):
        events = [e for e in hand["events"] if e["kind"] != "hand_start"]
        for at, call in ((i + 1, e) for i, e in enumerate(events) if e["kind"] in ("chi", "pon")):
            page.goto(path.as_uri() + f"#h={number}&e={at}&v=all")
            meld = page.locator(f".seat[data-seat='{call['seat']}'] .meld.{call['kind']}").last
            turned = meld.locator("svg.tile").evaluate_all("ts => ts.map(t => t.classList.contains('turned'))")
            odd = [t for t in turned if turned.count(t) == 1][0]  # a side seat's tiles lie turned, its call upright
            giver = (call["from"] - call["seat"]) % 4  # 3: the seat to the left, 2: across, 1: to the right
            assert turned.index(odd) == {3: 0, 2: 1, 1: 2}[giver], (number, at, call)
            checked += 1
    assert checked >= 3
