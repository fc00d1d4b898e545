"""Presets of other_variants.md §12 and the platforms' house rules (4play, fl8, KAIT, 花鳥風月), and house-all."""

from __future__ import annotations

from functools import cache

import pytest

import mjsim
from mjsim.rules.plugins import installed_variants
from mjsim.runner.games import play_game

HOUSE_DELTAS = ("chips", "yakitori", "bust_prize", "wareme")
HOUSE_OTHERS = ("rado", "local_yakuhai", "gopin", "paarenchan", "daisharin")


@cache
def compiled(name: str) -> mjsim.Rules:
    return mjsim.RuleSet.resolve(name).compile()


@pytest.mark.parametrize(
    ("preset", "start", "ret", "reds", "oka"),
    [
        pytest.param("hakugyokurou", 15000, 20000, 0, 20000, id="hakugyokurou-15k-20k-no-red"),
        pytest.param("hakuhyou", 13000, "none", 4, 0, id="hakuhyou-13k-red-5m1-5s1-5p2"),
        pytest.param("start-27k", 27000, 30000, 3, 12000, id="27k-30k"),
        pytest.param("kyougi-30k", 30000, 30000, 3, 0, id="30k-kyougi"),
        pytest.param("east-20k", 20000, "none", 3, 0, id="20k-east-only"),
    ],
)
def test_start_point_presets(preset, start, ret, reds, oka):
    """§12: start and return points, red fives; oka = (return - start) x 4 is 0 or positive."""
    r = compiled(preset)
    assert (r["riichi.start_points"], r["riichi.return_points"], r["riichi.red_fives"]) == (start, ret, reds)
    assert r.flow.setup.start_points == start
    returned = start if ret == "none" else ret
    assert (returned - start) * 4 == oka >= 0


def test_east_20k_is_east_only_and_tournament_preset_too():
    assert compiled("east-20k")["riichi.game_length"] == "east"
    assert compiled("tenhou-tournament")["riichi.game_length"] == "east"
    assert compiled("tenhou-tournament")["riichi.kuitan"] and compiled("tenhou-tournament")["riichi.red_fives"] == 3


@pytest.mark.parametrize(
    ("preset", "variants", "values"),
    [
        pytest.param(
            "4play",
            HOUSE_DELTAS,
            {"chips.table": "4play", "yakitori.form": "chips", "bust_prize.form": "4play", "wareme.multiplier": 2},
            id="4play",
        ),
        pytest.param(
            "fl8",
            ("chips", "yakitori", "bust_prize"),
            {"chips.table": "fl8", "chips.value": 2, "yakitori.form": "points", "yakitori.gaeshi": True},
            id="fl8",
        ),
        pytest.param("kait", ("bust_prize",), {"bust_prize.form": "kait"}, id="kait"),
        pytest.param("kachoufuugetsu", ("chips",), {"chips.table": "kachoufuugetsu"}, id="kachoufuugetsu"),
    ],
)
def test_platform_presets_use_their_house_rules(preset, variants, values):
    r = compiled(preset)
    assert set(variants) <= set(r.ruleset.variants)
    assert {k: r[k] for k in values} == values


@pytest.mark.parametrize("preset", ["hakugyokurou", "hakuhyou", "start-27k", "kyougi-30k", "east-20k", "house-all"])
def test_presets_play_with_every_invariant(preset):
    record = play_game(compiled(preset), 1, ["efficiency"] * 4, check=True)
    assert record.violations == []


def test_house_all_has_every_installed_combinable_delta():
    variants = set(compiled("house-all").ruleset.variants)
    assert set(HOUSE_DELTAS) <= variants
    assert {v for v in HOUSE_OTHERS if v in installed_variants()} <= variants
    assert not variants & {"jirai", "boo"}
    assert compiled("house-all").ruleset.variants[-1] == "wareme"  # last: it multiplies every payment
