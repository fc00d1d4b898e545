"""台湾's facts as numbers for learning agents (``mjsim_observation_fields``, docs/env.md); flowers are in the
engine's ``set_aside`` field and seat winds follow from ``dealer``."""

from __future__ import annotations

from mjsim.agents.observation_fields import ObservationField

BLOCKED = "taiwan.blocked"


def fields(rules) -> list[ObservationField]:
    """Whether 過水 blocks this seat from winning on a discard now."""
    return [ObservationField(BLOCKED, (1,), 0, 1, lambda o: [int(bool(o.extra.get(BLOCKED)))], "過水: no ron now")]
