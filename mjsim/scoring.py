"""The scoring framework: the situation of a win, patterns as data, and a generic evaluator.

No rule content lives here.  A family registers its patterns (yaku, fan, tai)
as :class:`Pattern` data and supplies a ``value`` function (fu, limits,
payments); :func:`evaluate` tries every reading of the hand and keeps the one
that scores best (高点法).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from mjsim.hand.decompose import SEQUENCE, TRIPLET, readings
from mjsim.hand.shanten import orphans_shanten, seven_pairs_shanten
from mjsim.hand.tiles import NUM_KINDS, YAOCHU, kind_of

QUAD = "quad"
CHI, PON, KAN, ANKAN = "chi", "pon", "kan", "ankan"  # meld types; "kan" = open (daiminkan or added)

# Wait shapes of the winning tile.
RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI = "ryanmen", "kanchan", "penchan", "shanpon", "tanki"
STANDARD, SEVEN_PAIRS, ORPHANS = "standard", "seven_pairs", "orphans"


@dataclass(frozen=True)
class Meld:
    """A called or declared set: ``chi``, ``pon``, ``kan`` (open, incl. added) or ``ankan``."""

    type: str
    tiles: tuple[int, ...]  # physical ids
    called: int | None = None  # the physical id taken from another seat
    from_seat: int | None = None  # wind index (0 = East) of the seat it was taken from

    @property
    def kind(self) -> int:
        """The lowest kind of the set."""
        return min(kind_of(t) for t in self.tiles)

    @property
    def opened(self) -> bool:
        """Every meld but a concealed kan opens the hand."""
        return self.type != ANKAN


class SetView(NamedTuple):
    """One set of a reading: shape, lowest kind, whether it is concealed, whether it came from a meld."""

    shape: str  # SEQUENCE, TRIPLET or QUAD
    kind: int
    concealed: bool
    melded: bool


class lazy:  # noqa: N801 - used like ``property``
    """A cached property without ``functools.cached_property``'s lock.

    Scoring reads these a dozen times per win; the first read stores the value
    in the instance ``__dict__``, where later reads find it directly.
    """

    def __init__(self, func: Callable[[Any], Any]) -> None:
        self.func, self.name, self.__doc__ = func, func.__name__, func.__doc__

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


class Reading:
    """One reading of a complete hand: its form, pair(s), sets and the wait the winning tile filled.

    The shape facts patterns ask about (sequences, triplets, ...) are computed
    once here, since every pattern of every reading reads them.
    """

    __slots__ = (
        "form",
        "pair",
        "sets",
        "wait",
        "pairs",
        "sequences",
        "triplets",
        "sequence_set",
        "triplet_set",
        "concealed_triplets",
        "quads",
        "identical_sequence_pairs",
    )

    def __init__(
        self, form: str, pair: int | None, sets: tuple[SetView, ...], wait: str, pairs: tuple[int, ...] = ()
    ) -> None:
        self.form, self.pair, self.sets, self.wait, self.pairs = form, pair, sets, wait, pairs
        self.sequences = tuple(sorted(st.kind for st in sets if st.shape == SEQUENCE))
        self.triplets = tuple(st.kind for st in sets if st.shape != SEQUENCE)
        self.sequence_set = frozenset(self.sequences)
        self.triplet_set = frozenset(self.triplets)
        self.concealed_triplets = sum(1 for st in sets if st.shape != SEQUENCE and st.concealed)
        self.quads = sum(1 for st in sets if st.shape == QUAD)
        self.identical_sequence_pairs = _identical_pairs(self.sequences)

    def _key(self) -> tuple:
        return (self.form, self.pair, tuple(sorted(self.sets)), self.wait, self.pairs)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reading) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Reading({self.form!r}, {self.pair!r}, {self.sets!r}, {self.wait!r}, {self.pairs!r})"


def _identical_pairs(sorted_sequences: tuple[int, ...]) -> int:
    """How many disjoint pairs of identical sequences (一盃口 counts one, 二盃口 two)."""
    pairs, i = 0, 0
    while i + 1 < len(sorted_sequences):
        if sorted_sequences[i] == sorted_sequences[i + 1]:
            pairs, i = pairs + 1, i + 2
        else:
            i += 1
    return pairs


@dataclass(frozen=True)
class WinContext:
    """The situation of one win: the tiles, who won how, and the table around it.

    Winds are kinds (27 East .. 30 North); ``discarder`` is the wind index
    (0 = East) of the seat that dealt in, None for a self-draw.  ``situation``
    names the circumstances no tile shows (``riichi``, ``ippatsu``,
    ``rinshan``, ...).  ``reading`` is filled in by :func:`evaluate`;
    ``extra`` is for variants.
    """

    concealed: tuple[int, ...]  # physical ids, winning tile included
    win_tile: int
    melds: tuple[Meld, ...] = ()
    tsumo: bool = False
    seat_wind: int = 27
    round_wind: int = 27
    discarder: int | None = None
    situation: frozenset[str] = frozenset()
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    honba: int = 0
    sticks: int = 0
    pao: int | None = None  # wind index of the seat responsible for a pao yakuman
    options: Mapping[str, Any] = field(default_factory=dict)  # the rule set's option values
    extra: Mapping[str, Any] = field(default_factory=dict)
    reading: Reading | None = None

    @property
    def win_kind(self) -> int:
        """Kind of the winning tile."""
        return kind_of(self.win_tile)

    @property
    def dealer(self) -> bool:
        """True when the winner is East."""
        return self.seat_wind == 27

    @property
    def seat(self) -> int:
        """The winner's wind index (0 = East)."""
        return self.seat_wind - 27

    @lazy
    def closed(self) -> bool:
        """True when no meld opened the hand."""
        return not any(m.opened for m in self.melds)

    @lazy
    def concealed_counts(self) -> list[int]:
        """34 counts of the concealed tiles."""
        counts = [0] * NUM_KINDS
        for t in self.concealed:
            counts[kind_of(t)] += 1
        return counts

    @lazy
    def counts(self) -> list[int]:
        """34 counts of every tile of the hand, melds included (a quad counts four)."""
        counts = list(self.concealed_counts)
        for meld in self.melds:
            for t in meld.tiles:
                counts[kind_of(t)] += 1
        return counts

    @lazy
    def kinds(self) -> frozenset[int]:
        """The kinds present anywhere in the hand."""
        return frozenset(k for k, n in enumerate(self.counts) if n)

    @lazy
    def suits(self) -> frozenset[int]:
        """The suits (0 man, 1 pin, 2 sou) present in the hand."""
        return frozenset(k // 9 for k in self.kinds if k < 27)

    @lazy
    def has_honors(self) -> bool:
        """True when any wind or dragon is in the hand."""
        return any(k >= 27 for k in self.kinds)

    @lazy
    def all_tiles(self) -> tuple[int, ...]:
        """Every physical tile of the hand, melds included."""
        return self.concealed + tuple(t for m in self.melds for t in m.tiles)

    def has(self, *names: str) -> bool:
        """True when any of the named circumstances holds."""
        return not self.situation.isdisjoint(names)


class Hit(NamedTuple):
    """A pattern that scored: its name, title, value (han, fan, tai) and yakuman multiple."""

    name: str
    title: str
    han: int
    yakuman: int = 0
    bonus: bool = False


@dataclass(frozen=True)
class Pattern:
    """A scoring pattern as data: when it applies and what it is worth.

    ``applies(ctx)`` returns a truth value or, for counted patterns such as
    dora, how many times it scores.  ``open_han`` None means closed hands only.
    ``yakuman`` > 0 marks a limit hand worth that many yakuman.  ``replaces``
    names the patterns this one supersedes when both apply.  ``bonus``
    patterns (dora) add value but do not count as a yaku.
    """

    name: str
    title: str
    applies: Callable[[WinContext], int | bool]
    han: int = 0
    open_han: int | None = None
    yakuman: int = 0
    replaces: tuple[str, ...] = ()
    bonus: bool = False
    doc: str = ""  # starts with the kanji name
    ids: Mapping[str, int] = field(default_factory=dict)
    when: str | None = None  # a circumstance (``ctx.situation``) without which it never applies
    per_hand: bool = False  # it reads no reading, so it is evaluated once per hand

    @property
    def usable_open(self) -> bool:
        """Whether the pattern can score in an open hand."""
        return self.open_han is not None or bool(self.yakuman)

    def value(self, closed: bool) -> int | None:
        """Han for a closed or open hand (None: does not count when open)."""
        return self.han if closed else self.open_han


class PatternIndex:
    """Patterns sorted once by when they can apply: per hand or per reading, closed or open.

    Built once per compiled rule set, so a win never re-sorts the registry.
    """

    def __init__(self, patterns: Iterable[Pattern]) -> None:
        self.patterns = tuple(patterns)
        usable = {True: [p for p in self.patterns], False: [p for p in self.patterns if p.usable_open]}
        self.per_hand = {closed: [(p, p.when) for p in ps if p.per_hand] for closed, ps in usable.items()}
        self.per_reading = {closed: [(p, p.when) for p in ps if not p.per_hand] for closed, ps in usable.items()}


def match(patterns: Iterable[Pattern], ctx: WinContext) -> list[Hit]:
    """The patterns that score for one reading, limit hands taking precedence."""
    index = PatternIndex(patterns)
    found = _applying(index.per_hand[ctx.closed], ctx) + _applying(index.per_reading[ctx.closed], ctx)
    return _resolve(found, ctx.closed)


def _applying(patterns: list[tuple[Pattern, str | None]], ctx: WinContext) -> list[tuple[Pattern, int]]:
    """(pattern, times) for each pattern that applies, skipping those whose circumstance is absent."""
    situation = ctx.situation
    found = []
    for p, when in patterns:
        if when is not None and when not in situation:
            continue
        times = p.applies(ctx)
        if times:
            found.append((p, int(times)))
    return found


def _resolve(found: list[tuple[Pattern, int]], closed: bool) -> list[Hit]:
    """Keep only limit hands when there are any, drop replaced patterns, and value the rest."""
    if any(p.yakuman for p, _ in found):
        found = [(p, n) for p, n in found if p.yakuman]
    replaced = {name for p, _ in found for name in p.replaces}
    return [
        Hit(p.name, p.title, (p.value(closed) or 0) * n, p.yakuman * n, p.bonus)
        for p, n in found
        if p.name not in replaced
    ]


def hand_readings(ctx: WinContext) -> list[Reading]:
    """Every reading of the hand in ``ctx``, one per place the winning tile can sit."""
    counts = ctx.concealed_counts
    melded = tuple(_meld_view(m) for m in ctx.melds)
    out: dict[Reading, None] = {}
    for r in readings(counts):
        for reading in _place_win(r, ctx, melded):
            out[reading] = None
    if not ctx.melds and sum(counts) == 14:
        if seven_pairs_shanten(counts) == -1:
            pairs = tuple(k for k, n in enumerate(counts) if n == 2)
            out[Reading(SEVEN_PAIRS, None, (), TANKI, pairs)] = None
        if orphans_shanten(counts) == -1:
            pair = next(k for k in YAOCHU if counts[k] == 2)
            wait = "orphans13" if pair == ctx.win_kind else TANKI
            out[Reading(ORPHANS, pair, (), wait)] = None
    return list(out)


def _meld_view(meld: Meld) -> SetView:
    """A meld as a set of a reading."""
    shape = {CHI: SEQUENCE, PON: TRIPLET}.get(meld.type, QUAD)
    return SetView(shape, meld.kind, not meld.opened, True)


def _place_win(r, ctx: WinContext, melded: tuple[SetView, ...]) -> Iterable[Reading]:
    """Readings for each set (or the pair) the winning tile can have completed."""
    win = ctx.win_kind
    sets = [SetView(g.shape, g.kind, True, False) for g in r.sets]
    if r.pair == win:
        yield Reading(STANDARD, r.pair, tuple(sets) + melded, TANKI)
    for i, g in enumerate(r.sets):
        if win not in g.kinds():
            continue
        placed = list(sets)
        if g.shape == TRIPLET:
            # A triplet finished by ron counts as an open triplet.
            placed[i] = SetView(TRIPLET, g.kind, ctx.tsumo, False)
            wait = SHANPON
        else:
            wait = _sequence_wait(g.kind, win)
        yield Reading(STANDARD, r.pair, tuple(placed) + melded, wait)


def _sequence_wait(first: int, win: int) -> str:
    """Which wait a sequence starting at ``first`` had when ``win`` completed it."""
    if win == first + 1:
        return KANCHAN
    rank = first % 9
    if (win == first and rank == 6) or (win == first + 2 and rank == 0):
        return PENCHAN
    return RYANMEN


class Score(NamedTuple):
    """What a win is worth: the hits, han and fu, the limit, and who pays what.

    ``payments[i]`` is the change of the seat whose wind index is ``i``
    (0 = East), sticks and honba included.
    """

    hits: tuple[Hit, ...]
    han: int
    fu: int
    fu_parts: tuple[tuple[str, int], ...]
    limit: str | None
    yakuman: int
    base: int
    value: int  # the hand's worth to the winner, before honba and sticks
    payments: tuple[int, ...]
    reading: Reading

    def rank_key(self) -> tuple[int, int, int, int]:
        """Order used to pick the best reading (高点法)."""
        return (self.value, self.yakuman, self.han, self.fu)


def evaluate(
    ctx: WinContext,
    patterns: PatternIndex | Iterable[Pattern],
    value: Callable[[WinContext, list[Hit]], Score | None],
) -> Score | None:
    """Score every reading of the hand and return the best (None if no reading is a valid win)."""
    index = patterns if isinstance(patterns, PatternIndex) else PatternIndex(patterns)
    closed = ctx.closed
    per_reading = index.per_reading[closed]
    hand_level: list[tuple[Pattern, int]] | None = None
    best: Score | None = None
    for reading in hand_readings(ctx):
        reading_ctx = _with_reading(ctx, reading)
        if hand_level is None:
            hand_level = _applying(index.per_hand[closed], reading_ctx)
        score = value(reading_ctx, _resolve(hand_level + _applying(per_reading, reading_ctx), closed))
        if score is not None and (best is None or score.rank_key() > best.rank_key()):
            best = score
    return best


def _with_reading(ctx: WinContext, reading: Reading) -> WinContext:
    """``ctx`` with a reading, keeping the properties already computed.

    ``dataclasses.replace`` would rebuild the context and lose its cached
    counts; this runs once per reading of every win, so it copies the fields.
    """
    new = object.__new__(WinContext)
    new.__dict__.update(ctx.__dict__)
    new.__dict__["reading"] = reading
    return new
