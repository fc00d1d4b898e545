"""Hash-derived seeds and walls: a hand's wall depends only on (game seed, hand index)."""

from __future__ import annotations

import hashlib
import random


def derive_seed(*parts: int | str) -> int:
    """A 64-bit seed from any parts, independent of process, platform and worker count."""
    digest = hashlib.sha256("/".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "little")


def shuffled_wall(tiles: list[int], game_seed: int, hand_index: int) -> list[int]:
    """The tiles of one hand in draw order."""
    wall = list(tiles)
    random.Random(derive_seed(game_seed, "wall", hand_index)).shuffle(wall)
    return wall
