"""Variants that cannot be combined, and variants that need another's option: refused at compile time."""

from __future__ import annotations

import types

import pytest
from click.testing import CliRunner

from mjsim.cli import cli
from mjsim.errors import MjsimError
from mjsim.rules import RuleSet, check_conflicts


@pytest.mark.parametrize(
    ("variants", "names", "reason"),
    [
        pytest.param(("jirai", "boo"), ("jirai", "boo"), "replace the riichi settlement", id="jirai-boo"),
        pytest.param(("boo", "jirai"), ("jirai", "boo"), "replace the riichi settlement", id="boo-jirai-either-order"),
        pytest.param(("boo", "chips"), ("chips", "boo"), "A/B/C tops", id="chips-boo"),
        pytest.param(("boo", "wareme"), ("wareme", "boo"), "own units", id="wareme-boo"),
        pytest.param(("boo", "yakitori"), ("yakitori", "boo"), "A/B/C top", id="yakitori-boo"),
        pytest.param(("jirai", "bust_prize"), ("bust_prize", "jirai"), "ドボン無し", id="bust_prize-jirai"),
    ],
)
def test_conflicting_variants_fail_naming_both_and_why(variants, names, reason):
    with pytest.raises(MjsimError) as caught:
        RuleSet("x", ("riichi", *variants)).compile()
    message = str(caught.value)
    assert f"variants {names[0]} and {names[1]} cannot be combined" in message and reason in message


@pytest.mark.parametrize(
    "variants",
    [("wareme", "chips", "yakitori", "bust_prize"), ("jirai", "wareme", "chips", "yakitori")],
    ids=["house-deltas", "jirai-with-chips"],
)
def test_compatible_deltas_compile(variants):
    assert RuleSet("x", ("riichi", *variants)).compile().flow is not None


def test_a_module_conflict_is_checked_by_name():
    a = types.ModuleType("a")
    a.NAME, a.CONFLICTS = "a", {"b": "they disagree"}
    b = types.ModuleType("b")
    b.NAME = "b"
    with pytest.raises(MjsimError, match="variants a and b cannot be combined: they disagree"):
        check_conflicts([b, a])
    check_conflicts([a])


def test_requirement_names_the_variant_the_key_and_the_value():
    with pytest.raises(MjsimError, match=r"variant bust_prize needs riichi.bust to be one of .*got 'off'"):
        RuleSet("x", ("riichi", "bust_prize"), {"riichi.bust": "off"}).compile()


def test_a_variant_listed_twice_is_refused():
    with pytest.raises(MjsimError, match="variant chips is listed twice"):
        RuleSet("x", ("riichi", "chips", "chips")).compile()


def test_cli_reports_a_conflict_in_one_line_exit_2():
    result = CliRunner().invoke(cli, ["simulate", "--preset", "jirai", "--plugin", "boo", "--games", "1"])
    assert result.exit_code == 2
    assert "cannot be combined" in result.output and "Traceback" not in result.output
