"""The game viewer in a real browser: it opens from file://, steps with keys and buttons, and draws what the log
holds (the deal, the scores after every hand, the final points); a tampered log is caught."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjsim.view.load import write_view
from tests.browser.logs import GAMES, read, write_log
from tests.browser.viewer_checks import check_scores_after_each_hand, deal_names, shown_hands, where


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, tuple[Path, dict]]:
    """(viewer page, log) of one game per family."""
    out = {}
    for preset in GAMES:
        folder = tmp_path_factory.mktemp(preset)
        log = write_log(preset, folder)
        out[preset] = (write_view(log), read(log))
    return out


def no_network(page) -> list[str]:
    """Every request the page makes that is not to a file or inline data (there must be none)."""
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if not r.url.startswith(("file:", "data:")) else None)
    return asked


@pytest.mark.parametrize("preset", list(GAMES))
def test_viewer_draws_the_log(page, pages, screenshot, preset):
    path, log = pages[preset]
    asked = no_network(page)
    page.goto(path.as_uri())
    assert "hand 1/" in where(page) and "event 0/" in where(page)
    assert shown_hands(page) == deal_names(log, 0), "a hand opens on its deal"
    page.keyboard.press("ArrowRight")  # the deal
    assert "event 1/" in where(page)
    assert shown_hands(page) == deal_names(log, 0)
    page.click("button[data-go=next]")
    page.click("button[data-go=next]")
    assert "event 3/" in where(page)
    page.keyboard.press("ArrowLeft")
    assert "event 2/" in where(page)
    page.click("button[data-go=next-hand]")
    assert "hand 2/" in where(page)
    page.keyboard.press("ArrowUp")
    assert "hand 1/" in where(page)
    check_scores_after_each_hand(page, log)
    final = [float(t) for t in page.locator("#final .final-points").all_inner_texts()]
    assert final == [float(p) for p in log["final"]["points"]]
    shown = _most_wins(log)  # the screenshot: the end of the (first) hand with the most wins
    page.evaluate(f"window.mjsimViewer.go({shown + 1}, window.mjsimViewer.events({shown + 1}))")
    assert page.locator(".win").count() == _wins(log["hands"][shown])
    screenshot(page, f"viewer_{preset}")
    blocked = _first_live_fact(log)
    if blocked is not None:  # a fact of play from the log's timeline (台湾's 過水 blocks) shows from its event on
        hand, event, key = blocked
        page.evaluate(f"window.mjsimViewer.go({hand + 1}, {event})")
        assert key in page.locator(".centre").inner_text()
        screenshot(page, f"viewer_{preset}_timeline")
    assert not asked, f"the page asked the network for {asked}"


def _first_live_fact(log: dict) -> tuple[int, int, str] | None:
    """(hand, viewer events shown, fact) of the first timeline fact with a value, e.g. a seat 過水 blocks."""
    for i, hand in enumerate(log["hands"]):
        for snap in hand.get("timeline") or ():
            key = next((k for k, v in snap["facts"].items() if v), None)
            if key:
                return i, snap["event"], key  # the hand_start event is not shown: event N is the Nth shown
    return None


def _wins(hand: dict) -> int:
    return sum(e["kind"] == "win" for e in hand["events"])


def _first_win(log: dict) -> int:
    """The index of the first hand with a win."""
    return next(i for i, h in enumerate(log["hands"]) if _wins(h))


def _most_wins(log: dict) -> int:
    """The index of the first hand with the most wins."""
    return max(range(len(log["hands"])), key=lambda i: (_wins(log["hands"][i]), -i))


def test_a_page_opened_at_a_position_shows_it(page, pages):
    path, log = pages["tenhou"]
    page.goto(path.as_uri() + "#h=2&e=5")
    assert "hand 2/" in where(page) and "event 5/" in where(page)
    page.click("#hands li[data-h='0']")
    assert "hand 1/" in where(page)
    page.click("#events li[data-e='4']")
    assert "event 4/" in where(page)


def _tamper_transfer(log: dict) -> None:
    """Make the first points transfer of the first hand with a win move 1 more: the viewer adds up transfers."""
    hand = log["hands"][_first_win(log)]
    transfer = next(e for e in hand["events"] if e["kind"] == "transfer")
    transfer["amount"] += 1


def _tamper_record(log: dict) -> None:
    """Make the log record a wrong score after its first hand."""
    log["hands"][0]["record"]["scores"][0] += 100


@pytest.mark.parametrize("tamper", [_tamper_transfer, _tamper_record], ids=["transfer", "record"])
def test_a_wrong_score_is_caught(page, pages, tmp_path, tamper):
    _, log = pages["tenhou"]
    bad = json.loads(json.dumps(log))
    tamper(bad)
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    page.goto(write_view(tmp_path / "bad.json").as_uri())
    with pytest.raises(AssertionError, match="the viewer shows"):
        check_scores_after_each_hand(page, bad)


def test_the_logs_words_are_shown_as_text_not_markup(page, pages, tmp_path):
    _, log = pages["chengdu"]
    bad = json.loads(json.dumps(log))
    bad["agents"][0] = '<b id="injected">x</b>'
    bad["hands"][0]["record"]["chengdu.winners"] = '<img id="injected2" src="x">'
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    page.goto(write_view(tmp_path / "bad.json").as_uri())
    page.keyboard.press("End")
    assert page.locator("#injected, #injected2").count() == 0
    assert '<b id="injected">' in page.locator(".seat[data-seat='0'] .name").inner_text()
