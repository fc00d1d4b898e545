"""地雷's facts as numbers for learning agents (``mjsim_observation_fields``, docs/env.md)."""

from __future__ import annotations

from mjsim.agents.observation_fields import ObservationField
from variants.jirai.options import POOL_YAKU

FORBIDDEN, COUNT = "jirai.forbidden", "jirai.forbidden_count"


def fields(rules) -> list[ObservationField]:
    """The forbidden yaku (only the dealer sees them, by option) and how many there are (by option)."""
    return [
        ObservationField(
            FORBIDDEN, (len(POOL_YAKU),), -1, 1, _forbidden, f"per pool yaku {POOL_YAKU}: 1 forbidden, -1 unseen"
        ),
        ObservationField(
            COUNT,
            (1,),
            -1,
            len(POOL_YAKU),
            lambda o: [o.extra.get("jirai_forbidden_count", -1)],
            "how many yaku are forbidden, -1 unseen",
        ),
    ]


def _forbidden(obs) -> list[int]:
    """1 per forbidden pool yaku, 0 per allowed one; -1 everywhere for a seat that may not see them."""
    seen = obs.extra.get("jirai_forbidden")
    return [-1] * len(POOL_YAKU) if seen is None else [int(name in seen) for name in POOL_YAKU]
