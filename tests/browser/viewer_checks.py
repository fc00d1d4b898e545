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


def shown_tiles(page, seat: int) -> list[str]:
    """The faces drawn in a seat's concealed hand (short names; a tile face down is not counted)."""
    return [
        t
        for t in page.locator(f".seat[data-seat='{seat}'] .hand svg.tile").evaluate_all(
            "tiles => tiles.map(t => t.dataset.tile)"
        )
        if t != "back"
    ]


def check_hidden_hands(page, viewer: int, seats: int) -> None:
    """In seat ``viewer``'s view, no other seat's concealed tile is drawn face up, named in the DOM, or named by the
    line of the current event; the viewer's own are all face up."""
    for seat in range(seats):
        hand = page.locator(f".seat[data-seat='{seat}'] .hand")
        faces = shown_tiles(page, seat)
        if seat == viewer:
            assert faces and hand.get_attribute("data-tiles") is not None, f"seat {seat} sees its own hand"
            continue
        assert not faces, f"seat {viewer}'s view shows seat {seat}'s concealed tiles {faces}"
        assert hand.get_attribute("data-tiles") is None, f"seat {seat}'s tiles are named in the page"


FACES = """() => {
  const kinds = Array.from({length: 42}, (_, k) => "k" + k).concat(["k4r", "k13r", "k22r"]);
  const drawn = Array.from(document.querySelectorAll("svg.tile use")).map((u) => u.getAttribute("href").slice(1));
  return Array.from(new Set(kinds.concat(drawn))).filter((id) => {
    const symbol = document.getElementById(id);
    if (!symbol || symbol.tagName !== "symbol") return true;
    if (id === "kback") return symbol.childElementCount === 0;
    const face = symbol.querySelector(".face");
    const drawn = (c) => c.tagName !== "path" || (c.getAttribute("d") || "").length > 20;
    return !face || !Array.from(face.children).some(drawn);
  });
}"""


def missing_faces(page) -> list[str]:
    """The symbols of tile faces (every kind, the red fives, and every tile drawn) that are absent or draw nothing."""
    return page.evaluate(FACES)
