"""What a worker does with a shard: play its games and return plain records."""

from __future__ import annotations

import logging
from typing import Any

from mjsim.runner.games import as_dict, play_game
from mjsim.runner.spec import RunSpec

log = logging.getLogger("mjsim.runner")


def play_shard(spec: RunSpec, indices: list[int]) -> list[dict[str, Any]]:
    """Play the games of one shard; each game's seed comes from (root seed, game index) only."""
    rules = spec.rules()
    records = []
    for index in indices:
        seed, agents, rotation = spec.game(index)
        record = as_dict(play_game(rules, seed, agents, index))
        record["rotation"] = rotation
        records.append(record)
    log.debug("shard %s-%s done", indices[0], indices[-1])
    return records
