"""The game state: owned and changed only by the engine.

Variant-private data lives in ``stash`` dictionaries keyed by the variant's
own keys, never in new fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mjsim.engine.actions import Action, Event, Transfer
from mjsim.hand.tiles import EAST, NUM_KINDS, kind_of
from mjsim.scoring import Meld

TURN, CLAIM, ROB, ENDED = "turn", "claim", "rob", "ended"
"""Phases of a hand: a seat acts on its own turn; others answer a discard; others may rob a kan."""
DECLARE = "declare"
"""A phase before the dealer's first draw in which seats make the choices a variant asks for (定缺)."""
PREDRAW = "predraw"
"""A phase before a seat's turn draw in which it picks one of the choices ``mjsim_before_draw`` offers."""
END_OFFER = "end_offer"
"""A finished hand whose next hand waits for one seat's answer: end the game or play on (``mjsim_end_game_offer``)."""
BONUS = "bonus"
"""A phase right after a seat set aside a bonus tile it drew, in which it picks one of the choices
``mjsim_after_bonus`` offers (台湾: hide the eighth flower or show it), before its replacement draw."""


@dataclass(slots=True)
class Seat:
    """One seat's tiles and status in the current hand."""

    tiles: list[int] = field(default_factory=list)  # concealed physical ids
    counts: list[int] = field(default_factory=lambda: [0] * 34)
    melds: list[Meld] = field(default_factory=list)
    river: list[int] = field(default_factory=list)  # every discard, called or not
    tsumogiri: list[bool] = field(default_factory=list)  # per river tile: it was the tile just drawn
    called_from_river: set[int] = field(default_factory=set)  # indices of river tiles others took
    flowers: list[int] = field(default_factory=list)
    declared_turn: int | None = None  # index in the river of the seat's declaring discard
    declared_calls: int = 0  # calls made in the hand when the seat declared (the riichi family: double, ippatsu)
    skipped_after_declaring: bool = False  # passed a winning tile after declaring (riichi: furiten for the hand)
    waits: tuple[int, ...] | None = None  # kinds that complete the hand; None = not computed
    discarded_kinds: set[int] = field(default_factory=set)
    skipped_win: bool = False  # passed a winning tile since the last own discard
    left: bool = False  # the seat has won and left the hand (blood battle), or sits it out
    won_tiles: list[int] = field(default_factory=list)  # self-drawn winning tiles set aside by a seat that stays
    stash: dict[str, Any] = field(default_factory=dict)

    def add(self, tile: int) -> None:
        """Take a tile into the concealed hand (a dealt bonus tile is held uncounted until it is set aside)."""
        self.tiles.append(tile)
        kind = kind_of(tile)
        if kind < NUM_KINDS:
            self.counts[kind] += 1
        self.waits = None

    def remove(self, tile: int) -> None:
        """Take a tile out of the concealed hand."""
        self.tiles.remove(tile)
        kind = kind_of(tile)
        if kind < NUM_KINDS:
            self.counts[kind] -= 1
        self.waits = None


@dataclass(slots=True)
class HandState:
    """One hand (局): the walls, the seats and whose move it is."""

    index: int
    dealer: int
    round_wind: int  # 27 East, 28 South, ...
    honba: int
    wall: list[int]  # live wall in draw order; replacement draws without a dead wall come from its end
    rinshan: list[int]  # replacement tiles of the dead wall
    indicators: list[int]  # dead-wall tiles that can be turned as indicators: shown at 2i, hidden at 2i+1
    seats: list[Seat]
    moved: list[int] = field(default_factory=list)  # live tiles moved into the dead wall after kans
    indicators_shown: list[int] = field(default_factory=list)  # the indicators turned so far
    phase: str = TURN
    current: int = 0
    last_draw: int | None = None
    discard: tuple[int, int] | None = None  # (seat, tile) open to claims
    robbed: tuple[int, int] | None = None  # (seat, tile) of a kan open to robbing
    rob_kind: str = "kan"  # "kan" (an added kan), "ankan" (a concealed kan: only special hands may rob it) or
    # "set_aside" (a tile set aside by choice, SET_ASIDE)
    turn_count: int = 0  # discards made this hand
    calls_made: int = 0
    kans: int = 0
    after_kan: bool = False  # the current draw is a replacement tile
    bonus_tile: int | None = None  # phase BONUS: the bonus tile the seat on turn just set aside
    pending_indicators: int = 0  # kan indicators to turn after the next discard
    outcome: dict[str, Any] | None = None
    declared: dict[int, Action] = field(default_factory=dict)  # each seat's choice in the declaration phase
    start_scores: tuple[int, ...] = ()
    stash: dict[str, Any] = field(default_factory=dict)

    def open_tile(self) -> tuple[int, int]:
        """(seat, tile) the claimants answer: the discard in phase CLAIM, else the kan open to robbing."""
        source = self.discard if self.phase == CLAIM else self.robbed
        assert source is not None  # only asked while a discard or a kan is open (mypyc needs it narrowed)
        return source

    @property
    def hidden_indicators(self) -> list[int]:
        """The tiles under the indicators turned so far (the riichi family's ura indicators)."""
        return [self.indicators[2 * i + 1] for i in range(len(self.indicators_shown))]

    def wind_of(self, seat: int) -> int:
        """The seat wind kind (27 = East) of ``seat`` in this hand."""
        return EAST + (seat - self.dealer) % len(self.seats)


@dataclass(slots=True)
class Game:
    """A whole game: scores, the hand in play, the event log and the ledger."""

    rules: Any
    seed: int
    scores: list[int]
    table: int = 0  # points on the table (declaration deposits)
    dealer: int = 0
    round_index: int = 0  # 0 East round, 1 South, ...
    hand_number: int = 0  # hands started, for the wall seed
    honba: int = 0
    repeats: int = 0  # consecutive dealer repeats
    hand: HandState | None = None
    over: bool = False
    final: Any = None
    log: list[Event] = field(default_factory=list)
    ledger: list[Transfer] = field(default_factory=list)
    side: dict[str, list[int]] = field(default_factory=dict)  # side currency -> balance per seat (zero-sum)
    history: list[dict[str, Any]] = field(default_factory=list)  # one record per finished hand
    stash: dict[str, Any] = field(default_factory=dict)
    offered: dict[int, list[Action]] | None = None  # the last legal actions handed out
    choices: list[dict[int, Action | None]] = field(default_factory=list)  # every step's actions, to replay the game
    end_chosen: bool | None = None  # the answer to mjsim_end_game_offer after this hand (None: nobody was asked)
    wall_source: Any = None  # hand number -> (live, replacements, indicators); None: shuffled from the seed
    players: list[int] = field(default_factory=list)  # the player at each seat (mjsim_seating); [] : seat = player

    @property
    def seat_count(self) -> int:
        """How many seats the table has (the family's ``TableSetup.seats``)."""
        return self.rules.flow.setup.seats

    def player_at(self, seat: int) -> int:
        """The player (its place in the line-up) sitting at ``seat`` now."""
        return self.players[seat] if self.players else seat

    @property
    def sticks(self) -> int:
        """Declaration deposits on the table (none when declaring is free)."""
        deposit = self.rules.flow.setup.declaration_deposit
        return self.table // deposit if deposit else 0
