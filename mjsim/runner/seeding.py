"""Seeds derived by hashing: game i of a run with root seed S always gets the same seed."""

from __future__ import annotations

from mjsim.engine.wall import derive_seed


def game_seed(root_seed: int, index: int) -> int:
    """The seed of game ``index``: the same for any worker count, shard size or backend."""
    return derive_seed(root_seed, "game", index)


def shards(indices: list[int], size: int) -> list[list[int]]:
    """Split game indices into shards of at most ``size`` (the unit of work and of storage)."""
    size = max(1, size)
    return [indices[i : i + size] for i in range(0, len(indices), size)]
