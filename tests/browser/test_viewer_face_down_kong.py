"""台湾's concealed kong lies face down until the hand ends (taiwan.md §4): the viewer draws four backs where the
table showed them, the tiles marked as hidden where the view may see them, faces once the ``reveal`` turns it up,
and the kong's four tiles leave its owner's hand when it is declared."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjsim.view.load import write_view
from tests.browser.logs import read, write_face_down_kong_log
from tests.browser.viewer_checks import check_hidden_hands

OWNER = 0  # the seat the log's helper declares the kong for (seed 295: four 9p on the dealer's first turn)


@pytest.fixture(scope="module")
def kong_game(tmp_path_factory) -> tuple[Path, dict, dict[str, int]]:
    """(page, log, the viewer positions of the hand's ankan, win and reveal events)."""
    log_path = write_face_down_kong_log(tmp_path_factory.mktemp("taiwan-kong"))
    log = read(log_path)
    kinds = [e["kind"] for e in log["hands"][0]["events"] if e["kind"] != "hand_start"]
    at = {kind: kinds.index(kind) + 1 for kind in ("ankan", "win", "reveal")}  # position e: its first e events shown
    return write_view(log_path), log, at


def _kong(page, seat: int = OWNER) -> list[str]:
    """The tiles of the seat's concealed kan as drawn (``back`` for a face down one)."""
    return page.locator(f".seat[data-seat='{seat}'] .meld.ankan svg.tile").evaluate_all(
        "tiles => tiles.map(t => t.dataset.tile)"
    )


def _held(page, seat: int = OWNER) -> int:
    """How many concealed tiles the seat's hand draws (faces or backs)."""
    return page.locator(f".seat[data-seat='{seat}'] .hand svg.tile").count()


@pytest.mark.parametrize("viewer", [1, 2, 3], ids=lambda v: f"seat-{v}-view")
def test_the_kong_is_four_backs_to_another_seat_until_its_reveal(page, kong_game, viewer):
    path, log, at = kong_game
    page.goto(path.as_uri() + f"#h=1&e={at['ankan']}&v={viewer}")
    assert _kong(page) == ["back"] * 4, f"seat {viewer} sees {_kong(page)} as the kong is declared"
    assert page.locator("#event-text").inner_text() == "seat 0 declares a concealed kan, face down"
    check_hidden_hands(page, viewer, 4)
    page.goto(path.as_uri() + f"#h=1&e={at['win']}&v={viewer}")  # the win that ends the hand: not yet turned up
    assert _kong(page) == ["back"] * 4, f"seat {viewer} sees {_kong(page)} at the win"
    page.goto(path.as_uri() + f"#h=1&e={at['reveal']}&v={viewer}")
    assert _kong(page) == ["9p"] * 4, "the reveal turns it up"
    assert page.locator(f".seat[data-seat='{OWNER}'] .meld.face-down").count() == 0


def test_the_open_view_and_the_owner_see_the_tiles_marked_face_down(page, kong_game, screenshot):
    path, _, at = kong_game
    for view in ("all", str(OWNER)):
        page.goto(path.as_uri() + f"#h=1&e={at['ankan']}&v={view}")
        assert _kong(page) == ["9p"] * 4
        assert page.locator(f".seat[data-seat='{OWNER}'] .meld.face-down").count() == 1, "marked as face down"
        assert "9p 9p 9p 9p" in page.locator("#event-text").inner_text()
    page.goto(path.as_uri() + f"#h=1&e={at['win'] - 1}&v=1")
    screenshot(page, "viewer_taiwan_face_down_kong")


def test_the_kong_leaves_its_owners_hand(page, kong_game):
    path, log, at = kong_game
    page.goto(path.as_uri() + f"#h=1&e={at['ankan'] - 1}&v=all")
    before = _held(page)
    assert before == log["table"]["hand_size"] + 1, "the dealer holds 16 tiles and its first draw"
    for view in ("all", "1"):
        page.goto(path.as_uri() + f"#h=1&e={at['ankan']}&v={view}")
        assert _held(page) == before - 4, f"view {view}: the four tiles of the kong left the hand"
    page.goto(path.as_uri() + f"#h=1&e={at['ankan']}&v=all")
    held = page.locator(f".seat[data-seat='{OWNER}'] .hand").get_attribute("data-tiles").split()
    assert "9p" not in held
    page.goto(path.as_uri() + f"#h=1&e={at['reveal']}&v=all")  # the hand's end: 16 concealed tiles, a kan counted as 3
    melds = page.locator(f".seat[data-seat='{OWNER}'] .meld").count()
    assert _held(page) + 3 * melds == log["table"]["hand_size"]
