"""Sanma scoring: the 1m <-> 9m dora wrap, Norths set aside as dora, tsumo loss or split, sanma honba.

Each figure is one of Tenhou's (validation/tenhou/sanma/README.md and the pages it cites).
"""

from __future__ import annotations

from functools import cache

import pytest

from mjsim.hand.notation import parse_tiles
from mjsim.scoring import Meld, NoWin, WinContext
from variants.riichi import table_facts as tf
from variants.sanma.dora import sanma_dora_of
from variants.sanma.rulesets import tenhou_sanma

EAST, SOUTH, WEST = 27, 28, 29


@cache
def rules(**overrides):
    """tenhou-sanma with overrides, compiled once."""
    return tenhou_sanma(overrides).compile()


def context(**fields) -> WinContext:
    """A win context whose riichi table facts (indicators, honba, sticks) are given as plain fields."""
    table = {key: fields.pop(key) for key in (tf.DORA, tf.URA, tf.HONBA, tf.STICKS, tf.PAO) if key in fields}
    return WinContext(table=table, **fields)


def score(hand: str, win: str, *, rules_=None, **fields):
    """The score of ``hand`` (14 tiles, the winning tile included) won on ``win``."""
    tiles = parse_tiles(hand)
    win_tile = next(t for t in tiles if t // 4 == parse_tiles(win)[0] // 4)
    ctx = context(concealed=tuple(tiles), win_tile=win_tile, **fields)
    compiled = rules_ or rules()
    return compiled.score_win(ctx, compiled)


@pytest.mark.parametrize(
    ("indicator", "dora"),
    [(0, 8), (8, 0), (30, 27), (29, 30), (17, 9), (33, 31)],
    ids=["1m-to-9m", "9m-to-1m", "north-to-east", "west-to-north", "9p-to-1p", "red-to-white"],
)
def test_dora_indicator_wraps_over_the_missing_manzu(indicator, dora):
    assert sanma_dora_of(indicator) == dora


def test_a_1m_indicator_makes_9m_dora():
    hand = "123p456p789p55s9m9m9m"  # 9m triplet
    base = score(hand, "5s", tsumo=True, seat_wind=SOUTH)
    wrapped = score(hand, "5s", tsumo=True, seat_wind=SOUTH, dora_indicators=tuple(parse_tiles("1m")))
    assert wrapped.detail.han == base.detail.han + 3


@pytest.mark.parametrize(
    ("nuki", "indicators", "ura", "extra_han"),
    [
        (1, "5p", "", 1),  # each North set aside is a dora
        (2, "3z", "", 4),  # a West indicator makes each of them dora once more
        (2, "3z3z", "", 6),  # twice with two West indicators
        (2, "5p", "3z", 4),  # a West ura indicator makes each an ura dora too (the winner is in riichi)
    ],
    ids=["one-nuki", "west-indicator", "two-west-indicators", "west-ura"],
)
def test_every_north_set_aside_is_a_dora(nuki, indicators, ura, extra_han):
    hand = "123p456p789p55s9m9m9m"
    fields = dict(tsumo=True, seat_wind=SOUTH, situation=frozenset({"riichi"}))
    fields["dora_indicators"] = tuple(parse_tiles(indicators))
    fields["ura_indicators"] = tuple(parse_tiles(ura)) if ura else tuple(parse_tiles("5p"))
    base = score(hand, "5s", **fields)
    with_nuki = score(hand, "5s", **fields, extra={"sanma.nuki": nuki})
    assert with_nuki.detail.han - base.detail.han == extra_han


def test_norths_set_aside_never_make_a_hand_win_by_themselves():
    pon = Meld("pon", tuple(parse_tiles("999m")), parse_tiles("999m")[0], 1)
    tiles = parse_tiles("234p567p78s9s55s")  # open, no yaku: only dora
    ctx = WinContext(concealed=tuple(tiles), win_tile=tiles[8], melds=(pon,), tsumo=True, seat_wind=SOUTH,
                     extra={"sanma.nuki": 3})  # fmt: skip
    with pytest.raises(NoWin, match="no yaku"):
        rules().score_win(ctx, rules())


# --- Payments -------------------------------------------------------------------------------------------

# A 5-han closed hand for a mangan: riichi, tsumo, 9m triplet + 3 dora via a 1m indicator (no other yaku).
MANGAN_HAND = "234p567p789s55s9m9m9m"
MANGAN_FIELDS = dict(tsumo=True, situation=frozenset({"riichi"}), dora_indicators=tuple(parse_tiles("1m")))


@pytest.mark.parametrize(
    ("seat_wind", "tsumo_rule", "payments", "value"),
    [
        (SOUTH, "loss", (-4000, 6000, -2000), 6000),  # non-dealer mangan tsumo 4000+2000 (ron 8000)
        (EAST, "loss", (8000, -4000, -4000), 8000),  # dealer mangan tsumo 4000 all (ron 12000)
        (SOUTH, "split", (-5000, 8000, -3000), 8000),  # the North's 2000 split between the two payers
        (EAST, "split", (12000, -6000, -6000), 12000),
    ],
    ids=["non-dealer-loss", "dealer-loss", "non-dealer-split", "dealer-split"],
)
def test_a_tsumo_loses_or_splits_the_absent_north_share(seat_wind, tsumo_rule, payments, value):
    got = score(MANGAN_HAND, "5s", rules_=rules(**{"sanma.tsumo": tsumo_rule}), seat_wind=seat_wind, **MANGAN_FIELDS)
    assert got.detail.limit == "mangan"
    assert (got.payments, got.value) == (payments, value)


def test_a_30_fu_1_han_non_dealer_tsumo_is_500_300():
    got = score("234p567p78s9s55s1m1m1m", "9s", tsumo=True, seat_wind=WEST)  # menzen tsumo, 1m closed triplet
    assert (got.detail.han, got.detail.fu) == (1, 30)
    assert (got.payments, got.value) == ((-500, -300, 800), 800)


@pytest.mark.parametrize(
    ("tsumo", "honba", "payments"),
    [
        (False, 2, (-8400, 8400, 0)),  # ron: the discarder (East) pays 200 a honba
        (True, 2, (-4200, 6400, -2200)),  # tsumo: each of the two payers adds 100 a honba
    ],
    ids=["ron", "tsumo"],
)
def test_a_honba_is_worth_200(tsumo, honba, payments):
    fields = dict(MANGAN_FIELDS, tsumo=tsumo, honba=honba)
    if not tsumo:
        fields["discarder"] = 0
    got = score(MANGAN_HAND, "5s", seat_wind=SOUTH, **fields)
    assert got.payments == payments
    assert got.value == (8000 if not tsumo else 6000)  # the hand's worth, honba left out


def test_riichi_sticks_go_to_the_winner():
    got = score(MANGAN_HAND, "5s", seat_wind=SOUTH, **dict(MANGAN_FIELDS, sticks=2))
    assert got.payments == (-4000, 8000, -2000)


def test_honba_options_change_the_honba():
    custom = rules(**{"sanma.honba_ron": 300, "sanma.honba_tsumo_each": 150})
    ron_fields = dict(MANGAN_FIELDS, tsumo=False, discarder=2, honba=1)
    ron = score(MANGAN_HAND, "5s", rules_=custom, seat_wind=SOUTH, **ron_fields)
    tsumo = score(MANGAN_HAND, "5s", rules_=custom, seat_wind=SOUTH, **dict(MANGAN_FIELDS, honba=1))
    assert ron.payments == (0, 8300, -8300)
    assert tsumo.payments == (-4150, 6300, -2150)


def test_the_family_preset_is_unchanged_four_seat_payments():
    from mjsim.rules import RuleSet

    four = RuleSet.resolve("tenhou").compile()
    tiles = parse_tiles(MANGAN_HAND)
    ctx = context(concealed=tuple(tiles), win_tile=tiles[10], seat_wind=SOUTH, **MANGAN_FIELDS)
    got = four.score_win(tf.with_table(ctx, dora_indicators=tuple(parse_tiles("8m"))), four)
    assert len(got.payments) == 4


# --- The command line -------------------------------------------------------------------------------------


def _score_cli(*args: str):
    from click.testing import CliRunner

    from mjsim.cli import cli

    return CliRunner().invoke(cli, ["score", *args, "--preset", "tenhou-sanma"])


def test_mjsim_score_takes_the_norths_set_aside_as_extra():
    args = ("234p567p789s55s999m", "--win", "5s", "--tsumo", "--riichi", "--seat-wind", "S", "--dora", "1m")
    result = _score_cli(*args, "--extra", "sanma.nuki=2")
    assert result.exit_code == 0, result.output
    assert "value 9000 (haneman)" in result.output  # 6000-3000: the North's 3000 is lost
    assert "East -6000, South +9000, West -3000" in result.output


@pytest.mark.parametrize("value", ["x", "5", "-1"])
def test_a_count_of_norths_no_game_can_have_is_a_one_line_error(value):
    result = _score_cli("234p567p789s55s999m", "--win", "5s", "--tsumo", "--extra", f"sanma.nuki={value}")
    assert result.exit_code == 2 and "sanma.nuki is how many Norths" in result.output
