"""The options of three-player riichi (三人麻雀), each with Tenhou's 三麻 rule as its default (docs/sanma.md)."""

from __future__ import annotations

from mjsim.rules.options import Declarations, Numbers
from variants.riichi.api import spread_parser, uma_numbers

UMA_TABLE = {
    "none": (0, 0, 0),
    "0-15": (15, 0, -15),
    "0-20": (20, 0, -20),
    "0-30": (30, 0, -30),
    "5-5-10": (5, 5, -10),
}
"""Rank prizes in thousands for 1st, 2nd and 3rd place."""

SEATS = 3
# A numeric option's numbers= are those it takes besides its named choices (a honba is paid in hundreds).
OPTIONS = Declarations("sanma")

KITA = OPTIONS.option(
    "kita",
    "nuki",
    "North: set aside as 抜きドラ with a replacement draw (nuki), or a plain honour (off)",
    choices=("nuki", "off"),
)
TSUMO = OPTIONS.option(
    "tsumo",
    "loss",
    "a tsumo: the absent North's share is lost (ツモ損), or split between the two payers (折半)",
    choices=("loss", "split"),
)
HONBA_RON = OPTIONS.option(
    "honba_ron",
    200,
    "points a honba adds to a ron, paid by the discarder",
    choices=(0, 100, 200, 300),
    numbers=Numbers(0, 3000, step=100),
)
HONBA_TSUMO_EACH = OPTIONS.option(
    "honba_tsumo_each",
    100,
    "points a honba adds to a tsumo, from each of the two payers",
    choices=(0, 100, 150),
    numbers=Numbers(0, 1500, step=50),
)
UMA = OPTIONS.option(
    "uma",
    "0-20",
    "rank prizes, thousands: 0-b = +b/0/-b (0-20, ...), 5-5-10 = +5/+5/-10, none, or per rank (e.g. 20,5,-25)",
    choices=tuple(UMA_TABLE),
    parser=spread_parser(UMA_TABLE, SEATS),
    numbers=uma_numbers(SEATS),
)
NUKI_ROB = OPTIONS.option(
    "nuki_rob",
    "any",
    "who may ron a North being set aside: any hand waiting on it (no 槍槓), only kokushi, or nobody",
    choices=("any", "kokushi", "none"),
)
NUKI_CANCELS_IPPATSU = OPTIONS.option(
    "nuki_cancels_ippatsu", True, "a North set aside by anyone ends every riichi player's ippatsu"
)
