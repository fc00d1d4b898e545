"""What a test reads off a viewer page in the browser, and the checks of it against the game's log."""

from __future__ import annotations

from typing import Any

from mjsim.hand.tiles import kind_of
from mjsim.view.tiles import tile_code


def shown_scores(page) -> list[float]:
    """The score drawn beside each seat."""
    return [float(t) for t in page.locator(".seat .score").all_inner_texts()]


def shown_hands(page) -> list[str]:
    """Each seat's concealed tiles as drawn (``data-tiles``: short names, sorted)."""
    return [el.get_attribute("data-tiles") for el in page.locator(".seat .hand").all()]


def where(page) -> str:
    """The position line: hand n/N, its label, event e/E."""
    return page.locator("#where").inner_text()


def check_scores_after_each_hand(page, log: dict[str, Any]) -> None:
    """Step to the end of every hand with the keyboard and compare the drawn scores with the log's records."""
    page.keyboard.press("Home")
    hands = [h for h in log["hands"] if h.get("record")]
    for number, hand in enumerate(hands, 1):
        page.evaluate(f"window.mjsimViewer.go({number}, 0)")
        page.keyboard.press("End")
        assert f"hand {number}/" in where(page)
        drawn, recorded = shown_scores(page), [float(s) for s in hand["record"]["scores"]]
        assert drawn == recorded, f"hand {number}: the viewer shows {drawn}, the log records {recorded}"


def deal_names(log: dict[str, Any], hand: int) -> list[str]:
    """The short names of each seat's dealt tiles in hand ``hand`` (0-based), sorted like the page sorts them."""
    return [" ".join(tile_code(kind_of(t)) for t in sorted(tiles)) for tiles in log["hands"][hand]["deal"]]
