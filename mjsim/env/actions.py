"""Every action a rule set offers as one whole number: the action space of ``mjsim.env``.

An action's number is ``(kind * TILE_SLOTS + tile) * VARIANTS + variant``:

- ``kind``: its place in :func:`action_kinds` (the engine's kinds, then those the variants declare through
  ``mjsim_action_kinds``);
- ``tile``: the kind (0-41) of the tile it acts on, or 42 when it names none (pass, draw ...);
- ``variant``: among the offered actions of the same kind and tile kind, those using no red tile take 0-3 and
  those using one take 4-7, each in the order of the tiles they use (a chi's two tiles, an added kan's three).

So "discard a 5m" has the same number in every rule set and at every turn. When more than four actions share
a kind, tile kind and red-ness (only a choice of three tiles to pass can), the later ones are not offered.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from mjsim.engine import actions as vocabulary
from mjsim.engine.actions import Action
from mjsim.errors import MjsimError
from mjsim.hand.tiles import NUM_KINDS_WITH_FLOWERS, kind_of

ENGINE_KINDS = (
    vocabulary.DISCARD,
    vocabulary.DECLARE_DISCARD,
    vocabulary.TSUMO,
    vocabulary.ANKAN,
    vocabulary.KAKAN,
    vocabulary.ABORT,
    vocabulary.SET_ASIDE,
    vocabulary.DRAW,
    vocabulary.DECLINE_DRAW,
    vocabulary.END_GAME,
    vocabulary.PLAY_ON,
    vocabulary.RON,
    vocabulary.PON,
    vocabulary.KAN,
    vocabulary.CHI,
    vocabulary.PASS,
)
"""The engine's action kinds, in their numbering order."""
TILE_SLOTS = NUM_KINDS_WITH_FLOWERS + 1  # the 42 tile kinds, then "no tile"
NO_TILE = NUM_KINDS_WITH_FLOWERS
SHAPES = 4  # variants per red-ness
VARIANTS = 2 * SHAPES


def action_kinds(rules) -> tuple[str, ...]:
    """The engine's kinds, then each kind the rule set's variants declare (``mjsim_action_kinds``), once each."""
    declared = rules.ask.action_kinds(rules)
    return tuple(dict.fromkeys((*ENGINE_KINDS, *declared)))


class ActionCodec:
    """Numbers the actions of one rule set and reads them back."""

    def __init__(self, rules) -> None:
        self.kinds = action_kinds(rules)
        self.kind_index = {k: i for i, k in enumerate(self.kinds)}
        self.red_ids = frozenset(rules.flow.setup.red_ids)
        self.size = len(self.kinds) * TILE_SLOTS * VARIANTS

    def numbers(self, legal: Sequence[Action]) -> dict[int, Action]:
        """The offered actions by number (an action past the fourth of its kind, tile kind and red-ness left out)."""
        groups: dict[tuple[int, int, int], list[Action]] = {}
        for action in legal:
            if action.kind not in self.kind_index:
                raise MjsimError(
                    f"action kind {action.kind!r} is not numbered: the variant that offers it must declare it "
                    "through mjsim_action_kinds"
                )
            tile = NO_TILE if action.tile is None else kind_of(action.tile)
            red = int(any(t in self.red_ids for t in (action.tile, *action.tiles) if t is not None))
            groups.setdefault((self.kind_index[action.kind], tile, red), []).append(action)
        numbered = {}
        for (kind, tile, red), group in groups.items():
            ordered = sorted(group, key=_order)
            for rank, action in enumerate(ordered[:SHAPES]):
                numbered[(kind * TILE_SLOTS + tile) * VARIANTS + red * SHAPES + rank] = action
        return numbered

    def describe(self, number: int) -> str:
        """What an action number means, in words (``discard 5m``; ``chi 3p #1``)."""
        if not 0 <= number < self.size:
            return f"no action {number} (the actions are numbered 0 to {self.size - 1})"
        rest, variant = divmod(number, VARIANTS)
        kind, tile = divmod(rest, TILE_SLOTS)
        text = self.kinds[kind] if tile == NO_TILE else f"{self.kinds[kind]} {_kind_text(tile)}"
        red = " red" if variant >= SHAPES else ""
        return text + red + (f" #{variant % SHAPES}" if variant % SHAPES else "")


def _order(action: Action) -> tuple:
    """The order of actions sharing a kind and tile kind: by the kinds of the tiles they use, then the ids."""
    return (tuple(kind_of(t) for t in action.tiles), action.tiles, action.tile if action.tile is not None else -1)


@cache
def _kind_text(kind: int) -> str:
    """A tile kind in mpsz notation (flowers as f1-f8)."""
    from mjsim.hand.notation import format_kinds

    return f"f{kind - 33}" if kind >= 34 else format_kinds([kind])
