"""The scoring framework: the situation of a win, patterns as data, and a generic evaluator.

No rule content lives here.  A family registers its patterns (yaku, fan, tai)
as :class:`Pattern` data and supplies a ``value`` function (fu, limits,
payments); :func:`evaluate` tries every reading of the hand and keeps the one
that scores best (高点法).

Most patterns of a registry cannot apply to a given win (no honours, no
triplet, an open hand ...), so a pattern may declare the *features* it needs
(:data:`FEATURES`).  The features of a hand and of each reading are one bit
mask, computed once, and :class:`PatternIndex` keeps per mask the patterns
whose needs it meets: a typical win calls a handful of predicates instead of
forty.  A pattern that declares nothing is always evaluated.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import compress, product
from typing import Any, Final, NamedTuple, Protocol

from mypy_extensions import mypyc_attr

from mjsim.errors import MjsimError
from mjsim.hand.decompose import SEQUENCE, SUITS, TRIPLET, suit_readings
from mjsim.hand.shanten import orphans_shanten
from mjsim.hand.tiles import DRAGONS, HONOR, NUM_KINDS, YAOCHU, YAOCHU_SET, kind_of

# Money: ints, except under rado, whose base points can be a Fraction or a float.  Any rather than int
# because the compiled build (mjsim.native) checks annotations as it runs.
Points = Any

# Constants are Final: the compiled build (mjsim/native.py) then reads them without a module lookup.
QUAD: Final = "quad"
# Meld types; "kan" is an open one (daiminkan or added).
CHI: Final = "chi"
PON: Final = "pon"
KAN: Final = "kan"
ANKAN: Final = "ankan"

# Wait shapes of the winning tile.
RYANMEN: Final = "ryanmen"
KANCHAN: Final = "kanchan"
PENCHAN: Final = "penchan"
SHANPON: Final = "shanpon"
TANKI: Final = "tanki"
STANDARD: Final = "standard"
SEVEN_PAIRS: Final = "seven_pairs"
ORPHANS: Final = "orphans"

# --- Features: necessary conditions a pattern can declare -----------------------------------------------------

HAND_FEATURES = {
    "closed": "no meld opened the hand",
    "open": "a meld opened the hand",
    "tsumo": "won by self-draw",
    "ron": "won on another seat's tile",
    "honors": "a wind or dragon anywhere in the hand",
    "no_honors": "no wind or dragon in the hand",
    "simples": "a 2-8 of a suit in the hand",
    "no_simples": "only terminals and honours",
    "only_simples": "no terminal and no honour",
    "one_suit": "at most one of the three suits",
    "three_suits": "all three suits",
}
READING_FEATURES = {
    STANDARD: "read as sets and one pair",
    SEVEN_PAIRS: "read as seven pairs",
    ORPHANS: "read as thirteen orphans",
    "sequence": "at least one sequence",
    "two_sequences": "at least two sequences",
    "three_sequences": "at least three sequences",
    "all_sequences": "a standard reading whose sets are all sequences",
    "no_sequences": "a standard reading without a sequence",
    "identical_sequences": "two sequences of the same kinds",
    "three_triplets": "at least three triplets or quads",
    "three_concealed_triplets": "at least three concealed triplets or quads",
    "three_quads": "at least three quads",
    "wind_triplet": "a triplet or quad of a wind",
    "dragon_triplet": "a triplet or quad of a dragon",
    **{f"{name}_triplet": f"a triplet or quad of {name}" for name in ("east", "south", "west", "north")},
    **{f"{name}_triplet": f"a triplet or quad of {name} dragons" for name in ("white", "green", "red")},
    "yaochu_pair": "a standard reading whose pair is a terminal or honour",
}
FEATURES = {**HAND_FEATURES, **READING_FEATURES}
"""Every feature a :class:`Pattern` may name in ``needs``, with what it means."""

_BIT: Final = {name: 1 << i for i, name in enumerate(FEATURES)}
_HAND_MASK: Final = sum(_BIT[name] for name in HAND_FEATURES)


def feature_mask(names: Iterable[str]) -> int:
    """The bit mask of feature names (MjsimError for a name not in :data:`FEATURES`)."""
    mask = 0
    for name in names:
        if name not in _BIT:
            raise MjsimError(f"unknown pattern feature {name!r}; known features: {', '.join(FEATURES)}")
        mask |= _BIT[name]
    return mask


def feature_names(mask: int) -> list[str]:
    """The names of the features set in ``mask`` (for messages and tests)."""
    return [name for name, bit in _BIT.items() if mask & bit]


def _hand_features(counts: list[int], closed: bool, tsumo: bool) -> int:
    """The hand features of 34 tile counts (melds included) and how the hand was won."""
    key = bytes(counts)
    honors = key[HONOR:NUM_KINDS] != _NO_HONORS
    suits = (key[0:9] != _EMPTY_SUIT) + (key[9:18] != _EMPTY_SUIT) + (key[18:27] != _EMPTY_SUIT)
    simples = key[1:8] != _NO_SIMPLES or key[10:17] != _NO_SIMPLES or key[19:26] != _NO_SIMPLES
    terminals = key[0] or key[8] or key[9] or key[17] or key[18] or key[26]
    bits = _WON_BITS[closed, tsumo] | _HONOR_BITS[honors] | _SUIT_COUNT_BITS[suits]
    if not simples:
        return bits | _NO_SIMPLES_BIT
    return bits | (_SIMPLES_BIT if honors or terminals else _ONLY_SIMPLES_BITS)


# Slices of a hand's counts with nothing in them, and the bits that do not need a loop to work out.
_EMPTY_SUIT: Final = bytes(9)
_NO_SIMPLES: Final = bytes(7)
_NO_HONORS: Final = bytes(NUM_KINDS - HONOR)
_WON_BITS: Final = {
    (closed, tsumo): _BIT["closed" if closed else "open"] | _BIT["tsumo" if tsumo else "ron"]
    for closed in (False, True)
    for tsumo in (False, True)
}
_HONOR_BITS: Final = {True: _BIT["honors"], False: _BIT["no_honors"]}
_SUIT_COUNT_BITS: Final = (_BIT["one_suit"], _BIT["one_suit"], 0, _BIT["three_suits"])


# The sequence bits of a reading by its number of sequences (a five-set hand can hold five).
_AT_LEAST = ((1, "sequence"), (2, "two_sequences"), (3, "three_sequences"))
_SEQUENCE_BITS: Final = [sum(_BIT[name] for need, name in _AT_LEAST if n >= need) for n in range(6)]
_HONOR_NAMES = ("east", "south", "west", "north", "white", "green", "red")
# The bits of a triplet or quad of each honour: its own, and the wind or dragon one.
_HONOR_TRIPLET_BITS: Final = {
    HONOR + i: _BIT[f"{name}_triplet"] | _BIT["dragon_triplet" if HONOR + i in DRAGONS else "wind_triplet"]
    for i, name in enumerate(_HONOR_NAMES)
}
# The other bits set per win, each looked up here once: a lookup by name per win would cost more than the test.
_NO_SIMPLES_BIT: Final = _BIT["no_simples"]
_SIMPLES_BIT: Final = _BIT["simples"]
_ONLY_SIMPLES_BITS: Final = _BIT["simples"] | _BIT["only_simples"]
_FORM_BITS: Final = {form: _BIT[form] for form in (STANDARD, SEVEN_PAIRS, ORPHANS)}
_ALL_SEQUENCES_BIT: Final = _BIT["all_sequences"]
_NO_SEQUENCES_BIT: Final = _BIT["no_sequences"]
_YAOCHU_PAIR_BIT: Final = _BIT["yaochu_pair"]
_IDENTICAL_SEQUENCES_BIT: Final = _BIT["identical_sequences"]
_THREE_TRIPLETS_BIT: Final = _BIT["three_triplets"]
_THREE_CONCEALED_TRIPLETS_BIT: Final = _BIT["three_concealed_triplets"]
_THREE_QUADS_BIT: Final = _BIT["three_quads"]


def _reading_features(reading: Reading) -> int:
    """The reading features of ``reading`` (its form, and counts of its sequences and triplets)."""
    sequences, triplets = reading.sequences, reading.triplets
    n = len(sequences)
    bits = _FORM_BITS.get(reading.form, 0) | _SEQUENCE_BITS[n]
    if reading.form == STANDARD:
        if n == len(reading.sets):
            bits |= _ALL_SEQUENCES_BIT
        elif n == 0:
            bits |= _NO_SEQUENCES_BIT
        if reading.pair in YAOCHU_SET:
            bits |= _YAOCHU_PAIR_BIT
    if n > 1 and len(set(sequences)) < n:
        bits |= _IDENTICAL_SEQUENCES_BIT
    if triplets:
        bits |= _triplet_features(triplets, reading.concealed_triplets, reading.quads)
    return bits


def _triplet_features(triplets: tuple[int, ...], concealed: int, quads: int) -> int:
    """The reading features of its triplets and quads."""
    bits = _THREE_TRIPLETS_BIT if len(triplets) >= 3 else 0
    if concealed >= 3:
        bits |= _THREE_CONCEALED_TRIPLETS_BIT
    if quads >= 3:
        bits |= _THREE_QUADS_BIT
    for kind in triplets:
        if kind >= HONOR:
            bits |= _HONOR_TRIPLET_BITS[kind]
    return bits


# --- Melds, sets, readings --------------------------------------------------------------------------------------


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
        return kind_of(min(self.tiles))

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


@mypyc_attr(native_class=False)  # compiled or not, it writes into the instance __dict__
class lazy:  # noqa: N801 - used like ``property``
    """A cached property without ``functools.cached_property``'s lock.

    Scoring reads these a dozen times per win; the first read stores the value
    in the instance ``__dict__``, where later reads find it directly.
    """

    def __init__(self, func: Callable[[Any], Any]) -> None:
        # Compiled methods (mypyc) carry no __name__ or __doc__: the name comes from __set_name__.
        self.func, self.name, self.__doc__ = func, "", getattr(func, "__doc__", None)

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


class Reading:
    """One reading of a complete hand: its form, pair(s), sets and the wait the winning tile filled.

    The shape facts patterns ask about (sequences, triplets, ...) are computed
    once here, since every pattern of every reading reads them; ``features``
    is their bit mask (see :data:`FEATURES`).  ``sequence_mask`` has bit ``k``
    set when a sequence starts at kind ``k``, ``triplet_mask`` when a triplet
    or quad is of kind ``k``: patterns about sets in several suits shift them
    by 9 instead of looping.
    """

    def __init__(
        self, form: str, pair: int | None, sets: tuple[SetView, ...], wait: str, pairs: tuple[int, ...] = ()
    ) -> None:
        self.form, self.pair, self.sets, self.wait, self.pairs = form, pair, sets, wait, pairs
        sequences, triplets = [], []
        concealed = quads = sequence_mask = triplet_mask = 0
        for shape, kind, hidden, _ in sets:  # one pass: this runs for every reading of every win
            if shape == SEQUENCE:
                sequences.append(kind)
                sequence_mask |= 1 << kind
            else:
                triplets.append(kind)
                triplet_mask |= 1 << kind
                concealed += hidden
                quads += shape == QUAD
        sequences.sort()
        self.sequences, self.triplets = tuple(sequences), tuple(triplets)
        self.sequence_mask, self.triplet_mask = sequence_mask, triplet_mask
        self.concealed_triplets, self.quads = concealed, quads
        self.features = _reading_features(self)

    @property
    def sequence_set(self) -> frozenset[int]:
        """The lowest kinds of the sequences."""
        return frozenset(self.sequences)

    @property
    def triplet_set(self) -> frozenset[int]:
        """The kinds of the triplets and quads."""
        return frozenset(self.triplets)

    @property
    def identical_sequence_pairs(self) -> int:
        """How many disjoint pairs of identical sequences (一盃口 counts one, 二盃口 two)."""
        return _identical_pairs(self.sequences)

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


@mypyc_attr(native_class=False)  # compiled or not, a plain class: lazy properties and _set_reading use __dict__
@dataclass(frozen=True)
class WinContext:
    """The situation of one win: the tiles, who won how, and the table around it.

    Winds are kinds (27 East .. 30 North); ``discarder`` is the wind index
    (0 = East) of the seat that dealt in, None for a self-draw.  ``situation``
    names the circumstances no tile shows (``riichi``, ``ippatsu``,
    ``rinshan``, ...).  ``reading`` is set by :func:`evaluate` to each
    reading in turn while it scores them, and put back when it is done.
    ``table`` holds the facts of the table the family's scoring reads (its
    indicators, counters, the seat liable for the win), under the family's own
    keys: the core never reads it.  ``extra`` is for variants (facts of the game a delta's scoring reads, such
    as jirai's forbidden yaku).  The rule values are not part of the context:
    scorers get them beside it (``mjsim_score_win(ctx, rules)``).
    """

    concealed: tuple[int, ...]  # physical ids, winning tile included
    win_tile: int
    melds: tuple[Meld, ...] = ()
    tsumo: bool = False
    seat_wind: int = 27
    round_wind: int = 27
    discarder: int | None = None
    situation: frozenset[str] = frozenset()
    table: Mapping[str, Any] = field(default_factory=dict)  # the family's table facts of the win, in its words
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
        return all(m.type == ANKAN for m in self.melds) if self.melds else True  # no generator for a bare hand

    @lazy
    def concealed_counts(self) -> list[int]:
        """34 counts of the concealed tiles."""
        counts = [0] * NUM_KINDS
        for t in self.concealed:
            counts[t >> 2] += 1  # kind_of inlined (no flower is ever concealed): this runs for every win
        return counts

    @lazy
    def counts(self) -> list[int]:
        """34 counts of every tile of the hand, melds included (a quad counts four)."""
        counts = list(self.concealed_counts)
        for meld in self.melds:
            for t in meld.tiles:
                counts[t >> 2] += 1  # kind_of inlined, as in concealed_counts
        return counts

    @lazy
    def kinds(self) -> frozenset[int]:
        """The kinds present anywhere in the hand."""
        return frozenset(compress(range(NUM_KINDS), self.counts))  # the kinds whose count is not 0

    @lazy
    def suits(self) -> frozenset[int]:
        """The suits (0 man, 1 pin, 2 sou) present in the hand."""
        return frozenset(k // 9 for k in self.kinds if k < 27)

    @lazy
    def has_honors(self) -> bool:
        """True when any wind or dragon is in the hand."""
        return any(self.counts[HONOR:NUM_KINDS])

    @lazy
    def all_tiles(self) -> tuple[int, ...]:
        """Every physical tile of the hand, melds included."""
        if not self.melds:
            return self.concealed
        return self.concealed + tuple(t for m in self.melds for t in m.tiles)

    @lazy
    def features(self) -> int:
        """The hand features (see :data:`HAND_FEATURES`) as a bit mask."""
        return _hand_features(self.counts, self.closed, self.tsumo)

    def has(self, *names: str) -> bool:
        """True when any of the named circumstances holds."""
        return not self.situation.isdisjoint(names)


# --- Patterns ---------------------------------------------------------------------------------------------------


class Hit(NamedTuple):
    """A pattern that scored: its name, title, value in the family's unit and its limit multiple (0: not a limit)."""

    name: str
    title: str
    value: int
    multiple: int = 0
    bonus: bool = False


@mypyc_attr(native_class=False)  # compiled or not, variants build these as plain Python (no run-time type checks)
@dataclass(frozen=True)
class Pattern:
    """A scoring pattern as data: when it applies and what it is worth.

    ``applies(ctx)`` returns a truth value or, for counted patterns such as
    a bonus tile, how many times it scores.  ``value`` is its worth in the family's unit for a closed hand,
    ``open_value`` for an open one (None: closed hands only).  ``multiple`` > 0 marks a limit hand worth that many
    limits (the family names them).  ``replaces``
    names the patterns this one supersedes when both apply.  ``bonus``
    patterns (bonus tiles) add value but do not count as a yaku.  ``needs`` names
    features (:data:`FEATURES`) without which the pattern never applies: it is
    then not even tried; no ``needs`` means it is always tried.
    """

    name: str
    title: str
    applies: Callable[[WinContext], Any]  # a truth value or a count (Any: a variant's rule may return None or 1.0)
    value: int = 0
    open_value: int | None = None
    multiple: int = 0
    replaces: tuple[str, ...] = ()
    bonus: bool = False
    doc: str = ""  # starts with the kanji name
    ids: Mapping[str, int] = field(default_factory=dict)
    when: str | None = None  # a circumstance (``ctx.situation``) without which it never applies
    per_hand: bool = False  # it reads no reading, so it is evaluated once per hand
    needs: tuple[str, ...] = ()  # features (FEATURES) without which it never applies

    @property
    def usable_open(self) -> bool:
        """Whether the pattern can score in an open hand."""
        return self.open_value is not None or bool(self.multiple)

    def worth(self, closed: bool) -> int | None:
        """The value for a closed or open hand (None: does not count when open)."""
        return self.value if closed else self.open_value


class _Candidate(NamedTuple):
    """A pattern worth trying for some hand, with its hit when it scores once."""

    pattern: Pattern
    hit: Hit
    decisive: bool  # a limit hand, or it replaces others: the hits then need resolving


class PatternIndex:
    """Patterns sorted once by when they can apply: per hand or per reading, and by the features they need.

    Built once per compiled rule set, so a win never re-sorts the registry.
    :meth:`select` remembers its answer per feature mask and set of
    circumstances; the ones a game meets are a few hundred, so this stays small.
    """

    def __init__(self, patterns: Iterable[Pattern]) -> None:
        self.patterns = tuple(patterns)
        self._needs = [(p, feature_mask(p.needs)) for p in self.patterns]
        # Per-hand and per-reading answers apart, so a key is (features, circumstances) only.
        self._selected: dict[bool, dict[tuple[int, frozenset[str]], tuple[_Candidate, ...]]] = {True: {}, False: {}}
        self._both: dict[tuple[int, frozenset[str]], tuple[tuple[_Candidate, ...], tuple[_Candidate, ...]]] = {}
        self._by_name = {p.name: p for p in self.patterns}  # hits name their pattern: resolve() reads it back
        twice = sorted(name for name, n in Counter(p.name for p in self.patterns).items() if n > 1)
        if twice:
            raise MjsimError(f"patterns must have unique names; given more than once: {', '.join(twice)}")

    def select(self, per_hand: bool, features: int, situation: frozenset[str]) -> tuple[_Candidate, ...]:
        """The per-hand (or per-reading) patterns usable in the hand whose needs and circumstance are met."""
        if type(situation) is not frozenset:  # a context built by hand may hold a set: keys must be hashable
            situation = frozenset(situation)
        selected = self._selected[per_hand]
        chosen = selected.get((features, situation))
        if chosen is None:
            closed = bool(features & _BIT["closed"])
            chosen = selected[features, situation] = tuple(
                _Candidate(p, _hit_of(p, closed), bool(p.multiple or p.replaces))
                for p, needs in self._needs
                if p.per_hand == per_hand
                and needs & features == needs
                and (closed or p.usable_open)
                and (p.when is None or p.when in situation)
            )
        return chosen

    def select_both(
        self, features: int, situation: frozenset[str]
    ) -> tuple[tuple[_Candidate, ...], tuple[_Candidate, ...]]:
        """(per-hand, per-reading) patterns for a hand and reading's features together: one lookup per reading."""
        if type(situation) is not frozenset:  # as in select
            situation = frozenset(situation)
        both = self._both.get((features, situation))
        if both is None:
            per_hand = self.select(True, features & _HAND_MASK, situation)
            both = self._both[features, situation] = (per_hand, self.select(False, features, situation))
        return both

    def resolve(self, hits: list[Hit]) -> list[Hit]:
        """Keep only limit hands when there are any, and drop replaced patterns."""
        limits = [hit for hit in hits if hit.multiple]
        if limits:
            hits = limits
        replaced = {name for hit in hits for name in self._by_name[hit.name].replaces}
        return [hit for hit in hits if hit.name not in replaced] if replaced else hits


def _hit_of(pattern: Pattern, closed: bool) -> Hit:
    """The hit a pattern scores once in a closed or open hand."""
    return Hit(pattern.name, pattern.title, pattern.worth(closed) or 0, pattern.multiple, pattern.bonus)


def match(patterns: Iterable[Pattern], ctx: WinContext) -> list[Hit]:
    """The patterns that score for one reading, limit hands taking precedence."""
    index = PatternIndex(patterns)
    features = ctx.features | (ctx.reading.features if ctx.reading is not None else 0)
    per_hand, _ = _applying(index.select(True, ctx.features, ctx.situation), ctx)
    per_reading, _ = _applying(index.select(False, features, ctx.situation), ctx)
    return index.resolve(per_hand + per_reading)


def _applying(candidates: tuple[_Candidate, ...], ctx: WinContext) -> tuple[list[Hit], bool]:
    """The hits of the candidates that apply, and whether one of them is decisive (see ``_Candidate``)."""
    found, decisive = [], False
    for p, hit, decides in candidates:
        times = p.applies(ctx)
        if times:
            found.append(hit if times == 1 else _times(hit, int(times)))
            decisive = decisive or decides
    return found, decisive


@lru_cache(maxsize=1024)
def _times(hit: Hit, n: int) -> Hit:
    """A counted pattern's hit (a bonus tile) scored ``n`` times (hits are few, so they are made once)."""
    return Hit(hit.name, hit.title, hit.value * n, hit.multiple * n, hit.bonus)


# --- Readings of a win ------------------------------------------------------------------------------------------


def hand_readings(ctx: WinContext) -> list[Reading]:
    """Every reading of the hand in ``ctx``, one per place the winning tile can sit."""
    counts = ctx.concealed_counts
    key = bytes(counts)
    out = _standard_readings(ctx, key)
    if not ctx.melds and sum(key) == 14:
        if key.count(2) == 7:  # seven distinct pairs are 14 tiles: a count of 3 or 4 leaves too few kinds
            pairs = tuple(k for k, n in enumerate(counts) if n == 2)
            out.append(Reading(SEVEN_PAIRS, None, (), TANKI, pairs))
        if key.count(0) == NUM_KINDS - 13 and orphans_shanten(counts) == -1:  # 13 kinds held: a quick filter
            pair = next(k for k in YAOCHU if counts[k] == 2)
            wait = "orphans13" if pair == ctx.win_kind else TANKI
            out.append(Reading(ORPHANS, pair, (), wait))
    return out


def _standard_readings(ctx: WinContext, key: bytes) -> list[Reading]:
    """The readings as sets and one pair: per suit from the cache, then every combination of them."""
    win = kind_of(ctx.win_tile)
    per_suit, with_pair, win_suit = [], [], None
    for i, (lo, hi, sequences) in enumerate(SUITS):
        if lo <= win < hi:
            win_suit, suit = i, _placed_suit_readings(key[lo:hi], lo, sequences, win, ctx.tsumo)
        else:
            suit = _placed_suit_readings(key[lo:hi], lo, sequences, None, False)
        if not suit:
            return []
        if suit[0][0] is not None:  # all readings of a suit have a pair, or none has: its tile count says which
            with_pair.append(i)
        per_suit.append(suit)
    if len(with_pair) != 1 or win_suit is None:  # no reading, or a winning tile outside the 34 kinds
        return []
    pair_suit, melded = with_pair[0], tuple(map(_meld_view, ctx.melds))
    out = []
    for combo in product(*per_suit):  # (pair, sets, wait) of each suit
        sets = combo[0][1] + combo[1][1] + combo[2][1] + combo[3][1] + melded
        # The winning tile's suit always names a wait (None is for the other suits).
        out.append(Reading(STANDARD, combo[pair_suit][0], sets, combo[win_suit][2]))  # type: ignore[arg-type]
    return out


SuitPiece = tuple[int | None, tuple[SetView, ...], str | None]  # (pair, sets, wait) of one suit's reading


@lru_cache(maxsize=1 << 16)
def _placed_suit_readings(
    counts: bytes, base: int, sequences: bool, win: int | None, tsumo: bool
) -> tuple[SuitPiece, ...]:
    """(pair, sets, wait) for each reading of one suit's concealed tiles.

    In the suit of the winning tile ``win`` there is one entry per set (or the
    pair) it can have completed, with that wait; elsewhere ``wait`` is None.
    Suits recur across hands, so this cache answers most suits of a win.
    """
    out: list[SuitPiece] = []
    for pair, groups in suit_readings(counts, base, sequences):
        sets = tuple(SetView(g.shape, g.kind, True, False) for g in groups)
        if win is None:
            out.append((pair, sets, None))
            continue
        if pair == win:
            out.append((pair, sets, TANKI))
        for i, g in enumerate(groups):
            if win not in g.kinds():
                continue
            if g.shape == TRIPLET:
                # A triplet finished by ron counts as an open triplet.
                placed, wait = SetView(TRIPLET, g.kind, tsumo, False), SHANPON
            else:
                placed, wait = sets[i], _sequence_wait(g.kind, win)
            out.append((pair, sets[:i] + (placed,) + sets[i + 1 :], wait))
    # Two identical sets give the same reading whichever of them the winning tile completed: keep it once.
    return tuple(dict.fromkeys(out))


_MELD_SHAPES: Final = {CHI: SEQUENCE, PON: TRIPLET}  # any other meld is a kan


def reading_cache_stats() -> tuple[int, int]:
    """(hits, misses) of the per-suit reading cache since it was last cleared (the benchmark reports them)."""
    info = _placed_suit_readings.cache_info()
    return info.hits, info.misses


def clear_reading_cache() -> None:
    """Empty the per-suit reading cache."""
    _placed_suit_readings.cache_clear()


def _meld_view(meld: Meld) -> SetView:
    """A meld as a set of a reading."""
    # Meld.kind and Meld.opened spelt out: this runs for every meld of every win.
    return SetView(_MELD_SHAPES.get(meld.type, QUAD), min(meld.tiles) >> 2, meld.type == ANKAN, True)


def _sequence_wait(first: int, win: int) -> str:
    """Which wait a sequence starting at ``first`` had when ``win`` completed it."""
    if win == first + 1:
        return KANCHAN
    rank = first % 9
    if (win == first and rank == 6) or (win == first + 2 and rank == 0):
        return PENCHAN
    return RYANMEN


# --- Evaluation -------------------------------------------------------------------------------------------------


class NoWin(MjsimError):
    """The tiles do not make a scoring win under these rules (not complete, no yaku, a rule forbids it)."""


class Score(NamedTuple):
    """What a win is worth, in any family: the hits, the value, who pays what, and the family's own detail.

    ``payments[i]`` is the change of the seat whose wind index is ``i``
    (0 = East), every table payment the family adds included.  ``detail`` is
    the family's facts of the win in its own words, an object with the methods
    of :class:`ScoreDetail`.
    """

    hits: tuple[Hit, ...]
    value: Points  # the hand's worth to the winner, before the table payments the family adds
    payments: tuple[Points, ...]
    reading: Reading
    detail: Any  # a ScoreDetail (Any: families define their own NamedTuple)

    def rank_key(self) -> tuple[Any, ...]:
        """Order used to pick the best reading (高点法): the value, then the family's own tie-break."""
        return (self.value, self.detail.rank_key())


class ScoreDetail(Protocol):
    """What a family's score detail answers (each family defines its own)."""

    def rank_key(self) -> tuple[Any, ...]:
        """The tie-break between readings of equal value, in the family's own order."""
        ...

    def record(self) -> dict[str, Any]:
        """The facts of the win kept in the hand record, under the family's own keys."""
        ...

    def report(self) -> dict[str, Any]:
        """The fields ``mjsim score --json`` shows beside the hits, value and payments."""
        ...

    def lines(self, unit: str) -> list[str]:
        """The lines ``mjsim score`` prints between the hits and the value (``unit``: the family's unit)."""
        ...

    def label(self) -> str | None:
        """A name for the value line (a limit: mangan, cap ...), or None."""
        ...


def evaluate(
    ctx: WinContext,
    patterns: PatternIndex | Iterable[Pattern],
    value: Callable[[WinContext, list[Hit]], Score | None],
) -> Score | None:
    """Score every reading of the hand and return the best (None if no reading is a valid win).

    Patterns and ``value`` get ``ctx`` itself with ``ctx.reading`` set to the
    reading being scored; it is put back when this returns, so they must not
    keep ``ctx`` to read its reading later (``replace(ctx)`` keeps a copy).
    """
    index = patterns if isinstance(patterns, PatternIndex) else PatternIndex(patterns)
    features, situation = ctx.features, ctx.situation
    hand_level: list[Hit] | None = None
    hand_decisive = False
    best: Score | None = None
    given = ctx.reading
    try:
        for reading in hand_readings(ctx):
            _set_reading(ctx, reading)
            per_hand, per_reading = index.select_both(features | reading.features, situation)
            if hand_level is None:
                hand_level, hand_decisive = _applying(per_hand, ctx)
            found, decisive = _applying(per_reading, ctx)
            found = hand_level + found
            score = value(ctx, index.resolve(found) if decisive or hand_decisive else found)
            if score is not None and (best is None or score.rank_key() > best.rank_key()):
                best = score
    finally:
        _set_reading(ctx, given)
    return best


def _set_reading(ctx: WinContext, reading: Reading | None) -> None:
    """Put ``reading`` in the (frozen) context, in place.

    A copy of the context per reading cost more than the patterns of a typical
    win; :func:`evaluate` puts the context's own reading back when it is done.
    """
    ctx.__dict__["reading"] = reading
