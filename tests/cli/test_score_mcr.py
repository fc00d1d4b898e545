"""``mjsim score --preset mcr``: the total ``fan`` beside the list of fans, on 10 published MCR worked examples.

Sources (docs/mcr.md §6): Tom Sloper's scoring exercises of the 4th China Majiang Championship (Sloperama column
289, all won on a discard) and column 262 (No. 3), and the rulebook's appendix example for 清龙 as mahjongtime.com
reproduces it. The sources show the tiles as pictures: each hand here is rebuilt to hold exactly the fans the
source lists, and the total must equal the source's.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjsim.cli import cli

# Sloper 289 No. 5 (推不倒, 幺九刻: 9 fan), won on 5p; the tests below vary how it is won.
REVERSIBLE = ["34p55z", "--meld", "pon:111p", "--meld", "chi:456s", "--meld", "pon:888s", "--win", "5p"]

# (id, arguments, the fans the source lists, the source's total)
EXAMPLES = [
    (
        "appendix-pure-straight",
        ["112233456s5z", "--meld", "chi:789s", "--win", "5z"],
        {"清龙": 1, "混一色": 1, "一般高": 1, "单钓将": 1},
        24,
    ),
    (
        "sloper289-1-half-flush-pure-straight",
        ["12m234m456m789m77z", "--win", "3m"],
        {"混一色": 1, "清龙": 1, "边张": 1, "门前清": 1},
        25,
    ),
    (
        "sloper289-2-big-three-dragons",
        ["123m55m777z", "--meld", "kan:5555z", "--meld", "pon:666z", "--win", "1m"],
        {"大三元": 1, "混一色": 1, "明杠": 1},
        95,
    ),
    (
        "sloper289-4-all-pungs",
        ["88s55m", "--meld", "pon:333m", "--meld", "pon:666p", "--meld", "ankan:4444s", "--win", "8s"],
        {"碰碰和": 1, "断幺": 1, "暗杠": 1},
        10,
    ),
    (
        "sloper289-5-reversible",
        REVERSIBLE,
        {"推不倒": 1, "幺九刻": 1},
        9,
    ),
    (
        "sloper289-7-lesser-honors-knitted",
        ["14m258p369s1z3z4z5z7z", "--win", "6z"],
        {"全不靠": 1},
        12,
    ),
    (
        "sloper289-8-mixed-shifted-chows",
        ["456m456p45s88m", "--meld", "chi:567p", "--win", "3s"],
        {"三色三步高": 1, "平和": 1, "喜相逢": 1, "断幺": 1},
        11,
    ),
    (
        "sloper289-9-mixed-straight-all-types",
        ["12m456p789s11z", "--meld", "pon:777z", "--win", "3m"],
        {"花龙": 1, "五门齐": 1, "箭刻": 1, "边张": 1},
        17,
    ),
    (
        "sloper289-10-half-flush-outside",
        ["123s789s99s33z", "--meld", "kan:4444z", "--win", "3z", "--seat-wind", "S"],
        {"混一色": 1, "幺九刻": 2, "明杠": 1, "全带幺": 1, "老少副": 1},
        14,
    ),
    (
        "sloper262-3-reversible-tile-hog",
        ["111p23p888s456s55z", "--win", "1p"],
        {"幺九刻": 1, "推不倒": 1, "双暗刻": 1, "门前清": 1, "四归一": 1},
        15,
    ),
]


def _score(args: list[str]) -> dict:
    seat = [] if "--seat-wind" in args else ["--dealer"]
    result = CliRunner().invoke(cli, ["score", "--preset", "mcr", *args, *seat, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize(("args", "fans", "total"), [e[1:] for e in EXAMPLES], ids=[e[0] for e in EXAMPLES])
def test_worked_example(args, fans, total):
    out = _score(args)
    assert {f["name"]: f["times"] for f in out["fans"]} == fans
    assert out["fan"] == total == sum(f["points"] * f["times"] for f in out["fans"])


SLOPER_289_6 = ["123m789m123p2s", "--meld", "chi:789p", "--win", "2s", "--dealer"]


def test_below_the_minimum_is_refused_in_one_line():
    """Sloper 289 No. 6: 平和, 老少副, 喜相逢 twice, 单钓将 are 6 fan, a false win under the 8-fan minimum."""
    result = CliRunner().invoke(cli, ["score", "--preset", "mcr", *SLOPER_289_6])
    assert result.exit_code == 2
    assert result.output.strip() == "mjsim: error: 6 fan, below the minimum 8 (flowers do not count)"
    lowered = CliRunner().invoke(cli, ["score", "--preset", "mcr", *SLOPER_289_6, "--set", "mcr.minimum=6", "--json"])
    fans = {f["name"]: f["times"] for f in json.loads(lowered.output)["fans"]}
    assert fans == {"平和": 1, "老少副": 1, "喜相逢": 2, "单钓将": 1}


def test_flowers_add_but_do_not_reach_the_minimum():
    args = ["score", "--preset", "mcr", *SLOPER_289_6, "--extra", "mcr.flowers=8"]
    assert CliRunner().invoke(cli, args).exit_code == 2
    out = _score([*REVERSIBLE, "--extra", "mcr.flowers=3"])
    assert out["fan"] == 12 and {"name": "花牌", "english": "Flower Tiles", "points": 1, "times": 3} in out["fans"]


@pytest.mark.parametrize(
    ("how", "fan", "payments"),
    [
        ([], 9, {"East": 8 * 3 + 9, "South": -8, "West": -8, "North": -17}),
        (["--tsumo"], 10, {"East": 54, "South": -18, "West": -18, "North": -18}),
    ],
    ids=["discard", "tsumo"],
)
def test_payments_eight_from_each_and_the_fans_from_the_discarder(how, fan, payments):
    out = _score([*REVERSIBLE, *how])
    assert out["fan"] == fan and out["payments"] == payments


def test_a_situation_flag_names_the_circumstance():
    out = _score([*REVERSIBLE, "--tsumo", "--haitei"])
    assert {f["name"] for f in out["fans"]} == {"推不倒", "幺九刻", "妙手回春"}
