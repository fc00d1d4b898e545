"""The hand value estimate under a variant's hints (``mjsim_value_hints``): which yaku the hand reaches by name,
what each is worth under the rule, and the expected points of a win.

Used only when the rule set gives hints (地雷, ラド, 特定牌, 五筒); without them ``Context.hand_points`` keeps
the plain estimate of ``value.py``, so Tenhou-rules play does not change. Hints of tile worths only (ラド,
特定牌, 五筒) change the han of the plain estimate. Hints that put yaku at risk (地雷) name the yaku: beside
the plain estimate's it counts the reach of 一気通貫, 三色同順 and 混全帯幺九 (the clean yaku a person builds
when the common ones are forbidden) and the 平和 and 門前清自摸和 a closed hand wins with.
"""

from __future__ import annotations

from mjsim.hand.tiles import YAOCHU_SET, kind_of
from variants.riichi.hints import ValueHints
from variants.riichi.human import value
from variants.riichi.human.profile import Profile
from variants.riichi.human.value import HandFacts
from variants.riichi.statistics import TSUMO_SHARE

MAX_MISSING = 2  # a three-set yaku (ittsu, sanshoku) is in reach with at most this many kinds still to draw
CHANTA_MAX_MIDDLE = 1
CHINITSU_MAX_OTHERS = 2  # a guess: tiles of other suits and honours a hand may hold and still go for chinitsu
EXCLUSIVE = {"honitsu": "chinitsu", "chinitsu": "honitsu"}  # one suit is either with honours or without
# A guess, not a measured figure: the share of closed hands planning to open whose calls come in time.
OPEN_PLAN_SHARE = 0.5
# A guess, not a measured figure: the share of a sequence hand's wins that end on a two-sided wait (平和).
PINFU_SHARE = 0.5
# Yaku a hand reaches only if it is built for them (the others come with the shape: a held triplet, all simples).
OPTIONAL = frozenset(
    ("honitsu", "chinitsu", "toitoi", "ittsu", "sanshoku", "chanta", "iipeikou")
)  # tiles of ranks 4-6 a chanta hand may still hold (to be discarded)


def held_counts(facts: HandFacts) -> list[int]:
    """Copies of each kind in the concealed tiles and the melds (read-only: the facts' own list)."""
    return facts.held


def _three_set_reach(facts: HandFacts, held: list[int], starts: tuple[int, int, int]) -> bool:
    """Sequences from ``starts`` (lowest kinds) in reach: at most one other meld, few kinds missing."""
    wanted = {s + i for s in starts for i in range(3)}
    others = sum(1 for m in facts.melds if not (m.type == "chi" and m.kind in starts))
    missing = sum(1 for k in wanted if not held[k])
    return others <= 1 and missing <= MAX_MISSING


def ittsu_reach(facts: HandFacts, held: list[int]) -> bool:
    """一気通貫 in reach: 123, 456 and 789 of one suit."""
    return any(_three_set_reach(facts, held, (9 * s, 9 * s + 3, 9 * s + 6)) for s in range(3))


def sanshoku_reach(facts: HandFacts, held: list[int]) -> bool:
    """三色同順 in reach: one sequence in all three suits."""
    return any(_three_set_reach(facts, held, (r, 9 + r, 18 + r)) for r in range(7))


def chanta_reach(facts: HandFacts) -> bool:
    """混全帯幺九 in reach: every meld holds a terminal or honour, almost no middle tiles (4-6) left in hand."""
    if not all(any(kind_of(t) in YAOCHU_SET for t in m.tiles) for m in facts.melds):
        return False
    middle = sum(facts.counts[9 * s + r] for s in range(3) for r in (3, 4, 5))
    return middle <= CHANTA_MAX_MIDDLE and sum(facts.counts[k] for k in YAOCHU_SET) >= 3


def chinitsu_reach(held: list[int]) -> bool:
    """清一色 in reach: all but ``CHINITSU_MAX_OTHERS`` of the tiles held are of one suit."""
    return sum(held) - max(sum(held[9 * s : 9 * s + 9]) for s in range(3)) <= CHINITSU_MAX_OTHERS


def iipeikou_reach(counts) -> bool:
    """一盃口 in reach: two copies of one sequence's three kinds held, at most one copy still to draw."""
    return any(sum(min(counts[9 * s + r + i], 2) for i in range(3)) >= 5 for s in range(3) for r in range(7))


def reached_yaku(facts: HandFacts, closed: bool, min_suit_tiles: int, min_pairs: int) -> list[tuple[str, int]]:
    """(name, han) of each yaku the hand can reach, named as the riichi scorer and 地雷's pool name them."""
    held = held_counts(facts)
    _yakuhai, pairs = value.yakuhai_han(facts)
    out = shape_yaku(facts, closed)
    suit = value.one_suit_reach(facts, min_suit_tiles)
    if suit:
        out.append(("chinitsu" if suit >= 5 else "honitsu", suit))
    if 0 < suit < 5 and chinitsu_reach(held):
        out.append(("chinitsu", suit + 3))  # the other way to the one suit: drop the honours (a plan apart)
    if closed and iipeikou_reach(facts.counts):
        out.append(("iipeikou", 1))
    # why: with yaku at risk a person pons toward toitoi from one pair fewer (its bonus han make it dear)
    if not closed and value.toitoi_reach(facts, min_pairs - 1):
        out.append(("toitoi", 2))
    for name, reach in (("ittsu", ittsu_reach(facts, held)), ("sanshoku", sanshoku_reach(facts, held))):
        if reach:
            out.append((name, 2 if closed else 1))
    if chanta_reach(facts):
        out.append(("chanta", 2 if closed else 1))
    if not out and pairs and facts.atozuke:
        out.append(("yakuhai", 1))  # a value pair may still be called (後付け allowed)
    return out


def bonus_han(facts: HandFacts, hints: ValueHints) -> float:
    """Dora, red fives and the hinted worth of tiles: a hinted kind's worth replaces its dora count."""
    held = held_counts(facts)
    han = float(facts.red_tiles)
    han += sum(held[k] for k in facts.doras if k not in hints.kind_han)
    han += sum(worth * held[k] for k, worth in hints.kind_han.items())
    return han + sum(worth for k, worth in hints.holding_han.items() if held[k])


def expected_points(yaku: list[tuple[str, int]], bonus: float, dealer: bool, hints: ValueHints) -> float:
    """Points of a win with ``yaku``, weighed by the chance a risky yaku turns it against the winner."""
    risk = max((hints.yaku_risk.get(name, 0.0) for name, _han in yaku), default=0.0)
    han = sum(h for _name, h in yaku) + bonus
    clean = value.points(round(han + hints.clean_han), dealer)
    return (1.0 - risk) * clean - risk * value.points(round(han), dealer)


def _plain_points(facts: HandFacts, closed: bool, dealer: bool, bonus: float, profile: Profile) -> int:
    """With no yaku at risk: the plain estimate's yaku, the designated triplets, and the hinted tile worths."""
    han = value.yaku_han(facts, closed, profile.honitsu_min_tiles, profile.toitoi_min_pairs)
    han += sum(1 for m in facts.melds if m.type != "chi" and m.kind in facts.local_kinds)
    han += sum(1 for k in facts.local_kinds if facts.counts[k] >= 3)
    if han == 0 and not closed:
        return 0
    return value.points(round(han + bonus + (1 if closed else 0)), dealer)


def pinfu_shaped(facts: HandFacts) -> bool:
    """A closed hand of sequences: no triplet held and no value pair, so a two-sided wait would be 平和."""
    if facts.melds:
        return False
    if any(n >= 3 for n in facts.counts):
        return False
    return not any(facts.counts[k] >= 2 for k in facts.value_kinds)


def hinted_points(facts: HandFacts, closed: bool, dealer: bool, hints: ValueHints, profile: Profile) -> float:
    """Expected points of the hand if it wins under the hints (0: no yaku in reach for an open hand).

    A closed hand picks its better way to win, riichi or dama; a 平和 shape counts pinfu.
    """
    bonus = bonus_han(facts, hints)
    if not hints.yaku_risk:
        return float(_plain_points(facts, closed, dealer, bonus, profile))
    yaku = reached_yaku(facts, closed, profile.honitsu_min_tiles, profile.toitoi_min_pairs)
    if not closed:
        return _best_plan(yaku, bonus, dealer, hints, open_hand=True)
    share = PINFU_SHARE if pinfu_shaped(facts) else 0.0
    best = 0.0
    for way in ([("riichi", 1)], []):
        plain = _best_plan(yaku + way, bonus, dealer, hints, open_hand=False)
        pinfu = _best_plan(yaku + way + [("pinfu", 1)], bonus, dealer, hints, open_hand=False) if share else 0.0
        best = max(best, (1.0 - share) * plain + share * pinfu)
    return max(best, open_plan_points(facts, dealer, bonus, hints, profile))


def open_plan_points(facts: HandFacts, dealer: bool, bonus: float, hints: ValueHints, profile: Profile) -> float:
    """What a closed hand is worth if it opens for the yaku an open hand reaches (toitoi among them), times the
    chance the calls it needs come: the plan a person follows when the closed hand's own yaku are at risk."""
    yaku = reached_yaku(facts, False, profile.honitsu_min_tiles, profile.toitoi_min_pairs)
    return OPEN_PLAN_SHARE * _best_plan(yaku, bonus, dealer, hints, open_hand=True)


def _best_plan(yaku: list[tuple[str, int]], bonus: float, dealer: bool, hints: ValueHints, open_hand: bool) -> float:
    """The best expected points over which optional yaku the hand aims for (a risky one it may build around)."""
    kept = [y for y in yaku if y[0] not in OPTIONAL]
    for y in sorted((y for y in yaku if y[0] in OPTIONAL), key=lambda y: hints.yaku_risk.get(y[0], 0.0)):
        if any(k[0] == EXCLUSIVE.get(y[0]) for k in kept):
            continue
        if _worth(kept + [y], bonus, dealer, hints, open_hand) > _worth(kept, bonus, dealer, hints, open_hand):
            kept.append(y)
    return _worth(kept, bonus, dealer, hints, open_hand)


def _worth(yaku: list[tuple[str, int]], bonus: float, dealer: bool, hints: ValueHints, open_hand: bool) -> float:
    """Expected points of winning with ``yaku``: a closed hand wins by tsumo (menzen tsumo added) in
    ``TSUMO_SHARE`` of its wins; a win worth less than nothing is declined (it counts as none)."""
    if not yaku:
        return 0.0
    if open_hand:
        return expected_points(yaku, bonus, dealer, hints)
    ron = expected_points(yaku, bonus, dealer, hints)
    tsumo = expected_points(yaku + [("menzen_tsumo", 1)], bonus, dealer, hints)
    return (1.0 - TSUMO_SHARE) * max(ron, 0.0) + TSUMO_SHARE * max(tsumo, 0.0)


def shape_yaku(facts: HandFacts, closed: bool) -> list[tuple[str, int]]:
    """(name, han) of the yaku the hand's shape brings to any plan: value triplets held, all simples."""
    yakuhai, _pairs = value.yakuhai_han(facts)
    local = sum(1 for m in facts.melds if m.type != "chi" and m.kind in facts.local_kinds)
    local += sum(1 for k in facts.local_kinds if facts.counts[k] >= 3)
    out = [("yakuhai", yakuhai)] if yakuhai else []
    out += [("local_yakuhai", local)] if local else []
    if value.tanyao_reach(facts) and (closed or facts.kuitan):
        out.append(("tanyao", 1))
    return out


def plan_points(
    facts: HandFacts,
    closed: bool,
    dealer: bool,
    hints: ValueHints,
    yaku: list[tuple[str, int]],
    pinfu_ok: bool,
    bonus: float,
) -> float:
    """Expected points of a win holding ``yaku`` (a plan's and its shape's; 0: none, so no win for an open hand)
    with ``bonus`` han of dora and hinted tiles (``bonus_han``).

    A closed hand picks the better of riichi and dama (a closed hand with no yaku wins only by riichi or menzen
    tsumo) and, when ``pinfu_ok`` and the shape allows, counts pinfu for ``PINFU_SHARE`` of its wins."""
    if not closed:
        return _worth(yaku, bonus, dealer, hints, open_hand=True)
    share = PINFU_SHARE if pinfu_ok and pinfu_shaped(facts) else 0.0
    best = 0.0
    for way in ([("riichi", 1)], []):
        plain = _worth(yaku + way, bonus, dealer, hints, open_hand=False)
        pinfu = _worth(yaku + way + [("pinfu", 1)], bonus, dealer, hints, open_hand=False) if share else 0.0
        best = max(best, (1.0 - share) * plain + share * pinfu)
    return best


def toitoi_speed(counts, melds, seen, closed_ok: bool = False) -> tuple[int, int] | None:
    """(shanten, live tiles that improve it) of a hand built toward 対々和, for an open hand of pons and kans
    only (one committed to it), or with ``closed_ok`` a closed hand too (one that will pon toward it); None for
    any other hand. Shanten counts the tiles the triplets and the pair still miss, as a person building toitoi
    does, not the sequences that standard shanten counts. ``seen``: copies of each kind in sight."""
    if (not melds and not closed_ok) or any(m.type == "chi" for m in melds):
        return None
    slots = 4 - len(melds)
    triplets = sum(1 for n in counts if n >= 3)
    pairs = sum(1 for n in counts if n == 2)
    filled = min(triplets, slots)
    open_slots = slots - filled
    head = 0 if pairs or triplets > slots else 1
    pairs_for_sets = min(max(pairs - (1 if pairs and triplets <= slots else 0), 0), open_slots)
    missing = pairs_for_sets + 2 * (open_slots - pairs_for_sets) + head
    shanten = missing - 1
    # a pair becomes a triplet on either of its two other copies; singles help only while pairs are short
    live = sum(max(0, 4 - seen[k]) for k, n in enumerate(counts) if n == 2)
    if open_slots > pairs_for_sets or head:
        live += sum(max(0, 4 - seen[k]) for k, n in enumerate(counts) if n == 1)
    return shanten, live
