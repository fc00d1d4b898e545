"""成都's facts as numbers for learning agents (``mjsim_observation_fields``, docs/env.md)."""

from __future__ import annotations

from mjsim.agents.observation_fields import MAX_SEATS, ObservationField, by_seat

VOIDS, LEFT = "chengdu.voids", "chengdu.left"


def fields(rules) -> list[ObservationField]:
    """Each seat's declared void suit, and who has left the hand (won, in 血战到底)."""
    rows = max(MAX_SEATS, rules.flow.setup.seats)
    return [
        ObservationField(
            VOIDS, (rows,), -1, 2, lambda o: by_seat(o, _voids(o)), "each seat's void suit: 0 m, 1 p, 2 s, -1 not yet"
        ),
        ObservationField(
            LEFT, (rows,), 0, 1, lambda o: by_seat(o, [int(x) for x in o.extra.get(LEFT, ())], 0), "the seat has won"
        ),
    ]


def _voids(obs) -> dict[int, int]:
    """The declared voids as seat -> suit (a seat not yet declared, or an implicit void, is left out)."""
    return {seat: suit for seat, suit in (obs.extra.get(VOIDS) or {}).items() if suit is not None}
