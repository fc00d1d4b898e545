"""One seat's view as named arrays: the observation of ``mjsim.env``, the same fields for every family.

The engine's fields (:func:`engine_fields`) come from :class:`mjsim.agents.observation.Observation`; each variant adds
its own through ``mjsim_observation_fields`` ("<variant>.<fact>"). Per-seat fields have one row per seat from
the observing seat (row 0 is itself) and at least four rows (a three-seat table leaves the last row empty).
docs/env.md lists every field.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces

from mjsim.agents.observation import SHOWN_TILES, Observation
from mjsim.agents.observation_fields import MAX_SEATS, ObservationField, by_seat, relative_seat
from mjsim.errors import MjsimError
from mjsim.hand.tiles import EAST, NUM_KINDS_WITH_FLOWERS, NUM_PHYSICAL, kind_of

KINDS = NUM_KINDS_WITH_FLOWERS  # 42: the 34 kinds of the hand and the 8 flowers
HAND_TILES = 24  # own tiles by id: more than any family's hand (16 tiles, a draw and flowers held at the deal)
RIVER = 64  # discards kept in order per seat (a seat that discards more keeps its first 64 here; counts hold all)
SCORE_BOUND = 10_000_000.0


def _counts(tiles: Sequence[int]) -> list[int]:
    """How many of each of the 42 kinds."""
    out = [0] * KINDS
    for t in tiles:
        out[kind_of(t)] += 1
    return out


def _padded(values: Sequence[int], length: int) -> list[int]:
    """The first ``length`` values, padded with -1."""
    return list(values[:length]) + [-1] * (length - len(values[:length]))


def _rows(obs: Observation, per_seat: Sequence[Any], empty: Any) -> list[Any]:
    """Per-seat rows from the observing seat, padded with ``empty`` rows."""
    return by_seat(obs, per_seat, empty)


def engine_fields(seats: int, red_ids: frozenset[int]) -> list[ObservationField]:
    """The fields every family has, from what the engine's observation holds (own hand, every seat, the table)."""
    rows = max(MAX_SEATS, seats)
    return [*_own_fields(red_ids), *_seat_fields(rows), *_declaration_fields(rows), *_table_fields(rows)]


def _own_fields(red_ids: frozenset[int]) -> list[ObservationField]:
    """The observing seat's concealed tiles."""
    return [
        ObservationField("hand", (KINDS,), 0, 4, lambda o: _counts(o.tiles), "own concealed tiles, counted by kind"),
        ObservationField(
            "hand_tiles",
            (HAND_TILES,),
            -1,
            NUM_PHYSICAL - 1,
            lambda o: _padded(sorted(o.tiles), HAND_TILES),
            "own concealed tiles by physical id (red fives have their own ids), ascending, -1 padded",
        ),
        ObservationField("hand_red", (1,), 0, 4, lambda o: [sum(t in red_ids for t in o.tiles)], "own red tiles"),
    ]


def _seat_fields(rows: int) -> list[ObservationField]:
    """One row per seat from the observing seat: melds, rivers, tiles set aside or shown."""
    blank = [0] * KINDS

    def melds(obs: Observation) -> list[list[int]]:
        return _rows(obs, [_counts([t for m in ms for t in m.tiles]) for ms in obs.melds], blank)

    def shown(obs: Observation) -> list[list[int]]:
        hands = obs.extra.get(SHOWN_TILES) or {}
        return _rows(obs, {s: _counts(tiles) for s, tiles in hands.items()}, blank)

    return [
        ObservationField("melds", (rows, KINDS), 0, 4, melds, "each seat's called sets, counted by kind"),
        ObservationField("meld_count", (rows,), 0, 8, lambda o: _rows(o, [len(m) for m in o.melds], 0), "sets called"),
        ObservationField(
            "river",
            (rows, KINDS),
            0,
            4,
            lambda o: _rows(o, [_counts(r) for r in o.rivers], blank),
            "each seat's discards, counted by kind",
        ),
        ObservationField(
            "river_order",
            (rows, RIVER),
            -1,
            KINDS - 1,
            lambda o: _rows(o, [_padded([kind_of(t) for t in r], RIVER) for r in o.rivers], [-1] * RIVER),
            "each seat's discards in order, by kind, -1 padded",
        ),
        ObservationField(
            "tsumogiri",
            (rows, RIVER),
            -1,
            1,
            lambda o: _rows(o, [_padded([int(x) for x in r], RIVER) for r in o.tsumogiri], [-1] * RIVER),
            "per discard of river_order: 1 when it was the tile just drawn",
        ),
        ObservationField(
            "set_aside",
            (rows, KINDS),
            0,
            4,
            lambda o: _rows(o, [_counts(s) for s in o.set_aside], blank),
            "tiles each seat set aside (flowers, Norths set aside as bonus tiles), by kind",
        ),
        ObservationField("shown", (rows, KINDS), 0, 4, shown, "concealed tiles a seat plays shown, by kind"),
    ]


def _declaration_fields(rows: int) -> list[ObservationField]:
    """One row per seat from the observing seat: its declaring discard, and whether the table has the seat."""
    return [
        ObservationField(
            "declared",
            (rows,),
            0,
            1,
            lambda o: _rows(o, [int(d) for d in o.declared], 0),
            "the seat made a declaring discard this hand",
        ),
        ObservationField(
            "declared_at",
            (rows,),
            -1,
            RIVER,
            lambda o: _rows(o, [-1 if d is None else min(d, RIVER) for d in o.declared_at], -1),
            "river index of that discard, -1 none",
        ),
        ObservationField(
            "seat_present", (rows,), 0, 1, lambda o: _rows(o, [1] * len(o.scores), 0), "1 for a seat the table has"
        ),
    ]


def _table_fields(rows: int) -> list[ObservationField]:
    """The hand's state: indicators, dealer and winds, counters, the wall, the tile open to claims."""
    return [
        ObservationField("indicators", (KINDS,), 0, 4, lambda o: _counts(o.indicators), "indicators shown, by kind"),
        ObservationField(
            "dealer", (1,), 0, rows - 1, lambda o: [relative_seat(o, o.dealer)], "the dealer, from this seat"
        ),
        ObservationField("round_wind", (1,), 0, 3, lambda o: [o.round_wind - EAST], "0 East, 1 South, 2 West, 3 North"),
        ObservationField("seat_wind", (1,), 0, 3, lambda o: [o.seat_wind - EAST], "this seat's wind, 0 East ..."),
        ObservationField("honba", (1,), 0, 1000, lambda o: [o.honba], "repeat counters"),
        ObservationField("sticks", (1,), 0, 1000, lambda o: [o.sticks], "declaration deposits on the table"),
        ObservationField("wall_left", (1,), 0, NUM_PHYSICAL, lambda o: [o.wall_left], "tiles left to draw"),
        ObservationField("hand_index", (1,), 0, 10_000, lambda o: [o.hand_index], "hands played before this one"),
        ObservationField(
            "last_discard",
            (2,),
            -1,
            max(rows, KINDS) - 1,
            lambda o: (
                [-1, -1]
                if o.last_discard is None
                else [relative_seat(o, o.last_discard[0]), kind_of(o.last_discard[1])]
            ),
            "the tile open to claims: [seat from this seat, kind], -1 none",
        ),
    ]


class ObservationEncoder:
    """Builds the observation space of a rule set and encodes a seat's view into it."""

    def __init__(self, rules) -> None:
        setup = rules.flow.setup
        self.seats = setup.seats
        self.fields = engine_fields(setup.seats, frozenset(setup.red_ids)) + variant_fields(rules)
        names = [f.name for f in self.fields]
        repeated = sorted({n for n in names if names.count(n) > 1})
        if repeated:
            raise MjsimError(f"observation fields named twice: {', '.join(repeated)} (mjsim_observation_fields)")
        self.space = spaces.Dict({f.name: self._box(f) for f in self.fields})
        self.space["scores"] = spaces.Box(-SCORE_BOUND, SCORE_BOUND, (max(MAX_SEATS, self.seats),), np.float32)

    @staticmethod
    def _box(f: ObservationField) -> spaces.Box:
        return spaces.Box(f.low, f.high, f.shape, np.int16)

    def encode(self, obs: Observation | None) -> dict[str, np.ndarray]:
        """A seat's view as one array per field (every field zero when there is no view: the game is over)."""
        if obs is None:
            return {name: np.zeros(box.shape, box.dtype).clip(box.low, box.high) for name, box in self.space.items()}
        out = {}
        for f in self.fields:
            values = np.asarray(f.encode(obs), dtype=np.int64).reshape(f.shape)
            out[f.name] = np.clip(values, f.low, f.high).astype(np.int16)
        scores = np.asarray(by_seat(obs, obs.scores, 0), dtype=np.float32)
        out["scores"] = np.clip(scores, -SCORE_BOUND, SCORE_BOUND)
        return out


def variant_fields(rules) -> list[ObservationField]:
    """The fields the rule set's variants add (``mjsim_observation_fields``), each checked."""
    found = rules.ask.observation_fields(rules)
    for f in found:
        if not isinstance(f, ObservationField) or "." not in f.name or f.low > f.high:
            raise MjsimError(
                f"mjsim_observation_fields: {f!r} is not an ObservationField named '<variant>.<fact>' with low <= high"
            )
    return found
