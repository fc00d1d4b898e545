"""Seat winds (門風) from the wall break, and which flowers a seat wind owns (taiwan.md §2, §8)."""

from __future__ import annotations

import random

from mjsim.engine.wall import derive_seed
from mjsim.hand.tiles import FLOWER
from variants.taiwan import options as opt

SEASONS = ("春", "夏", "秋", "冬")
PLANTS = ("梅", "蘭", "竹", "菊")


def dice_total(game_seed: int, hand_index: int) -> int:
    """The dealer's three dice for one hand, derived from the game seed (reproducible)."""
    rng = random.Random(derive_seed(game_seed, "taiwan.dice", hand_index))
    return sum(rng.randint(1, 6) for _ in range(3))


def east_seat(dealer: int, total: int) -> int:
    """The seat whose wall is broken (開門): counting the dealer as 1, counter-clockwise, to ``total``."""
    return (dealer + total - 1) % 4


def seat_winds(game) -> tuple[int, int, int, int]:
    """The wind index (0 = East) of each seat in the hand in play, by ``seat_wind_mode``."""
    hand = game.hand
    cached = hand.stash.get("taiwan.winds")
    if cached is None:
        east = hand.dealer
        if game.rules[opt.SEAT_WIND_MODE] == "wall_break":
            east = east_seat(hand.dealer, dice_total(game.seed, hand.index))
        cached = hand.stash["taiwan.winds"] = tuple((seat - east) % 4 for seat in range(4))
    return cached


def seat_of_wind(game, wind: int) -> int:
    """The seat holding wind index ``wind`` in the hand in play."""
    return seat_winds(game).index(wind)


def flower_index(kind: int) -> int:
    """0-3 for the seasons 春夏秋冬, 4-7 for the plants 梅蘭竹菊."""
    return kind - FLOWER


def own_flower(kind: int, wind: int) -> bool:
    """正花: East owns 春 and 梅, South 夏 and 蘭, West 秋 and 竹, North 冬 and 菊."""
    return flower_index(kind) % 4 == wind


def flower_name(kind: int) -> str:
    """The hanzi of a flower kind."""
    index = flower_index(kind)
    return SEASONS[index] if index < 4 else PLANTS[index - 4]
