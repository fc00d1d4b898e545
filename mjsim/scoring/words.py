"""What a family calls the value of a scoring pattern and a limit hand's multiple (its ``UNIT`` and ``LIMIT``)."""

from __future__ import annotations

from typing import NamedTuple


class FamilyWords(NamedTuple):
    """A family's words for a hit's value (its ``UNIT``) and for a limit multiple (its ``LIMIT``)."""

    unit: str = "points"
    limit: str = "limit"


NEUTRAL = FamilyWords()
"""The words of a family that declares none."""
