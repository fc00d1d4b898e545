"""ラド麻雀 (variants/rado): the spec's worked numbers (other_variants.md §1), options, invariants, play."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

import mjsim
from mjsim.cli import cli
from mjsim.engine import core
from mjsim.errors import MjsimError
from mjsim.rules import RuleSet
from mjsim.rules.options import Rules
from mjsim.runner.games import run_games
from variants.rado import checks
from variants.rado.scoring import low_han_base
from variants.riichi.win_text import win_context

PINFU_RON = "123m456m789p234s55p"  # pinfu only (30 fu ron), won on 4s: rado 3s x1, 5p x2, 2s x1, 7p x1


@cache
def rules(**overrides):
    """The rado preset (Tenhou rules), with ``rado.<name>`` overrides."""
    return RuleSet.resolve("rado", {f"rado.{k}": v for k, v in overrides.items()}).compile()


def score(hand, win, r=None, **kw):
    """A standalone score of a non-dealer's win (a ron from West unless tsumo)."""
    kw.setdefault("discarder", None if kw.get("tsumo") else "W")
    return mjsim.score(win_context(hand, win, seat_wind="S", **kw), r or rules())


# --- §1 worked numbers ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("indicators", "han", "pays"),
    [
        pytest.param(["2s"], 0, 500, id="pinfu+rado1=0han-500"),
        pytest.param(["4p"], -1, 300, id="rado2=-1han-300"),
        pytest.param(["4p", "2s"], -2, 200, id="rado3=-2han-200"),
        pytest.param(["4p", "2s", "1s"], -3, 100, id="rado4=-3han-100"),
        pytest.param(["4p", "2s", "1s", "6p"], -4, 100, id="rado5=-4han-minimum100"),
    ],
)
def test_formula_pinfu_ron_30fu(indicators, han, pays):
    """formula: base = 30 x 2^(han+2) with real numbers; a non-dealer ron rounds 4 x base up to 100."""
    s = score(PINFU_RON, "4s", dora=indicators)
    assert (s.detail.han, s.detail.fu, s.detail.limit) == (han, 30, None)
    assert [h.name for h in s.hits if not h.bonus] == ["pinfu"]  # the yaku list is kept at any han
    assert s.value == pays and s.payments == (0, pays, -pays, 0)


def test_rado_subtracts_where_tenhou_adds():
    """The same indicator is +1 dora under Tenhou rules and -1 rado here."""
    tenhou = mjsim.score(win_context(PINFU_RON, "4s", seat_wind="S", discarder="W", dora=["4p"]))
    assert tenhou.detail.han == 3 and score(PINFU_RON, "4s", dora=["4p"]).detail.han == -1


def test_limits_after_subtracting_rado():
    """7 han - 1 rado = haneman 6 (chinitsu + riichi with one rado 2m)."""
    s = score("111234567888m99m", "9m", situation=["riichi"], dora=["1m"])
    assert (s.detail.han, s.detail.limit, s.value) == (6, "haneman", 12000)


def test_kazoe_uses_net_han():
    """13 han (kazoe yakuman) less 2 rado is 11: sanbaiman."""
    hand, kw = "11223344556677p", {"tsumo": True, "situation": ["riichi", "ippatsu"]}
    assert score(hand, "7p", **kw).detail.limit == "kazoe yakuman"
    netted = score(hand, "7p", dora=["6p"], **kw)  # rado 7p x2
    assert (netted.detail.han, netted.detail.limit) == (11, "sanbaiman")


def test_yakuman_unaffected():
    """Rado do not touch a yakuman (kokushi with rado 1m)."""
    s = score("19m19p19s12345677z", "7z", dora=["9m"])
    assert s.detail.yakuman == 1 and s.value == 32000 and not any(h.name == "rado" for h in s.hits)


def test_no_ura_dora():
    """Ura indicators give nothing to a riichi winner (no ura dora, no ura rado)."""
    s = score(PINFU_RON, "4s", situation=["riichi"], ura=["4p", "2s"])
    assert s.detail.han == 2 and not any(h.name in ("ura_dora", "dora") for h in s.hits)


def test_quad_of_rado_subtracts_four():
    """Every rado tile counts: a concealed quad of the rado is -4 (riichi 1 - 4 = -3)."""
    s = score("123m789p234s55p", "4s", melds=["ankan:1111s"], dora=["9s"], situation=["riichi"])
    assert [(h.name, h.value) for h in s.hits if h.name == "rado"] == [("rado", -4)] and s.detail.han == -3


def test_rado_is_no_yaku():
    """An open hand with rado and no yaku does not win."""
    with pytest.raises(MjsimError, match="no yaku"):
        score("234m789p234s55p", "4s", melds=["chi:789p"], dora=["4p"])


@pytest.mark.parametrize(
    ("red_fives_are_rado", "han"),
    [pytest.param(False, 1, id="red-five-plus-one"), pytest.param(True, -1, id="red-five-is-rado")],
)
def test_red_fives_by_option(red_fives_are_rado, han):
    """Pinfu + a red 5p + one rado 3s: red fives add one (default) or subtract one (red_fives_are_rado)."""
    s = score("123m456m789p234s05p", "4s", rules(red_fives_are_rado=red_fives_are_rado), dora=["2s"])
    assert s.detail.han == han


def test_two_han_shibari_counts_yaku_han_only():
    """Under 2-han shibari a 2-han yaku hand wins even at 0 net han."""
    r = RuleSet.resolve("rado", {"riichi.ryanhan_shibari": "always"}).compile()
    s = score("123m123m789p234s55p", "4s", r, dora=["4p"])  # pinfu + iipeikou, rado 5p x2
    assert s.detail.han == 0 and {h.name for h in s.hits if not h.bonus} == {"pinfu", "iipeikou"}


# --- rado.low_han -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "value", "payments"),
    [
        pytest.param("formula", 300, (0, 300, -300, 0), id="formula-300"),
        pytest.param("clamp_zero", 500, (0, 500, -500, 0), id="clamp_zero-as-0han-500"),
        pytest.param("no_payment", 0, (0, 0, 0, 0), id="no_payment-nothing"),
    ],
)
def test_low_han_modes_at_minus_one(mode, value, payments):
    """Pinfu ron with 2 rado (-1 han) under each rado.low_han."""
    s = score(PINFU_RON, "4s", rules(low_han=mode), dora=["4p"])
    assert s.detail.han == -1 and s.value == value and s.payments == payments


def test_no_payment_still_moves_honba_and_sticks():
    """no_payment: the hand transfers nothing, honba and riichi sticks still go to the winner."""
    s = score(PINFU_RON, "4s", rules(low_han="no_payment"), dora=["4p"], honba=2, sticks=1)
    assert s.value == 0 and s.payments == (0, 600 + 1000, -600, 0)


def test_formula_tsumo_minimum_100_each():
    """A tsumo at -2 han: base 20 x 2^0 = 20, and every payer pays the minimum 100."""
    s = score(PINFU_RON, "4s", tsumo=True, dora=["4p", "2s", "1s"])  # pinfu tsumo 20 fu, +1 tsumo -4 rado
    assert s.detail.han == -2 and s.payments == (-100, 300, -100, -100)


@pytest.mark.parametrize("fu", [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110, 130])
def test_formula_is_exact_and_payments_whole(fu):
    """Below 1 fu x 2^0 the base is an exact Fraction; what every payer owes is a whole multiple of 100."""
    from variants.riichi.payments import ron_value, tsumo_shares

    for han in range(-12, 1):
        base = low_han_base(han, fu, "formula")
        assert base == Fraction(fu) * Fraction(2) ** (han + 2)
        owed = [ron_value(base, dealer) for dealer in (False, True)] + tsumo_shares(base, 1) + tsumo_shares(base, 0)
        assert all(isinstance(x, int) and x % 100 == 0 for x in owed)
        assert min(x for x in owed if x) >= 100


def test_bad_low_han_value_is_one_line_error():
    """A bad option value names the option and what it allows."""
    result = CliRunner().invoke(cli, ["rules", "--preset", "rado", "--set", "rado.low_han=zero"])
    assert result.exit_code == 2 and "rado.low_han" in result.output and "Traceback" not in result.output


# --- Indicators and play -----------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [1, 2, 3])
def test_initial_indicators(count):
    """rado.initial_indicators rado indicators are turned when a hand starts."""
    game = core.new_game(rules(initial_indicators=count), 5)
    assert len(game.hand.indicators_shown) == count


@pytest.mark.parametrize(
    "override",
    [{}, {"initial_indicators": 3}, {"low_han": "clamp_zero"}, {"low_han": "no_payment"}, {"red_fives_are_rado": True}],
    ids=["defaults", "three-indicators", "clamp_zero", "no_payment", "red-rado"],
)
def test_games_have_no_violations(override):
    """A few games with every invariant checked after every step."""
    records = run_games(rules(**override), 2, 3, ["efficiency"] * 4, check=True)
    assert sum(len(r.violations) for r in records) == 0


def test_low_han_wins_happen_in_play():
    """With three rado indicators, some wins go to 0 han or less and are recorded as hand facts."""
    records = run_games(rules(initial_indicators=3), 4, 1, ["efficiency"] * 4, check=True)
    hands = [h for r in records for h in r.hands]
    assert sum(h["rado.count"] for h in hands) > 0 and sum(h["rado.low_han_wins"] for h in hands) > 0
    assert sum(len(r.violations) for r in records) == 0


def _game_with(score, rado=0, han_without_ura=None, payers=(2,), low_han="formula"):
    """A stand-in game whose stash holds one recorded win."""
    values = {"rado.low_han": low_han}
    win = {"hand": 0, "score": score, "rado": rado, "payers": list(payers)}
    win["han_without_ura"] = score.detail.han if han_without_ura is None else han_without_ura
    return SimpleNamespace(stash={checks.WINS: [win]}, rules=Rules(None, {}, values))


def test_invariants_catch_violations():
    """Each invariant flags a win that breaks it and passes the real one."""
    real = score(PINFU_RON, "4s", dora=["4p"])
    assert all(check(_game_with(real, rado=2)) is None for _name, check in checks.INVARIANTS)
    assert checks.net_han(_game_with(real, rado=1))
    assert checks.keeps_yaku(_game_with(real._replace(hits=tuple(h for h in real.hits if h.bonus)), rado=2))
    assert checks.no_hidden_han(_game_with(real, rado=2, han_without_ura=-2))
    assert checks.payments_floor(_game_with(real._replace(payments=(0, 0, 0, 0)), rado=2))


# --- CLI ---------------------------------------------------------------------------------------------------


def test_score_cli_takes_the_plugin():
    """mjsim score --plugin rado: the Tenhou preset with rado added."""
    args = ["score", PINFU_RON, "--win", "4s", "--from", "W", "--dora", "4p", "--plugin", "rado", "--json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert '"han": -1' in result.output and '"West": -300' in result.output


def test_score_cli_fractional_base_as_json():
    """A base below 1 (real numbers) prints as a JSON number."""
    args = ["score", PINFU_RON, "--win", "4s", "--from", "W", "--plugin", "rado", "--json"]
    args += ["--dora", "4p", "--dora", "2s", "--dora", "1s", "--dora", "6p", "--set", "riichi.red_fives=0"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert '"base": 7.5' in result.output and '"value": 100' in result.output


def test_score_cli_unknown_plugin_is_one_line_error():
    """An unknown --plugin stops with one line and exit status 2."""
    result = CliRunner().invoke(cli, ["score", PINFU_RON, "--plugin", "no_such_variant"])
    assert result.exit_code == 2 and "unknown variant" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("preset", ["jirai", "boo-classic"])
def test_cannot_be_combined_with_jirai_or_boo(preset):
    """Both rewrite a win's value (jirai) or pay dora and ura of their own (boo): refused in one line."""
    base = RuleSet.resolve(preset)
    with pytest.raises(MjsimError, match="rado and .* cannot be combined"):
        RuleSet(base.name, (*base.variants, "rado"), base.options).compile()


def test_a_win_below_minus_two_han_pays_whole_points():
    """Base points of 15.0 (a float: 30 fu at -3 han) and 15 must not share cached tsumo shares."""
    hand = ["11p", "--win", "1p", "--tsumo", "--seat-wind", "S", "--dora", "29p3s", "--preset", "rado"]
    melds = [arg for meld in ("chi:234m", "chi:234p", "chi:234s", "chi:456m") for arg in ("--meld", meld)]
    result = CliRunner().invoke(cli, ["score", *hand, *melds])
    assert result.exit_code == 0, result.output
    assert "value 300" in result.output and "East -100, South +300" in result.output
