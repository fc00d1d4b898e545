"""喰い替え: the shared filter (variants/common/swap_calls.py) bans the called kind and the suji swap tile."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from mjsim.engine.actions import CHI, DISCARD, PON, Action, Event
from mjsim.hand.notation import parse_kinds
from variants.common.swap_calls import without_swap_calls
from variants.riichi.vocabulary import RIICHI


def _tile(text: str) -> int:
    """The first copy of the one kind ``text`` names (tile id = 4 * kind)."""
    (kind,) = parse_kinds(text)
    return 4 * kind


def _after_call(kind: str, called: str, used: str, seat: int = 1) -> SimpleNamespace:
    """A game whose last log entry is ``seat``'s chi or pon of ``called`` with ``used`` from its hand."""
    used_tiles = tuple(_tile(t[0] + used[-1]) for t in used[:-1])
    return SimpleNamespace(log=[Event(kind, seat, (_tile(called), used_tiles, 0))])


def _discards(*tiles: str) -> list[Action]:
    return [Action(DISCARD, _tile(t)) for t in tiles]


HAND = ("2p", "5p", "6p", "3p", "9m")


@pytest.mark.parametrize(
    ("game", "banned"),
    [
        pytest.param(_after_call(CHI, "5p", "34p"), {"5p", "2p"}, id="chi-called-at-the-top-bans-the-tile-below"),
        pytest.param(_after_call(CHI, "2p", "34p"), {"2p", "5p"}, id="chi-called-at-the-bottom-bans-the-tile-above"),
        pytest.param(_after_call(CHI, "5p", "46p"), {"5p"}, id="kanchan-chi-bans-only-the-called-kind"),
        pytest.param(_after_call(PON, "6p", "66p"), {"6p"}, id="pon-bans-the-called-kind"),
        pytest.param(_after_call(CHI, "5p", "34p", seat=2), set(), id="another-seat-called"),
        pytest.param(SimpleNamespace(log=[]), set(), id="no-call"),
    ],
)
def test_the_seat_that_called_may_not_swap(game, banned):
    kept = without_swap_calls(game, 1, _discards(*HAND))
    assert [a.tile for a in kept] == [_tile(t) for t in HAND if t not in banned]


def test_a_seat_is_never_left_without_a_discard():
    """When every discard is banned the filter gives up rather than leave no legal discard."""
    offered = [*_discards("5p", "2p"), Action(RIICHI, _tile("5p"))]
    assert without_swap_calls(_after_call(CHI, "5p", "34p"), 1, offered) == offered
