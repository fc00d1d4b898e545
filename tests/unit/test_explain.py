"""mjsim explain: the differences of two rule sets as switches, the rule sets they make, and the effects (each
switch's paired effect both ways round and the interaction) on hand-built records."""

from __future__ import annotations

import pytest

from mjsim.errors import MjsimError
from mjsim.experiment import RuleSetEntry
from mjsim.explore.explain import folder_name, plan, switches
from mjsim.explore.explain_effects import explanation

TENHOU, FOURPLAY = RuleSetEntry("tenhou", "tenhou"), RuleSetEntry("4play", "4play")


@pytest.fixture(scope="module")
def tenhou_4play():
    return switches(TENHOU, FOURPLAY)


def test_every_difference_is_a_switch(tenhou_4play):
    found, skipped = tenhou_4play
    names = {s.name for s in found}
    assert {"variant wareme", "variant chips", "riichi.extension", "riichi.multi_ron"} <= names
    assert "riichi.uma" not in names  # both play 10-20
    assert not skipped


def test_a_variant_switch_adds_it_to_a_and_leaves_it_out_of_b(tenhou_4play):
    wareme = next(s for s in tenhou_4play[0] if s.name == "variant wareme")
    added = wareme.toward_b.ruleset()
    assert added.variants == ("riichi", "wareme") and added.options["wareme.multiplier"] == 2
    removed = wareme.toward_a.ruleset()
    assert "wareme" not in removed.variants
    assert not any(k.startswith("wareme.") for k in removed.options)
    assert removed.compile().values["riichi.extension"] is False  # the rest of 4play stays


def test_an_option_switch_takes_the_other_side_s_value(tenhou_4play):
    extension = next(s for s in tenhou_4play[0] if s.name == "riichi.extension")
    assert (extension.a_value, extension.b_value) == (True, False)
    assert extension.toward_b.ruleset().compile().values["riichi.extension"] is False
    assert extension.toward_a.ruleset().compile().values["riichi.extension"] is True


def test_identical_rule_sets_or_one_twice_are_one_line():
    with pytest.raises(MjsimError, match="nothing to explain"):
        plan(TENHOU, RuleSetEntry("copy", "tenhou"), games=2)
    with pytest.raises(MjsimError, match="twice"):
        plan(TENHOU, TENHOU, games=2)
    with pytest.raises(MjsimError, match="unknown metric"):
        plan(TENHOU, FOURPLAY, games=2, metrics=("nope",))


def test_the_folder_name_is_plain():
    assert folder_name("tenhou", "my rules/2") == "explain_tenhou_my-rules-2"


def _records(spreads: list[float]) -> list[dict]:
    """Games whose final points have the given spread (two seats at +s, two at -s around 25000)."""
    return [
        {
            "index": i,
            "final": {"points": [25000 + s, 25000 - s, 25000 + s, 25000 - s], "ranks": [1, 3, 2, 4]},
            "hands": [],
        }
        for i, s in enumerate(spreads)
    ]


def test_effects_both_ways_round_and_the_interaction():
    b = RuleSetEntry("b", "tenhou", {"riichi.red_fives": 0, "riichi.kuitan": False})
    the_plan = plan(TENHOU, b, games=3, metrics=("points_spread",))
    assert [s.name for s in the_plan.switches] == ["riichi.kuitan", "riichi.red_fives"]
    kuitan, red = the_plan.switches
    records = {
        "tenhou": _records([1000, 2000, 3000]),
        "b": _records([4000, 5000, 6000]),  # B - A = 3000 in every game
        kuitan.toward_b.name: _records([3000, 4000, 5000]),  # +2000 alone in A
        red.toward_b.name: _records([1500, 2500, 3500]),  # +500 alone in A: 500 left to the interaction
        kuitan.toward_a.name: _records([2000, 3000, 4000]),  # B - this = +2000
        red.toward_a.name: _records([3000, 4000, 5000]),  # B - this = +1000: 0 left
    }
    (found,) = explanation(the_plan, records)["metrics"]
    assert found["difference"]["value"] == pytest.approx(3000)
    top = found["switches"][0]
    assert top["option"] == "riichi.kuitan" and top["on"]["value"] == pytest.approx(2000) and top["driver"]
    assert found["interaction_on"]["value"] == pytest.approx(500)
    assert found["interaction_off"]["value"] == pytest.approx(0)
