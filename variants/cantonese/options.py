"""The options of 広東麻雀 (docs/cantonese.md), each declared once with its documented default, and the presets."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from mjsim.errors import MjsimError
from mjsim.rules.options import Declarations, Numbers, Option

FAMILY = "cantonese"
PRESETS = Path(__file__).parent / "presets"

BIG = 10**6
# A faan count or an amount is any whole number from its range's low end (limit_faan may not be below min_faan).
OPTIONS = Declarations(FAMILY)

FLOWERS = OPTIONS.option("flowers", True, "144 tiles with the eight flowers and seasons [Y]")
MIN_FAAN = OPTIONS.option(
    "min_faan", 3, "起糊: the faan a win needs, any whole number from 0 [Y], [W]", numbers=Numbers(0, BIG)
)
LIMIT_FAAN = OPTIONS.option(
    "limit_faan",
    13,
    "爆棚: the faan limit, any whole number from 1 [W], [Z]",
    numbers=Numbers(1, BIG, at_least="min_faan"),
)
FLOWERS_COUNT_TO_MINIMUM = OPTIONS.option(
    "flowers_count_to_minimum", False, "flower faan count toward the minimum [WM]: no"
)
CONCEALED_SELF_DRAWN = OPTIONS.option(
    "concealed_self_drawn", False, "門前清 also on a self-drawn win ([P]); [A]: only on a discard"
)
SMALL_WINDS_FAAN = OPTIONS.option(
    "small_winds_faan", 13, "小四喜's faan (13, the limit [A]; 6 [P])", numbers=Numbers(0, BIG)
)
FLOWER_SET_FAAN = OPTIONS.option(
    "flower_set_faan", 2, "一台花: faan for all four seasons or all four plants [P]", numbers=Numbers(0, BIG)
)
RISE = OPTIONS.option(
    "rise", "half", "the multiplier above 4 faan: 半辣上 half or 辣辣上 spicy [Z]", choices=("half", "spicy")
)
BASE = OPTIONS.option(
    "base",
    2,
    "base points of a portion (一二蚊 = 2) [Z], even so that half portions are whole",
    numbers=Numbers(2, BIG, step=2),
)
RESPONSIBILITY = OPTIONS.option(
    "responsibility",
    "half",
    "a discard: 半銃 half (the others pay half a portion) or 全銃 full [W], [Z]",
    choices=("half", "full"),
)
START_POINTS = OPTIONS.option(
    "start_points",
    0,
    "points each player starts from [proposal]: a money game, scores are net winnings",
    numbers=Numbers(0, 100_000_000),
)
DEFAULTS: dict[str, Any] = {option: option.default for option in OPTIONS}


def resolve(values: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every option's value: the defaults with ``values`` over them, checked (one-line error on a bad one)."""
    out = dict(DEFAULTS)
    for key, value in (values or {}).items():
        if key not in DEFAULTS:
            raise MjsimError(f"unknown option {key!r} (the cantonese options: {', '.join(DEFAULTS)})")
        out[key] = value
    for option in OPTIONS:
        _check(option, out[option])
    if out[BASE] % 2:
        raise MjsimError(f"{BASE} = {out[BASE]}: half responsibility pays half portions, so the base must be even")
    if out[MIN_FAAN] > out[LIMIT_FAAN]:
        raise MjsimError(f"{MIN_FAAN} = {out[MIN_FAAN]} is above {LIMIT_FAAN} = {out[LIMIT_FAAN]}: no hand could win")
    return out


def _check(option: Option[Any], value: Any) -> None:
    """A value of the option's kind: one of its choices (true or false for a switch), or a whole number in range."""
    choices = option.choices if option.choices is not None else (True, False) if option.numbers is None else None
    if choices is not None:
        if value not in choices or type(value) is not type(choices[0]):
            raise MjsimError(f"{option} = {value!r}: must be one of {', '.join(map(repr, choices))}")
    elif type(value) is not int or value < option.numbers.low:
        raise MjsimError(f"{option} = {value!r}: must be a whole number from {option.numbers.low}")


def preset(name: str) -> dict[str, Any]:
    """The option values of a branch preset (``presets/<name>.toml``), resolved."""
    path = PRESETS / f"{name}.toml"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in PRESETS.glob("*.toml")))
        raise MjsimError(f"no cantonese preset {name!r} (known: {known})")
    with path.open("rb") as f:
        data = tomllib.load(f)
    return resolve(data.get("options", {}))
