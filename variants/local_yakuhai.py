"""特定の牌の刻子を役牌とするルール: a designated tile's triplet or quad is a 1-han yaku (other_variants.md §2).

Known regional choices: 1-pin in Tokyo (``tokyo`` preset), 8-sou in Hokkaido (``hokkaido`` preset). The designated
tile is not a 翻牌: its pair earns no fu and may be the pinfu pair, which the riichi family already does for any
number tile; other plugins asking "is this yakuhai?" (jirai's Fanpai) do not see these yaku as yakuhai.
"""

from __future__ import annotations

from mjsim.hand.notation import format_kinds, parse_kinds
from mjsim.hookspecs import hookimpl
from mjsim.rules.options import Declarations
from mjsim.scoring import RYANMEN, SEQUENCE, STANDARD, Pattern, Score, WinContext
from variants.riichi.api import ValueHints
from variants.riichi.api import options as riichi_opt

NAME = "local_yakuhai"
DESCRIPTION = "特定牌: a triplet of a designated tile (1p Tokyo, 8s Hokkaido) is a 1-han yaku, not a fanpai"
NEEDS = {"riichi": "local 役牌 are riichi yaku"}
NUMBER_TILES = tuple(
    f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)
)  # number tiles: never yakuhai otherwise
WINS = "local_yakuhai.wins"  # game stash: one dict per win of the game
_NUMERALS, _SUITS = "一二三四五六七八九", "萬筒索"

OPTIONS = Declarations(NAME)
TILES = OPTIONS.option(
    "tiles",
    ["1p"],
    "designated tiles whose triplet is a 1-han yaku (spec: special_yakuhai_tiles)",
    choices=NUMBER_TILES,
    multi=True,
)


@hookimpl
def mjsim_add_options(registry):
    """Declare the designated tiles."""
    registry.add_all(OPTIONS)


def designated(rules) -> list[int]:
    """The designated tile kinds, in kind order."""
    return sorted(parse_kinds(tile)[0] for tile in rules[TILES])


def kanji(kind: int) -> str:
    """The kanji name of a number tile (一筒, 八索)."""
    return _NUMERALS[kind % 9] + _SUITS[kind // 9]


def triplet_of(kind: int):
    """The rule of one designated tile."""

    def rule(ctx: WinContext) -> bool:
        return kind in ctx.reading.triplet_set  # triplets and quads, open or concealed

    rule.__doc__ = f"特定牌 {kanji(kind)} (local yakuhai {format_kinds([kind])}): a triplet or quad of it is 1 han."
    return rule


@hookimpl
def mjsim_register_patterns(rules):
    """One 1-han yaku per designated tile, open or closed."""
    out = []
    for kind in designated(rules):
        rule = triplet_of(kind)
        name = f"local_yakuhai_{format_kinds([kind])}"
        out.append(Pattern(name, f"特定牌 {kanji(kind)}", rule, value=1, open_value=1, doc=rule.__doc__))
    return out


@hookimpl(wrapper=True)
def mjsim_accept_win(game, seat, ctx, score):
    """A win that stands is recorded for the invariants."""
    accepted = yield
    if accepted is not False and score is not None:
        entry = {"hand": game.hand.index, "score": score, "closed": ctx.closed, "tsumo": ctx.tsumo}
        game.stash.setdefault(WINS, []).append(entry)
    return accepted


def _local_han(score: Score) -> int:
    return sum(h.value for h in score.hits if h.name.startswith("local_yakuhai_"))


def han_per_triplet(game) -> str | None:
    """The local yakuhai han of a win = its designated-tile triplets and quads (yakuman drop it)."""
    kinds = set(designated(game.rules))
    for w in game.stash.get(WINS, []):
        s = w["score"]
        sets = sum(1 for st in s.reading.sets if st.shape != SEQUENCE and st.kind in kinds)
        if not s.detail.yakuman and _local_han(s) != sets:
            return f"hand {w['hand']}: {_local_han(s)} local yakuhai han for {sets} designated triplet(s)"
    return None


def _pinfu_shape(w: dict, tsumo_pinfu: bool) -> bool:
    """Closed, four sequences, a two-sided wait (the pair is a designated number tile, never of value)."""
    r = w["score"].reading
    shape = r.form == STANDARD and all(st.shape == SEQUENCE for st in r.sets) and r.wait == RYANMEN
    return shape and w["closed"] and (tsumo_pinfu or not w["tsumo"])


def pair_is_plain(game) -> str | None:
    """A designated pair earns no fu, and pinfu stands with it."""
    rules = game.rules
    kinds = set(designated(rules))
    for w in game.stash.get(WINS, []):
        s = w["score"]
        if s.detail.yakuman or s.reading.pair not in kinds:
            continue
        if any(part == "value pair" for part, _ in s.detail.fu_parts):
            return f"hand {w['hand']}: the designated pair earned fu {s.detail.fu_parts}"
        if _pinfu_shape(w, rules[riichi_opt.TSUMO_PINFU]) and not any(h.name == "pinfu" for h in s.hits):
            return f"hand {w['hand']}: no pinfu with a designated pair {[h.name for h in s.hits]}"
    return None


@hookimpl
def mjsim_record_hand(game, outcome):
    """How many of the hand's wins scored a local yakuhai."""
    wins = [w for w in game.stash.get(WINS, []) if w["hand"] == game.hand.index]
    return {"local_yakuhai.wins": sum(1 for w in wins if _local_han(w["score"]))}


@hookimpl
def mjsim_value_hints(rules, obs):
    """The designated tiles' triplets are yaku."""
    return ValueHints(triplet_yaku=frozenset(designated(rules)))


@hookimpl
def mjsim_register_invariants(rules):
    """Han = designated triplets; a designated pair is plain (no fu, pinfu possible)."""
    return [("local yakuhai han", han_per_triplet), ("local yakuhai plain pair", pair_is_plain)]
