"""The human player under 地雷 with every pool yaku forbidden: it builds toward a clean yaku, never riichis.

With ``jirai.initial_count = jirai.max_count = 7`` the forbidden set is the whole pool and public (the count
is shown and only one set of seven exists), so every seat knows riichi, menzen tsumo, pinfu, tanyao, yakuhai,
chiitoitsu and honitsu reverse a win, and a clean win earns seven bonus han.
"""

from __future__ import annotations

import random

import pytest

from mjsim.agents import make_agent
from mjsim.agents.observation import Observation
from mjsim.engine.actions import DECLARE_DISCARD, DISCARD, Action
from mjsim.hand.decompose import waits
from mjsim.hand.notation import format_kinds, parse_tiles
from mjsim.hand.shanten import shanten
from mjsim.hand.tiles import kind_of
from mjsim.rules import RuleSet
from tests.positions import dealt, table_view
from variants.riichi.hints import value_hints
from variants.riichi.human import ready
from variants.riichi.human.context import Context, TableRules
from variants.riichi.human.profile_file import DEFAULT, shipped_profile
from variants.riichi.statistics import TSUMO_SHARE

# Ittsu in man, 3p drawn: let 3p go and the 23p wait is two-sided (pinfu + ittsu: pinfu reverses the win),
# let 2p go and the 33p-77s double-pair wait keeps ittsu alone (clean: 2 + 7 han).
ITTSU = "123456789m233p77s"


def _rules(k: int):
    return RuleSet.resolve("jirai", {"jirai.initial_count": str(k), "jirai.max_count": str(k)}, ()).compile()


def _observation(hand: str, rivers=("", "", "", ""), k: int = 7) -> Observation:
    """Seat 1 (South, East round, dealer 0) holding ``hand``, with the count of ``k`` forbidden public."""
    used: set[int] = set()
    tiles, river_tiles, counts = dealt(hand, rivers, used)
    return table_view(
        tiles,
        counts=tuple(counts),
        rivers=river_tiles,
        indicators=tuple(parse_tiles("1z", used=used)),
        extra={"jirai_forbidden_count": k, "jirai_public": ()},
        declared_at=(None,) * 4,
        tsumogiri=tuple((False,) * len(r) for r in river_tiles),
    )


def _offers(obs: Observation, riichi: bool) -> list[Action]:
    """A discard of each kind held and, with ``riichi``, a declaration on each discard that leaves it ready."""
    firsts = {kind_of(t): t for t in reversed(obs.tiles)}
    out = [Action(DISCARD, t) for t in firsts.values()]
    if riichi:
        for kind, t in firsts.items():
            counts = list(obs.counts)
            counts[kind] -= 1
            if waits(counts):
                out.append(Action(DECLARE_DISCARD, t))
    return out


def _choice(k: int, hand: str = ITTSU, riichi: bool = False, rivers=("", "", "", "")) -> Action:
    obs = _observation(hand, rivers, k)
    return make_agent("human", random.Random(0), _rules(k)).act(obs, _offers(obs, riichi))


def test_all_seven_forbidden_it_keeps_the_clean_wait_over_the_pinfu_one():
    """Two-sided 14p (8 tiles, pinfu) against 3p-7s (4 tiles, ittsu alone): the clean one."""
    chosen = _choice(7)
    assert chosen.kind == DISCARD and format_kinds([kind_of(chosen.tile)]) == "2p"


def test_all_seven_forbidden_it_declines_riichi():
    """Riichi is forbidden: it stays dama on the clean wait (a declaration would reverse every win)."""
    chosen = _choice(7, riichi=True)
    assert chosen.kind == DISCARD and format_kinds([kind_of(chosen.tile)]) == "2p"


def test_with_one_forbidden_the_wider_wait_is_still_taken():
    """One of seven forbidden: pinfu's risk is 1/7, so the two-sided wait and its riichi stay the better way."""
    chosen = _choice(1, riichi=True)
    assert format_kinds([kind_of(chosen.tile)]) == "3p"


def _ready_worth(hand: str, rivers=("", "", "", "")) -> float | None:
    obs = _observation(hand, rivers)
    rules = _rules(7)
    ctx = Context(obs, shipped_profile(DEFAULT), TableRules.of(rules), 1.0, value_hints(rules, obs))
    return ready.ready_points(ctx, list(obs.counts), (), list(obs.tiles), closed=True)


@pytest.mark.parametrize(
    ("hand", "rivers", "clean"),
    [
        ("123456789m33p77s", ("", "", "", ""), True),  # ittsu on a double-pair wait
        ("123456789m23p77s", ("", "", "", ""), False),  # the same ittsu with pinfu (two-sided wait)
        ("123456789m33p77s", ("", "7s", "", ""), False),  # furiten: 7s in its own river, no ron; tsumo reverses
        ("234m345p456s2267s", ("", "", "", ""), False),  # tanyao only
    ],
    ids=["ittsu-shanpon", "ittsu-pinfu", "ittsu-furiten", "tanyao"],
)
def test_a_ready_hand_is_worth_only_its_clean_wins(hand, rivers, clean):
    worth = _ready_worth(hand, rivers)
    assert worth is not None and ((worth > 8000) if clean else (worth == 0.0))


def test_jirai_hints_name_each_yakuhai_as_the_scorer_does():
    hints = value_hints(_rules(7), _observation(ITTSU))
    assert hints.yaku_risk["dragon_white"] == hints.yaku_risk["seat_wind_south"] == hints.yaku_risk["yakuhai"] == 1.0


# The look-ahead's kernels against the readable way they replaced (one shanten per draw and per discard, every win
# scored afresh, the winning copy and the tiles by physical id): the same worth, to the last bit, on seeded hands.


def _readable_ready(ctx: Context, counts: list[int], tiles: list[int], discarded: tuple[int, ...]) -> float | None:
    if shanten(counts) != 0:
        return None
    ready_kinds = waits(counts)
    furiten = any(w in discarded or w in ctx.river_kinds for w in ready_kinds)
    rules = ctx.table.rules
    obs = ctx.obs
    ways = (frozenset({"riichi"}),) if obs.declared[obs.seat] else ready.RIICHI_WAYS
    best = None
    for way in ways:
        live = {w: max(0, 4 - ctx.seen[w]) for w in ready_kinds}
        total = sum(live.values())
        worth = 0.0
        for w in ready_kinds:
            weight = live[w] / total if total else 1.0 / len(ready_kinds)
            ids = sorted(range(4 * w, 4 * w + 4), key=lambda t: t in ctx.table.red_ids)
            tile = next((t for t in ids if t not in set(tiles)), ids[0])
            ron = 0.0 if furiten else ready._win_worth(ctx, tiles, tile, (), False, way, rules)
            tsumo = ready._win_worth(ctx, tiles, tile, (), True, way, rules)
            worth += weight * ((1.0 - TSUMO_SHARE) * max(ron, 0.0) + TSUMO_SHARE * max(tsumo, 0.0))
        best = worth if best is None else max(best, worth)
    return best


def _readable_without(tiles: list[int], kind: int, red_ids) -> list[int]:
    out = list(tiles)
    out.remove(min((t for t in out if kind_of(t) == kind), key=lambda t: t in red_ids))
    return out


def _readable_one_away(ctx: Context, counts: list[int], tiles: list[int], discarded: tuple[int, ...]) -> float | None:
    if shanten(counts) != 1:
        return None
    red_ids = ctx.table.red_ids
    total, worth = 0, 0.0
    for draw in range(34):
        live = max(0, 4 - ctx.seen[draw]) if counts[draw] < 4 else 0
        if not live:
            continue
        counts[draw] += 1
        if shanten(counts) == 0:
            ids = sorted(range(4 * draw, 4 * draw + 4), key=lambda t: t in red_ids)
            drawn = tiles + [next((t for t in ids if t not in set(tiles)), ids[0])]
            best = 0.0
            for kind in [k for k, n in enumerate(counts) if n]:
                counts[kind] -= 1
                if shanten(counts) == 0:
                    rest = _readable_without(drawn, kind, red_ids)
                    best = max(best, _readable_ready(ctx, counts, rest, discarded + (kind,)) or 0.0)
                counts[kind] += 1
            total += live
            worth += live * best
        counts[draw] -= 1
    return worth / total if total else None


def _near_ready_hands(rng: random.Random, wanted: int) -> list[list[int]]:
    """Closed 13-tile hands (physical ids, red fives among them by chance) one or no tile from ready."""
    out: list[list[int]] = []
    while len(out) < wanted:
        counts = [0] * 34
        for _ in range(4):
            start = rng.choice([k for k in range(27) if k % 9 < 7] + list(range(34)))
            kinds = [start] * 3 if rng.random() < 0.3 or start >= 27 or start % 9 > 6 else [start, start + 1, start + 2]
            for k in kinds:
                counts[k] += 1
        counts[rng.randrange(34)] += 2
        for _ in range(2):  # two tiles swapped for others: mostly one tile from ready
            counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
            counts[rng.randrange(34)] += 1
        counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
        if max(counts) > 4 or shanten(counts) > 1:
            continue
        out.append([t for k in range(34) for t in rng.sample(range(4 * k, 4 * k + 4), counts[k])])
    return out


@pytest.mark.parametrize("k", [1, 7], ids=["one-forbidden", "seven-forbidden"])
def test_the_look_ahead_kernels_give_the_readable_worths(k):
    rng = random.Random(k)
    rules = _rules(k)
    for held in _near_ready_hands(rng, 12):
        pool = [t for t in range(136) if t not in held]
        rng.shuffle(pool)
        rivers = tuple(tuple(sorted(pool[6 * i : 6 * i + 6])) for i in range(4))
        counts = [0] * 34
        for t in held:
            counts[kind_of(t)] += 1
        obs = table_view(
            tuple(held),
            counts=tuple(counts),
            rivers=rivers,
            indicators=(pool[30],),
            extra={"jirai_forbidden_count": k, "jirai_public": ()},
            declared_at=(None,) * 4,
            tsumogiri=tuple((False,) * 6 for _ in range(4)),
        )
        ctx = Context(obs, shipped_profile(DEFAULT), TableRules.of(rules), 1.0, value_hints(rules, obs))
        expected = _readable_ready(ctx, list(counts), list(held), ())
        if expected is None:
            expected = _readable_one_away(ctx, list(counts), list(held), ())
        assert ready.exact_points(ctx, list(counts), (), list(held), True) == expected
