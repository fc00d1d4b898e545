"""A seeded generator of MCR winning hands of every kind, and the call to the reference calculator (pymahjonggb).

Each hand is drawn from a template aimed at one family of fans (set combinations, tile classes, special shapes,
kongs, winds and dragons) and then dressed at random: which sets are declared (chow, pung, exposed or concealed
kong), the winning tile, self-drawn or not, last tile of the wall, kong (杠上开花 / 抢杠和), last of its kind,
seat and prevalent wind, flowers. ``python -m tests.variants.mcr.hands N`` prints how often each fan was hit.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from mjsim.errors import MjsimError
from variants.mcr.hand import CHOW, KONG, PUNG, Meld, Win
from variants.mcr.tiles import DRAGONS, GREEN_TILES, KNITTED, ORPHANS, REVERSIBLE_TILES, WINDS, is_honor, rank

Sets = list[tuple[str, int]]
ALL = range(34)


def _can_take(counts: Counter, kind: str, t: int, n: int = 3) -> bool:
    if kind == CHOW:
        return not is_honor(t) and rank(t) <= 7 and all(counts[t + d] < 4 for d in range(3))
    return counts[t] + n <= 4


def _take(counts: Counter, kind: str, t: int, n: int = 3) -> None:
    for x in [t, t + 1, t + 2] if kind == CHOW else [t] * n:
        counts[x] += 1


def _random_sets(rng: random.Random, pool: list[int], n: int, chow_p: float, counts: Counter) -> Sets | None:
    """``n`` random sets from ``pool`` (a chow's lowest tile and all three in the pool)."""
    out: Sets = []
    pool_set = set(pool)
    for _ in range(n):
        for _try in range(40):
            t = rng.choice(pool)
            kind = CHOW if rng.random() < chow_p else PUNG
            if kind == CHOW and not {t, t + 1, t + 2} <= pool_set:
                continue
            if _can_take(counts, kind, t):
                _take(counts, kind, t)
                out.append((kind, t))
                break
        else:
            return None
    return out


def _pair(rng: random.Random, pool: list[int], counts: Counter) -> int | None:
    choices = [t for t in pool if counts[t] <= 2]
    if not choices:
        return None
    t = rng.choice(choices)
    counts[t] += 2
    return t


def _suited(s: int, ranks=range(1, 10)) -> list[int]:
    return [s * 9 + r - 1 for r in ranks]


POOLS: dict[str, Callable[[random.Random], list[int]]] = {
    "any": lambda rng: list(ALL),
    "green": lambda rng: sorted(GREEN_TILES),
    "reversible": lambda rng: sorted(REVERSIBLE_TILES),
    "terminals": lambda rng: [t for t in ORPHANS if t < 27],
    "honors": lambda rng: list(range(27, 34)),
    "outside": lambda rng: list(ORPHANS),
    "one_suit": lambda rng: _suited(rng.randrange(3)),
    "half_flush": lambda rng: _suited(rng.randrange(3)) + list(range(27, 34)),
    "two_suits": lambda rng: _suited(rng.randrange(3)) + _suited(rng.randrange(1, 3)),
    "upper": lambda rng: [t for s in range(3) for t in _suited(s, range(7, 10))],
    "middle": lambda rng: [t for s in range(3) for t in _suited(s, range(4, 7))],
    "lower": lambda rng: [t for s in range(3) for t in _suited(s, range(1, 4))],
    "upper_four": lambda rng: [t for s in range(3) for t in _suited(s, range(6, 10))],
    "lower_four": lambda rng: [t for s in range(3) for t in _suited(s, range(1, 5))],
    "simples": lambda rng: [t for s in range(3) for t in _suited(s, range(2, 9))],
    "even": lambda rng: [t for s in range(3) for t in _suited(s, (2, 4, 6, 8))],
    "winds_dragons": lambda rng: list(range(27, 34)) + _suited(rng.randrange(3)),
}


def _combo(rng: random.Random) -> tuple[Sets, int | None]:
    """Sets (and maybe the pair) aimed at one combination fan."""
    sets = _combo_sets(rng)
    return sets if isinstance(sets, tuple) else (sets, None)


def _combo_sets(rng: random.Random) -> Sets | tuple[Sets, int | None]:
    """Sets aimed at one combination fan (chows or pungs related by suit and rank), or sets and their pair."""
    s = rng.sample(range(3), 3)
    r = rng.randrange(1, 8)
    pick = rng.randrange(21)
    if pick == 0:
        return [(CHOW, s[0] * 9 + r - 1)] * rng.choice((2, 3, 4))
    if pick == 1:
        step = rng.choice((1, 2))
        n = rng.choice((3, 4))
        base = rng.randrange(0, 7 - step * (n - 1) + 1)
        return [(CHOW, s[0] * 9 + base + i * step) for i in range(n)]
    if pick == 2:
        return [(CHOW, s[0] * 9), (CHOW, s[0] * 9 + 3), (CHOW, s[0] * 9 + 6)]
    if pick == 3:
        return [(CHOW, s[i] * 9 + 3 * i) for i in range(3)]
    if pick == 4:
        return [(CHOW, s[i] * 9 + r - 1) for i in range(rng.choice((2, 3)))]
    if pick == 5:
        b = rng.randrange(0, 5)
        return [(CHOW, s[i] * 9 + b + i) for i in range(3)]
    if pick == 6:
        return [(CHOW, s[0] * 9 + r - 1), (CHOW, s[0] * 9 + min(r + 2, 6))]
    if pick == 7:
        return [(CHOW, s[0] * 9), (CHOW, s[0] * 9 + 6)]
    if pick == 8:
        n = rng.choice((3, 4))
        b = rng.randrange(0, 10 - n)
        return [(PUNG, s[0] * 9 + b + i) for i in range(n)]
    if pick == 9:
        b = rng.randrange(0, 7)
        return [(PUNG, s[i] * 9 + b + i) for i in range(3)]
    if pick == 10:
        return [(PUNG, s[i] * 9 + r - 1) for i in range(rng.choice((2, 3)))]
    if pick == 11:
        winds = rng.sample(list(WINDS), 4)
        n = rng.choice((2, 3, 3, 4))
        return [(PUNG, t) for t in winds[:n]], winds[-1] if n == 3 and rng.random() < 0.6 else None
    if pick == 12:
        dragons = rng.sample(list(DRAGONS), 3)
        n = rng.choice((2, 2, 3))
        return [(PUNG, t) for t in dragons[:n]], dragons[2] if n == 2 and rng.random() < 0.6 else None
    if pick == 13:
        return [(CHOW, s[0] * 9), (CHOW, s[0] * 9 + 6), (CHOW, s[1] * 9), (CHOW, s[1] * 9 + 6)], s[2] * 9 + 4
    if pick == 14:
        return [(CHOW, s[0] * 9), (CHOW, s[0] * 9), (CHOW, s[0] * 9 + 6), (CHOW, s[0] * 9 + 6)], s[0] * 9 + 4
    if pick == 15:
        return [(CHOW, s[0] * 9 + r - 1), (CHOW, s[1] * 9 + r - 1), (CHOW, s[1] * 9 + min(r + 2, 6))]
    if pick == 16:
        return [(PUNG, t) for t in rng.sample(list(WINDS), 3)] + [(PUNG, rng.choice(list(DRAGONS)))]
    if pick == 17:
        return [(PUNG, rng.choice(list(ALL))), (CHOW, s[0] * 9 + r - 1)]
    if pick == 18:
        return [(CHOW, s[0] * 9 + r - 1), (CHOW, s[0] * 9 + r - 1), (CHOW, s[1] * 9 + r - 1)]
    if pick == 19:  # 五门齐: every suit, a wind and a dragon
        honors = [rng.choice(list(WINDS)), rng.choice(list(DRAGONS))]
        rng.shuffle(honors)
        return [(CHOW, s[i] * 9 + rng.randrange(7)) for i in range(3)] + [(PUNG, honors[0])], honors[1]
    fives: Sets = []  # 全带五: a 5 in every set and the pair
    for _ in range(4):
        x = rng.randrange(3) * 9
        fives.append((CHOW, x + rng.randrange(2, 5)) if rng.random() < 0.7 else (PUNG, x + 4))
    return fives, s[0] * 9 + 4


def regular(rng: random.Random) -> tuple[Sets, int] | None:
    """Four sets and a pair from a template."""
    counts: Counter = Counter()
    sets: Sets = []
    pair: int | None = None
    if rng.random() < 0.5:
        combo, pair = _combo(rng)
        for kind, t in combo:
            if not _can_take(counts, kind, t):
                return None
            _take(counts, kind, t)
            sets.append((kind, t))
        if pair is not None and counts[pair] + 2 > 4:
            return None
        pool = list(ALL) if rng.random() < 0.6 else POOLS[rng.choice(list(POOLS))](rng)
    else:
        pool = POOLS[rng.choice(list(POOLS))](rng)
    more = _random_sets(rng, pool, 4 - len(sets), rng.choice((0.0, 0.3, 0.6, 0.9)), counts)
    if more is None:
        return None
    if pair is not None:
        counts[pair] += 2
    else:
        pair_pool = [t for t in pool if rank(t) == 5] if rng.random() < 0.1 else pool
        pair = _pair(rng, pair_pool or pool, counts)
    return None if pair is None else (sets + more, pair)


def chicken(rng: random.Random) -> Win | None:
    """Aimed at 无番和: three declared sets of simples in every suit, a wind pair, a two-sided wait on a discard."""
    counts: Counter = Counter()
    simples = POOLS["simples"](rng)
    sets = _random_sets(rng, simples, 4, 0.7, counts)
    pair = rng.choice(list(WINDS))
    if sets is None or not any(k == CHOW for k, _ in sets):
        return None
    last = next(i for i, (k, _) in enumerate(sets) if k == CHOW)
    melds = tuple(Meld(k, t) for i, (k, t) in enumerate(sets) if i != last)
    t = sets[last][1]
    win = Win((pair, pair, t + 1, t + 2), t, melds, seat_wind=rng.randrange(4), prevalent_wind=rng.randrange(4))
    return win


def dress(rng: random.Random, sets: Sets, pair: int) -> Win | None:
    """Declare some sets, pick the winning tile and the circumstances."""
    melds: list[Meld] = []
    standing: list[int] = [pair, pair]
    meld_p = rng.choice((0.0, 0.0, 0.3, 0.6, 1.0))
    kong_p = rng.choice((0.0, 0.2, 0.6))
    for kind, t in sets:
        if kind == PUNG and rng.random() < kong_p:
            melds.append(Meld(KONG, t, concealed=rng.random() < 0.5))
        elif rng.random() < meld_p:
            melds.append(Meld(kind, t))
        else:
            standing += [t, t + 1, t + 2] if kind == CHOW else [t] * 3
    counts = Counter(standing)
    for m in melds:
        counts.update(m.tiles())
    if max(counts.values()) > 4:
        return None
    win_tile = rng.choice(standing)
    standing.remove(win_tile)
    return _circumstances(rng, tuple(sorted(standing)), win_tile, tuple(melds))


def _circumstances(rng: random.Random, standing: tuple[int, ...], win_tile: int, melds=()) -> Win:
    return Win(
        standing,
        win_tile,
        melds,
        tsumo=rng.random() < 0.5,
        last_of_kind=rng.random() < 0.12,
        kong=rng.random() < 0.12,
        wall_last=rng.random() < 0.1,
        seat_wind=rng.randrange(4),
        prevalent_wind=rng.randrange(4),
        flowers=rng.choice((0, 0, 0, 1, 2, 3, 8)),
    )


def special(rng: random.Random) -> Win | None:
    """七对, 连七对, 十三幺, 全不靠, 七星不靠, 组合龙 with a set and a pair, 九莲宝灯."""
    pick = rng.randrange(7)
    if pick == 0:
        kinds = rng.sample(POOLS[rng.choice(list(POOLS))](rng) or list(ALL), 0) or []
        pool = POOLS[rng.choice(list(POOLS))](rng)
        if len(pool) < 7:
            pool = list(ALL)
        kinds = rng.sample(pool, 7)
        if rng.random() < 0.2:
            kinds[1] = kinds[0]
        tiles = [t for t in kinds for _ in range(2)]
    elif pick == 1:
        s, b = rng.randrange(3), rng.randrange(3)
        tiles = [s * 9 + b + i for i in range(7) for _ in range(2)]
    elif pick == 2:
        tiles = [*ORPHANS, rng.choice(ORPHANS)]
    elif pick in (3, 4):
        knit = rng.choice(KNITTED)
        honors = 7 if pick == 4 else rng.randrange(5, 8)
        tiles = rng.sample(list(knit), 14 - honors) + rng.sample(range(27, 34), honors)
    elif pick == 5:
        return _knitted(rng)
    else:
        s = rng.randrange(3)
        tiles = [s * 9 + r - 1 for r in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)] + [s * 9 + rng.randrange(9)]
    win_tile = rng.choice(tiles)
    tiles.remove(win_tile)
    return _circumstances(rng, tuple(sorted(tiles)), win_tile)


def _knitted(rng: random.Random) -> Win | None:
    counts: Counter = Counter(rng.choice(KNITTED))
    sets = _random_sets(rng, list(ALL), 1, 0.5, counts)
    pair = _pair(rng, list(ALL), counts)
    if sets is None or pair is None or max(counts.values()) > 4:
        return None
    melds: tuple[Meld, ...] = ()
    tiles = list(counts.elements())
    kind, t = sets[0]
    if rng.random() < 0.4:
        melds = (Meld(KONG, t, concealed=rng.random() < 0.5) if kind == PUNG and rng.random() < 0.3 else Meld(kind, t),)
        for x in [t, t + 1, t + 2] if kind == CHOW else [t] * 3:
            tiles.remove(x)
    win_tile = rng.choice(tiles)
    tiles.remove(win_tile)
    return _circumstances(rng, tuple(sorted(tiles)), win_tile, melds)


def draw(rng: random.Random) -> Win:
    """One winning hand."""
    while True:
        try:
            if rng.random() < 0.04:
                win = chicken(rng)
            elif rng.random() < 0.15:
                win = special(rng)
            else:
                made = regular(rng)
                win = dress(rng, *made) if made else None
        except MjsimError:  # a kong made a fifth tile: draw again
            win = None
        if win is not None:
            return win


# ---- the reference -------------------------------------------------------------------------------------------------

_SUITS = "WBT"
_NAMES = {"独听・单钓": "单钓将", "独听・边张": "边张", "独听・嵌张": "嵌张"}


def gb_tile(t: int) -> str:
    """A kind as MahjongGB writes it (W characters, B dots, T bamboo, F winds, J red/green/white)."""
    if t < 27:
        return f"{_SUITS[t // 9]}{t % 9 + 1}"
    if t < 31:
        return f"F{t - 26}"
    return {31: "J3", 32: "J2", 33: "J1"}[t]


def reference(win: Win) -> Counter:
    """The fans pymahjonggb counts for ``win`` (name -> times), names as the rulebook writes them."""
    from MahjongGB import MahjongFanCalculator

    packs = []
    for m in win.melds:
        if m.kind == CHOW:
            packs.append(("CHI", gb_tile(m.tile + 1), 2))
        else:
            packs.append(("GANG" if m.kind == KONG else "PENG", gb_tile(m.tile), 0 if m.concealed else 1))
    out = MahjongFanCalculator(
        pack=tuple(packs),
        hand=tuple(gb_tile(t) for t in win.standing),
        winTile=gb_tile(win.win_tile),
        flowerCount=win.flowers,
        isSelfDrawn=win.tsumo,
        is4thTile=win.last_of_kind,
        isAboutKong=win.kong,
        isWallLast=win.wall_last,
        seatWind=win.seat_wind,
        prevalentWind=win.prevalent_wind,
        verbose=True,
    )
    return Counter({_NAMES.get(name, name): n for _points, n, name, _en in out})


def hands(n: int, seed: int = 38) -> list[Win]:
    """``n`` winning hands from ``seed``."""
    rng = random.Random(seed)
    return [draw(rng) for _ in range(n)]


if __name__ == "__main__":  # pragma: no cover - a measuring aid
    import sys

    from tests.variants.mcr.test_differential import _rulebook_case
    from variants.mcr.calculator import score
    from variants.mcr.fan import FANS

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    hits: Counter = Counter()
    bad = documented = 0
    for w in hands(n):
        mine, ref = score(w).names(), reference(w)
        hits.update(mine.keys())
        if mine != ref:
            documented += _rulebook_case(mine, ref)
            bad += not _rulebook_case(mine, ref)
    print(f"{n} hands: {bad} disagreements, {documented} documented rulebook cases (明暗杠)")
    print("fewest hits: " + ", ".join(f"{f.name} {hits[f.name]}" for f in sorted(FANS, key=lambda f: hits[f.name])[:8]))
