"""The options of three-player riichi (三人麻雀), each with Tenhou's 三麻 rule as its default (docs/sanma.md)."""

from __future__ import annotations

from mjsim.rules.numbers import Numbers
from variants.riichi.api import spread_parser, uma_numbers

KITA = "sanma.kita"
TSUMO = "sanma.tsumo"
HONBA_RON = "sanma.honba_ron"
HONBA_TSUMO_EACH = "sanma.honba_tsumo_each"
UMA = "sanma.uma"
NUKI_ROB = "sanma.nuki_rob"
NUKI_CANCELS_IPPATSU = "sanma.nuki_cancels_ippatsu"

UMA_TABLE = {
    "none": (0, 0, 0),
    "0-15": (15, 0, -15),
    "0-20": (20, 0, -20),
    "0-30": (30, 0, -30),
    "5-5-10": (5, 5, -10),
}
"""Rank prizes in thousands for 1st, 2nd and 3rd place."""

_OPTIONS = (
    (
        "kita",
        "nuki",
        "North: set aside as 抜きドラ with a replacement draw (nuki), or a plain honour (off)",
        ("nuki", "off"),
    ),
    (
        "tsumo",
        "loss",
        "a tsumo: the absent North's share is lost (ツモ損), or split between the two payers (折半)",
        ("loss", "split"),
    ),
    ("honba_ron", 200, "points a honba adds to a ron, paid by the discarder", (0, 100, 200, 300)),
    ("honba_tsumo_each", 100, "points a honba adds to a tsumo, from each of the two payers", (0, 100, 150)),
    (
        "uma",
        "0-20",
        "rank prizes, thousands: 0-b = +b/0/-b (0-20, ...), 5-5-10 = +5/+5/-10, none, or per rank (e.g. 20,5,-25)",
        tuple(UMA_TABLE),
    ),
    (
        "nuki_rob",
        "any",
        "who may ron a North being set aside: any hand waiting on it (no 槍槓), only kokushi, or nobody",
        ("any", "kokushi", "none"),
    ),
    ("nuki_cancels_ippatsu", True, "a North set aside by anyone ends every riichi player's ippatsu", None),
)


SEATS = 3
PARSERS = {"uma": spread_parser(UMA_TABLE, SEATS)}  # options whose values are not only their named choices
# The numbers each numeric option takes besides its named choices (a honba is paid in hundreds).
RANGES = {
    "honba_ron": Numbers(0, 3000, step=100),
    "honba_tsumo_each": Numbers(0, 1500, step=50),
    "uma": uma_numbers(SEATS),
}


def declare(registry) -> None:
    """Declare the sanma options (``sanma.<name>``)."""
    for name, default, description, choices in _OPTIONS:
        registry.add(name, default, description, choices=choices, parser=PARSERS.get(name), numbers=RANGES.get(name))
