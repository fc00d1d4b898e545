"""Rank points (段位ポイント) of a finished jirai game: Mahjong Soul's ladder formula on the game's settlement.

jirai.md §7: "Final ranking/settlement as MS ranked"; riichi.wiki (Majsoul, Ladder): "PtsGain = (RawScore -
StartingPts) / 1000 + UmaPts + RankPts ... The result is always rounded up to an integer". The game's settlement
(``results``) gives the first two terms when ``riichi.uma`` is the ladder's uma and ``riichi.return_points`` is
"none"; ``jirai.rank_points`` gives RankPts, one per rank (they depend on the room, so the default adds nothing).
"""

from __future__ import annotations

import math

from mjsim.errors import MjsimError

SEATS = 4


def parse_rank_points(raw) -> tuple[int, ...]:
    """One whole number per rank, 1st first (a list, or text "40,10,0,-50")."""
    if isinstance(raw, str):
        raw = raw.split(",")
    if isinstance(raw, str | bytes) or not hasattr(raw, "__len__"):
        raise MjsimError(f"a list of {SEATS} rank points")
    values = tuple(_whole(v) for v in raw)
    if len(values) != SEATS:
        raise MjsimError(f"rank points need {SEATS} values, one per rank; got {len(values)}")
    return values


def _whole(value) -> int:
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            raise MjsimError(f"{value.strip()!r} is not a whole number") from None
    if isinstance(value, bool) or not isinstance(value, int):
        raise MjsimError(f"{value!r} is not a whole number")
    return value


def with_rank_points(final: dict, rank_points: tuple[int, ...]) -> dict:
    """The final settlement plus each seat's ladder points (results + the rank's points, rounded up); unchanged
    when every rank's points are 0 (nothing to add)."""
    if not any(rank_points):
        return final
    pairs = zip(final["results"], final["ranks"], strict=True)
    gained = [math.ceil(round(result + rank_points[rank - 1], 6)) for result, rank in pairs]
    return {**final, "rank_points": gained}
