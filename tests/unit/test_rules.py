"""Rule sets: presets, option parsing and validation, compiled patterns."""

from __future__ import annotations

import pytest

from mjsim import MjsimError, Pattern, Rules, RuleSet
from mjsim.rules import preset_names
from variants.riichi.options import SCORING_OPTIONS

# --- presets ---------------------------------------------------------------------------------------------


def test_shipped_presets():
    assert {"riichi", "tenhou"} <= set(preset_names())


def test_tenhou_preset_values(tenhou_rules):
    v = tenhou_rules.values
    assert v["riichi.red_fives"] == 3
    assert v["riichi.double_yakuman_patterns"] == frozenset()
    assert v["riichi.double_wind_pair_fu"] == 4
    assert v["riichi.kiriage_mangan"] == "off"
    assert v["riichi.pao_scope"] == "whole_hand"


@pytest.mark.parametrize(
    ("key", "default"),
    [pytest.param(option, option.default, id=option.partition(".")[2]) for option in SCORING_OPTIONS],
)
def test_riichi_preset_is_every_declared_default(rules_with, key, default):
    value = rules_with("riichi")[key]
    assert value == (frozenset(default) if key.multi else default)


@pytest.mark.parametrize(
    ("key", "spec_default"),
    [
        pytest.param("riichi.red_fives", 3, id="red_fives"),
        pytest.param("riichi.kuitan", True, id="kuitan"),
        pytest.param("riichi.kazoe_yakuman", "on", id="kazoe_yakuman"),
        pytest.param("riichi.kiriage_mangan", "off", id="kiriage_mangan"),
        pytest.param("riichi.double_wind_pair_fu", 2, id="double_wind_pair_fu"),
        pytest.param("riichi.renhou", "off", id="renhou"),
        pytest.param("riichi.tsumo_pinfu", True, id="tsumo_pinfu"),
        pytest.param("riichi.min_han", 1, id="min_han"),
        pytest.param("riichi.ryanhan_shibari", "none", id="ryanhan_shibari"),
        pytest.param("riichi.chiitoitsu_scoring", "2h25f", id="chiitoitsu_scoring"),
        pytest.param("riichi.pao_set", frozenset({"daisangen", "daisuushii"}), id="pao_set"),
        pytest.param("riichi.pao_honba_payer", "responsible", id="pao_honba_payer"),
    ],
)
def test_riichi_preset_matches_the_spec_defaults(rules_with, key, spec_default):
    """riichi_base.md §20.1, column 'Default'."""
    assert rules_with("riichi").values[key] == spec_default


def test_overrides_are_applied():
    rules = RuleSet.resolve("tenhou", {"riichi.kuitan": False}).compile()
    assert rules["riichi.kuitan"] is False


def test_with_options_adds_overrides():
    base = RuleSet.resolve("tenhou")
    rules = base.with_options({"riichi.min_han": 2}).compile()
    assert rules["riichi.min_han"] == 2
    assert base.compile()["riichi.min_han"] == 1


def test_preset_from_a_toml_file(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('name = "house"\nvariants = ["riichi"]\n[options]\n"riichi.kuitan" = false\n', encoding="utf-8")
    ruleset = RuleSet.resolve(str(path))
    assert ruleset.name == "house"
    assert ruleset.compile()["riichi.kuitan"] is False


def test_unknown_preset_lists_the_known_ones():
    with pytest.raises(MjsimError, match=r"unknown preset 'nope'; known presets: .*tenhou"):
        RuleSet.resolve("nope")


def test_missing_preset_file(tmp_path):
    with pytest.raises(MjsimError, match="missing.toml: no such file"):
        RuleSet.resolve(str(tmp_path / "missing.toml"))


def test_malformed_preset_file(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("variants = [riichi", encoding="utf-8")
    with pytest.raises(MjsimError, match="malformed TOML"):
        RuleSet.resolve(str(path))


def test_preset_without_variants(tmp_path):
    path = tmp_path / "empty.toml"
    path.write_text('name = "empty"\n', encoding="utf-8")
    with pytest.raises(MjsimError, match="variants"):
        RuleSet.resolve(str(path))


def test_unknown_variant_is_an_error():
    with pytest.raises(MjsimError, match="unknown variant 'nonesuch'"):
        RuleSet("x", ("nonesuch",)).compile()


# --- option values ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "raw", "value"),
    [
        pytest.param("riichi.kuitan", "off", False, id="bool-from-off"),
        pytest.param("riichi.kuitan", "yes", True, id="bool-from-yes"),
        pytest.param("riichi.kuitan", False, False, id="bool"),
        pytest.param("riichi.red_fives", "4", 4, id="int-from-text"),
        pytest.param("riichi.red_fives", "4_east_3_hanchan", "4_east_3_hanchan", id="int-option-word-choice"),
        pytest.param("riichi.kazoe_yakuman", "multiple", "multiple", id="choice"),
        pytest.param("riichi.pao_set", "daisangen, suukantsu", frozenset({"daisangen", "suukantsu"}), id="multi-text"),
        pytest.param("riichi.pao_set", ["suukantsu"], frozenset({"suukantsu"}), id="multi-list"),
        pytest.param("riichi.pao_set", "none", frozenset(), id="multi-none"),
        pytest.param("riichi.double_yakuman_patterns", [], frozenset(), id="multi-empty-list"),
    ],
)
def test_option_values_are_parsed(key, raw, value):
    assert RuleSet.resolve("tenhou", {key: raw}).compile()[key] == value


def test_unknown_option_names_the_key_and_suggests():
    with pytest.raises(MjsimError) as info:
        RuleSet.resolve("tenhou", {"riichi.kuitann": True}).compile()
    message = str(info.value)
    assert "unknown option 'riichi.kuitann'" in message
    assert "riichi.kuitan" in message.split("did you mean", 1)[1]


def test_unknown_option_without_close_match_lists_known_options():
    with pytest.raises(MjsimError, match=r"unknown option 'qqq'.*known options: .*riichi\.kuitan"):
        RuleSet.resolve("tenhou", {"qqq": 1}).compile()


@pytest.mark.parametrize(
    ("key", "raw", "allowed"),
    [
        pytest.param("riichi.kuitan", "maybe", "expected true or false", id="bool-word"),
        pytest.param("riichi.kuitan", 1, "expected true or false", id="bool-from-int"),
        pytest.param("riichi.kazoe_yakuman", "sometimes", "one of: on, cap_at_sanbaiman, multiple", id="choice"),
        pytest.param("riichi.red_fives", 6, "one of: 0, 3, 4, 5, 4_east_3_hanchan", id="int-choice"),
        pytest.param("riichi.min_han", "two", "one of: 1, 2", id="int-from-bad-text"),
        pytest.param(
            "riichi.pao_set",
            "daisangen,bogus",
            "subset of: daisangen, daisuushii, suukantsu",
            id="multi-unknown-item",
        ),
        pytest.param("riichi.pao_set", 5, "subset of: daisangen, daisuushii, suukantsu", id="multi-not-a-list"),
    ],
)
def test_bad_value_names_key_value_and_allowed_values(key, raw, allowed):
    with pytest.raises(MjsimError) as info:
        RuleSet.resolve("tenhou", {key: raw}).compile()
    message = str(info.value)
    assert f"option {key}: bad value {raw!r}" in message
    assert allowed in message


def test_unknown_multi_item_is_named():
    with pytest.raises(MjsimError, match=r"unknown item\(s\) bogus"):
        RuleSet.resolve("tenhou", {"riichi.pao_set": "daisangen,bogus"}).compile()


@pytest.mark.parametrize(
    ("key", "raw"),
    [
        pytest.param("riichi.min_han", True, id="min_han=True"),
        pytest.param("riichi.red_fives", False, id="red_fives=False"),
        pytest.param("riichi.yakuman_max_multiple", 2.0, id="yakuman_max_multiple=2.0"),
    ],
)
def test_int_option_rejects_bool_and_float(key, raw):
    with pytest.raises(MjsimError, match=key):
        RuleSet.resolve("tenhou", {key: raw}).compile()


# --- compiled rules ---------------------------------------------------------------------------------------


def test_compile_gives_rules_with_patterns(tenhou_rules):
    assert isinstance(tenhou_rules, Rules)
    assert all(isinstance(p, Pattern) for p in tenhou_rules.patterns)
    assert callable(tenhou_rules.score_win)


def test_every_option_is_declared_with_a_description(tenhou_rules):
    assert set(tenhou_rules.values) == set(tenhou_rules.declared)
    assert all(opt.description for opt in tenhou_rules.declared.values())


def test_pattern_names_are_unique(tenhou_rules):
    names = [p.name for p in tenhou_rules.patterns]
    assert len(names) == len(set(names))


def test_tenhou_yaku_ids_are_unique(tenhou_rules):
    ids = [p.ids["tenhou"] for p in tenhou_rules.patterns]
    assert len(ids) == len(set(ids))


def test_every_pattern_title_is_its_kanji_name(tenhou_rules):
    assert all(p.title and not p.title.isascii() for p in tenhou_rules.patterns)


def test_renhou_pattern_only_when_the_option_is_on(rules_with):
    assert "renhou" not in {p.name for p in rules_with(renhou="off").patterns}
    assert "renhou" in {p.name for p in rules_with(renhou="yakuman").patterns}


@pytest.mark.parametrize(
    ("overrides", "name", "yakuman"),
    [
        pytest.param({}, "suuankou_tanki", 1, id="tenhou-single"),
        pytest.param({"riichi.double_yakuman_patterns": "suuankou_tanki"}, "suuankou_tanki", 2, id="double"),
        pytest.param({"riichi.double_yakuman_patterns": "daisuushii"}, "daisuushii", 2, id="daisuushii-double"),
    ],
)
def test_double_yakuman_patterns_are_configured(overrides, name, yakuman):
    rules = RuleSet.resolve("tenhou", overrides).compile()
    assert {p.name: p.multiple for p in rules.patterns}[name] == yakuman


def test_chiitoitsu_1h50f_makes_chiitoitsu_one_han(rules_with):
    rules = rules_with(chiitoitsu_scoring="1h50f_then_2h25f")
    assert {p.name: p.value for p in rules.patterns}["chiitoitsu"] == 1


# --- One pipeline: resolve, typed keys ---------------------------------------------------------------------


def test_resolve_adds_plugins_after_the_preset_and_overrides_over_it():
    ruleset = RuleSet.resolve("tenhou", {"riichi.uma": "5-10"}, ["gopin"])
    assert ruleset.variants == ("riichi", "gopin")
    assert ruleset.options["riichi.uma"] == "5-10" and ruleset.options["riichi.red_fives"] == 3


def test_resolve_of_a_plugin_already_in_the_preset_fails_at_compile():
    with pytest.raises(MjsimError, match="variant gopin is listed twice"):
        RuleSet.resolve("gopin", plugins=["gopin"]).compile()


def test_a_resolved_rule_set_pickles():
    import pickle

    ruleset = RuleSet.resolve("jirai", {"riichi.uma": "5-10"})
    assert pickle.loads(pickle.dumps(ruleset)) == ruleset


def test_every_riichi_option_constant_is_on_one_of_its_declaration_lists():
    from mjsim.rules.options import Option
    from variants.riichi import options

    constants = [value for value in vars(options).values() if isinstance(value, Option)]
    listed = [*options.SCORING_OPTIONS, *options.FLOW_OPTIONS]
    assert sorted(constants) == sorted(listed) and all(any(c is o for o in listed) for c in constants)


def test_a_key_is_in_the_rules_only_when_a_variant_declares_it():
    rules = RuleSet.resolve("tenhou").compile()
    assert "riichi.kuitan" in rules and "chips.value" not in rules


def test_plugins_does_not_import_rules():
    import ast
    from pathlib import Path

    import mjsim.rules.plugins

    tree = ast.parse(Path(mjsim.rules.plugins.__file__).read_text(encoding="utf-8"))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    assert not {"mjsim.rules", "mjsim.rules.presets"} & imported


@pytest.mark.parametrize(("text", "value"), [("1000", 1000), ("2000", 2000), ("off", "off"), ("chombo", "chombo")])
def test_a_number_choice_of_a_word_option_is_read_from_set_text(text, value):
    """``--set penalties.miscall=1000``: the option's default is a word ("off") and 1000 one of its number choices."""
    rules = RuleSet.resolve("4play", {"penalties.miscall": text}).compile()
    assert rules["penalties.miscall"] == value


def test_a_fine_in_the_range_is_taken_and_one_off_it_refused():
    """Issue 17: any fine in hundreds (1500 is no seed's), not 1550 nor a word the option does not name."""
    assert RuleSet.resolve("4play", {"penalties.miscall": "1500"}).compile()["penalties.miscall"] == 1500
    for text in ("1550", "sometimes"):
        with pytest.raises(MjsimError, match=f"penalties.miscall: bad value '{text}'"):
            RuleSet.resolve("4play", {"penalties.miscall": text}).compile()


def test_options_are_read_one_way():
    """An option is read as ``rules[OPTION]``: no source reads one through the raw mapping (``rules.values[...]``),
    which stays for what needs the whole mapping (fingerprints, logs)."""
    from pathlib import Path

    import mjsim
    import variants

    roots = [Path(mjsim.__file__).parent, Path(variants.__file__).parent]
    found = [
        f"{path}:{number}: {line.strip()}"
        for root in roots
        for path in sorted(root.rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "rules.values[" in line
    ]
    assert found == []


# --- the option object, the rules as a mapping, one "cannot play games" ------------------------------------


def test_an_option_is_its_own_key():
    import json
    import pickle

    from variants.riichi.options import KUITAN, UMA

    assert KUITAN == "riichi.kuitan" and type(KUITAN.key) is str and hash(KUITAN) == hash("riichi.kuitan")
    assert json.dumps({KUITAN: True}) == '{"riichi.kuitan": true}' and f"{KUITAN}" == "riichi.kuitan"
    for option in (KUITAN, UMA):
        copy = pickle.loads(pickle.dumps(option))
        assert copy == option and (copy.default, copy.choices, copy.numbers) == (
            option.default,
            option.choices,
            option.numbers,
        )


def test_an_option_is_read_only():
    from variants.riichi.options import KUITAN

    with pytest.raises(AttributeError, match="riichi.kuitan is read-only"):
        KUITAN.default = False  # type: ignore[misc]


def test_an_option_is_declared_once_per_list():
    from mjsim.rules import Declarations

    options = Declarations("x")
    options.option("a", True, "one")
    with pytest.raises(MjsimError, match="option x.a is declared twice"):
        options.option("a", False, "again")


def test_the_rules_are_a_read_only_mapping_of_their_values(tenhou_rules):
    from variants.riichi.options import KUITAN

    assert tenhou_rules[KUITAN] is tenhou_rules["riichi.kuitan"] is tenhou_rules.values[KUITAN]
    assert tenhou_rules.get("nope.nothing", 7) == 7 and KUITAN in tenhou_rules
    assert list(tenhou_rules) == list(tenhou_rules.values) and len(tenhou_rules) == len(tenhou_rules.values)
    assert dict(tenhou_rules) == dict(tenhou_rules.values)


def test_a_rule_set_without_a_table_cannot_play_games():
    rules = RuleSet("scoring-only", ("mjsim.errors",)).compile()
    assert rules  # a rule set with no options is still a rule set
    with pytest.raises(MjsimError, match=r"rule set scoring-only cannot play games \(no variant answers"):
        rules.require_play()
    with pytest.raises(MjsimError, match="rule set B cannot play games"):
        rules.require_play("B")


def test_a_rule_set_with_a_table_plays(tenhou_rules):
    assert tenhou_rules.require_play() is tenhou_rules.flow
