"""换三张, the exchange of three tiles (chengdu.md §2): after the deal each seat passes three tiles of one suit.

The direction is drawn per hand from the game seed (never global random state). Seats sit counter-clockwise
in turn order, so passing counter-clockwise goes to the next seat (下家, seat + 1), clockwise to the previous
one (上家, seat − 1), across to the seat opposite.
"""

from __future__ import annotations

import random
from itertools import combinations

from mjsim.engine.actions import Action
from mjsim.engine.wall import derive_seed
from mjsim.hand.tiles import kind_of
from variants.chengdu import options as opt
from variants.chengdu.tiles import suit_of_tile

EXCHANGE = "exchange"
DONE = "chengdu.exchange"  # hand stash: the direction once the tiles have been passed
SHIFTS = {"clockwise": 3, "counter_clockwise": 1, "across": 2}  # receiver = (giver + shift) % 4


def direction(game) -> str:
    """This hand's passing direction, drawn from the game seed and the hand's index."""
    rng = random.Random(derive_seed(game.seed, "chengdu.exchange", game.hand.index))
    return rng.choice(sorted(SHIFTS))


def receiver(game, giver: int) -> int:
    """The seat that receives ``giver``'s three tiles this hand."""
    return (giver + SHIFTS[direction(game)]) % 4


def pending(game) -> bool:
    """The exchange is on, its tiles have not been passed yet in this hand, and every seat plays the hand
    [proposal: with a seat sitting out, nobody could pass to it or receive from it, so there is no exchange]."""
    hand = game.hand
    return game.rules[opt.EXCHANGE_THREE] and DONE not in hand.stash and not any(s.left for s in hand.seats)


def choices(game, seat: int) -> list[Action]:
    """Every distinct set of three concealed tiles of one suit (equal kinds counted once)."""
    tiles = sorted(game.hand.seats[seat].tiles)
    seen: set[tuple[int, ...]] = set()
    out = []
    for three in combinations(tiles, 3):
        kinds = tuple(kind_of(t) for t in three)
        if len({suit_of_tile(t) for t in three}) == 1 and kinds not in seen:
            seen.add(kinds)
            out.append(Action(EXCHANGE, three[0], three))
    return out


def passes(game, chosen: dict) -> list[tuple[int, int, int]] | None:
    """The (giver, receiver, tile) moves of a finished exchange round; None for any other round."""
    if not chosen or any(a.kind != EXCHANGE for a in chosen.values()):
        return None
    game.hand.stash[DONE] = direction(game)
    return [(seat, receiver(game, seat), tile) for seat in sorted(chosen) for tile in chosen[seat].tiles]
