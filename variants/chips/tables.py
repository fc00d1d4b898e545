"""Chip (祝儀) tables of the platforms and the chips a win earns (other_variants.md §11)."""

from __future__ import annotations

from typing import NamedTuple

from mjsim.scoring import ANKAN


class ChipTable(NamedTuple):
    """Chips per event: ippatsu, each ura dora, each red five; a yakuman by ron and by tsumo (from each)."""

    ippatsu: int
    ura: int
    red: int
    yakuman_ron: int
    yakuman_tsumo: int
    counted_yakuman: bool  # a counted (kazoe) yakuman earns the yakuman chips too


TABLES = {
    # S001 4play: ippatsu (tsumo or ron), each ura 1; yakuman 10 (ron: the discarder; tsumo: each of three).
    "4play": ChipTable(1, 1, 0, 10, 10, True),
    # S004 fl8: ippatsu, each ura and kan-ura, each red (closed hands) 1; yakuman 10 all / 10 on ron, true only.
    "fl8": ChipTable(1, 1, 1, 10, 10, False),
    # S000 花鳥風月: ippatsu, ura, red (closed only); yakuman ron 15, tsumo 10 from each.
    "kachoufuugetsu": ChipTable(1, 1, 1, 15, 10, True),
}


def _han_of(score, name: str) -> int:
    """The han a named pattern scored in this win (its count, for dora-like patterns)."""
    return sum(h.value for h in score.hits if h.name == name)


def is_closed(melds) -> bool:
    """No open meld (a concealed kan keeps the hand closed)."""
    return all(m.type == ANKAN for m in melds)


def win_chips(
    table: ChipTable, score, closed: bool, tsumo: bool, red_closed_only: bool, per_multiple: bool = False
) -> dict[str, int]:
    """Chips per event that one win earns from each payer (ron: the discarder; tsumo: each other seat).

    ``per_multiple``: a double (or composite) yakuman earns the yakuman chips once per multiple.
    """
    out = {
        "ippatsu": table.ippatsu * (_han_of(score, "ippatsu") > 0),
        "ura": table.ura * _han_of(score, "ura_dora"),
        "red": table.red * _han_of(score, "aka_dora") if closed or not red_closed_only else 0,
    }
    detail = score.detail
    counted = (detail.limit or "").startswith("kazoe")
    if detail.yakuman or (counted and table.counted_yakuman):
        times = max(detail.yakuman, 1) if per_multiple else 1
        out["yakuman"] = times * (table.yakuman_tsumo if tsumo else table.yakuman_ron)
    return {event: n for event, n in out.items() if n}
