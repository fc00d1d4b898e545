"""What the hook facades take and give, as protocols: the engine's objects seen by their shape, for mypy.

Why protocols and not the engine's classes: the flow facade (``mjsim.rules.hooks``) is compiled, and compiled
code checks at run time every argument typed with a compiled class (the engine's ``Game``, ``Action``, ...), so
stand-in games and melds in tests would be refused there. A protocol of a module that is not compiled is, to
mypyc, any object: mypy checks callers against the shape, and the compiled build checks nothing. The members
are those a hook implementation commonly reads; the engine's classes (``mjsim.engine.state``,
``mjsim.engine.actions``, ``mjsim.engine.ledger``, ``mjsim.scoring``) have them all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol


class Action(Protocol):
    """A move a seat may make: its kind, and the tile it acts on."""

    @property
    def kind(self) -> str: ...

    @property
    def tile(self) -> int | None: ...


class Meld(Protocol):
    """A called or declared set: ``chi``, ``pon``, ``kan`` or ``ankan``, and its tiles."""

    @property
    def type(self) -> str: ...

    @property
    def tiles(self) -> tuple[int, ...]: ...


class Event(Protocol):
    """One entry of a game's log: what happened, and to which seat."""

    @property
    def kind(self) -> str: ...

    @property
    def seat(self) -> int | None: ...


class Transfer(Protocol):
    """Points (or a side currency) moving from one account to another, with the reason."""

    @property
    def payer(self) -> int: ...

    @property
    def payee(self) -> int: ...

    @property
    def amount(self) -> int: ...

    @property
    def reason(self) -> str: ...


class Game(Protocol):
    """A game in play: its compiled rules, the points of every seat, the hand being played, its log."""

    rules: Any
    seed: int
    scores: list[int]
    dealer: int
    honba: int
    hand: Any
    over: bool
    stash: dict[str, Any]


class WinContext(Protocol):
    """Everything about a win a scoring pattern reads: the winning tile, how it was won, the table's facts."""

    @property
    def win_tile(self) -> int: ...

    @property
    def tsumo(self) -> bool: ...

    @property
    def table(self) -> Mapping[str, Any]: ...


class Score(Protocol):
    """A scored win: the patterns it hit and what the hand is worth to the winner."""

    @property
    def hits(self) -> Sequence[Any]: ...

    @property
    def value(self) -> Any: ...
