"""Fill a sink (a store, or a list) with the games of a run that are still missing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mjsim.progress import Progress
from mjsim.runner.backends import execute
from mjsim.runner.seeding import shards
from mjsim.runner.spec import RunSpec

DEFAULT_SHARD = 10


def fill(
    spec: RunSpec,
    games: int,
    sink: Callable[[list[dict[str, Any]]], None],
    *,
    done: set[int] = frozenset(),
    backend: str = "multiprocessing",
    workers: int | None = None,
    address: str | None = None,
    shard_size: int = DEFAULT_SHARD,
    label: str = "",
) -> int:
    """Play games 0..games-1 that are not in ``done``, handing each finished shard to ``sink``; returns games played."""
    missing = [i for i in range(games) if i not in done]
    played = 0
    with Progress(games, games - len(missing), label=label) as progress:
        for _, records in execute(spec, shards(missing, shard_size), backend, workers, address):
            sink(records)
            played += len(records)
            progress.advance(len(records))
    return played


def collect(spec: RunSpec, games: int, **kwargs: Any) -> list[dict[str, Any]]:
    """Play a run in memory and return its records in game order."""
    records: list[dict[str, Any]] = []
    fill(spec, games, records.extend, **kwargs)
    return sorted(records, key=lambda r: r["index"])
