"""五筒 = 1 han (gopin, the 5-pin rule from Boo, other_variants.md §3) as a riichi plugin.

A winning hand holding at least one 5-pin (concealed or melded) gets one han, once. By default it is a bonus like
dora (it does not satisfy the 1-han minimum); ``gopin.gotong_counts_as_yaku`` makes it a yaku. The pattern is the
one ブー麻雀 uses (``variants.boo.scoring.gotong_pattern``).
"""

from __future__ import annotations

from mjsim.hand.tiles import kind_of
from mjsim.hookspecs import hookimpl
from mjsim.rules.options import Declarations
from variants.boo.scoring import PIN5, gotong_pattern
from variants.riichi.api import ValueHints

NAME = "gopin"
DESCRIPTION = "五筒: one han for a winning hand holding any 5-pin (a bonus like dora, or a yaku by option)"
NEEDS = {"riichi": "五筒開花 is a riichi yaku"}
CONFLICTS = {"boo": "boo has its own 五筒 han (boo.gotong_mode): the 5-pin would count twice"}
WINS = "gopin.wins"  # game stash: (hand index, 5-pins in the hand, gotong han, yakuman) per win

OPTIONS = Declarations(NAME)
GOTONG_COUNTS_AS_YAKU = OPTIONS.option(
    "gotong_counts_as_yaku", False, "the 5-pin han is a yaku (true) or a bonus like dora that is not (false)"
)


@hookimpl
def mjsim_add_options(registry):
    """Declare whether the 5-pin han is a yaku."""
    registry.add_all(OPTIONS)


@hookimpl
def mjsim_register_patterns(rules):
    """The 5-pin han: a bonus, or a yaku by option."""
    return [gotong_pattern("presence_1han", bonus=not rules[GOTONG_COUNTS_AS_YAKU])]


@hookimpl(wrapper=True)
def mjsim_accept_win(game, seat, ctx, score):
    """A win that stands is recorded for the invariant."""
    accepted = yield
    if accepted is not False and score is not None:
        fives = sum(1 for t in ctx.all_tiles if kind_of(t) == PIN5)
        han = sum(h.value for h in score.hits if h.name == "gotong")
        game.stash.setdefault(WINS, []).append((game.hand.index, fives, han, score.detail.yakuman))
    return accepted


def bonus_once(game) -> str | None:
    """The 5-pin bonus is 0 or 1 per hand: 1 exactly when the hand holds a 5-pin (yakuman drop it)."""
    for hand, fives, han, yakuman in game.stash.get(WINS, []):
        if han not in (0, 1) or (not yakuman and han != (fives > 0)):
            return f"hand {hand}: 5-pin han {han} with {fives} 5-pin(s)"
    return None


@hookimpl
def mjsim_record_hand(game, outcome):
    """How many of the hand's wins got the 5-pin han."""
    wins = [w for w in game.stash.get(WINS, []) if w[0] == game.hand.index]
    return {"gopin.wins": sum(1 for w in wins if w[2])}


@hookimpl
def mjsim_value_hints(rules, obs):
    """A winning hand holding a 5-pin earns one han."""
    return ValueHints(holding_han={PIN5: 1.0})


@hookimpl
def mjsim_register_invariants(rules):
    """The bonus is 0 or 1 per hand."""
    return [("gopin bonus 0 or 1", bonus_once)]
