"""Rule-set presets and the riichi game-flow options (riichi_base.md §20.1-§20.2)."""

from __future__ import annotations

import json
import tomllib
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

import mjsim
from mjsim.cli import cli
from mjsim.errors import MjsimError
from mjsim.rules import Declarations, Option, RuleSet, preset_names
from mjsim.rules.plugins import load_variant
from mjsim.rules.presets import load_preset, preset_files
from variants.riichi import options as riichi_options
from variants.riichi.options import FLOW_OPTIONS, SCORING_OPTIONS

SEED_PRESETS = ("riichi", "tenhou", "mahjongsoul", "4play", "kait", "fl8", "ruu")
PLATFORM_PRESETS = (
    "atgames",
    "yahoo",
    "gamejan",
    "kachoufuugetsu",
    "stadium",
    "mfc",
    "mfg",
    "mj",
    "marujan",
    "kindai",
)
PRESETS = SEED_PRESETS + PLATFORM_PRESETS
ALL_PRESETS = sorted(set(PRESETS) | set(preset_names()))


DECLARED: dict[str, Option] = {option: option for option in (*SCORING_OPTIONS, *FLOW_OPTIONS)}


@cache
def _compiled(name: str) -> mjsim.Rules:
    return mjsim.RuleSet.resolve(name).compile()


def _preset_toml(name: str) -> dict:
    """The preset's own file, without its base."""
    return tomllib.loads(preset_files()[name].read_text(encoding="utf-8"))


SNAPSHOT = json.loads((Path(__file__).parent / "data" / "preset_values.json").read_text(encoding="utf-8"))


# --- Presets ---------------------------------------------------------------------------------------------


def test_preset_names_include_every_shipped_preset():
    assert set(PRESETS) <= set(preset_names())


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_preset_compiles(name):
    rules = _compiled(name)
    assert rules.ruleset.name == name
    # a family first (riichi, chengdu, taiwan: it sets the table); deltas (jirai, boo, ...) come after it
    assert hasattr(load_variant(rules.ruleset.variants[0]), "mjsim_table_setup")


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_preset_description_is_one_line(name):
    description = mjsim.RuleSet.resolve(name).description
    assert description.strip() and "\n" not in description


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_preset_sets_only_declared_keys(name):
    declared = set(_compiled(name).declared)  # the family's options plus those of the preset's deltas
    assert set(load_preset(name)["options"]) <= declared


@pytest.mark.parametrize("name", sorted(SNAPSHOT))
def test_preset_keeps_its_compiled_values(name):
    """Every preset compiles to the values it had before presets could extend each other (data/preset_values.json,
    written by data/snapshot_presets.py)."""
    rules = _compiled(name)
    values = {k: sorted(v) if isinstance(v, frozenset) else _plain(v) for k, v in rules.values.items()}
    assert {"variants": list(rules.ruleset.variants), "values": values} == SNAPSHOT[name]


def _plain(value):
    """A value as JSON holds it (a per-rank tuple is a list there)."""
    return list(value) if isinstance(value, tuple) else value


def test_snapshot_covers_every_preset():
    assert sorted(SNAPSHOT) == preset_names()


EXTENDING = ("daisharin", "gopin", "hokkaido", "paarenchan", "rado", "tenhou-tournament", "tokyo")


@pytest.mark.parametrize("name", EXTENDING)
def test_tenhou_variants_state_only_their_differences(name):
    own = _preset_toml(name)
    tenhou = _preset_toml("tenhou")["options"]
    assert own["extends"] == "tenhou"
    assert not [k for k, v in own.get("options", {}).items() if tenhou.get(k) == v]


def _write(folder: Path, name: str, text: str) -> str:
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_extends_overrides_the_base_and_keeps_its_variants(tmp_path):
    path = _write(tmp_path, "mine", 'extends = "tenhou"\n[options]\n"riichi.uma" = "5-10"\n')
    ruleset = RuleSet.resolve(path)
    assert ruleset.variants == ("riichi",)
    assert ruleset.options["riichi.uma"] == "5-10"
    assert ruleset.options["riichi.red_fives"] == 3  # from tenhou


def test_extends_an_unknown_preset_is_one_line(tmp_path):
    path = _write(tmp_path, "mine", 'extends = "tenhoo"\n')
    with pytest.raises(MjsimError, match=r"^preset .*mine.toml: extends unknown preset 'tenhoo'$"):
        RuleSet.resolve(path)


def test_extends_cycle_is_one_line(tmp_path):
    a = _write(tmp_path, "a", f'extends = "{tmp_path / "b.toml"}"\n')
    _write(tmp_path, "b", f'extends = "{a}"\n')
    with pytest.raises(MjsimError, match=r"extends forms a cycle \(.*a.toml -> .*b.toml -> .*a.toml\)") as info:
        RuleSet.resolve(a)
    assert "\n" not in str(info.value)


def test_a_preset_name_in_two_families_is_an_error(tmp_path):
    from mjsim.hookspecs import hookimpl
    from mjsim.rules import presets
    from mjsim.rules.plugins import installed_plugins

    _write(tmp_path, "tenhou", 'variants = ["chengdu"]\n')

    class Elsewhere:
        @hookimpl
        def mjsim_register_presets(self):
            return [tmp_path]

    manager = installed_plugins()
    manager.register(Elsewhere(), name="elsewhere")
    presets.preset_files.cache_clear()
    try:
        with pytest.raises(MjsimError, match=r"^preset tenhou is shipped by both \w+ and \w+$"):
            presets.preset_files()
    finally:
        manager.unregister(name="elsewhere")
        presets.preset_files.cache_clear()


def test_riichi_preset_sets_nothing():
    """riichi.toml is every option at the spec default."""
    assert not _preset_toml("riichi").get("options")


@pytest.mark.parametrize(
    ("key", "default"), [pytest.param(option, option.default, id=option.partition(".")[2]) for option in FLOW_OPTIONS]
)
def test_riichi_preset_has_every_flow_default(key, default):
    assert _compiled("riichi")[key] == default


def test_tenhou_keeps_its_scoring_options():
    options = _preset_toml("tenhou")["options"]
    assert options["riichi.red_fives"] == 3
    assert options["riichi.double_yakuman_patterns"] == []
    assert options["riichi.double_wind_pair_fu"] == 4
    assert options["riichi.kiriage_mangan"] == "off"
    assert options["riichi.pao_scope"] == "whole_hand"


SPOT_CHECKS = [
    ("4play", "kuikae", "forbidden"),
    ("4play", "multi_ron", "all"),
    ("4play", "sanchahou", "triple_ron"),
    ("4play", "draw_renchan", "east_tenpai_south_always"),
    ("4play", "extension", False),
    ("4play", "agari_yame", "off"),
    ("4play", "rounding", "shi_sha_go_nyuu"),
    ("4play", "negative_settlement", True),
    ("4play", "kyuushu_kyuuhai", "off"),
    ("4play", "nagashi_mangan_multi", "upstream_only"),
    ("4play", "double_yakuman_patterns", frozenset({"suuankou_tanki", "kokushi_13"})),
    ("4play", "pao_set", frozenset({"daisangen", "daisuushii", "suukantsu"})),
    ("4play", "kandora_timing", "immediate_including_chankan"),
    ("4play", "ryanhan_shibari", "from_dealer_5th_repeat"),
    ("tenhou", "uma", "10-20"),
    ("tenhou", "agari_yame", "forced"),
    ("tenhou", "kandora_timing", "ankan_immediate_else_after_discard"),
    ("tenhou", "sanchahou", "abort"),
    ("tenhou", "double_yakuman_patterns", frozenset()),
    ("mahjongsoul", "sanchahou", "triple_ron"),
    ("mahjongsoul", "pao_set", frozenset({"daisangen", "daisuushii"})),
    ("mahjongsoul", "double_yakuman_patterns", frozenset(riichi_options.DOUBLE_YAKUMAN_KINDS)),
    ("kait", "yakuman_max_multiple", 5),
    ("kait", "suucha_riichi", "continue"),
    ("fl8", "kyuushu_kyuuhai", "by_declarer"),
    ("fl8", "renhou", "4han"),
    ("fl8", "extension", False),
    ("ruu", "ryanhan_shibari", "from_5_honba"),
    ("ruu", "riichi_ankan", "wait_and_decomposition_unchanged"),
    ("atgames", "kuikae", "allowed"),
    ("atgames", "uma", "none"),
    ("yahoo", "red_fives", 0),
    ("gamejan", "nagashi_mangan", "dealer_passes"),
    ("kachoufuugetsu", "nagashi_mangan", "as_4han"),
    ("stadium", "renhou", "yakuman"),
    ("mfc", "red_fives", 4),
    ("mfc", "draw_renchan", "never"),
    ("mfc", "leftover_deposits", "vanish"),
    ("mfg", "kyuushu_kyuuhai", "off"),
    # issue 40: S000 paid-platform table, "清算方法 無清算(*2) 無清算", "残留供託 消滅(*4) MFCと同じ", "ウマ 0-5(*5)
    # MFCと同じ 10-30(*6)" (MFC, MFG, MJ)
    ("mfg", "rounding", "no_settlement"),
    ("mfg", "leftover_deposits", "vanish"),
    ("mfg", "uma", "0-5"),
    ("mfc", "uma", "0-5"),
    ("mj", "uma", "10-30"),
    ("4play", "call_priority", "first_voice"),
    ("kait", "call_priority", "first_voice"),
    ("fl8", "suufon_renda_continuation", "dealer_tenpai"),
    ("fl8", "suukaikan", "abort_4th_multi_player_or_5th"),
    ("4play", "fusoku", 1),
    ("4play", "money_per_chip", 500),
    ("fl8", "fusoku", 0.5),
    ("mj", "draw_renchan", "east_never_hanchan_tenpai"),
    ("mj", "nagashi_mangan", "as_win"),
    ("marujan", "sanchahou", "head_bump"),
    ("marujan", "multi_ron", "head_bump"),
    ("marujan", "riichi_min_points", "over_1000"),
    ("marujan", "chiitoitsu_scoring", "1h50f_then_2h25f"),
    ("kindai", "kazoe_yakuman", "cap_at_sanbaiman"),
    ("kindai", "double_yakuman_patterns", frozenset()),
    ("kindai", "composite_yakuman", False),
    ("kindai", "red_fives", "4_east_3_hanchan"),
]


@pytest.mark.parametrize(
    ("preset", "name", "value"),
    [pytest.param(preset, name, value, id=f"{preset}-{name}") for preset, name, value in SPOT_CHECKS],
)
def test_preset_value_took_effect(preset, name, value):
    assert _compiled(preset)[f"riichi.{name}"] == value


def test_rules_command_lists_every_option():
    result = CliRunner().invoke(cli, ["rules", "--preset", "4play"])
    assert result.exit_code == 0, result.output
    listed = {line[2:].split()[0] for line in result.output.splitlines()[1:]}
    assert listed == set(_compiled("4play").declared)  # the riichi options and those of 4play's house rules
    assert set(DECLARED) <= listed


# --- Declared options ------------------------------------------------------------------------------------


def test_flow_options_do_not_repeat_scoring_options():
    flow = list(FLOW_OPTIONS)
    assert len(flow) == len(set(flow))
    assert not set(flow) & set(SCORING_OPTIONS)


@pytest.mark.parametrize("key", sorted(DECLARED))
def test_option_has_a_one_line_description(key):
    description = DECLARED[key].description
    assert description.strip() and "\n" not in description


@pytest.mark.parametrize("key", sorted(DECLARED))
def test_option_default_is_accepted_by_its_parser(key):
    """The default parses back to itself from TOML and from its ``--set`` text; outside the choices it is refused."""
    option = DECLARED[key]
    default = frozenset(option.default) if option.multi else option.default
    if option.multi:
        text = ",".join(sorted(map(str, default))) or "none"
    else:
        text = str(default).lower() if isinstance(default, bool) else str(default)
    assert option.parse(option.default) == default
    assert option.parse(text) == default
    if option.choices:
        prefix, name = key.split(".", 1)
        bad = ["no-such-choice"] if option.multi else "no-such-choice"
        with pytest.raises(mjsim.MjsimError, match=key.replace(".", r"\.")):
            Declarations(prefix).option(name, bad, option.description, choices=option.choices, multi=option.multi)


@pytest.mark.parametrize("key", sorted(k for k, o in DECLARED.items() if o.choices and not o.multi))
def test_every_choice_parses_from_text(key):
    """Each allowed value also works as ``--set KEY=VALUE`` text."""
    option = DECLARED[key]
    for choice in option.choices:
        text = str(choice).lower() if isinstance(choice, bool) else str(choice)
        assert option.parse(text) == choice


# --- Errors name the key ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        pytest.param({"riichi.kuikea": "allowed"}, r"unknown option 'riichi\.kuikea'.*riichi\.kuikae", id="typo-key"),
        pytest.param({"riichi.kuikae": "sometimes"}, r"riichi\.kuikae: bad value 'sometimes'", id="bad-choice"),
        pytest.param({"riichi.start_points": "lots"}, r"riichi\.start_points: bad value 'lots'", id="bad-int"),
        pytest.param({"riichi.start_points": 26050}, r"riichi\.start_points: bad value 26050", id="int-off-the-step"),
        pytest.param({"riichi.extension": "maybe"}, r"riichi\.extension: bad value 'maybe'", id="bad-bool"),
        pytest.param({"riichi.draw_renchan": "south"}, r"riichi\.draw_renchan: bad value 'south'", id="bad-draw"),
    ],
)
def test_errors_name_the_key(overrides, message):
    with pytest.raises(mjsim.MjsimError, match=message):
        mjsim.RuleSet.resolve("4play", overrides).compile()


def test_error_in_a_preset_file_names_the_key(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('name = "bad"\nvariants = ["riichi"]\n[options]\n"riichi.uma" = "15-5"\n', encoding="utf-8")
    with pytest.raises(mjsim.MjsimError, match=r"riichi\.uma: bad value '15-5'"):
        mjsim.RuleSet.resolve(str(path)).compile()


@pytest.mark.parametrize(
    ("preset", "results"),
    [
        pytest.param("mj", [59.0, 10.0, -20.0, -49.0], id="mj-uma_10-30_oka_20"),  # 9+30+20, 0+10, -10-10, -19-30
        pytest.param("mfg", [0.0, 0.0, 0.0, 0.0], id="mfg-no_settlement"),
    ],
)
def test_platform_settlements(preset, results):
    """MJ: 25000/30000, uma 10-30, 端数そのまま; MFG: 無清算 (the same as MFC)."""
    from types import SimpleNamespace

    from variants.riichi.settlement import final_settlement

    rules = _compiled(preset)
    game = SimpleNamespace(scores=[39000, 30000, 20000, 11000], rules=rules, seat_count=4)
    assert final_settlement(game)["results"] == results
