"""The double-wind pair fu of each platform preset (issue 20): Mahjong Soul and Tenhou count 4 fu, the seeds' paid
tables and fl8 count 2."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mjsim.cli import cli

# The dealer's open ron 111m 123p 789s [pon 222z] 11z (East pair in the East round): 20 base, 4 for the 1m triplet
# a ron completes, 4 for the called South, and 2 or 4 for the double-wind pair: 30 fu with 2, 40 with 4.
HAND = ("11m123p789s11z", "--win", "1m", "--meld", "pon:222z", "--dealer")


def _fu(preset: str) -> tuple[int, dict]:
    result = CliRunner().invoke(cli, ["score", *HAND, "--preset", preset, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    return data["fu"], {part["part"]: part["fu"] for part in data["fu_parts"]}


@pytest.mark.parametrize(("preset", "pair_fu", "fu"), [("mahjongsoul", 4, 40), ("tenhou", 4, 40), ("fl8", 2, 30)])
def test_double_wind_pair_fu(preset, pair_fu, fu):
    """fl8 [S004]: "連風牌の雀頭は2符扱い"; Mahjong Soul: 40 fu on this hand in real logs (issue 20)."""
    got_fu, parts = _fu(preset)
    assert (got_fu, parts.get("value pair")) == (fu, pair_fu)
