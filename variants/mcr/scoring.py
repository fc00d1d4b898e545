"""The scoring door of 国标麻将: a core win context read as an MCR :class:`Win`, its fans and who pays what.

Payments (docs/mcr.md §4): on a discard the discarder pays base + fans, the two others the base; self-drawn,
every other seat pays base + fans. A win below the minimum (flowers not counted) is not a win.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from mjsim.errors import MjsimError
from mjsim.hand.tiles import kind_of
from mjsim.scoring import ANKAN, CHI, KAN, Hit, NoWin, Reading, Score, WinContext
from variants.mcr import options as opt
from variants.mcr.calculator import FanResult, score
from variants.mcr.hand import CHOW, KONG, PUNG, Meld, Win

#: ``--situation`` names of the core's score command read as MCR circumstances (kong: 杠上开花 or 抢杠和;
#: wall_last: 妙手回春 or 海底捞月; last_of_kind: 和绝张).
KONG_SITUATIONS = frozenset({"rinshan", "chankan"})
WALL_LAST_SITUATIONS = frozenset({"haitei", "houtei"})
LAST_OF_KIND = "last_of_kind"


class FanDetail(NamedTuple):
    """MCR's facts of a win: the fans (name, English, points, times) and their total."""

    fan: int
    fans: tuple[tuple[str, str, int, int], ...]

    def rank_key(self) -> tuple[int]:
        """Between readings of equal value: more fan."""
        return (self.fan,)

    def record(self) -> dict[str, Any]:
        """The hand record's facts of the win, in the words today's core record asks for."""
        return core_record(self.fan)

    def report(self) -> dict[str, Any]:
        """The fields ``mjsim score --json`` shows: the total ``fan`` beside the list of fans."""
        fans = [{"name": n, "english": e, "points": p, "times": t} for n, e, p, t in self.fans]
        return {"fan": self.fan, "fans": fans}

    def lines(self, unit: str) -> list[str]:
        """The total."""
        return [f"  {self.fan} {unit}"]

    def label(self) -> str | None:
        """No limit: fans add without a cap."""
        return None


def core_record(fan: int) -> dict[str, Any]:
    """The one place the family speaks the core's riichi-shaped record (han/fu/yakuman).

    Issue 37 makes the core's scoring record family-neutral (value and unit); until then this adapter is the only
    translation, so no riichi word spreads through the family.
    """
    return {"han": fan, "fu": 0, "yakuman": 0}


def recorded_fan(win: dict[str, Any]) -> int:
    """The fans of a win as today's core hand record holds them (under "han", until issue 37)."""
    return win["han"]


def win_of(ctx: WinContext, flowers: int) -> Win:
    """The MCR view of a core win context."""
    kinds = [kind_of(t) for t in ctx.concealed]
    win_kind = kind_of(ctx.win_tile)
    if win_kind not in kinds:
        raise MjsimError("hand: the winning tile is not among the hand's tiles")
    kinds.remove(win_kind)
    melds = tuple(_meld(m) for m in ctx.melds)
    return Win(
        tuple(sorted(kinds)),
        win_kind,
        melds,
        tsumo=ctx.tsumo,
        last_of_kind=LAST_OF_KIND in ctx.situation,
        kong=bool(KONG_SITUATIONS & ctx.situation),
        wall_last=bool(WALL_LAST_SITUATIONS & ctx.situation),
        seat_wind=ctx.seat_wind - 27,
        prevalent_wind=ctx.round_wind - 27,
        flowers=flowers,
    )


def _meld(m) -> Meld:
    kinds = sorted(kind_of(t) for t in m.tiles)
    if m.type == CHI:
        return Meld(CHOW, kinds[0])
    if m.type in (KAN, ANKAN):
        return Meld(KONG, kinds[0], concealed=m.type == ANKAN)
    return Meld(PUNG, kinds[0])


def flowers_of(ctx: WinContext, rules) -> int:
    """The winner's flowers (``--extra mcr.flowers=N``); none when the option leaves flowers out."""
    raw = ctx.extra.get("mcr.flowers", 0)
    text = raw[0] if isinstance(raw, tuple) and raw else raw
    try:
        n = int(text)
    except (TypeError, ValueError):
        raise MjsimError(f"mcr.flowers: expected a whole number of flowers 0-8, got {raw!r}") from None
    if n and not rules[opt.FLOWERS]:
        raise MjsimError("mcr.flowers: this rule set plays without flowers (mcr.flowers = false)")
    return n


def score_win(ctx: WinContext, rules) -> Score:
    """The fans of the win and every seat's payment; NoWin below the minimum."""
    try:
        result = score(win_of(ctx, flowers_of(ctx, rules)))
    except MjsimError as e:
        raise NoWin(str(e)) from None
    if result.without_flowers < rules[opt.MINIMUM]:
        raise NoWin(f"{result.without_flowers} fan, below the minimum {rules[opt.MINIMUM]} (flowers do not count)")
    payments = _payments(ctx, result.total, rules[opt.BASE])
    hits = tuple(Hit(english, name, points * times) for name, english, points, times in result.fans)
    reading = Reading(result.shape, None, (), result.wait or "")  # MCR's own words: 边张, 嵌张, 单钓将 or none
    return Score(hits, payments[ctx.seat], tuple(payments), reading, FanDetail(result.total, result.fans))


def _payments(ctx: WinContext, fan: int, base: int) -> list[int]:
    """Base from every loser, the fans from the discarder (or from all on a self-draw)."""
    pay = [0] * 4
    for seat in range(4):
        if seat == ctx.seat:
            continue
        amount = base + (fan if ctx.tsumo or seat == ctx.discarder else 0)
        pay[seat] -= amount
        pay[ctx.seat] += amount
    return pay


def fan_result(ctx: WinContext, rules) -> FanResult:
    """The fans of ``ctx`` without the minimum (for tools that show a hand's worth)."""
    return score(win_of(ctx, flowers_of(ctx, rules)))
