"""The pattern object every MCR fan is (name, points, what it excludes, how it is found) and its registry."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from variants.mcr.hand import Reading

#: The scope of a fan that reads the whole hand (a set fan's scope is the frozenset of its group indices).
HAND = None
Scope = frozenset[int] | None


@dataclass(frozen=True)
class Fan:
    """One of the 81 fans: Chinese and English name, points, the fans it excludes, its finder."""

    name: str
    english: str
    points: int
    excludes: tuple[tuple[str, int | None], ...]
    find: Callable[[Reading], list[Scope]]
    combination: bool = False  # a combination of sets (一般高, 三同刻, ...): account-once applies (exclusion.py)

    @property
    def doc(self) -> str:
        """The finder's docstring (starts with the Chinese name)."""
        return self.find.__doc__ or ""


FANS: list[Fan] = []


def fan(name: str, english: str, points: int, excludes: tuple = (), combination: bool = False):
    """Register the decorated finder as a fan; ``excludes`` names fans, or (name, n) to exclude at most n of them."""

    def register(find: Callable[[Reading], list[Scope]]) -> Callable[[Reading], list[Scope]]:
        if not (find.__doc__ or "").startswith(name):
            raise ValueError(f"{find.__name__}: a fan's docstring starts with its name {name}")
        pairs = tuple((e, None) if isinstance(e, str) else (e[0], e[1]) for e in excludes)
        FANS.append(Fan(name, english, points, pairs, find, combination))
        return find

    return register


def by_name() -> dict[str, Fan]:
    """The registered fans by Chinese name."""
    return {f.name: f for f in FANS}
