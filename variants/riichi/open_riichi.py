"""Open riichi (オープン立直) in play: the declaration that shows the hand, its record, and what the table sees.

An open declaration is a riichi discard whose ``tiles`` are the hand shown (the concealed tiles left after the
discard); the riichi family offers one beside each plain riichi when ``riichi.open_riichi`` is on. Once made, the
seat's concealed tiles and waits are public: every other seat's observation holds them under the generic keys
:data:`mjsim.agents.observation.SHOWN_TILES` and :data:`mjsim.agents.observation.SHOWN_WAITS`, which the generic bots
read (they do not discard a shown winning tile when another discard is left). The yaku and the deal-in payment are
scoring patterns (``variants/riichi/local_yaku.py``).
"""

from __future__ import annotations

from mjsim.agents.observation import SHOWN_TILES, SHOWN_WAITS
from mjsim.engine.actions import Action
from variants.riichi import options as opt
from variants.riichi.local_yaku import DEAL_IN_SITUATION, OPEN, OPEN_RIICHI_SITUATION
from variants.riichi.vocabulary import RIICHI
from variants.riichi.waits import seat_waits


def open_offers(game, seat: int, riichi: list[Action]) -> list[Action]:
    """With the option on, an open form of each riichi discard: the same discard, showing the rest of the hand."""
    if not riichi or not game.rules[opt.OPEN_RIICHI]:
        return []
    tiles = game.hand.seats[seat].tiles
    out = []
    for a in riichi:
        shown = list(tiles)
        shown.remove(a.tile)
        out.append(Action(RIICHI, a.tile, tuple(sorted(shown))))
    return out


def record(game, event) -> None:
    """A riichi discard that showed the hand marks the seat open for the rest of the hand."""
    if event.kind != RIICHI or not game.rules[opt.OPEN_RIICHI] or not game.choices:
        return
    chosen = game.choices[-1].get(event.seat)
    if chosen is not None and chosen.kind == RIICHI and chosen.tiles:
        game.hand.seats[event.seat].stash[OPEN] = chosen.tiles


def is_open(seat) -> bool:
    """Whether the seat (an engine ``Seat``) declared open riichi this hand."""
    return OPEN in seat.stash


def situation(game, seat: int, tsumo: bool) -> set[str]:
    """The open-riichi circumstances of a win: the winner's riichi is open; a ron's discarder is not in riichi."""
    hand = game.hand
    if not is_open(hand.seats[seat]):
        return set()
    out = {OPEN_RIICHI_SITUATION}
    source = None if tsumo else (hand.discard or hand.robbed)
    if source is not None and hand.seats[source[0]].declared_turn is None:
        out.add(DEAL_IN_SITUATION)
    return out


def observe(game, seat: int) -> dict | None:
    """The hands and waits of the other seats in open riichi (the drawn tile of the one on turn is not shown)."""
    if not game.rules[opt.OPEN_RIICHI]:
        return None
    hand = game.hand
    shown, waits = {}, {}
    for other, s in enumerate(hand.seats):
        if other == seat or not is_open(s):
            continue
        drawn = hand.last_draw if hand.current == other and hand.last_draw in s.tiles else None
        tiles = list(s.tiles)
        if drawn is not None:
            tiles.remove(drawn)
        shown[other] = tuple(sorted(tiles))
        waits[other] = tuple(sorted(seat_waits(s, without=drawn)))
    return {SHOWN_TILES: shown, SHOWN_WAITS: waits} if shown else None
