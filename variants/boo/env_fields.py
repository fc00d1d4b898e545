"""ブー's facts as numbers for learning agents (``mjsim_observation_fields``, docs/env.md)."""

from __future__ import annotations

from mjsim.agents.observation_fields import ObservationField

WIN = "boo.win"
TOPS = ("A", "B", "C")


def fields(rules) -> list[ObservationField]:
    """The outlook of a win this seat can make now (``mjsim_observe``)."""
    about = "a win now: [can win, ends the game, tops, top type 0 A 1 B 2 C -1 none, forbidden]"
    return [ObservationField(WIN, (5,), -1, 2, _outlook, about)]


def _outlook(obs) -> list[int]:
    win = obs.extra.get(WIN)
    if not win:
        return [0, 0, 0, -1, 0]
    kind = TOPS.index(win["top_type"]) if win["top_type"] in TOPS else -1
    return [1, int(win["ends"]), int(win["top"]), kind, int(win["forbidden"] is not None)]
