"""Build a :class:`WinContext` from text: ``mpsz`` hands, melds, winds and the family's table facts.

Used by ``mjsim score`` and by tests; every bad piece of input raises an
:class:`MjsimError` naming the piece.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from mjsim.errors import MjsimError
from mjsim.hand.notation import parse_kinds, parse_tiles
from mjsim.hand.tiles import kind_of
from mjsim.scoring import ANKAN, CHI, KAN, PON, Meld, WinContext

WIND_LETTERS = {"E": 27, "S": 28, "W": 29, "N": 30}
_MELD_TYPES = {"chi": CHI, "pon": PON, "kan": KAN, "minkan": KAN, "kakan": KAN, "ankan": ANKAN}


def wind(letter: str, what: str = "wind") -> int:
    """The wind kind of ``E``/``S``/``W``/``N``."""
    try:
        return WIND_LETTERS[letter.strip().upper()]
    except KeyError:
        raise MjsimError(f"{what}: bad wind {letter!r}; expected one of E, S, W, N") from None


def parse_meld(text: str, red_fives: int, used: set[int]) -> Meld:
    """``chi:123m``, ``pon:555z``, ``kan:1111p``, ``ankan:9999s``; the type may be left out."""
    kind, _, tiles_text = text.rpartition(":")
    tiles = parse_tiles(tiles_text, red_fives, used)
    kinds = sorted(kind_of(t) for t in tiles)
    if not kind:
        kind = {3: "pon" if len(set(kinds)) == 1 else "chi", 4: "kan"}.get(len(tiles), "?")
    if kind.lower() not in _MELD_TYPES:
        raise MjsimError(f"meld {text!r}: unknown meld type {kind!r}; expected chi, pon, kan or ankan")
    meld_type = _MELD_TYPES[kind.lower()]
    _check_meld_shape(text, meld_type, kinds)
    return Meld(meld_type, tuple(tiles), called=tiles[0] if meld_type != ANKAN else None)


def _check_meld_shape(text: str, meld_type: str, kinds: list[int]) -> None:
    """A chi is a run of one suit; a pon three, a kan four of one kind."""
    if meld_type == CHI:
        ok = (
            len(kinds) == 3
            and kinds[0] < 27
            and kinds[0] // 9 == kinds[2] // 9
            and kinds == list(range(kinds[0], kinds[0] + 3))
        )
    else:
        ok = len(set(kinds)) == 1 and len(kinds) == (3 if meld_type == PON else 4)
    if not ok:
        raise MjsimError(f"meld {text!r}: tiles do not form a {meld_type}")


def win_context(
    hand: str,
    win: str | None = None,
    *,
    melds: Sequence[str] = (),
    tsumo: bool = False,
    situation: Iterable[str] = (),
    seat_wind: str = "E",
    round_wind: str = "E",
    discarder: str | None = None,
    red_fives: int = 3,
    table_tiles: Mapping[str, Sequence[str]] | None = None,
    table: Mapping[str, Any] | None = None,
) -> WinContext:
    """The situation of a win described in text (the win tile defaults to the hand's last tile).

    ``table`` is the family's table facts of the win (its own keys, see ``WinContext.table``); ``table_tiles``
    those of them that are tiles, as text (``{"some_key": ["3m4z"]}``), parsed with the hand so that no tile is
    used more often than the set holds.
    """
    used: set[int] = set()
    parsed_melds = tuple(parse_meld(m, red_fives, used) for m in melds)
    concealed = parse_tiles(hand, red_fives, used)
    win_tile = _win_tile(hand, win, concealed, parsed_melds, red_fives, used)
    seat = wind(seat_wind, "seat wind")
    from_seat = None if tsumo else _discarder(discarder, seat)
    facts = dict(table or {})
    for key, texts in (table_tiles or {}).items():
        facts[key] = tuple(t for text in texts for t in parse_tiles(text, red_fives, used))
    return WinContext(
        concealed=tuple(concealed),
        win_tile=win_tile,
        melds=parsed_melds,
        tsumo=tsumo,
        seat_wind=seat,
        round_wind=wind(round_wind, "round wind"),
        discarder=from_seat,
        situation=frozenset(situation),
        table=facts,
    )


def _win_tile(hand: str, win: str | None, concealed: list[int], melds, red_fives: int, used: set[int]) -> int:
    """The winning tile: added when the hand is one short, else found among the concealed tiles."""
    if not concealed and win is None:
        raise MjsimError("the hand is empty")
    size = len(concealed) + 3 * len(melds)
    if win is None:
        return concealed[-1]
    kinds = parse_kinds(win)
    if len(kinds) != 1:
        raise MjsimError(f"--win takes one tile, got {win!r}")
    if size == 13:
        tile = parse_tiles(win, red_fives, used)[0]
        concealed.append(tile)
        return tile
    for tile in reversed(concealed):
        if kind_of(tile) == kinds[0]:
            return tile
    raise MjsimError(f"winning tile {win} is not in the hand {hand!r}")


def _discarder(letter: str | None, seat: int) -> int:
    """Wind index of the discarder; by default the winner's left-hand neighbour."""
    if letter is None:
        return (seat - 27 + 3) % 4
    index = wind(letter, "discarder") - 27
    if index == seat - 27:
        raise MjsimError("the discarder cannot be the winner")
    return index


def refuse_impossible(ctx: WinContext, rules) -> None:
    """Raise an :class:`MjsimError` naming the conflict when the rule set's variants say ``ctx`` cannot happen.

    The families own the rule (``mjsim_check_win``): the core only asks, where a win comes from outside a game.
    """
    if rules.ask is None:  # rules built by hand, without a plugin manager: nobody to ask
        return
    conflicts = rules.ask.check_win(rules, ctx)
    if conflicts:
        raise MjsimError(f"impossible win: {conflicts[0]}")
