"""ブー rules of issue 20 pinned to boo.md: ダブ権 over a session, the C-top prize as an option, five red fives."""

from __future__ import annotations

import pytest

from mjsim.rules import RuleSet
from variants.boo import options as opt
from variants.boo.dabuken import by_position, doubled, session


def _final(top, top_type, sunk, results):
    return {"top": top, "top_type": top_type, "sunk": list(sunk), "results": list(results)}


A_TOP = _final(0, "A", (1, 2, 3), (80.0, -80 / 3, -80 / 3, -80 / 3))
B_TOP_1 = _final(1, "B", (2, 3), (0.0, 30.0, -15.0, -15.0))
B_TOP_0 = _final(0, "B", (2, 3), (30.0, 0.0, -15.0, -15.0))


def test_dabuken_after_an_a_top_doubles_the_next_game():
    """boo.md §6: "ダブ権 (dabu-ken, Kantō style): the player who takes an A top has the next game's side bet
    (サシウマ) doubled [WP, MI] ... it applies a ×2 multiplier to that player's next-game settlement"."""
    games = [by_position(f, 0) for f in (A_TOP, B_TOP_0, B_TOP_0)]
    results, holders = session(games, "after_a_top")
    assert holders == [None, 0, None]
    assert results[1] == [60.0, 0.0, -30.0, -30.0]  # the holder tops again: each sunk player pays it twice
    assert results[2] == list(B_TOP_0["results"])
    assert all(abs(sum(r)) < 1e-9 for r in results)


def test_dabuken_holder_sunk_pays_double():
    """×2 on the holder's settlement whichever way it goes: sunk, it pays the top twice."""
    game = by_position(_final(1, "B", (0, 3), (-15.0, 30.0, 0.0, -15.0)), 0)
    assert doubled(game, 0) == [-30.0, 45.0, 0.0, -15.0]


def test_dabuken_after_two_wins():
    """boo.md §6: "NT reports a variant 'after two consecutive wins'" (option value after_two_wins)."""
    games = [by_position(f, 0) for f in (B_TOP_0, B_TOP_0, B_TOP_1)]
    _results, holders = session(games, "after_two_wins")
    assert holders == [None, None, 0]


def test_dabuken_off_changes_nothing():
    games = [by_position(f, 0) for f in (A_TOP, B_TOP_0)]
    results, holders = session(games, "off")
    assert holders == [None, None] and results == [g["results"] for g in games]


def test_positions_follow_rotated_seats():
    """With rotated seats a player moves seat every game; ダブ権 follows the player, not the seat."""
    game = by_position(A_TOP, 1)  # position p sits at seat p + 1: seat 0 (the top) is position 3
    assert game["top"] == 3 and sorted(game["sunk"]) == [0, 1, 2]


def test_c_top_prize_is_an_option_defaulting_to_the_guess():
    """boo.md §6: "Only two figures were found: A top = 80 points, B top = 30 points ... [guess] C top = 10
    points": no source gives C, so it is the option boo.prize_c with that default."""
    rules = RuleSet.resolve("boo-classic").compile()
    assert (rules[opt.PRIZE_A], rules[opt.PRIZE_B], rules[opt.PRIZE_C]) == (80, 30, 10)
    assert "guess" in rules.declared[opt.PRIZE_C].description
    assert RuleSet.resolve("boo-classic", {opt.PRIZE_C: 15}).compile()[opt.PRIZE_C] == 15


@pytest.mark.parametrize(("preset", "reds"), [("boo-classic", 0), ("boo-modern", 5)])
def test_red_fives(preset, reds):
    """boo.md §9: boo_classic has none ("classic none except the 5-pin rule §5.4"); boo_modern "red_fives: 5
    # AM" (§2: "AM: 5 red tiles")."""
    rules = RuleSet.resolve(preset).compile()
    assert len(rules.flow.setup.red_ids) == reds


def test_boo_asks_nobody_to_stop():
    """Boo's own end conditions decide (boo.md §3): the riichi family's optional 和了り止め asks nobody."""
    from mjsim.engine import core

    rules = RuleSet.resolve("boo-modern", {"riichi.agari_yame": "optional"}).compile()
    game = core.new_game(rules, 1)
    assert rules.flow.end_game_offer(game, {"wins": [{"seat": 0}]}) is None


def test_an_experiment_asks_for_the_dabuken_section_by_name(tmp_path):
    """ダブ権 is reported when the experiment names its section (``sections = ["boo_dabuken"]``)."""
    import json

    from click.testing import CliRunner

    from mjsim.cli import cli

    text = (
        'name = "d"\ngames = 3\nsections = ["boo_dabuken"]\n[[rulesets]]\npreset = "boo-classic"\n'
        '[rulesets.options]\n"boo.dabuken" = "after_a_top"\n'
    )
    (tmp_path / "d.toml").write_text(text)
    result = CliRunner().invoke(cli, ["run", str(tmp_path / "d.toml"), "--out", str(tmp_path), "--backend", "serial"])
    assert result.exit_code == 0, result.output
    summary = json.loads((tmp_path / "d" / "summary.json").read_text())
    assert "boo_dabuken" in summary["rulesets"]["boo-classic"]
