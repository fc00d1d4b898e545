"""Hand-analysis benchmark: shanten and scoring speed, side by side with the ``mahjong`` package.

Everything runs on one core in this process.  The inputs are generated from a
seeded ``random.Random`` and built before any timing starts; each side is timed
over the whole input list with ``time.perf_counter`` and the best of three
repetitions is kept (for scoring, the two sides' repetitions alternate, so a
busy moment of a shared machine does not fall on one side only).  Before
timing, both sides are run once on every input (which also warms up mjsim's
lookup tables) and their answers are compared: disagreements are counted and
the first few are reported with their inputs.  mjsim scores fresh copies of
the win contexts in every repetition (a context keeps what it computed, and a
repeated input must not find it ready); its only cache across wins is the
per-suit reading cache, whose hit rate over the first pass of the distinct
hands is reported.
"""

from __future__ import annotations

import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from importlib import metadata
from typing import Any

import mjsim
from benchmarks.common import machine_info, table_row
from mjsim.errors import MjsimError
from mjsim.hand.notation import format_tiles
from mjsim.native import build_status
from mjsim.rules import Rules
from mjsim.scoring import CHI, PON, Meld, WinContext, clear_reading_cache, reading_cache_stats
from variants.riichi import table_facts as tf
from variants.riichi.table_facts import table_facts

REPEATS = 3
EXAMPLES = 5  # disagreements reported in full
SIMPLES = tuple(k for k in range(27) if 1 <= k % 9 <= 7)
DRAGONS = (31, 32, 33)


@dataclass
class WinHand:
    """One generated winning hand: the mjsim context and the same win as ``mahjong`` arguments."""

    ctx: WinContext
    peer: tuple[Any, ...] = ()  # (tiles_136, win_tile, melds, dora, ura, HandConfig)
    note: dict[str, Any] = field(default_factory=dict)  # readable description for reports


# ---------------------------------------------------------------- inputs


def random_hands(count: int, seed: int = 0) -> list[list[int]]:
    """``count`` random 13- or 14-tile hands as 34 counts, dealt from seeded shuffles of 136 tiles."""
    rng = random.Random(seed)
    deck: list[int] = []
    hands: list[list[int]] = []
    while len(hands) < count:
        size = rng.choice((13, 14))
        if len(deck) < size:
            deck = list(range(136))
            rng.shuffle(deck)
        counts = [0] * 34
        for _ in range(size):
            counts[deck.pop() // 4] += 1
        hands.append(counts)
    return hands


def _take(pool: list[list[int]], kind: int, n: int, rng: random.Random) -> list[int]:
    """Remove ``n`` random physical copies of ``kind`` from the pool."""
    picked = rng.sample(pool[kind], n)
    for tile in picked:
        pool[kind].remove(tile)
    return picked


def _random_set(pool: list[list[int]], rng: random.Random, allowed: Sequence[int]) -> tuple[str, list[int]]:
    """A random sequence or triplet of ``allowed`` kinds still available in the pool."""
    allowed_set = set(allowed)
    runs = [
        k
        for k in allowed
        if k < 27 and k % 9 <= 6 and {k + 1, k + 2} <= allowed_set and all(pool[k + i] for i in range(3))
    ]
    triplets = [k for k in allowed if len(pool[k]) >= 3]
    if runs and (not triplets or rng.random() < 0.7):
        start = rng.choice(runs)
        return CHI, [t for i in range(3) for t in _take(pool, start + i, 1, rng)]
    return PON, _take(pool, rng.choice(triplets), 3, rng)


def _hand_sets(
    pool: list[list[int]], rng: random.Random, theme: str, value_kinds: Sequence[int]
) -> tuple[list[tuple[str, list[int]]], list[int]]:
    """Four sets and a pair; an open hand gets a yaku from its theme (tanyao or a value triplet)."""
    allowed = SIMPLES if theme == "tanyao" else tuple(range(34))
    sets = []
    if theme == "yakuhai":
        sets.append((PON, _take(pool, rng.choice(value_kinds), 3, rng)))
    while len(sets) < 4:
        sets.append(_random_set(pool, rng, allowed))
    rng.shuffle(sets)
    pair = _take(pool, rng.choice([k for k in allowed if len(pool[k]) >= 2]), 2, rng)
    return sets, pair


def winning_hand(rng: random.Random) -> WinHand:
    """A complete hand with a yaku by construction: riichi, closed tsumo, open tanyao or a value triplet."""
    pool = [list(range(4 * k, 4 * k + 4)) for k in range(34)]
    seat, round_wind = rng.choice((27, 28, 29, 30)), rng.choice((27, 28))
    opened = rng.random() < 0.35
    riichi = not opened and rng.random() < 0.75
    tsumo = rng.random() < 0.4 or not (opened or riichi)
    theme = rng.choice(("tanyao", "yakuhai")) if opened else "any"
    sets, pair = _hand_sets(pool, rng, theme, DRAGONS + tuple({seat, round_wind}))
    called = sets[: rng.randint(1, 3)] if opened else []
    melds = tuple(Meld(kind, tuple(tiles), called=rng.choice(tiles)) for kind, tiles in called)
    concealed = [t for _, tiles in sets[len(called) :] for t in tiles] + pair
    win = rng.choice(concealed)
    left = [t for ids in pool for t in ids]
    n_dora = 1 + (rng.random() < 0.3)
    dora = tuple(rng.sample(left, n_dora))
    ura = tuple(t for t in rng.sample(left, 2 * n_dora) if t not in dora)[:n_dora] if riichi else ()
    ctx = WinContext(
        concealed=tuple(sorted(concealed)),
        win_tile=win,
        melds=melds,
        tsumo=tsumo,
        seat_wind=seat,
        round_wind=round_wind,
        discarder=None if tsumo else (seat - 27 + 3) % 4,
        situation=frozenset({"riichi"} if riichi else ()),
        table=table_facts(
            dora=dora,
            ura=ura,
        ),
    )
    return WinHand(ctx, note=describe(ctx))


def winning_hands(count: int, seed: int = 0) -> list[WinHand]:
    """``count`` generated winning hands from ``random.Random(seed)``."""
    rng = random.Random(seed)
    return [winning_hand(rng) for _ in range(count)]


def describe(ctx: WinContext) -> dict[str, Any]:
    """A win in ``mpsz`` text, enough to rebuild it with :func:`mjsim.win_context`."""
    winds = "ESWN"
    return {
        "hand": format_tiles(ctx.concealed),
        "win": format_tiles([ctx.win_tile]),
        "melds": [f"{m.type}:{format_tiles(m.tiles)}" for m in ctx.melds],
        "tsumo": ctx.tsumo,
        "situation": sorted(ctx.situation),
        "dora": format_tiles(tf.dora_indicators(ctx)),
        "ura": format_tiles(tf.ura_indicators(ctx)),
        "seat_wind": winds[ctx.seat_wind - 27],
        "round_wind": winds[ctx.round_wind - 27],
    }


# ---------------------------------------------------------------- the peer


def peer_version() -> str | None:
    """The installed ``mahjong`` package version, or None when it cannot be imported."""
    try:
        import mahjong  # noqa: F401
    except ImportError:
        return None
    try:
        return metadata.version("mahjong")
    except metadata.PackageNotFoundError:
        return "unknown"


def peer_rules() -> Any:
    """The ``mahjong`` package's ``OptionalRules`` matching mjsim's ``tenhou`` preset."""
    from mahjong.hand_calculating.hand_config import HandConstants, OptionalRules

    return OptionalRules(
        has_open_tanyao=True,
        has_aka_dora=True,
        has_double_yakuman=False,
        kazoe_limit=HandConstants.KAZOE_LIMITED,
        kiriage=False,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
    )


def peer_inputs(hand: WinHand) -> tuple[Any, ...]:
    """The ``estimate_hand_value`` arguments for a win, under Tenhou rules."""
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld as PeerMeld

    ctx = hand.ctx
    melds = [
        PeerMeld(
            meld_type=PeerMeld.CHI if m.type == CHI else PeerMeld.PON,
            tiles=list(m.tiles),
            opened=True,
            called_tile=m.called,
        )
        for m in ctx.melds
    ]
    config = HandConfig(
        is_tsumo=ctx.tsumo,
        is_riichi="riichi" in ctx.situation,
        player_wind=ctx.seat_wind,
        round_wind=ctx.round_wind,
        options=peer_rules(),
    )
    return (
        sorted(ctx.all_tiles),
        ctx.win_tile,
        melds,
        list(tf.dora_indicators(ctx)),
        list(tf.ura_indicators(ctx)),
        config,
    )


# ---------------------------------------------------------------- checks


def mjsim_outcome(ctx: WinContext, rules: Rules) -> dict[str, Any]:
    """mjsim's han, fu, value and yakuman count for a win (or the error)."""
    try:
        s = mjsim.score(ctx, rules)
    except MjsimError as exc:
        return {"error": str(exc)}
    d = s.detail
    return {
        "han": d.han,
        "fu": d.fu,
        "cost": s.value,
        "yakuman": d.yakuman > 0 or d.limit == "yakuman",
        "yaku": [h.name for h in s.hits],
    }


def peer_outcome(args: tuple[Any, ...]) -> dict[str, Any]:
    """The ``mahjong`` package's han, fu, total cost and yakuman flag for a win (or the error)."""
    from mahjong.hand_calculating.hand import HandCalculator

    tiles, win, melds, dora, ura, config = args
    r = HandCalculator().estimate_hand_value(
        tiles, win, melds=melds, dora_indicators=dora, config=config, ura_dora_indicators=ura
    )
    if r.error:
        return {"error": r.error}
    return {
        "han": r.han,
        "fu": r.fu,
        "cost": r.cost["total"],
        "yakuman": r.han >= 13,
        "yaku": [str(y) for y in r.yaku],
    }


def outcomes_agree(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Same han, fu and cost (only cost for yakuman); two errors agree."""
    if "error" in a or "error" in b:
        return "error" in a and "error" in b
    if a["yakuman"] or b["yakuman"]:
        return a["cost"] == b["cost"]
    return (a["han"], a["fu"], a["cost"]) == (b["han"], b["fu"], b["cost"])


def check_shanten(hands: list[list[int]], peer: Callable[[list[int]], int] | None) -> dict[str, Any]:
    """Run mjsim (and the peer) on every hand; count disagreements and keep the first few."""
    examples: list[dict[str, Any]] = []
    disagree = 0
    for counts in hands:
        ours = mjsim.shanten(counts)
        theirs = peer(counts) if peer else ours
        if ours != theirs:
            disagree += 1
            if len(examples) < EXAMPLES:
                examples.append({"counts": list(counts), "mjsim": ours, "mahjong": theirs})
    return {"disagree": disagree if peer else None, "examples": examples}


def check_scores(hands: list[WinHand], rules: Rules, peers: bool) -> dict[str, Any]:
    """Score every win on both sides; count mjsim failures and disagreements, keeping the first few."""
    examples: list[dict[str, Any]] = []
    disagree = no_win = 0
    for hand in hands:
        ours = mjsim_outcome(hand.ctx, rules)
        no_win += "error" in ours
        if not peers:
            continue
        theirs = peer_outcome(hand.peer)
        if not outcomes_agree(ours, theirs):
            disagree += 1
            if len(examples) < EXAMPLES:
                examples.append({**hand.note, "mjsim": ours, "mahjong": theirs})
    return {"disagree": disagree if peers else None, "no_win": no_win, "examples": examples}


# ---------------------------------------------------------------- timing


def best_time(run: Callable[[], Any], repeats: int = REPEATS) -> float:
    """Best wall time of ``repeats`` calls of ``run``, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def _time_shanten(hands: list[list[int]], func: Callable[[list[int]], int]) -> float:
    """Mean microseconds per call of ``func`` over ``hands``."""

    def run() -> None:
        for counts in hands:
            func(counts)

    return best_time(run) / len(hands) * 1e6


def _time_mjsim_scores(contexts: list[WinContext], rules: Rules) -> float:
    """Seconds for one ``mjsim.score`` call on fresh copies of each of ``contexts`` (copied before the clock)."""
    score = mjsim.score
    fresh = [replace(ctx) for ctx in contexts]
    start = time.perf_counter()
    for ctx in fresh:
        try:
            score(ctx, rules)
        except MjsimError:
            pass
    return time.perf_counter() - start


def _time_peer_scores(inputs: list[tuple[Any, ...]]) -> float:
    """Seconds for one ``HandCalculator().estimate_hand_value`` call on each of ``inputs``."""
    from mahjong.hand_calculating.hand import HandCalculator

    estimate = HandCalculator().estimate_hand_value
    start = time.perf_counter()
    for tiles, win, melds, dora, ura, config in inputs:
        estimate(tiles, win, melds=melds, dora_indicators=dora, config=config, ura_dora_indicators=ura)
    return time.perf_counter() - start


def _time_scores(hands: list[WinHand], rules: Rules, peer_ok: bool) -> tuple[float, float | None]:
    """Mean microseconds per scored hand for mjsim and the peer, best of alternating repetitions."""
    contexts = [h.ctx for h in hands]
    ours, theirs = float("inf"), float("inf")
    for _ in range(REPEATS):
        ours = min(ours, _time_mjsim_scores(contexts, rules))
        if peer_ok:
            theirs = min(theirs, _time_peer_scores([h.peer for h in hands]))
    return ours / len(hands) * 1e6, theirs / len(hands) * 1e6 if peer_ok else None


# ---------------------------------------------------------------- the benchmark


def _section(count_key: str, count: int, ours: float, theirs: float | None, check: dict) -> dict[str, Any]:
    """One section of the result: sizes, timings, speedup and the sanity check."""
    return {
        count_key: count,
        "mjsim_us": round(ours, 3),
        "mahjong_us": None if theirs is None else round(theirs, 3),
        "speedup": None if theirs is None else round(theirs / ours, 2),
        **check,
    }


def bench_shanten(calls: int, seed: int, peer_ok: bool) -> dict[str, Any]:
    """Time ``mjsim.shanten`` (and the peer's) on ``calls`` random 13/14-tile hands."""
    hands = random_hands(calls, seed)
    mjsim.shanten(hands[0])  # the first call may build the lookup tables
    peer = None
    if peer_ok:
        from mahjong.shanten import Shanten

        peer = Shanten.calculate_shanten
    check = check_shanten(hands, peer)
    ours = _time_shanten(hands, mjsim.shanten)
    theirs = _time_shanten(hands, peer) if peer else None
    return _section("calls", len(hands), ours, theirs, check)


def bench_score(count: int, seed: int, peer_ok: bool) -> dict[str, Any]:
    """Time ``mjsim.score`` (and the peer's hand calculator) on ``count`` generated winning hands."""
    rules = mjsim.RuleSet.resolve("tenhou").compile()
    hands = winning_hands(count, seed)
    if peer_ok:
        for hand in hands:
            hand.peer = peer_inputs(hand)
    clear_reading_cache()  # the hit rate below is that of a first pass over distinct hands
    check = check_scores(hands, rules, peer_ok)
    hits, misses = reading_cache_stats()
    ours, theirs = _time_scores(hands, rules, peer_ok)
    cache = {"suit_cache_first_pass_hit_rate": round(hits / max(1, hits + misses), 3)}
    return _section("hands", len(hands), ours, theirs, check) | cache


def bench_hand(
    shanten_calls: int = 50_000, winning_hands: int = 2_000, seed: int = 0, peers: bool = True
) -> dict[str, Any]:
    """Time shanten and scoring on one core, with the ``mahjong`` package side by side when installed."""
    if shanten_calls < 1 or winning_hands < 1:
        raise MjsimError("bench hand needs at least one shanten call and one winning hand")
    version = peer_version() if peers else None
    return {
        "python": platform.python_version(),
        "implementation": sys.implementation.name,
        "build": build_status(),  # compiled (mypyc) or pure Python: the scoring figures depend on it
        "machine": machine_info(),
        "seed": seed,
        "repeats": REPEATS,
        "shanten": bench_shanten(shanten_calls, seed, version is not None),
        "score": bench_score(winning_hands, seed, version is not None),
        "peers": {"mahjong": version},
    }


# ---------------------------------------------------------------- report


def _us(value: float | None) -> str:
    """Microseconds for the table ('-' when not measured)."""
    return "-" if value is None else f"{value:,.2f}"


def format_hand_report(result: dict[str, Any]) -> str:
    """A small table of a :func:`bench_hand` result: what, calls, µs per call on each side, speedup."""
    peer = result.get("peers", {}).get("mahjong")
    header = (
        "what",
        "calls",
        "mjsim µs/call",
        f"mahjong {peer} µs/call" if peer else "mahjong µs/call",
        "speedup",
    )
    rows = [header]
    for name, key, count_key in (("shanten", "shanten", "calls"), ("score", "score", "hands")):
        s = result[key]
        speedup = "-" if s.get("speedup") is None else f"{s['speedup']:.1f}x"
        rows.append((name, f"{s[count_key]:,}", _us(s["mjsim_us"]), _us(s.get("mahjong_us")), speedup))
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = [table_row(r, widths) for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.append("")
    lines.append(f"python {result['python']} on {result['machine']}; best of {result.get('repeats', 3)}")
    if "build" in result:
        lines.append(f"mjsim build: {result['build']}")
    rate = result["score"].get("suit_cache_first_pass_hit_rate")
    if rate is not None:
        lines.append(
            f"scoring: fresh contexts each repetition; per-suit reading cache hit rate on the first pass {rate:.0%}"
        )
    lines.extend(_check_lines(result, peer))
    return "\n".join(lines)


def _check_lines(result: dict[str, Any], peer: str | None) -> list[str]:
    """The sanity-check summary under the table."""
    if peer is None:
        return ["no peer measured (the mahjong package is not installed, or peers were turned off)"]
    sh, sc = result["shanten"], result["score"]
    lines = [
        f"agreement with mahjong: shanten {sh['calls'] - sh['disagree']}/{sh['calls']}, "
        f"han/fu/cost {sc['hands'] - sc['disagree']}/{sc['hands']}"
    ]
    if sc.get("no_win"):
        lines.append(f"mjsim found no win in {sc['no_win']} generated hand(s)")
    for example in (sh["examples"] + sc["examples"])[:EXAMPLES]:
        lines.append(f"  disagreement: {example}")
    return lines
