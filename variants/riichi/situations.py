"""Which riichi situations a game can give together: a win that cannot happen is refused, not scored.

Each situation states what it needs of the win (self-drawn or a ron, the dealer or not, which melds) and
which situations it cannot stand beside; :func:`conflict` names the first requirement a context breaks.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjsim.scoring import ANKAN, WinContext

RIICHI_DECLARED = ("riichi", "double_riichi")


@dataclass(frozen=True)
class Needs:
    """What a situation needs: ``win`` "tsumo"/"ron", ``dealer`` True/False, ``melds`` "none"/"closed"."""

    win: str | None = None
    dealer: bool | None = None
    melds: str | None = None
    any_of: tuple[str, ...] = ()  # at least one of these situations beside it
    excludes: tuple[str, ...] = ()  # none of these beside it


# Why each line: riichi is declared with a closed hand (a concealed kan keeps it closed); ippatsu is riichi's
# first go-around and a kan of one's own ends it before the replacement tile; the replacement tile of a kan
# is never the last tile of the wall (haitei) and a robbed kan is never the last discard (houtei); 天和, 地和
# and 人和 are the first go-around, before any call or riichi and long before the wall ends (a replacement
# tile comes after a kan or a north, which ends the first go-around; a robbed concealed kan does not: 国士
# may rob one before its first draw, 人和 and 槍槓 at once).
SITUATION_NEEDS: dict[str, Needs] = {
    "riichi": Needs(melds="closed"),
    "double_riichi": Needs(melds="closed"),
    "ippatsu": Needs(any_of=RIICHI_DECLARED, excludes=("rinshan",)),
    "chankan": Needs(win="ron"),
    "rinshan": Needs(win="tsumo"),  # no kan needed: three-player tables draw a replacement for a north too
    "haitei": Needs(win="tsumo", excludes=("rinshan",)),
    "houtei": Needs(win="ron", excludes=("chankan",)),
    "tenhou": Needs(win="tsumo", dealer=True, melds="none", excludes=(*RIICHI_DECLARED, "haitei", "rinshan")),
    "chiihou": Needs(win="tsumo", dealer=False, melds="none", excludes=(*RIICHI_DECLARED, "haitei", "rinshan")),
    "renhou": Needs(win="ron", dealer=False, melds="none", excludes=(*RIICHI_DECLARED, "houtei")),
    # オープン立直 is a form of riichi (the hand shown as it is declared); dealing into one is a discard.
    "open_riichi": Needs(melds="closed", any_of=RIICHI_DECLARED),
    "open_riichi_deal_in": Needs(win="ron", any_of=("open_riichi",)),
}

_MELDS = {"none": "a hand without melds", "closed": "a closed hand"}


def conflict(ctx: WinContext) -> str | None:
    """The first requirement of a situation that ``ctx`` breaks, as ``"ippatsu needs riichi"``; None if none."""
    for name in sorted(ctx.situation & SITUATION_NEEDS.keys()):
        reason = _broken(name, SITUATION_NEEDS[name], ctx)
        if reason:
            return reason
    return None


def _broken(name: str, needs: Needs, ctx: WinContext) -> str | None:
    """What ``name`` needs that ``ctx`` lacks, or None."""
    if needs.win is not None and ctx.tsumo != (needs.win == "tsumo"):
        return f"{name} needs a {needs.win}, not a {'tsumo' if ctx.tsumo else 'ron'}"
    if needs.dealer is not None and ctx.dealer != needs.dealer:
        return f"{name} needs {'the dealer' if needs.dealer else 'a non-dealer'}"
    if needs.melds is not None and not _melds_allow(needs.melds, ctx):
        return f"{name} needs {_MELDS[needs.melds]}"
    if needs.any_of and not ctx.situation & set(needs.any_of):
        return f"{name} needs {needs.any_of[0]}"  # the others are forms of it (double riichi is a riichi)
    clash = sorted(ctx.situation & set(needs.excludes))
    if clash:
        return f"{name} cannot be won with {clash[0]}"
    return None


def _melds_allow(kind: str, ctx: WinContext) -> bool:
    """Whether the melds fit ``kind``: none at all, or only concealed kans."""
    if kind == "none":
        return not ctx.melds
    return all(m.type == ANKAN for m in ctx.melds)
