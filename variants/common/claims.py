"""The claim fast path's structural half: whether concealed tiles could pon, kan or chi a discarded kind.

The families' ``mjsim_may_claim`` add their own half (a ron on a wait, who may call) around it.
"""

from __future__ import annotations

from collections.abc import Sequence

_HONOURS = 27  # kinds from here on are honours: no chi


def may_call(counts: Sequence[int], kind: int, chi: bool) -> bool:
    """Two of ``kind`` held (a pon, or a kan with three), or, when ``chi`` is allowed, a run it completes."""
    if counts[kind] >= 2:
        return True
    if not chi or kind >= _HONOURS:
        return False
    suit_start = kind - kind % 9
    # The three runs through the kind (its lowest tile two below, one below or itself), inside its suit.
    for low in range(max(kind - 2, suit_start), min(kind, suit_start + 6) + 1):
        others = [k for k in (low, low + 1, low + 2) if k != kind]
        if counts[others[0]] and counts[others[1]]:
            return True
    return False
