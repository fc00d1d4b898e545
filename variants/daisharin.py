"""大車輪 (daisharin, "big wheel"): the closed seven pairs 22 33 44 55 66 77 88 of pins is a yakuman (§5).

Without this plugin the same tiles score as the riichi family's highest normal reading (chinitsu, ryanpeikou,
pinfu, tanyao). ``daisharin.suits = all`` extends it to 大数隣 (man) and 大竹林 (sou).
"""

from __future__ import annotations

from mjsim.hand.tiles import kind_of
from mjsim.hookspecs import hookimpl
from mjsim.rules.options import Declarations
from mjsim.scoring import Pattern, Score, WinContext

NAME = "daisharin"
DESCRIPTION = "大車輪: the closed seven pairs 22334455667788 of pins is a yakuman (man and sou too by option)"
NEEDS = {"riichi": "大車輪 is a riichi yaku"}
WINS = "daisharin.wins"  # game stash: one dict per win of the game
# suit index -> (pattern name, kanji title)
WHEELS = {1: ("daisharin", "大車輪"), 0: ("daisuurin", "大数隣"), 2: ("daichikurin", "大竹林")}
SUIT_CHOICES = ("pin_only", "all")
_NAMES = frozenset(name for name, _title in WHEELS.values())

OPTIONS = Declarations(NAME)
SUITS = OPTIONS.option(
    "suits", "pin_only", "pins only (大車輪), or man and sou too (spec: daisharin_suits)", choices=SUIT_CHOICES
)


@hookimpl
def mjsim_add_options(registry):
    """Declare the suits the yakuman exists in."""
    registry.add_all(OPTIONS)


def wheel_counts(suit: int) -> list[int]:
    """The 34 counts of the wheel in ``suit``: two each of 2 to 8."""
    counts = [0] * 34
    for rank in range(1, 8):
        counts[9 * suit + rank] = 2
    return counts


def wheel_rule(suit: int):
    """The rule of the wheel in one suit."""
    target = wheel_counts(suit)

    def rule(ctx: WinContext) -> bool:
        return not ctx.melds and ctx.counts == target

    name, title = WHEELS[suit]
    rule.__doc__ = f"{title} ({name}): a closed hand of exactly two each of 2 to 8 in one suit."
    return rule


def allowed_suits(rules) -> tuple[int, ...]:
    """The suit indices the yakuman exists in."""
    return (0, 1, 2) if rules[SUITS] == "all" else (1,)


@hookimpl
def mjsim_register_patterns(rules):
    """One yakuman pattern per allowed suit (read once per hand, whatever the reading)."""
    out = []
    for suit in allowed_suits(rules):
        rule, (name, title) = wheel_rule(suit), WHEELS[suit]
        out.append(Pattern(name, title, rule, multiple=1, doc=rule.__doc__, per_hand=True))
    return out


@hookimpl(wrapper=True)
def mjsim_accept_win(game, seat, ctx, score):
    """A win that stands is recorded for the invariant."""
    accepted = yield
    if accepted is not False and score is not None:
        me = game.hand.seats[seat]
        counts = list(me.counts)  # concealed tiles, counted apart from the scorer's context
        if not ctx.tsumo:
            counts[kind_of(ctx.win_tile)] += 1
        entry = {"hand": game.hand.index, "score": score, "counts": counts, "melds": len(me.melds)}
        game.stash.setdefault(WINS, []).append(entry)
    return accepted


def _awarded(score: Score) -> bool:
    return any(h.name in _NAMES for h in score.hits)


def only_the_wheel(game) -> str | None:
    """Awarded only for a closed hand of exactly those 14 tiles in an allowed suit, and always for it."""
    wheels = [wheel_counts(suit) for suit in allowed_suits(game.rules)]
    for w in game.stash.get(WINS, []):
        is_wheel = w["melds"] == 0 and w["counts"] in wheels
        if _awarded(w["score"]) != is_wheel:
            return f"hand {w['hand']}: wheel {is_wheel} but hits {[h.name for h in w['score'].hits]}"
    return None


@hookimpl
def mjsim_record_hand(game, outcome):
    """How many of the hand's wins were the wheel."""
    wins = [w for w in game.stash.get(WINS, []) if w["hand"] == game.hand.index]
    return {"daisharin.wins": sum(1 for w in wins if _awarded(w["score"]))}


@hookimpl
def mjsim_register_invariants(rules):
    """The wheel is awarded exactly for its 14 closed tiles."""
    return [("daisharin only the wheel", only_the_wheel)]
