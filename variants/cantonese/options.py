"""The options of 広東麻雀 (docs/cantonese.md), each declared once with its documented default, and the presets."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from mjsim.errors import MjsimError
from mjsim.rules.numbers import Numbers

FAMILY = "cantonese"
PRESETS = Path(__file__).parent / "presets"

FLOWERS = FAMILY + ".flowers"
MIN_FAAN = FAMILY + ".min_faan"
LIMIT_FAAN = FAMILY + ".limit_faan"
FLOWERS_COUNT_TO_MINIMUM = FAMILY + ".flowers_count_to_minimum"
CONCEALED_SELF_DRAWN = FAMILY + ".concealed_self_drawn"
SMALL_WINDS_FAAN = FAMILY + ".small_winds_faan"
FLOWER_SET_FAAN = FAMILY + ".flower_set_faan"
RISE = FAMILY + ".rise"
BASE = FAMILY + ".base"
RESPONSIBILITY = FAMILY + ".responsibility"
START_POINTS = FAMILY + ".start_points"

# (key, default, description, choices): None choices means a whole number (from the minimum named in MINIMUMS)
OPTIONS: tuple[tuple[str, Any, str, tuple | None], ...] = (
    (FLOWERS, True, "144 tiles with the eight flowers and seasons [Y]", (True, False)),
    (MIN_FAAN, 3, "起糊: the faan a win needs, any whole number from 0 [Y], [W]", None),
    (LIMIT_FAAN, 13, "爆棚: the faan limit, any whole number from 1 [W], [Z]", None),
    (FLOWERS_COUNT_TO_MINIMUM, False, "flower faan count toward the minimum [WM]: no", (True, False)),
    (CONCEALED_SELF_DRAWN, False, "門前清 also on a self-drawn win ([P]); [A]: only on a discard", (True, False)),
    (SMALL_WINDS_FAAN, 13, "小四喜's faan (13, the limit [A]; 6 [P])", None),
    (FLOWER_SET_FAAN, 2, "一台花: faan for all four seasons or all four plants [P]", None),
    (RISE, "half", "the multiplier above 4 faan: 半辣上 half or 辣辣上 spicy [Z]", ("half", "spicy")),
    (BASE, 2, "base points of a portion (一二蚊 = 2) [Z], even so that half portions are whole", None),
    (
        RESPONSIBILITY,
        "half",
        "a discard: 半銃 half (the others pay half a portion) or 全銃 full [W], [Z]",
        ("half", "full"),
    ),
    (START_POINTS, 0, "points each player starts from [proposal]: a money game, scores are net winnings", None),
)
MINIMUMS = {MIN_FAAN: 0, LIMIT_FAAN: 1, SMALL_WINDS_FAAN: 0, FLOWER_SET_FAAN: 0, BASE: 2, START_POINTS: 0}
BIG = 10**6
RANGES = {  # the game registry's ranges of the same numbers (limit_faan may not be below min_faan)
    MIN_FAAN: Numbers(0, BIG),
    LIMIT_FAAN: Numbers(1, BIG, at_least=MIN_FAAN),
    SMALL_WINDS_FAAN: Numbers(0, BIG),
    FLOWER_SET_FAAN: Numbers(0, BIG),
    BASE: Numbers(2, BIG, step=2),
    START_POINTS: Numbers(0, 100_000_000),
}
DEFAULTS: dict[str, Any] = {key: default for key, default, _, _ in OPTIONS}


def resolve(values: dict[str, Any] | None = None) -> dict[str, Any]:
    """Every option's value: the defaults with ``values`` over them, checked (one-line error on a bad one)."""
    out = dict(DEFAULTS)
    for key, value in (values or {}).items():
        if key not in DEFAULTS:
            raise MjsimError(f"unknown option {key!r} (the cantonese options: {', '.join(DEFAULTS)})")
        out[key] = value
    for key, _, _, choices in OPTIONS:
        _check(key, out[key], choices)
    if out[BASE] % 2:
        raise MjsimError(f"{BASE} = {out[BASE]}: half responsibility pays half portions, so the base must be even")
    if out[MIN_FAAN] > out[LIMIT_FAAN]:
        raise MjsimError(f"{MIN_FAAN} = {out[MIN_FAAN]} is above {LIMIT_FAAN} = {out[LIMIT_FAAN]}: no hand could win")
    return out


def _check(key: str, value: Any, choices: tuple | None) -> None:
    if choices is not None:
        if value not in choices or type(value) is not type(choices[0]):
            raise MjsimError(f"{key} = {value!r}: must be one of {', '.join(map(repr, choices))}")
    elif type(value) is not int or value < MINIMUMS[key]:
        raise MjsimError(f"{key} = {value!r}: must be a whole number from {MINIMUMS[key]}")


def declare(registry) -> None:
    """Declare every option of the family in the game's registry (names without the family prefix)."""
    for key, default, description, choices in OPTIONS:
        named = None if choices == (True, False) else choices
        registry.add(key.split(".", 1)[1], default, description, choices=named, numbers=RANGES.get(key))


def preset(name: str) -> dict[str, Any]:
    """The option values of a branch preset (``presets/<name>.toml``), resolved."""
    path = PRESETS / f"{name}.toml"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in PRESETS.glob("*.toml")))
        raise MjsimError(f"no cantonese preset {name!r} (known: {known})")
    with path.open("rb") as f:
        data = tomllib.load(f)
    return resolve(data.get("options", {}))
