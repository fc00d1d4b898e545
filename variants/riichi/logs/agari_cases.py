"""Winning-hand case files: Tenhou's real hands (JSON Lines) and the ``mahjong`` package cases (JSON).

Each case becomes a :class:`Case`: the situation of the win as a
:class:`WinContext`, the option overrides its table used, and what the
source recorded (fu, han, points, score changes by seat).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mjsim.errors import MjsimError
from mjsim.files import load_json, read_text
from mjsim.scoring import ANKAN, CHI, KAN, PON, Meld, WinContext
from variants.riichi import options as opt
from variants.riichi.table_facts import table_facts

NUKI = "sanma.nuki"  # the count of Norths set aside, as the sanma delta reads it (variants/sanma/dora.py)

# Tenhou yaku ids that record circumstances no tile shows; the rest are recomputed.
TENHOU_SITUATION = {
    1: "riichi",
    2: "ippatsu",
    3: "chankan",
    4: "rinshan",
    5: "haitei",
    6: "houtei",
    21: "double_riichi",
    36: "renhou",
    37: "tenhou",
    38: "chiihou",
}
_TENHOU_MELD = {"chi": CHI, "pon": PON, "minkan": KAN, "kakan": KAN, "ankan": ANKAN}


@dataclass(frozen=True)
class Expected:
    """What the source recorded for a win (yakuman hands have no meaningful fu/han)."""

    fu: int | None
    han: int | None
    points: int | None
    deltas: tuple[int, ...] | None  # by seat; None when the source gives no seats
    yaku_ids: frozenset[int] | None = None  # Tenhou ids with a value
    error: str | None = None  # the source says the hand does not win
    winner_gain: int | None = None  # what the winner receives, honba and sticks included


@dataclass(frozen=True)
class Case:
    """One winning hand to score and compare."""

    id: str
    ctx: WinContext | None
    overrides: dict[str, Any]
    expected: Expected
    dealer_seat: int = 0  # absolute seat of East, to map wind indices to seats
    players: int = 4  # seats at the table (3: a three-player case, scored under the sanma rules)
    skip: str | None = None
    notes: dict[str, Any] = field(default_factory=dict)


def read_cases(path: str | Path) -> Iterator[Case]:
    """The cases of a file in either schema, detected from its content."""
    path = Path(path)
    text = read_text(path, f"cases file {path}")
    stripped = text.lstrip()
    if stripped.startswith("{") and '"cases"' in stripped[:2000] and "\n{" not in stripped.rstrip():
        yield from _package_cases(path, text)
        return
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            yield _tenhou_line(path, number, line)


def _tenhou_line(path: Path, number: int, line: str) -> Case:
    """A line of tenhou_agari_cases.jsonl as a Case; a line that is not one is an MjsimError naming it."""
    where = f"{path}:{number}"
    try:
        d = load_json(line, where)  # an MjsimError beyond the limits (nesting, digits)
    except json.JSONDecodeError as exc:
        raise MjsimError(f"{where}: not JSON: {exc.msg}") from None
    try:
        return _tenhou_case(where, d)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise MjsimError(f"{where}: not a winning-hand case ({_what_is_wrong(exc)})") from None


def _what_is_wrong(exc: Exception) -> str:
    """A short reason for a malformed case: the missing key, or the exception's message."""
    return f"no {exc.args[0]!r}" if isinstance(exc, KeyError) else f"{type(exc).__name__}: {exc}"


def _tenhou_case(where: str, d: dict[str, Any]) -> Case:
    """Build the context of a real Tenhou win."""
    oya, who = d["oya"], d["who"]
    players = d.get("players", 4)
    wind = lambda seat: (seat - oya) % players  # noqa: E731 - absolute seat -> wind index
    t = d["tenhou"]
    situation = frozenset(TENHOU_SITUATION[y[0]] for y in t["yaku"] if y[0] in TENHOU_SITUATION)
    situation |= frozenset(TENHOU_SITUATION[y[0]] for y in t["yakuman"] if y[0] in TENHOU_SITUATION)
    first_winner = d.get("double_ron_index", 0) == 0
    ctx = WinContext(
        concealed=tuple(d["hand_136"]),
        win_tile=d["win_tile_136"],
        melds=tuple(_tenhou_meld(m, who, oya, players) for m in d["melds"] if m["type"] != "nuki"),
        tsumo=d["is_tsumo"],
        seat_wind=27 + d["seat_wind"],
        round_wind=27 + d["round_wind"],
        discarder=None if d["is_tsumo"] else wind(d["from_who"]),
        situation=situation,
        table=table_facts(
            dora=tuple(d["dora_indicators_136"]),
            ura=tuple(d["ura_indicators_136"]),
            honba=d["honba"] if first_winner else 0,
            sticks=d.get("riichi_sticks_collected", 0),
            pao=None if t.get("pao_who") is None else wind(t["pao_who"]),
        ),
        extra={NUKI: sum(m["type"] == "nuki" for m in d["melds"])} if players == 3 else {},
    )
    yakuman = bool(t["yakuman"])
    ids = frozenset(y[0] for y in t["yakuman"]) if yakuman else frozenset(y[0] for y in t["yaku"] if y[2] > 0)
    expected = Expected(
        None if yakuman else t["fu"], None if yakuman else t["han"], t["points"], tuple(t["deltas"]), ids
    )
    skip = None
    if players not in (3, 4):
        skip = f"{players}-player game"
    elif not d.get("standard_rules", True):
        skip = f"special lobby (GO type {d.get('go_type')})"
    overrides = {opt.RED_FIVES: 3 if d.get("aka", True) else 0, opt.KUITAN: d.get("kuitan", True)}
    return Case(where, ctx, overrides, expected, dealer_seat=oya, players=players, skip=skip)


def _tenhou_meld(m: dict[str, Any], who: int, oya: int, players: int = 4) -> Meld:
    """A decoded Tenhou meld; ``from_rel`` counts four seats even at a three-player table (the empty one too)."""
    from_rel = m.get("from_rel")
    from_seat = None if not from_rel else ((who + from_rel) % 4 - oya) % players
    return Meld(_TENHOU_MELD[m["type"]], tuple(m["tiles_136"]), m.get("called_136"), from_seat)


_PKG_MELD = {"chi": CHI, "pon": PON, "kan": KAN, "shouminkan": KAN, "minkan": KAN, "ankan": ANKAN}
_WIND = {"E": 27, "S": 28, "W": 29, "N": 30}


def _package_cases(path: Path, text: str) -> Iterator[Case]:
    """The cases of mahjong_pkg_cases.json."""
    try:
        cases = load_json(text, str(path))["cases"]
    except (json.JSONDecodeError, KeyError, TypeError) as exc:
        raise MjsimError(f"{path}: not a cases file ({exc})") from None
    if not isinstance(cases, list):
        raise MjsimError(f"{path}: 'cases' must be a list of cases, got {type(cases).__name__}")
    for index, c in enumerate(cases):
        where = f"{path}#{c.get('id', index) if isinstance(c, dict) else index}"
        try:
            yield _package_case(where, c)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise MjsimError(f"{where}: not a winning-hand case ({_what_is_wrong(exc)})") from None


def _package_case(where: str, c: dict[str, Any]) -> Case:
    """One case of the ``mahjong`` package schema."""
    s, opts, exp = c["situation"], c["options"], c["expected"]
    melds = tuple(_package_meld(m) for m in c["melds"])
    situation = {
        name
        for key, name in (
            ("is_riichi", "riichi"),
            ("is_ippatsu", "ippatsu"),
            ("is_rinshan", "rinshan"),
            ("is_chankan", "chankan"),
            ("is_haitei", "haitei"),
            ("is_houtei", "houtei"),
            ("is_daburu_riichi", "double_riichi"),
            ("is_tenhou", "tenhou"),
            ("is_chiihou", "chiihou"),
        )
        if s.get(key)
    }
    seat_wind = _WIND[s["seat_wind"]]
    ctx = WinContext(
        concealed=tuple(c["closed_tiles_136"]),
        win_tile=c["win_tile_136"],
        melds=melds,
        tsumo=s["is_tsumo"],
        seat_wind=seat_wind,
        round_wind=_WIND[s["round_wind"]],
        discarder=None if s["is_tsumo"] else (seat_wind - 27 + 3) % 4,
        situation=frozenset(situation),
        table=table_facts(
            dora=tuple(c["dora_indicators_136"]),
            ura=tuple(c["ura_dora_indicators_136"]),
            honba=s.get("honba", 0),
            sticks=s.get("riichi_sticks", 0),
        ),
    )
    overrides = {
        "riichi.red_fives": 3 if opts.get("has_aka_dora") else 0,
        "riichi.kuitan": bool(opts.get("has_open_tanyao")),
        "riichi.kiriage_mangan": "on" if opts.get("kiriage") else "off",
        "riichi.kazoe_yakuman": ("on", "cap_at_sanbaiman", "multiple")[opts.get("kazoe_limit", 0)],
        "riichi.double_yakuman_patterns": "suuankou_tanki,junsei_chuuren,kokushi_13,daisuushii"
        if opts.get("has_double_yakuman")
        else "none",
    }
    cost = exp.get("cost") or {}
    yakuman = any(y.get("is_yakuman") for y in exp.get("yaku") or ())
    expected = Expected(
        None if yakuman else exp.get("fu"),
        None if yakuman else exp.get("han"),
        None,
        None,
        None,
        exp.get("error"),
        cost.get("total"),
    )
    return Case(where, ctx, overrides, expected)


def _package_meld(m: dict[str, Any]) -> Meld:
    """A meld of the package schema (a closed kan has ``opened`` false)."""
    kind = _PKG_MELD[m["type"]]
    if kind == KAN and not m.get("opened", True):
        kind = ANKAN
    return Meld(kind, tuple(m["tiles_136"]))
