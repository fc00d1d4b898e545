"""Hypothesis strategies that *build* valid mahjong objects (nothing is drawn at random and then filtered).

The central strategy is :func:`winning_hands`: it first draws a *theme* (free, one suit, simples,
terminals and honours, greens, dragons, kans, ...) so that every yaku and yakuman turns up often,
then draws four sets and a pair that fit the theme without ever exceeding four copies of a kind,
turns some sets into called melds, assigns physical tile ids (red fives included or not) and picks
the winning tile among the concealed tiles.  :func:`win_contexts` adds the table around it (winds,
tsumo or ron, riichi and the other situation flags, dora indicators, honba and sticks) and returns a
:class:`mjsim.WinContext` that is consistent by construction (riichi only when closed, rinshan only
after a kan, haitei only on tsumo, ...).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from hypothesis import strategies as st

from mjsim.hand.notation import format_kinds, format_tiles
from mjsim.hand.tiles import (
    DRAGONS,
    GREENS,
    HONOR,
    TERMINALS,
    WINDS,
    YAOCHU,
    next_in_cycle,
)
from mjsim.scoring import ANKAN, CHI, KAN, PON, Meld, WinContext
from variants.riichi import table_facts as tf
from variants.riichi.table_facts import table_facts

SEQ, TRIP = "sequence", "triplet"
ALL_KINDS = tuple(range(34))
SUITS = ((0, 9), (9, 18), (18, 27))
SIMPLES = tuple(k for k in range(27) if k % 9 not in (0, 8))
HONOURS = tuple(range(HONOR, 34))
TERMINAL_KINDS = tuple(sorted(TERMINALS))
FIVES = (4, 13, 22)  # 5m 5p 5s: their red copies are ids 16, 52 and 88 (three red fives, as in tenhou)

# Themes for standard (four sets and a pair) hands.  Each theme restricts the kinds and shapes the sets
# may take, or forces a few sets, so that the yaku depending on them are reachable.
THEMES = (
    "free",
    "pinfu",
    "simples",
    "one_suit",
    "one_suit_honours",
    "outside",
    "outside_terminals",
    "terminals_honours",
    "terminals",
    "honours",
    "greens",
    "triplets",
    "kans",
    "dragons",
    "winds",
    "ittsu",
    "sanshoku",
    "sanshoku_doukou",
    "peikou",
)


@dataclass(frozen=True)
class Hand:
    """A winning hand before the table is added: concealed ids (win tile included), the win tile, melds."""

    concealed: tuple[int, ...]
    win_tile: int
    melds: tuple[Meld, ...]
    form: str  # "standard", "seven_pairs", "orphans", "nine_gates"
    theme: str

    @property
    def concealed_counts(self) -> list[int]:
        counts = [0] * 34
        for t in self.concealed:
            counts[t // 4] += 1
        return counts

    @property
    def counts(self) -> list[int]:
        counts = self.concealed_counts
        for m in self.melds:
            for t in m.tiles:
                counts[t // 4] += 1
        return counts

    @property
    def all_ids(self) -> frozenset[int]:
        return frozenset(self.concealed) | {t for m in self.melds for t in m.tiles}

    def __str__(self) -> str:
        melds = "".join(f" {m.type}:{format_tiles(m.tiles)}" for m in self.melds)
        return f"{format_tiles(self.concealed)}+{format_kinds([self.win_tile // 4])}{melds} [{self.theme}]"


# --- helpers ---------------------------------------------------------------------------------------


def _seq_starts(kinds) -> list[int]:
    """Lowest kinds of the sequences whose three kinds are all in ``kinds``."""
    ks = set(kinds)
    return [k for k in range(27) if k % 9 <= 6 and {k, k + 1, k + 2} <= ks]


def _tiles_of(shape: str, kind: int) -> tuple[int, ...]:
    return (kind, kind + 1, kind + 2) if shape == SEQ else (kind, kind, kind)


def _fits(counts: Counter, shape: str, kind: int) -> bool:
    """Whether a set still fits in four copies per kind."""
    return all(counts[k] + n <= 4 for k, n in Counter(_tiles_of(shape, kind)).items())


def _add(counts: Counter, shape: str, kind: int) -> None:
    for k in _tiles_of(shape, kind):
        counts[k] += 1


def _theme_pool(theme: str, suit: int) -> tuple[list[tuple[str, int]], list[int]]:
    """(candidate sets, candidate pair kinds) of a theme; the sets may still be limited by copies."""
    lo, hi = SUITS[suit]
    one_suit = tuple(range(lo, hi))
    if theme == "pinfu":  # sequences only; a wind pair is of no value unless it is the seat or round wind
        return [(SEQ, k) for k in _seq_starts(ALL_KINDS)], [*range(27), *WINDS]
    if theme == "simples":
        return [(SEQ, k) for k in _seq_starts(SIMPLES)] + [(TRIP, k) for k in SIMPLES], list(SIMPLES)
    if theme == "one_suit":
        return [(SEQ, k) for k in _seq_starts(one_suit)] + [(TRIP, k) for k in one_suit], list(one_suit)
    if theme == "one_suit_honours":
        kinds = one_suit + HONOURS
        return [(SEQ, k) for k in _seq_starts(one_suit)] + [(TRIP, k) for k in kinds], list(kinds)
    if theme in ("outside", "outside_terminals"):
        seqs = [k for k in _seq_starts(ALL_KINDS) if k % 9 in (0, 6)]
        kinds = YAOCHU if theme == "outside" else TERMINAL_KINDS
        return [(SEQ, k) for k in seqs] + [(TRIP, k) for k in kinds], list(kinds)
    if theme == "terminals_honours":
        return [(TRIP, k) for k in YAOCHU], list(YAOCHU)
    if theme == "terminals":
        return [(TRIP, k) for k in TERMINAL_KINDS], list(TERMINAL_KINDS)
    if theme == "honours":
        return [(TRIP, k) for k in HONOURS], list(HONOURS)
    if theme == "greens":
        greens = sorted(GREENS)
        return [(SEQ, k) for k in _seq_starts(greens)] + [(TRIP, k) for k in greens], greens
    if theme in ("triplets", "kans", "sanshoku_doukou"):
        return [(TRIP, k) for k in ALL_KINDS], list(ALL_KINDS)
    return [(SEQ, k) for k in _seq_starts(ALL_KINDS)] + [(TRIP, k) for k in ALL_KINDS], list(ALL_KINDS)


@st.composite
def _forced_sets(draw, theme: str, suit: int) -> list[tuple[str, int]]:
    """Sets a theme insists on (drawn before the free ones)."""
    lo = SUITS[suit][0]
    if theme == "dragons":  # 1 dragon: yakuhai; 2 (+ a dragon pair): shousangen; 3: daisangen
        n = draw(st.integers(1, 3))
        return [(TRIP, d) for d in draw(st.lists(st.sampled_from(DRAGONS), min_size=n, max_size=n, unique=True))]
    if theme == "winds":  # 1-2 winds: wind yakuhai; 3 (+ a wind pair): shousuushii; 4: daisuushii
        n = draw(st.integers(1, 4))
        return [(TRIP, w) for w in draw(st.lists(st.sampled_from(WINDS), min_size=n, max_size=n, unique=True))]
    if theme == "ittsu":
        return [(SEQ, lo), (SEQ, lo + 3), (SEQ, lo + 6)]
    if theme == "sanshoku":
        rank = draw(st.integers(0, 6))
        return [(SEQ, rank), (SEQ, rank + 9), (SEQ, rank + 18)]
    if theme == "sanshoku_doukou":
        rank = draw(st.integers(0, 8))
        return [(TRIP, rank), (TRIP, rank + 9), (TRIP, rank + 18)]
    if theme == "peikou":
        first = draw(st.sampled_from(_seq_starts(ALL_KINDS)))
        sets = [(SEQ, first), (SEQ, first)]
        if draw(st.booleans()):
            second = draw(st.sampled_from(_seq_starts(ALL_KINDS)))
            if second != first:
                sets += [(SEQ, second), (SEQ, second)]
        return sets
    return []


# --- standard hands ----------------------------------------------------------------------------------


@st.composite
def standard_sets(draw, theme: str | None = None, n_sets: int = 4):
    """(theme, sets, pair): ``n_sets`` sets and a pair fitting a theme, never more than four copies."""
    theme = theme or draw(st.sampled_from(THEMES))
    suit = draw(st.integers(0, 2))
    pool, pair_kinds = _theme_pool(theme, suit)
    counts: Counter = Counter()
    sets: list[tuple[str, int]] = []
    for shape, kind in draw(_forced_sets(theme, suit))[:n_sets]:
        _add(counts, shape, kind)
        sets.append((shape, kind))
    # The winds/dragons themes may want the pair from the same family (shousuushii, shousangen).
    if theme == "dragons":
        pair_kinds = [d for d in DRAGONS if counts[d] == 0] or pair_kinds
    elif theme == "winds":
        pair_kinds = [w for w in WINDS if counts[w] == 0] or pair_kinds
    while len(sets) < n_sets:
        fitting = [s for s in pool if _fits(counts, *s)]
        if not fitting:  # a narrow theme ran out of copies: fall back to anything that fits
            fitting = [s for s in _theme_pool("free", suit)[0] if _fits(counts, *s)]
        shape, kind = draw(st.sampled_from(fitting))
        _add(counts, shape, kind)
        sets.append((shape, kind))
    pairs = [k for k in pair_kinds if counts[k] <= 2] or [k for k in ALL_KINDS if counts[k] <= 2]
    pair = draw(st.sampled_from(pairs))
    return theme, sets, pair


class _Ids:
    """Hands out physical ids kind by kind; a five may or may not use its red copy."""

    def __init__(self, red_wanted: dict[int, bool]):
        self.next: dict[int, list[int]] = {}
        for kind in range(34):
            ids = list(range(kind * 4, kind * 4 + 4))
            if kind in FIVES:
                red = kind * 4  # 16, 52, 88
                ids.remove(red)
                ids = [red, *ids] if red_wanted.get(kind) else [*ids, red]
            self.next[kind] = ids

    def take(self, kind: int) -> int:
        return self.next[kind].pop(0)


@st.composite
def winning_hands(draw, theme: str | None = None, forms=("standard", "seven_pairs", "orphans", "nine_gates")):
    """A complete 14-tile hand (kans counted as three) with its winning tile and melds.

    The form is drawn together with the standard themes, each equally likely, so that seven pairs,
    thirteen orphans and nine gates are about as common as any one theme; ``theme`` fixes the theme.
    """
    choices = [f for f in forms if f != "standard"]
    if "standard" in forms:
        choices += [theme] if theme else list(THEMES)
    choice = draw(st.sampled_from(choices))
    red_wanted = {k: draw(st.booleans()) for k in FIVES}
    ids = _Ids(red_wanted)
    if choice == "seven_pairs":
        return draw(_seven_pairs(ids))
    if choice == "orphans":
        return draw(_orphans(ids))
    if choice == "nine_gates":
        return draw(_nine_gates(ids))
    return draw(_standard(ids, choice))


@st.composite
def _standard(draw, ids: _Ids, theme: str | None):
    theme, sets, pair = draw(standard_sets(theme))
    counts: Counter = Counter()
    for shape, kind in sets:
        _add(counts, shape, kind)
    counts[pair] += 2
    # Which sets are called: none (closed), some, or all; kans where a fourth copy is free.
    openness = draw(st.sampled_from(["closed", "closed", "some", "all"]))
    kan_rate = 4 if theme == "kans" else 0 if theme == "pinfu" else 1  # out of 4
    melds: list[Meld] = []
    concealed_kinds: list[int] = [pair, pair]
    for shape, kind in sets:
        called = openness == "all" or (openness == "some" and draw(st.booleans()))
        # counts[kind] == 3: neither the pair nor another set uses the kind, so the fourth copy is free
        quad = shape == TRIP and counts[kind] == 3 and kan_rate and draw(st.integers(1, 4)) <= kan_rate
        if quad:
            counts[kind] += 1
            tiles = tuple(ids.take(kind) for _ in range(4))
            melds.append(Meld(KAN if called else ANKAN, tiles, called=tiles[0] if called else None))
        elif called:
            tiles = tuple(ids.take(k) for k in _tiles_of(shape, kind))
            melds.append(Meld(CHI if shape == SEQ else PON, tiles, called=tiles[0]))
        else:
            concealed_kinds += _tiles_of(shape, kind)
    concealed = tuple(ids.take(k) for k in sorted(concealed_kinds))
    win_tile = draw(st.sampled_from(concealed))
    return Hand(concealed, win_tile, tuple(melds), "standard", theme)


@st.composite
def _seven_pairs(draw, ids: _Ids):
    pool = draw(st.sampled_from([ALL_KINDS, SIMPLES, HONOURS + TERMINAL_KINDS, HONOURS + tuple(range(9)), HONOURS]))
    kinds = draw(st.lists(st.sampled_from(pool), min_size=7, max_size=7, unique=True))
    concealed = tuple(ids.take(k) for k in sorted(kinds) for _ in range(2))
    return Hand(concealed, draw(st.sampled_from(concealed)), (), "seven_pairs", "seven_pairs")


@st.composite
def _orphans(draw, ids: _Ids):
    extra = draw(st.sampled_from(YAOCHU))
    concealed = tuple(ids.take(k) for k in sorted([*YAOCHU, extra]))
    pair = [t for t in concealed if t // 4 == extra]  # winning on these: the 13-sided wait
    win = draw(st.sampled_from(pair) if draw(st.booleans()) else st.sampled_from(concealed))
    return Hand(concealed, win, (), "orphans", "orphans")


@st.composite
def _nine_gates(draw, ids: _Ids):
    lo = SUITS[draw(st.integers(0, 2))][0]
    extra = draw(st.integers(0, 8))
    concealed = tuple(ids.take(lo + r) for r in sorted([0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, extra]))
    on_extra = [t for t in concealed if t // 4 == lo + extra]  # winning on these: the nine-sided wait
    win = draw(st.sampled_from(on_extra) if draw(st.booleans()) else st.sampled_from(concealed))
    return Hand(concealed, win, (), "nine_gates", "nine_gates")


# --- the table around a hand -------------------------------------------------------------------------


def _rare(n: int = 5):
    """True about once in ``n`` draws (shrinks to False)."""
    return st.integers(1, n).map(lambda x: x == n)


@st.composite
def situations(
    draw, closed: bool, tsumo: bool, dealer: bool, has_kan: bool, has_melds: bool, renhou: bool = False
) -> frozenset[str]:
    """Situation flags that can occur together (the ``mahjong`` package rejects impossible ones).

    ``renhou``: also draw 人和 (a non-dealer's ron before their first draw) -- only for rules that score it.
    """
    flags: set[str] = set()
    if not has_melds and tsumo and draw(_rare(6)):
        return frozenset({"tenhou" if dealer else "chiihou"})
    if renhou and not has_melds and not tsumo and not dealer and draw(_rare(4)):
        return frozenset({"renhou"})
    if closed:
        riichi = draw(st.sampled_from([None, None, "riichi", "riichi", "riichi", "double_riichi"]))
        if riichi:
            flags.add(riichi)
            if draw(_rare(3)):
                flags.add("ippatsu")
    if tsumo:
        if has_kan and draw(_rare(3)):
            flags.add("rinshan")
        elif draw(_rare(6)):
            flags.add("haitei")
    else:
        if draw(_rare(6)):
            flags.add("houtei")
        elif draw(_rare(6)):
            flags.add("chankan")
    if "rinshan" in flags:
        flags.discard("ippatsu")  # the kan before the replacement tile ends ippatsu: mjsim refuses the pair
    return frozenset(flags)


@st.composite
def indicators(draw, hand: Hand, unused: list[int], max_size: int = 3) -> list[int]:
    """Dora indicators among the unused tiles, often pointing at a kind of the hand."""
    kinds = set(k for k, n in enumerate(hand.counts) if n)
    pointing = [t for t in unused if next_in_cycle(t // 4) in kinds]
    pool = st.sampled_from(pointing) if pointing else st.sampled_from(unused)
    return draw(st.lists(st.one_of(pool, st.sampled_from(unused)), max_size=max_size, unique=True))


@st.composite
def win_contexts(draw, hands=None, honba: bool = True, renhou: bool = False):
    """A :class:`WinContext` around a generated winning hand; ``hands`` defaults to :func:`winning_hands`.

    ``honba``: draw honba and riichi sticks too; ``renhou``: sometimes set the 人和 flag.
    """
    hand: Hand = draw(hands if hands is not None else winning_hands())
    # Winds: any, or (often) one the hand holds a triplet of, so that every wind yakuhai turns up.
    held = [w - HONOR for w in WINDS if hand.counts[w] >= 3]
    winds = st.one_of(st.integers(0, 3), st.sampled_from(held)) if held else st.integers(0, 3)
    seat = draw(winds)
    round_wind = draw(winds)
    tsumo = draw(st.booleans())
    discarder = None if tsumo else draw(st.sampled_from([s for s in range(4) if s != seat]))
    closed = not any(m.type != ANKAN for m in hand.melds)
    has_kan = any(m.type in (KAN, ANKAN) for m in hand.melds)
    situation = draw(situations(closed, tsumo, seat == 0, has_kan, bool(hand.melds), renhou))
    ids = [t for t in range(136) if t not in hand.all_ids]
    dora = draw(indicators(hand, ids))
    left = [t for t in ids if t not in dora]
    riichi = bool(situation & {"riichi", "double_riichi"})
    ura = draw(indicators(hand, left)) if riichi else []
    return WinContext(
        concealed=hand.concealed,
        win_tile=hand.win_tile,
        melds=hand.melds,
        tsumo=tsumo,
        seat_wind=27 + seat,
        round_wind=27 + round_wind,
        discarder=discarder,
        situation=situation,
        table=table_facts(
            dora=tuple(dora),
            ura=tuple(ura),
            honba=draw(st.sampled_from([0, 0, 0, 1, 2, 5])) if honba else 0,
            sticks=draw(st.sampled_from([0, 0, 0, 1, 3])) if honba else 0,
        ),
    )


# --- pao (liability) wins ------------------------------------------------------------------------------

PAO_GROUPS = {"daisangen": DRAGONS, "daisuushii": WINDS}


@st.composite
def pao_contexts(draw, honba: bool = True):
    """A daisangen or daisuushii win whose last set was called from a liable seat (``tf.pao(ctx)`` set).

    The other sets may be called or concealed; the rest of the hand is often honours, so that a second
    yakuman (tsuuiisou) or a four-kan hand joins the liable one.
    """
    yakuman = draw(st.sampled_from(sorted(PAO_GROUPS)))
    group = PAO_GROUPS[yakuman]
    counts: Counter = Counter()
    sets = [(TRIP, k) for k in group]
    for _, k in sets:
        counts[k] += 3
    pool = HONOURS if draw(st.booleans()) else ALL_KINDS
    while len(sets) < 4:
        fitting = [s for s in [(TRIP, k) for k in pool] + [(SEQ, k) for k in _seq_starts(pool)] if _fits(counts, *s)]
        shape, kind = draw(st.sampled_from(fitting))
        _add(counts, shape, kind)
        sets.append((shape, kind))
    pair = draw(st.sampled_from([k for k in pool if counts[k] <= 2]))
    counts[pair] += 2
    ids = _Ids({k: draw(st.booleans()) for k in FIVES})
    kans = draw(st.booleans())
    melds, concealed_kinds = [], [pair, pair]
    for i, (shape, kind) in enumerate(sets):
        called = i == len(group) - 1 or draw(st.booleans())  # the set that completes the yakuman is called
        quad = shape == TRIP and counts[kind] == 3 and kans
        if quad:
            tiles = tuple(ids.take(kind) for _ in range(4))
            melds.append(Meld(KAN if called else ANKAN, tiles, called=tiles[0] if called else None))
        elif called:
            tiles = tuple(ids.take(k) for k in _tiles_of(shape, kind))
            melds.append(Meld(CHI if shape == SEQ else PON, tiles, called=tiles[0]))
        else:
            concealed_kinds += _tiles_of(shape, kind)
    concealed = tuple(ids.take(k) for k in sorted(concealed_kinds))
    seat = draw(st.integers(0, 3))
    pao = draw(st.sampled_from([s for s in range(4) if s != seat]))
    tsumo = draw(st.booleans())
    discarder = None if tsumo else draw(st.sampled_from([s for s in range(4) if s != seat]))
    return WinContext(
        concealed=concealed,
        win_tile=draw(st.sampled_from(concealed)),
        melds=tuple(melds),
        tsumo=tsumo,
        seat_wind=27 + seat,
        round_wind=27 + draw(st.integers(0, 3)),
        discarder=discarder,
        table=table_facts(
            honba=draw(st.integers(0, 3)) if honba else 0,
            sticks=draw(st.integers(0, 2)) if honba else 0,
            pao=pao,
        ),
    )


def describe(ctx: WinContext) -> str:
    """A one-line mpsz description of a context, for failure messages and ``note``."""
    melds = "".join(f" {m.type}:{format_tiles(m.tiles)}" for m in ctx.melds)
    how = "tsumo" if ctx.tsumo else f"ron from {'ESWN'[ctx.discarder]}"
    return (
        f"{format_tiles(ctx.concealed)} win {format_tiles([ctx.win_tile])}{melds} {how} "
        f"seat {'ESWN'[ctx.seat_wind - 27]} round {'ESWN'[ctx.round_wind - 27]} "
        f"{sorted(ctx.situation)} dora {format_tiles(tf.dora_indicators(ctx))} "
        f"ura {format_tiles(tf.ura_indicators(ctx))} "
        f"honba {tf.honba(ctx)} sticks {tf.sticks(ctx)}"
    )


# --- counts only ---------------------------------------------------------------------------------------


@st.composite
def complete_counts(draw, n_sets: int = 4):
    """34 counts of a complete concealed hand of ``n_sets`` sets and a pair (17 tiles for five sets)."""
    _theme, sets, pair = draw(standard_sets(n_sets=n_sets))
    counts = [0] * 34
    for shape, kind in sets:
        for k in _tiles_of(shape, kind):
            counts[k] += 1
    counts[pair] += 2
    return counts


@st.composite
def five_set_counts(draw):
    """A complete 17-tile hand: five sets and a pair (the Taiwanese shape)."""
    return draw(complete_counts(n_sets=5))


@st.composite
def complete_hand_counts(draw):
    """Counts of the concealed part of any generated winning hand (melds removed), any form."""
    hand = draw(winning_hands())
    return hand.concealed_counts


def random_counts(sizes=(13, 14)):
    """Counts of ``n`` distinct physical tiles drawn from the 136 (so at most four of a kind)."""
    return st.sampled_from(sizes).flatmap(
        lambda n: st.lists(st.integers(0, 135), min_size=n, max_size=n, unique=True).map(_counts_of_ids)
    )


def _counts_of_ids(ids) -> list[int]:
    counts = [0] * 34
    for t in ids:
        counts[t // 4] += 1
    return counts
