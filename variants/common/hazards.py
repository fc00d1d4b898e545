"""Family-independent reading of a hand's chances: the competing-hazard win chance and kabe (visible counts).

Moved unchanged from the riichi human player (``variants/riichi/human/context.py`` and ``danger.py``) so the
human players of other families (成都, 台湾) use the same ideas with their own facts; ``p`` is any profile with
the fields named below (the riichi ``Profile`` has them, and so do the other families' profiles).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class WinChanceParams(Protocol):
    """The profile fields the win chance reads (docs/players.md names their sources); read-only, so a frozen
    dataclass such as the riichi player's Profile satisfies it."""

    @property
    def others_win_per_turn(self) -> float: ...

    @property
    def ron_factor(self) -> float: ...

    @property
    def typical_wait(self) -> int: ...

    @property
    def far_win_chance(self) -> tuple[float, float]: ...

    @property
    def far_typical_tiles(self) -> tuple[float, float]: ...

    @property
    def far_step_factor(self) -> float: ...


def win_chance(
    shanten_after: int, tiles_left: int, draws: float, unseen: int, p: WinChanceParams, by_draw: bool = False
) -> float:
    """Chance of winning the hand from a shanten and the live tiles that improve it (tiles_left).

    Competing hazards: each own turn the hand wins with its own rate or the hand ends by another's win
    with ``others_win_per_turn``; a one-shanten hand first waits ``unseen / tiles_left`` turns to be ready
    (``by_draw``: it is ready at each draw with its own chance instead, ``one_away_chance``).
    ``draws`` is the own draws left, ``unseen`` the tiles this seat has not seen.
    """
    others = p.others_win_per_turn
    if shanten_after <= 0:
        return ready_chance(tiles_left, draws, unseen, others, p.ron_factor)
    if shanten_after == 1 and by_draw:
        return one_away_chance(tiles_left, draws, unseen, p)
    if shanten_after == 1:
        wait = min(unseen / max(tiles_left, 1), draws)
        reach = 1.0 - pow(1.0 - min(tiles_left / unseen, 0.9), max(draws - 1, 0))
        survive = pow(1.0 - others, wait)
        return reach * survive * ready_chance(p.typical_wait, draws - wait, unseen, others, p.ron_factor)
    step = min(shanten_after, 3) - 2
    far = p.far_win_chance[step] * min(3.0, tiles_left / p.far_typical_tiles[step])
    far *= pow(p.far_step_factor, max(shanten_after - 3, 0))  # each further step costs as much again
    return far * min(1.0, draws / 12.0)


def one_away_chance(tiles_left: int, draws: float, unseen: int, p: WinChanceParams) -> float:
    """Chance a one-shanten hand wins: summed over the own draw at which it becomes ready (each draw readies it
    with chance ``tiles_left / unseen``), the chance no other seat has won by then times the chance the ready
    hand (``typical_wait`` live tiles) wins in the draws still left.

    Unlike ``win_chance``'s default, which waits the mean ``unseen / tiles_left`` draws first, a hand with few
    live tiles late in the wall keeps the chance of an early draw: there the default gives 0 (the mean wait is
    longer than the wall), so a person's one-shanten plan would lose to a ready hand that cannot win."""
    others = p.others_win_per_turn
    ready_now = min(tiles_left / unseen, 0.9)
    chance, not_yet, alive = 0.0, 1.0, 1.0
    draw = 1
    while draw < draws:
        alive *= 1.0 - others
        chance += not_yet * ready_now * alive * ready_chance(p.typical_wait, draws - draw, unseen, others, p.ron_factor)
        not_yet *= 1.0 - ready_now
        draw += 1
    return chance


def ready_chance(live: int, draws: float, unseen: int, others: float, ron_factor: float) -> float:
    """Chance a ready hand with ``live`` winning tiles wins within ``draws`` own turns before another does."""
    own = min(live * ron_factor / unseen, 0.9)
    either = min(own + others, 0.95)
    if either <= 0.0 or draws <= 0.0:
        return 0.0
    return own / (own + others) * (1.0 - pow(1.0 - either, draws))


def wall_factor(kind: int, seen: Sequence[int], no_chance: float, one_chance: float) -> float:
    """Kabe for a suited ``kind``: a two-sided wait on it needs ``kind``±1 and ``kind``±2 in the threat's hand."""
    rank = kind % 9
    below = _shape_seen(kind, rank, seen, -1)
    above = _shape_seen(kind, rank, seen, +1)
    if below >= 4 and above >= 4:
        return no_chance
    if below >= 3 and above >= 3:
        return one_chance
    return 1.0


def _shape_seen(kind: int, rank: int, seen: Sequence[int], side: int) -> int:
    """Most copies seen of the two tiles of the two-sided shape on one side of ``kind`` (4: impossible)."""
    near, far = rank + side, rank + 2 * side
    if not (0 <= near <= 8 and 0 <= far <= 8):
        return 4
    return max(seen[kind + side], seen[kind + 2 * side])
