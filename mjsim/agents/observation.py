"""One seat's view of the game: the only thing agents see.

It holds the seat's own concealed tiles and what is public (melds, rivers,
declarations and the discard that made each, which discards were the tile
just drawn (tsumogiri), indicators shown, scores); never another seat's
concealed tiles, the wall or the hidden indicators, nor, at a table whose concealed
kans lie face down (``TableSetup.face_down_kans``: 台湾), the tiles of another seat's
concealed kan before the hand ends (it shows as ``Meld("ankan", ())``). Variants may add
to ``extra``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mjsim.engine.state import END_OFFER, ENDED, Game
from mjsim.hand.tiles import EAST, NUM_KINDS, kind_of
from mjsim.scoring import ANKAN, Meld

SHOWN_TILES = "shown_tiles"
"""``extra`` key a variant sets when some seats play with their hand shown: {seat: concealed tiles shown}."""
SHOWN_WAITS = "shown_waits"
"""``extra`` key beside :data:`SHOWN_TILES`: {seat: the kinds that complete its shown hand}; bots avoid them."""


@dataclass
class Observation:
    """What ``seat`` knows when it must decide: a snapshot its agent reads and never changes.

    A dataclass with its own ``__init__`` (not a frozen one): the compiled build then constructs it natively,
    where a frozen dataclass's generated ``__init__`` is interpreted code setting each field through
    ``object.__setattr__`` (half the cost of ``observe()`` with fast bots). Fields, equality, ``repr`` and
    ``dataclasses.replace`` are the dataclass's as before.
    """

    seat: int
    dealer: int
    round_wind: int
    honba: int
    sticks: int  # declaration deposits on the table
    scores: tuple[int, ...]  # one per seat: its length is the table's seat count
    tiles: tuple[int, ...]  # own concealed tiles
    counts: tuple[int, ...]  # own concealed counts
    melds: tuple[tuple[Meld, ...], ...]  # every seat's melds
    rivers: tuple[tuple[int, ...], ...]  # every seat's discards
    declared: tuple[bool, ...]  # one per seat: it made a declaring discard this hand (the riichi family: riichi)
    indicators: tuple[int, ...]  # the indicators turned so far (the riichi family: dora indicators)
    wall_left: int
    last_discard: tuple[int, int] | None  # (seat, tile) open to claims
    extra: dict[str, Any] = field(default_factory=dict)
    declared_at: tuple[int | None, ...] = ()  # one per seat: river index of its declaring discard (None: none)
    tsumogiri: tuple[tuple[bool, ...], ...] = ()  # per seat, per river tile: it was the tile just drawn
    set_aside: tuple[tuple[int, ...], ...] = ()  # every seat's tiles set aside (flowers, sanma's Norths): public
    hand_index: int = 0  # which hand of the game this is (0 for the first): a bot that plans per hand reads it

    def __init__(
        self,
        seat: int,
        dealer: int,
        round_wind: int,
        honba: int,
        sticks: int,
        scores: tuple[int, ...],
        tiles: tuple[int, ...],
        counts: tuple[int, ...],
        melds: tuple[tuple[Meld, ...], ...],
        rivers: tuple[tuple[int, ...], ...],
        declared: tuple[bool, ...],
        indicators: tuple[int, ...],
        wall_left: int,
        last_discard: tuple[int, int] | None,
        extra: dict[str, Any] | None = None,
        declared_at: tuple[int | None, ...] = (),
        tsumogiri: tuple[tuple[bool, ...], ...] = (),
        set_aside: tuple[tuple[int, ...], ...] = (),
        hand_index: int = 0,
    ) -> None:
        """The fields above, in their order (``extra`` defaults to a new empty dict)."""
        self.seat = seat
        self.dealer = dealer
        self.round_wind = round_wind
        self.honba = honba
        self.sticks = sticks
        self.scores = scores
        self.tiles = tiles
        self.counts = counts
        self.melds = melds
        self.rivers = rivers
        self.declared = declared
        self.indicators = indicators
        self.wall_left = wall_left
        self.last_discard = last_discard
        self.extra = {} if extra is None else extra
        self.declared_at = declared_at
        self.tsumogiri = tsumogiri
        self.set_aside = set_aside
        self.hand_index = hand_index

    @property
    def seat_wind(self) -> int:
        """The seat's wind kind (27 = East)."""
        return EAST + (self.seat - self.dealer) % len(self.scores)


_HAND_OVER = (ENDED, END_OFFER)


def _face_down(melds) -> tuple[Meld, ...]:
    """Another seat's melds with each concealed kan face down: its type shows, its tiles (``()``) do not."""
    return tuple(Meld(ANKAN, ()) if m.type == ANKAN else m for m in melds)


def observe(game: Game, seat: int) -> Observation:
    """The view of ``seat`` now."""
    hand = game.hand  # typed: compiled, each read of the game, the hand and the seats is then a native field
    assert hand is not None  # a seat observes during a hand (narrowed for mypyc)
    me = hand.seats[seat]
    extra = game.rules.flow.observe(game, seat)
    # One pass over the seats for every per-seat field (this runs at every decision of every seat).
    melds: list[tuple[Meld, ...]] = []
    rivers: list[tuple[int, ...]] = []
    declared: list[bool] = []
    declared_at: list[int | None] = []
    tsumogiri: list[tuple[bool, ...]] = []
    set_aside: list[tuple[int, ...]] = []
    face_down = game.rules.flow.setup.face_down_kans and hand.phase not in _HAND_OVER
    for index, s in enumerate(hand.seats):
        melds.append(_face_down(s.melds) if face_down and index != seat else tuple(s.melds))
        rivers.append(tuple(s.river))
        declared.append(s.declared_turn is not None)
        declared_at.append(s.declared_turn)
        tsumogiri.append(tuple(s.tsumogiri))
        set_aside.append(tuple(s.flowers))
    return Observation(
        seat=seat,
        dealer=hand.dealer,
        round_wind=hand.round_wind,
        honba=hand.honba,
        sticks=game.sticks,
        scores=tuple(game.scores),
        tiles=tuple(me.tiles),
        counts=tuple(me.counts),
        melds=tuple(melds),
        rivers=tuple(rivers),
        declared=tuple(declared),
        indicators=tuple(hand.indicators_shown),
        wall_left=len(hand.wall),
        last_discard=hand.discard or (None if face_down and hand.rob_kind == ANKAN else hand.robbed),
        extra=extra,
        declared_at=tuple(declared_at),
        tsumogiri=tuple(tsumogiri),
        set_aside=tuple(set_aside),
        hand_index=hand.index,
    )


def visible_counts(obs: Observation) -> list[int]:
    """How many of each kind this seat can see: own hand, every river and meld, the indicators, tiles set aside."""
    seen = list(obs.counts)
    for river in obs.rivers:
        for t in river:
            seen[kind_of(t)] += 1
    for melds in obs.melds:
        for m in melds:
            for t in m.tiles:
                seen[kind_of(t)] += 1
    for t in obs.indicators:
        seen[kind_of(t)] += 1
    for tiles in obs.set_aside:
        for t in tiles:
            if kind_of(t) < NUM_KINDS:  # flowers are no kind of the hand
                seen[kind_of(t)] += 1
    return seen
